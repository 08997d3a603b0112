// Tests of Core Animation's debugging aids drawn over the gallery headlessly, against
// goldens, and of the window's resize and hi-DPI frames.

import Foundation
import Testing
import LayerKit
import Player
@testable import Gallery
import TestSupport

/// Core Animation's debugging aids drawn headlessly over the gallery, against goldens, and
/// the window's resize and hi-DPI frames.
@Suite(.freshAnimationContext) @MainActor struct DebugOverlayTests {
    /// The gallery at 1 s, 400 × 300 points, `scale` pixels per point, with `aids` on.
    func gallery(_ aids: DebugAids, pointer: Point? = nil, scale: Double = 1, until t: Double = 1.0,
                 script: [ScriptedInput] = []) throws -> Bitmap {
        let r = try DemoRenderer.runner(demo: "gallery", size: Size(400, 300), scale: scale, script: script)
        defer { CAAnimationContext.current.clock.manualTime = nil }
        r.scene.setDebugAids(aids)
        r.scene.pointerDidMove(to: pointer)
        return try r.run(until: t).copy()
    }

    @Test func colorBlendedLayers() throws {
        var aids = DebugAids()
        aids.colorBlendedLayers = true
        try expectGolden(try gallery(aids), "debug-blended-layers")
    }

    @Test func colorOffscreenRendered() throws {
        var aids = DebugAids()
        aids.colorOffscreenRendered = true
        // Mid-way through the push into the worm demo: the transition's snapshots are offscreen.
        let frame = try gallery(aids, until: 0.45, script: clicks([0.2], at: Point(65, 55)))
        #expect(frame[200, 150] != (try gallery(DebugAids(), until: 0.45, script: clicks([0.2], at: Point(65, 55))))[200, 150])
        try expectGolden(frame, "debug-offscreen-rendered")
    }

    @Test func layerOutlinesWithThePointersLayer() throws {
        var aids = DebugAids()
        aids.layerOutlines = true
        try expectGolden(try gallery(aids, pointer: Point(200, 120)), "debug-layer-outlines")
    }

    @Test func layerOutlinesAtTwicePixelDensity() throws {
        var aids = DebugAids()
        aids.layerOutlines = true
        aids.stats = true
        let frame = try gallery(aids, pointer: Point(70, 60), scale: 2)
        #expect(frame.width == 800 && frame.height == 600)
        try expectGolden(frame, "debug-layer-outlines-2x")
    }

    @Test func flashUpdatedRegionsTintsOnlyTheDamage() throws {
        var aids = DebugAids()
        aids.flashUpdatedRegions = true
        let r = try DemoRenderer.runner(demo: "gallery", size: Size(400, 300))
        defer { CAAnimationContext.current.clock.manualTime = nil }
        let plain = try r.run(until: 1.0).copy()
        r.scene.setDebugAids(aids)
        let flashed = try r.run(until: 1.0 + 1.0 / 60).copy()
        // The tiles animate, the heading does not: yellow over the tiles, none on the heading.
        let heading = flashed[200, 4], headingBefore = plain[200, 4]
        #expect(heading == headingBefore)
        try expectGolden(flashed, "debug-flash-updated-regions")
    }

    @Test func aidsOffDrawsTheFrameAsBefore() throws {
        let plain = try gallery(DebugAids())
        var aids = DebugAids()
        aids.colorBlendedLayers = true
        let r = try DemoRenderer.runner(demo: "gallery", size: Size(400, 300))
        defer { CAAnimationContext.current.clock.manualTime = nil }
        r.scene.setDebugAids(aids)
        _ = try r.run(until: 0.5)
        r.scene.setDebugAids(DebugAids())
        let after = try r.run(until: 1.0)
        #expect(changedPixels(plain, after) == 0)
    }

    @Test func rootFollowsTheWindowSize() throws {
        let scene = LayerScene(size: Size(200, 100), background: .black)
        scene.root.backgroundColor = Color(0, 0, 1)
        scene.resize(to: Size(300, 150))
        #expect(scene.size == Size(300, 150))
        #expect(scene.root.bounds == Rect(0, 0, 300, 150))
        let b = Bitmap(width: 600, height: 300)
        let stats = scene.render(into: b, scale: 2)
        #expect(stats.damage == Rect(0, 0, 600, 300))
        // The exposed area (beyond the old 200 × 100 points) is the root's, at 2 pixels a point.
        #expect(b[599, 299] == Color(0, 0, 1).premultipliedARGB)
        #expect(b[450, 250] == Color(0, 0, 1).premultipliedARGB)
    }
}
