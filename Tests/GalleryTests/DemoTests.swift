// Headless tests of every gallery demo and of the gallery itself, each in its own animation
// context on the main actor.

import Foundation
import Testing
import LayerKit
import Player
@testable import Gallery
import TestSupport

/// Headless runs of every demo and of the gallery. Each test has its own animation context
/// (engine, transactions, the clock the runner sets); they run on the main actor, one at a
/// time, because the demos schedule their display links and timers on the main loop.
@Suite(.freshAnimationContext) @MainActor struct DemoTests {

    // MARK: Every demo draws and moves

    @Test(arguments: DemoCatalog.names + ["gallery"])
    func demoRendersAtSeveralTimes(_ name: String) throws {
        let size = Size(400, 300)
        // A click in the middle at 0.2 s (every demo reacts to clicks somewhere).
        let r = try DemoRenderer.runner(demo: name, size: size, script: clicks([0.2], at: Point(300, 150)))
        defer { CAAnimationContext.current.clock.manualTime = nil }
        var frames: [Bitmap] = []
        for t in [0.0, 0.5, 1.0, 2.5] {
            frames.append(try r.run(until: t).copy())
        }
        for (i, f) in frames.enumerated() {
            #expect(distinctPixels(f) > 3, "\(name): frame \(i) is blank")
        }
        // Something moved between the first and the last frame.
        #expect(changedPixels(frames[0], frames[3]) > 20, "\(name): nothing moved in 2.5 s")
    }

    @Test func aFrameDoesNotDependOnWhenTheRunStarts() throws {
        // The confetti demo computes with absolute media times (an emitter's births after a
        // click): the same frame whatever the context's clock read when the run began (with
        // the machine's uptime as the start, 2 of these 9 starts moved a particle).
        var frames: [Bitmap] = []
        for before in [300.0, 360.0, 377.7, 390.1, 420.3, 1000.0, 4200.0, 10000.0, 123456.7] {
            CAAnimationContext.current.clock.manualTime = before
            frames.append(try DemoRenderer.render(demo: "confetti", time: 2, script: clicks([0.3], at: Point(400, 300))).copy())
        }
        for i in 1..<frames.count { #expect(changedPixels(frames[0], frames[i]) == 0, "start \(i)") }
    }

    @Test func demoNamesAreUniqueAndKnown() {
        #expect(Set(DemoCatalog.names).count == DemoCatalog.all.count)
        #expect(DemoCatalog.named("worm") == WormHUDDemo.self as (any Demo.Type)?)
        #expect(DemoCatalog.named("nope") == nil)
        #expect(throws: DemoRenderer.Failure.self) { try DemoRenderer.runner(demo: "nope") }
    }

    // MARK: The worm

    /// The worm demo in a small window (the HUD fills the middle).
    func wormRunner(clicks times: [Double]) throws -> (HeadlessRunner, WormHUDDemo) {
        let r = try DemoRenderer.runner(demo: "worm", size: Size(160, 160), script: clicks(times, at: Point(80, 80)))
        let demo = try #require((r.scene as? DemoScene)?.demo as? WormHUDDemo)
        return (r, demo)
    }

    @Test func wormPathIsTwoArches() {
        let p = WormHUDDemo.wormRunLongPath()
        let b = p.controlPointBounds
        // Arches of radius 20 around (72, 40) and (112, 40): x 52…132, y 20…40.
        #expect(abs(b.minX - 52) < 1e-9 && abs(b.maxX - 132) < 1e-9)
        #expect(abs(b.maxY - 40) < 1e-9 && b.minY >= 20 - 1e-9 && b.minY < 21)
        #expect(p.elements.first == .move(Point(52, 40)))
    }

    @Test(arguments: [0.3, 1.0, 1.5, 2.2])
    func wormGoldens(_ t: Double) throws {
        let (r, _) = try wormRunner(clicks: [0])
        defer { CAAnimationContext.current.clock.manualTime = nil }
        // The HUD's show lasts 0.6 s; t = 0.3 is at its 1.3 peak (the frame is drawn at the
        // tick's target timestamp, one 60 Hz period later).
        try expectGolden(try r.run(until: t), "worm-\(t)")
    }

    @Test(arguments: [(0.15, "show"), (0.45, "show"), (0.15, "hide"), (0.45, "hide")])
    func hudGoldens(_ t: Double, _ phase: String) throws {
        // Hide clicked at 1.0, once the show has finished.
        let (r, _) = try wormRunner(clicks: phase == "show" ? [0] : [0, 1.0])
        defer { CAAnimationContext.current.clock.manualTime = nil }
        try expectGolden(try r.run(until: (phase == "show" ? 0 : 1.0) + t), "hud-\(phase)-\(t)")
    }

    @Test func hudScaleKeyframes() throws {
        let (r, demo) = try wormRunner(clicks: [0, 1.0])
        defer { CAAnimationContext.current.clock.manualTime = nil }
        func scale(at t: Double) throws -> Double {
            try r.run(until: t)
            return demo.hud.presentation()!.transform.m11
        }
        #expect(abs(try scale(at: 0.0) - 0.1) < 1e-6)
        #expect(abs(try scale(at: 0.15) - 0.7) < 1e-6)     // 0.1 → 1.3 over 0.3 s, linear
        #expect(abs(try scale(at: 0.3) - 1.3) < 1e-6)
        #expect(abs(try scale(at: 0.45) - 1.15) < 1e-6)    // 1.3 → 1.0 over the second half
        #expect(abs(try scale(at: 0.8) - 1.0) < 1e-6)
        #expect(abs(try scale(at: 1.15) - 1.1) < 1e-6)     // hide: 1.0 → 1.2 → 0.1
        #expect(abs(try scale(at: 1.45) - 0.65) < 1e-6)
        #expect(demo.hud.superlayer != nil)
        try r.run(until: 1.7)
        // After the hide: the HUD and the worm animations are gone.
        #expect(demo.hud.superlayer == nil)
        #expect(demo.worms.allSatisfy { $0.animationKeys()?.isEmpty ?? true })
    }

    @Test func clickMidShowStartsFromThePresentationValue() throws {
        let (r, demo) = try wormRunner(clicks: [0, 0.2])
        defer { CAAnimationContext.current.clock.manualTime = nil }
        try r.run(until: 0.2)
        // At the click the show was at 0.1 + 1.2 × (0.2 / 0.3) = 0.9: the hide starts there.
        #expect(abs(demo.hud.presentation()!.transform.m11 - 0.9) < 1e-6)
        #expect(demo.isShowing == false)
        try r.run(until: 0.2 + 0.15)
        // Then heads for 1.2 at mid-hide: 0.9 + 0.3 × (0.15 / 0.3).
        #expect(abs(demo.hud.presentation()!.transform.m11 - 1.05) < 1e-6)
        try r.run(until: 0.2 + 0.6)
        #expect(abs(demo.hud.presentation()!.transform.m11 - 0.1) < 1e-6)
    }

    @Test func wormCrawlsWithoutJumps() throws {
        // Shown at 0 and steady from 0.6 on; every frame over two cycles, across t = 1.2,
        // 2.4, 3.6 and 4.8 (repeats), the worm's visible ends move by small steps only.
        // The steepest legitimate step (the strokeEnd curve (0.42, 0, 1, 0.55) ends vertical,
        // the 0.3 s strokeStarts are quick) is about 6 px a frame; a jump is 20–45 px.
        let (r, _) = try wormRunner(clicks: [0])
        defer { CAAnimationContext.current.clock.manualTime = nil }
        var last: (minX: Int, maxX: Int, minY: Int, maxY: Int)? = nil
        var t = 0.7
        var frames = 0
        var jumps: [String] = []
        while t <= 5.3 {
            let box = wormBox(try r.run(until: t))
            if let a = last, let b = box {
                if abs(a.minX - b.minX) > 12 || abs(a.maxX - b.maxX) > 12 { jumps.append("t = \(t): \(a) → \(b)") }
                frames += 1
            }
            last = box
            t += 1.0 / 60
        }
        #expect(frames > 200)
        #expect(jumps.isEmpty, "worm jumps: \(jumps.joined(separator: "; "))")
    }

    // MARK: Petal keyframes

    @Test func petalKeyframePathGolden() throws {
        // Step 3 (path keyframe) drawn with its path, the petal 3 s into its 8 s fall.
        let r = try DemoRenderer.runner(demo: "petal-keyframe", size: Size(200, 450),
                                        script: [ScriptedInput(time: 0, action: .key("3"))])
        defer { CAAnimationContext.current.clock.manualTime = nil }
        try expectGolden(try r.run(until: 8.0), "petal-keyframe-path")
    }

    @Test func petalValuesPassThroughTheKeyframes() throws {
        let r = try DemoRenderer.runner(demo: "petal-keyframe", size: Size(200, 450))
        defer { CAAnimationContext.current.clock.manualTime = nil }
        let demo = try #require((r.scene as? DemoScene)?.demo as? PetalKeyframeDemo)
        // Starts 2 s after opening, 8 s long, linear through four values.
        for (t, expected) in [(2.0, Point(50, 150)), (2.0 + 8.0 / 3, Point(80, 220)), (2.0 + 16.0 / 3, Point(45, 300))] {
            try r.run(until: t)
            let p = demo.petal.presentation()!.position
            #expect(abs(p.x - expected.x) < 0.6 && abs(p.y - expected.y) < 0.6, "t = \(t): \(p)")
        }
    }

    // MARK: Petal, basic animation

    @Test func petalPausesAndResumesTheLayer() throws {
        // Version 3: click flies (5 s), a click at 1 s pauses the layer, one at 3 s resumes.
        let r = try DemoRenderer.runner(demo: "petal-basic", size: Size(400, 450),
                                        script: clicks([0, 1.0, 3.0], at: Point(250, 400)))
        defer { CAAnimationContext.current.clock.manualTime = nil }
        let demo = try #require((r.scene as? DemoScene)?.demo as? PetalBasicDemo)
        try r.run(until: 1.0)
        let paused = demo.petal.presentation()!.position
        #expect(demo.petal.speed == 0)
        try r.run(until: 2.5)
        #expect(demo.petal.presentation()!.position == paused)     // frozen while paused
        try r.run(until: 3.0)
        #expect(demo.petal.speed == 1)
        // Resumed where it stopped: 1 s of 5 s done → (50, 150) + 0.2 × (200, 250).
        #expect(abs(paused.x - 90) < 0.5 && abs(paused.y - 200) < 0.5, "\(paused)")
        try r.run(until: 3.5)
        let moving = demo.petal.presentation()!.position
        #expect(abs(moving.x - 110) < 0.6 && abs(moving.y - 225) < 0.6, "\(moving)")
        // The move ends at 7 s: the model holds the end point, the rotation is paused.
        try r.run(until: 7.2)
        #expect(demo.petal.position == Point(250, 400))
        #expect(demo.petal.presentation()!.position == Point(250, 400))
        #expect(demo.petal.speed == 0)
    }

    @Test func petalSnapBackAndFix() throws {
        for (key, endsAt) in [("1", Point(50, 150)), ("2", Point(250, 400))] {
            let r = try DemoRenderer.runner(demo: "petal-basic", size: Size(400, 450),
                                            script: [ScriptedInput(time: 0, action: .key(key))] + clicks([0.1], at: Point(250, 400)))
            defer { CAAnimationContext.current.clock.manualTime = nil }
            let demo = try #require((r.scene as? DemoScene)?.demo as? PetalBasicDemo)
            try r.run(until: 5.5)
            // 1 snaps back to the model; 2 stays at the end with no implicit animation.
            #expect(demo.petal.presentation()!.position == endsAt, "version \(key)")
            #expect(demo.petal.animationKeys()?.isEmpty ?? true, "version \(key)")
        }
    }

    // MARK: Download button

    @Test func downloadStartFailResume() throws {
        let r = try DemoRenderer.runner(demo: "download", size: Size(800, 600), script: clicks([0, 2.0, 3.5]))
        defer { CAAnimationContext.current.clock.manualTime = nil }
        let demo = try #require((r.scene as? DemoScene)?.demo as? DownloadButtonDemo)
        try r.run(until: 0.8)
        #expect(demo.state == .downloading && demo.progress == 0)     // the hop lasts 0.9 s
        try r.run(until: 1.9)
        #expect(demo.progress > 0.2 && demo.progress < 0.3)           // 1 s of a 4 s download
        try r.run(until: 2.5)
        #expect(demo.state == .failed)
        let frozen = demo.progress
        try r.run(until: 3.0)
        #expect(demo.progress == frozen)
        try r.run(until: 3.6)
        #expect(demo.state == .idle && demo.progress == 0)
    }

    // MARK: Image browser

    @Test func browserNextPreviousWrapAndTypes() throws {
        let script = clicks([0.1], at: Point(100, 150)) + [       // left half: previous → 4
            ScriptedInput(time: 1.5, action: .key("Right")),       // → 0
            ScriptedInput(time: 3.0, action: .key("Right")),       // → 1
            ScriptedInput(time: 3.1, action: .key("T")),
        ]
        let r = try DemoRenderer.runner(demo: "browser", size: Size(400, 300), script: script)
        defer { CAAnimationContext.current.clock.manualTime = nil }
        let demo = try #require((r.scene as? DemoScene)?.demo as? ImageBrowserDemo)
        #expect(ImageBrowserDemo.kinds.first?.title == "cube")
        #expect(ImageBrowserDemo.kinds.count == 19)
        let first = try r.run(until: 0.0).copy()
        let mid = try r.run(until: 0.6).copy()          // half way through the cube
        #expect(demo.currentIndex == 4)
        // Added under the seed's key, stored under "transition": "The special key
        // 'transition' is automatically used for transition animations." (CALayer.h)
        #expect(demo.imageView.animation(forKey: kCATransition) is CATransition)
        let done = try r.run(until: 1.3).copy()
        #expect(changedPixels(first, mid) > 1000 && changedPixels(mid, done) > 1000)
        try r.run(until: 3.2)
        #expect(demo.currentIndex == 1)
        #expect(demo.kindIndex == 1)
    }

    // MARK: Ripples

    @Test func ripplesStayBounded() throws {
        let r = try DemoRenderer.runner(demo: "ripples", size: Size(800, 600), script: clicks([0.1], at: Point(200, 300)))
        defer { CAAnimationContext.current.clock.manualTime = nil }
        let demo = try #require((r.scene as? DemoScene)?.demo as? RipplesWaveDemo)
        var most = 0
        var t = 0.0
        while t < 8 { try r.run(until: t); most = max(most, demo.liveRipples); t += 0.05 }
        #expect(most >= 3 && most <= 4, "live ripples peaked at \(most)")
    }

    // MARK: Fish

    @Test func fishSwitchesEveryTenthTick() throws {
        let r = try DemoRenderer.runner(demo: "fish", size: Size(320, 480))
        defer { CAAnimationContext.current.clock.manualTime = nil }
        let demo = try #require((r.scene as? DemoScene)?.demo as? FishDemo)
        try r.run(until: 1.0)   // 61 ticks → 6 switches
        #expect(demo.ticks >= 60 && demo.ticks <= 61)
        #expect(demo.index == demo.ticks / 10 % 10)
    }

    // MARK: Magnifier

    @Test func magnifierOneCompletionPerToggle() throws {
        let r = try DemoRenderer.runner(demo: "magnifier", size: Size(400, 300), script: clicks([0.1, 1.0, 2.0]))
        defer { CAAnimationContext.current.clock.manualTime = nil }
        let demo = try #require((r.scene as? DemoScene)?.demo as? MagnifierDemo)
        try r.run(until: 3.0)
        #expect(demo.completions == 3)
        #expect(demo.state == .back)
        #expect(demo.magnifierLayerTop.strokeStart == 1 && demo.backTopLine.strokeEnd == 1)
    }

    @Test func magnifierLoopMode() throws {
        // L at 0.1 starts the loop: each completion schedules the next state 0.6 s later,
        // so a toggle every 1.2 s.
        let r = try DemoRenderer.runner(demo: "magnifier", size: Size(400, 300),
                                        script: [ScriptedInput(time: 0.1, action: .key("L"))])
        defer { CAAnimationContext.current.clock.manualTime = nil }
        let demo = try #require((r.scene as? DemoScene)?.demo as? MagnifierDemo)
        try r.run(until: 5.0)
        #expect(demo.loop)
        #expect(demo.completions == 4, "completions \(demo.completions)")   // 0.7, 1.9, 3.1, 4.3
    }

    // MARK: View animations

    @Test func zoomAndSpring() throws {
        let r = try DemoRenderer.runner(demo: "view-animations", size: Size(800, 600),
                                        script: [ScriptedInput(time: 0, action: .key("1"))])
        defer { CAAnimationContext.current.clock.manualTime = nil }
        let demo = try #require((r.scene as? DemoScene)?.demo as? ViewAnimationsDemo)
        try r.run(until: 1.9)
        #expect(demo.subject.presentation()!.frame == Rect(120, 140, 80, 80))    // the 2 s delay
        try r.run(until: 2.5)
        let half = demo.subject.presentation()!.frame
        #expect(half.width > 80 && half.width < 160)
        try r.run(until: 3.1)
        #expect(demo.subject.presentation()!.frame == Rect(80, 100, 160, 160))

        // Spring: damping ratio 0.1 overshoots the click point, then settles there by 5 s.
        let s = try DemoRenderer.runner(demo: "view-animations", size: Size(800, 600), script: clicks([0.1], at: Point(500, 400)))
        let ball = try #require((s.scene as? DemoScene)?.demo as? ViewAnimationsDemo)
        var maxY = 0.0
        var t = 0.1
        while t < 5.2 { try s.run(until: t); maxY = max(maxY, ball.subject.presentation()!.position.y); t += 1.0 / 60 }
        #expect(maxY > 450, "no overshoot: max y \(maxY)")
        try s.run(until: 5.3)
        #expect(ball.subject.presentation()!.position == Point(500, 400))
    }

    // MARK: Gallery navigation

    /// Transition frames drawn incrementally (the renderer's damage tracking, as the window
    /// draws them) equal full redraws, through the browser's cube and the gallery's push into
    /// a demo and back, and after they end.
    @Test(arguments: ["browser", "gallery"])
    func transitionFramesDrawnIncrementallyMatchFullRedraws(_ demo: String) throws {
        let script = demo == "browser"
            ? clicks([0.1], at: Point(300, 150))
            : clicks([0.1], at: Point(100, 120)) + [ScriptedInput(time: 1.0, action: .key("Escape"))]
        let size = demo == "browser" ? Size(400, 300) : Size(800, 600)
        let r = try DemoRenderer.runner(demo: demo, size: size, script: script)
        defer { CAAnimationContext.current.clock.manualTime = nil }
        let scene = try #require(r.scene as? LayerScene)
        var t = 0.0, mismatches = 0
        while t < 1.5 {
            t += 4.0 / 60 // every frame is drawn; every fourth compared (a full redraw is slow in debug)
            let incremental = try r.run(until: t, renderEveryFrame: true)
            let full = Bitmap(width: incremental.width, height: incremental.height)
            // The frame just drawn is sampled at its tick's target timestamp (`frameTime`).
            let frameTime = try #require(scene.frameTime)
            LayerRenderer(scale: 1, background: scene.background).draw(scene.root.presentation(at: frameTime), into: Canvas(full))
            let changed = changedPixels(incremental, full)
            if changed > 0 { mismatches += 1; Issue.record("\(demo) at \(t): \(changed) pixels differ from a full redraw") }
            if mismatches > 3 { break }
        }
    }

    @Test func galleryOpensAndClosesADemo() throws {
        let r = try DemoRenderer.runner(demo: "gallery", size: Size(800, 600),
                                        script: clicks([0.5], at: Point(100, 120)) + [ScriptedInput(time: 1.5, action: .key("Escape"))])
        defer { CAAnimationContext.current.clock.manualTime = nil }
        let scene = try #require(r.scene as? GalleryScene)
        try r.run(until: 1.0)
        #expect(scene.openDemo is WormHUDDemo)
        #expect(scene.gridLayer.isHidden)
        try r.run(until: 2.2)
        #expect(scene.openDemo == nil)
        #expect(!scene.gridLayer.isHidden)
        #expect(!r.quitRequested)
        // Escape on the grid is not consumed: the player quits.
        r.script.append(ScriptedInput(time: 2.5, action: .key("Escape")))
        try r.run(until: 2.6)
        #expect(r.quitRequested)
    }
}
