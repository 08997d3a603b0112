// Tests that a long-running scene keeps its live layers, animations and bitmaps bounded:
// counts in the last third of a clicked run compared with the first third.

import Foundation
import Testing
import LayerKit
import Player
@testable import Gallery

/// What a scene keeps alive stays bounded however long it runs: the worm demo and the gallery
/// run headlessly under a click every 0.35 s, every frame rendered, and the live model layers,
/// animations and bitmaps counted just before each click do not exceed, in the last third of
/// the run, what they reached in the first third (within a slack far below what accumulating
/// one object a click adds: a scene that accumulates grows with every click; one that does
/// not repeats its states). Each run is an exit test: a child process of
/// its own, so that the process-wide counts see no other test's objects.
@Suite struct LiveObjectTests {
    // (An exit test's body captures nothing: one test per scene.)
    @Test func wormClicksKeepLiveObjectsBounded() async {
        await #expect(processExitsWith: .success, "worm: live objects grew with clicks") {
            LiveObjectGrowth.exitUnlessBounded(demo: "worm")
        }
    }

    @Test func galleryClicksKeepLiveObjectsBounded() async {
        await #expect(processExitsWith: .success, "gallery: live objects grew with clicks") {
            LiveObjectGrowth.exitUnlessBounded(demo: "gallery")
        }
    }

    @Test func countsFollowObjectsLifetimes() async {
        await #expect(processExitsWith: .success) {
            let before = LiveObjectCounts.current
            var layers: [CALayer]? = [CALayer(), CAShapeLayer(), CATextLayer()]
            var animation: CAAnimation? = CABasicAnimation(keyPath: "opacity")
            var bitmap: Bitmap? = Bitmap(width: 3, height: 2)
            let copy = CALayer(layer: layers![0])     // a presentation-style copy: not a model layer
            let during = LiveObjectCounts.current
            guard during.layers == before.layers + 3, during.animations == before.animations + 1,
                  during.bitmaps == before.bitmaps + 1, during.bitmapBytes == before.bitmapBytes + 24 else { exit(1) }
            _ = copy
            layers = nil; animation = nil; bitmap = nil
            _ = (layers, animation, bitmap)
            guard LiveObjectCounts.current == before else { exit(3) }
        }
    }
}

/// The live-object counts of a headless run, element-wise maxima over the first and the last
/// third of its clicks.
struct LiveObjectGrowth: CustomStringConvertible {
    var early: LiveObjectCounts
    var late: LiveObjectCounts

    /// Measures `demo` over 24 clicks and exits with status 1 (the counts on stdout) when
    /// something accumulated, 2 when the demo could not run; returns when all is bounded.
    static func exitUnlessBounded(demo: String) {
        guard let growth = try? measure(demo: demo, clicks: 24) else { exit(2) }
        if !growth.isBounded { print("\(demo): \(growth)"); exit(1) }
    }

    /// Runs `demo` in an animation context of its own with `clicks` clicks 0.35 s apart in the
    /// middle of a 400 × 300 window, every frame rendered, counting just before each click.
    static func measure(demo: String, clicks: Int) throws -> LiveObjectGrowth {
        let context = CAAnimationContext()
        return try context.run {
            let period = 0.35, first = 0.2
            let script = (0..<clicks).map {
                ScriptedInput(time: first + Double($0) * period, action: .click(Point(200, 150)))
            }
            let r = try DemoRenderer.runner(demo: demo, size: Size(400, 300), script: script)
            defer { r.mediaClock?.manualTime = nil }
            var samples: [LiveObjectCounts] = []
            for i in 1...clicks {
                try r.run(until: first + Double(i) * period - 0.05, renderEveryFrame: true)
                samples.append(.current)
            }
            let third = clicks / 3
            return LiveObjectGrowth(early: maxima(samples.prefix(third)), late: maxima(samples.suffix(third)))
        }
    }

    static func maxima<C: Collection>(_ s: C) -> LiveObjectCounts where C.Element == LiveObjectCounts {
        LiveObjectCounts(layers: s.map(\.layers).max() ?? 0, animations: s.map(\.animations).max() ?? 0,
                         bitmaps: s.map(\.bitmaps).max() ?? 0, bitmapBytes: s.map(\.bitmapBytes).max() ?? 0)
    }

    /// Whether nothing accumulated. The counts just before a click also follow the phase of
    /// animations that run on their own periods (the gallery's tiles), so a third's maximum
    /// may miss the peak another third catches: two objects of slack, and 5 % of the bytes.
    /// Accumulating one object per click adds eight between the thirds of 24 clicks.
    var isBounded: Bool {
        late.layers <= early.layers + Self.slack && late.animations <= early.animations + Self.slack
            && late.bitmaps <= early.bitmaps + Self.slack && Double(late.bitmapBytes) <= Double(early.bitmapBytes) * 1.05
    }
    static let slack = 2

    var description: String { "first third at most: \(early); last third at most: \(late)" }
}
