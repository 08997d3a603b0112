// Tests of `play`'s controls: the playback clock (advance, loop, hold, steps, speeds, the
// scrubber's time ↔ fraction mapping), the key map, the zoom, the first window's fit, the
// control bar's hit testing and layout, and the scene driven headless: Space pauses, a click
// on the scrubber seeks, PageDown and a drop open files, a file that cannot be read leaves
// the last good one playing with its refusal on the banner.

import Foundation
import LayerKit
import Raster
import Testing
@testable import Player
import TestSupport

@Suite struct PlaybackClockTests {
    @Test func advancesAtItsSpeedAndWrapsWhenLooping() {
        var c = PlaybackClock(duration: 2, frameRate: 30)
        c.advance(by: 0.5)
        #expect(abs(c.time - 0.5) < 1e-12)
        c.speed = 2
        c.advance(by: 1)
        #expect(abs(c.time - 0.5) < 1e-9)   // 2.5 wraps to 0.5
        #expect(c.isPlaying)
    }

    @Test func holdsTheLastFrameAndPausesWhenNotLooping() {
        var c = PlaybackClock(duration: 2, frameRate: 30)
        c.loops = false
        c.advance(by: 5)
        #expect(!c.isPlaying)
        #expect(c.frame == 59 && c.lastFrame == 59)
        #expect(abs(c.time - 59.0 / 30) < 1e-12)
        // Space on the held last frame plays again from the start.
        c.togglePlaying()
        #expect(c.isPlaying && c.time == 0)
    }

    @Test func stepsPauseAndStopAtTheEnds() {
        var c = PlaybackClock(duration: 1, frameRate: 60)
        c.step(frames: 10)
        #expect(!c.isPlaying && c.frame == 10)
        c.step(frames: -1)
        #expect(c.frame == 9)
        c.step(frames: -100)
        #expect(c.frame == 0)
        c.step(frames: 1000)
        #expect(c.frame == 59)
    }

    @Test func theScrubberMapsFractionsToWholeFramesAndBack() {
        let c = PlaybackClock(duration: 888.0 / 60, frameRate: 60)
        #expect(c.frameCount == 888)
        #expect(c.time(atFraction: 0) == 0)
        #expect(c.time(atFraction: 0.5) == 444.0 / 60)
        #expect(c.time(atFraction: 1) == 887.0 / 60)   // the last frame, not the out point
        #expect(c.time(atFraction: -3) == 0 && c.time(atFraction: .nan) == 0)
        #expect(abs(c.fraction(of: 444.0 / 60) - 0.5) < 1e-12)
        var d = c
        d.seek(to: c.time(atFraction: 0.25))
        #expect(d.frame == 222)
        #expect(d.label == "3.70 s / 14.80 s · frame 222 / 887")
    }

    @Test func stillContentHasOneFrame() {
        var c = PlaybackClock(duration: 0, frameRate: 60)
        c.advance(by: 1)
        #expect(c.time == 0 && c.frame == 0 && c.frameCount == 1 && c.fraction(of: 0) == 0)
    }

    @Test func speedStepsClimbTheLadderAndStopAtItsEnds() {
        var c = PlaybackClock(duration: 1, frameRate: 60)
        var seen: [Double] = []
        for _ in 0..<7 { c.stepSpeed(up: true); seen.append(c.speed) }
        #expect(seen == [1.5, 2, 4, 4, 4, 4, 4])
        for _ in 0..<7 { c.stepSpeed(up: false) }
        #expect(c.speed == 0.25)
        c.speed = 3   // from the command line: between two steps
        c.stepSpeed(up: false)
        #expect(c.speed == 2)
        c.speed = 4
        c.cycleSpeed()
        #expect(c.speed == 0.25 && c.speedLabel == "0.25×")
        c.cycleSpeed(); c.cycleSpeed(); c.cycleSpeed()
        #expect(c.speedLabel == "1.5×")
    }
}

@Suite struct PlaybackKeysTests {
    @Test func theKeysOfTheIssue() {
        let expected: [(String, PlaybackCommand?)] = [
            ("Space", .togglePlaying), ("Right", .step(1)), ("Left", .step(-1)),
            ("Shift+Right", .step(10)), ("Shift+Left", .step(-10)), ("Home", .toStart), ("End", .toEnd),
            ("=", .zoomIn), ("Shift+=", .zoomIn), ("Keypad +", .zoomIn), ("-", .zoomOut), ("0", .zoomToFit),
            ("1", .actualSize), ("B", .cycleBackground), ("Shift+B", .cycleBackground),
            ("PageDown", .nextFile), ("PageUp", .previousFile), ("L", .toggleLoop), ("]", .faster), ("[", .slower),
            // The host's own keys are left alone.
            ("Escape", nil), ("F", nil), ("F8", nil), ("F11", nil), ("Shift+", nil),
        ]
        for (key, command) in expected { #expect(PlaybackKeys.command(forKey: key) == command, "\(key)") }
    }
}

@Suite struct PlaybackViewTests {
    @Test func fitCentresAndZoomStepsFromWhatIsShown() {
        let content = Size(200, 100), window = Size(400, 400)
        #expect(PlaybackZoom.fit.scale(content: content, window: window) == 2)
        #expect(PlaybackZoom.fit.frame(content: content, window: window) == Rect(0, 100, 400, 200))
        let zoomed = PlaybackZoom.fit.zoomed(in: true, content: content, window: window)
        #expect(zoomed == .scale(2.5))
        #expect(PlaybackZoom.scale(1).frame(content: content, window: window) == Rect(100, 150, 200, 100))
        var z = PlaybackZoom.scale(1)
        for _ in 0..<40 { z = z.zoomed(in: false, content: content, window: window) }
        #expect(z == .scale(1.0 / 16))
    }

    @Test func backgroundsCycle() {
        #expect(PlaybackBackground.checkerboard.next == .white)
        #expect(PlaybackBackground.white.next == .black)
        #expect(PlaybackBackground.black.next == .checkerboard)
    }

    @Test func theFirstWindowFitsTheUsableScreenWithItsAspect() {
        // Boat_Loader on a 1024×768 screen: 1334×1600 scaled by 768/1600.
        #expect(WindowMetrics.fitted(Size(1334, 1600), into: Size(1024, 768)) == Size(640, 768))
        #expect(WindowMetrics.fitted(Size(4000, 1000), into: Size(1024, 768)) == Size(1024, 256))
        // Never scaled up.
        #expect(WindowMetrics.fitted(Size(320, 240), into: Size(1024, 768)) == Size(320, 240))
    }

    @Test func theDropStepParsesInTheOptionsForm() throws {
        #expect(try ScriptFile.parse("drop 2.5:other file.json", name: "s") == [ScriptedInput(time: 2.5, action: .drop("other file.json"))])
        #expect(throws: PlayerError.self) { try ScriptedInput.drop("2:") }
    }
}

// Its own animation context: building the bar adds sublayers inside a transaction, which the
// suites running beside it must not share.
@Suite(.freshAnimationContext) struct ControlBarTests {
    @Test func pointsFallOnTheirControls() {
        let bar = ControlBar()
        bar.layout(windowSize: Size(640, 480))
        #expect(bar.narrowness == 0)
        let y = 480 - ControlBar.height / 2
        #expect(bar.control(at: Point(20, y)) == .playPause)
        #expect(bar.control(at: Point(20, 430)) == nil)   // above the bar
        let span = bar.trackSpan
        #expect(bar.control(at: Point(span.minX, y)) == .scrubber(0))
        #expect(bar.control(at: Point((span.minX + span.maxX) / 2, y)) == .scrubber(0.5))
        #expect(bar.control(at: Point(span.maxX + 5, y)) == .scrubber(1))
        #expect(bar.control(at: Point(640 - 6 - 33, y)) == .background)
        #expect(bar.control(at: Point(640 - 6 - 66 - 6 - 25, y)) == .speed)
        #expect(bar.control(at: Point(640 - 6 - 66 - 6 - 50 - 6 - 25, y)) == .loop)
    }

    @Test func aNarrowWindowLeavesOutWhatHasNoRoom() {
        let bar = ControlBar()
        for (width, narrowness) in [(640.0, 0), (420.0, 1), (300.0, 2), (150.0, 3)] {
            bar.layout(windowSize: Size(width, 200))
            #expect(bar.narrowness == narrowness, "\(width)")
            #expect(bar.trackSpan.maxX - bar.trackSpan.minX >= 20)
            #expect(bar.trackSpan.maxX <= width)
        }
        bar.layout(windowSize: Size(300, 200))
        #expect(bar.control(at: Point(290, 180)) == nil || bar.control(at: Point(290, 180)) == .scrubber(1))
    }
}

/// A still item of `size` whose root's opacity runs 0 → 1 over `duration` seconds.
private func item(_ path: String, size: Size = Size(640, 360), duration: Double = 2) -> PlaybackItem {
    let root = CALayer()
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    root.anchorPoint = .zero
    root.bounds = Rect(0, 0, size.width, size.height)
    root.backgroundColor = Color(0.2, 0.4, 0.8)
    CATransaction.commit()
    return PlaybackItem(path: path, root: root, size: size, duration: duration, frameRate: 30, background: .clear)
}

/// Each test in its own animation context and run loop: the gallery's suites run beside these.
@Suite(.serialized) struct PlaybackSceneTests {
    final class Reports { var lines: [String] = [] }

    func isolated(_ body: () throws -> Void) throws {
        try CAAnimationContext(clock: CAMediaClock(manualTime: 0)).run(body)
    }

    func makeScene(_ reports: Reports, paths: [String] = ["a.json"]) -> PlaybackScene {
        let loader: PlaybackLoader = { path in
            path.hasPrefix("bad") ? .failure(PlayerError("\(path): layers[0].type: unknown layer type \"nonsense\""))
                                  : .success(item(path, duration: path.hasPrefix("b") ? 3 : 2))
        }
        return PlaybackScene(paths: paths, first: item(paths[0]), loader: loader, size: Size(640, 360),
                             report: { reports.lines.append($0) })
    }

    @Test func spacePausesAndAClickOnTheScrubberSeeks() throws {
        try isolated {
            let reports = Reports()
            let scene = makeScene(reports)
            let span = scene.bar.trackSpan
            let x = span.minX + 0.25 * (span.maxX - span.minX)
            let runner = HeadlessRunner(scene: scene, size: Size(640, 360), script: [
                ScriptedInput(time: 0.5, action: .key("Space")),
                ScriptedInput(time: 0.8, action: .click(Point(x, 360 - 20))),
            ], runLoop: PlayerRunLoop())
            _ = try runner.run(until: 0.6)
            #expect(!scene.clock.isPlaying)
            let paused = scene.clock.time
            #expect(paused > 0.4 && paused < 0.6)
            _ = try runner.run(until: 0.7)
            #expect(scene.clock.time == paused)
            _ = try runner.run(until: 1.0)
            #expect(scene.clock.time == scene.clock.time(atFraction: 0.25))
            #expect(scene.clock.frame == 15)   // 0.25 of 2 s at 30 fps
            #expect(scene.isBarShown)         // a click shows the bar
            #expect(reports.lines.isEmpty)
        }
    }

    @Test func draggingTheScrubberSeeksAlongAndPlayingGoesOnAfterRelease() throws {
        try isolated {
            let scene = makeScene(Reports())
            let span = scene.bar.trackSpan, y = 360 - 20.0
            let at = { (f: Double) in Point(span.minX + f * (span.maxX - span.minX), y) }
            #expect(scene.handle(.mouseDown(at(0.1))))
            #expect(scene.clock.frame == 6)
            #expect(scene.handle(.mouseDragged(at(0.75))))
            #expect(scene.clock.frame == 45)
            #expect(scene.handle(.mouseDragged(Point(9999, y))))   // past the end: the last frame
            #expect(scene.clock.frame == 59)
            let runner = HeadlessRunner(scene: scene, size: Size(640, 360), runLoop: PlayerRunLoop())
            _ = try runner.run(until: 0.5)
            #expect(scene.clock.frame == 59)                       // held while the button is down
            #expect(scene.handle(.mouseUp(Point(9999, y))))
            _ = try runner.run(until: 1.0)
            #expect(scene.clock.frame < 59)                        // looped on after the release
            // A press off the bar is not the bar's, and a drag after it seeks nothing.
            #expect(scene.handle(.key("Space")))
            let before = scene.clock.time
            #expect(!scene.handle(.mouseDown(Point(100, 100))))
            #expect(!scene.handle(.mouseDragged(at(0.2))))
            #expect(scene.clock.time == before)
        }
    }

    @Test func theBarHidesAfterTwoIdleSeconds() throws {
        try isolated {
            let scene = makeScene(Reports())
            #expect(!scene.isBarShown)
            _ = scene.handle(.mouseMoved(Point(10, 10)))
            let runner = HeadlessRunner(scene: scene, size: Size(640, 360), runLoop: PlayerRunLoop())
            _ = try runner.run(until: 1.5)
            #expect(scene.isBarShown)
            _ = try runner.run(until: 2.5)
            #expect(!scene.isBarShown)
        }
    }

    @Test func pageDownAndADropOpenFilesAndABadOneKeepsTheLastGood() throws {
        try isolated {
            let reports = Reports()
            let scene = makeScene(reports, paths: ["a.json", "b.json"])
            #expect(scene.windowTitle == "LayerKit — a.json (1/2)")
            let runner = HeadlessRunner(scene: scene, size: Size(640, 360), script: [
                ScriptedInput(time: 0.2, action: .key("PageDown")),
                ScriptedInput(time: 0.4, action: .drop("c.json")),
                ScriptedInput(time: 0.6, action: .drop("bad.json")),
                ScriptedInput(time: 0.8, action: .key("PageUp")),
            ], runLoop: PlayerRunLoop())
            _ = try runner.run(until: 0.3)
            #expect(scene.item.path == "b.json" && scene.clock.duration == 3)
            #expect(scene.windowTitle == "LayerKit — b.json (2/2)")
            _ = try runner.run(until: 0.5)
            #expect(scene.paths == ["a.json", "b.json", "c.json"] && scene.item.path == "c.json")
            _ = try runner.run(until: 0.7)
            #expect(scene.item.path == "c.json")
            #expect(scene.refusal?.contains("bad.json: layers[0].type") == true)
            #expect(reports.lines == ["layerplay: bad.json: layers[0].type: unknown layer type \"nonsense\""])
            _ = try runner.run(until: 0.9)
            #expect(scene.item.path == "b.json" && scene.refusal == nil)
        }
    }

    @Test func backgroundKeyShowsTheCheckerboardThenWhiteThenBlackBehindTransparentContent() throws {
        try isolated {
            let scene = makeScene(Reports())
            // Content smaller than the window (actual size, centred) leaves the backdrop at the corner.
            let runner = HeadlessRunner(scene: scene, size: Size(640, 360), script: [
                ScriptedInput(time: 0.1, action: .key("Shift+=")),
            ], runLoop: PlayerRunLoop())
            _ = scene.handle(.key("-"))
            _ = scene.handle(.key("-"))
            var shot = try runner.run(until: 0.05)
            let corner = { (b: Bitmap) in b.pixels[2 * b.width + 2] & 0x00FF_FFFF }
            let checker = corner(shot)
            #expect(checker != 0xFFFFFF && checker != 0)
            _ = scene.handle(.key("B"))
            shot = try runner.run(until: 0.2)
            #expect(corner(shot) == 0xFFFFFF)
            _ = scene.handle(.key("B"))
            shot = try runner.run(until: 0.3)
            #expect(corner(shot) == 0)
        }
    }
}
