// A Lottie animation played as `play` draws it — each frame over the last one, only its damage
// cleared and redrawn (`LayerRenderer.renderFrame`) — gives a full redraw's pixels, byte for
// byte, frame after frame: layers moving apart and together, entering and leaving at their in
// and out points, gradients, a mask path, a track matte, a drop shadow and a fading
// precomposition, with frames in sequence and jumps back and forth, so every way of redrawing
// the damage (the whole target, its bounding rectangle, its rectangles apart) is taken: until
// frame 40 several layers move apart, after frame 50 one alone.

import Testing
@testable import LayerKit
@testable import Lottie
import Raster

@Suite(.freshAnimationContext) struct LottieIncrementalFrameTests {
    static func ramp(_ a: String, _ b: String, from t0: Int = 0, to t1: Int = 59) -> String {
        ##"{"a": 1, "k": [{"t": \##(t0), "s": \##(a), "o": {"x": [0.3], "y": [0]}, "i": {"x": [0.7], "y": [1]}}, {"t": \##(t1), "s": \##(b)}]}"##
    }

    static var layers: String {
        ##"""
        [{"ty": 4, "nm": "Left", "ip": 0, "op": 60, "st": 0, "ks": {"p": \##(ramp("[20, 30]", "[45, 70]", to: 40))},
          "shapes": [{"ty": "el", "p": {"k": [0, 0]}, "s": {"k": [16, 16]}},
                     {"ty": "gf", "o": {"k": 100}, "r": 1, "t": 2, "s": {"k": [0, 0]}, "e": {"k": [8, 0]},
                      "g": {"p": 2, "k": {"k": [0, 1, 0.8, 0, 1, 0, 0.2, 1]}}}]},
         {"ty": 4, "nm": "Right", "ip": 0, "op": 60, "st": 0,
          "ks": {"p": \##(ramp("[180, 20]", "[170, 80]")), "r": \##(ramp("[0]", "[90]"))},
          "shapes": [{"ty": "rc", "p": {"k": [0, 0]}, "s": {"k": [14, 10]}, "r": {"k": 2}},
                     {"ty": "st", "c": {"k": [0, 0, 0.6, 1]}, "o": {"k": 100}, "w": {"k": 2}},
                     {"ty": "fl", "c": {"k": [1, 0.8, 0, 1]}, "o": {"k": 90}}]},
         {"ty": 1, "nm": "Late", "ip": 15, "op": 35, "st": 0, "sc": "#00a0ff", "sw": 30, "sh": 20, "hasMask": true,
          "masksProperties": [{"mode": "a", "inv": false, "o": {"k": 100},
            "pt": {"k": {"c": true, "v": [[15, 0], [30, 10], [15, 20], [0, 10]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]],
                         "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}}],
          "ks": {"p": \##(ramp("[80, 20]", "[120, 60]", from: 15, to: 34))}},
         {"ty": 4, "nm": "Matte", "ind": 10, "td": 1, "ip": 0, "op": 60, "st": 0,
          "ks": {"p": {"k": [100, 80]}, "r": \##(ramp("[0]", "[180]", to: 40))},
          "shapes": [{"ty": "rc", "p": {"k": [0, 0]}, "s": {"k": [24, 6]}, "r": {"k": 0}},
                     {"ty": "fl", "c": {"k": [1, 1, 1, 1]}, "o": {"k": 100}}]},
         {"ty": 1, "nm": "Matted", "ind": 11, "tt": 1, "ip": 0, "op": 60, "st": 0, "sc": "#ff2040", "sw": 30, "sh": 30,
          "ks": {"a": {"k": [15, 15]}, "p": {"k": [100, 80]}}},
         {"ty": 4, "nm": "Shadowed", "ip": 0, "op": 50, "st": 0, "ks": {"p": \##(ramp("[60, 85]", "[75, 85]", to: 49))},
          "ef": [{"ty": 25, "nm": "Drop Shadow", "ef": [
            {"ty": 2, "nm": "Shadow Color", "v": {"k": [0, 0, 0, 1]}}, {"ty": 0, "nm": "Opacity", "v": {"k": 180}},
            {"ty": 0, "nm": "Direction", "v": {"k": 135}}, {"ty": 0, "nm": "Distance", "v": {"k": 3}},
            {"ty": 0, "nm": "Softness", "v": {"k": 6}}]}],
          "shapes": [{"ty": "el", "p": {"k": [0, 0]}, "s": {"k": [10, 10]}},
                     {"ty": "fl", "c": {"k": [0.2, 0.8, 0.2, 1]}, "o": {"k": 100}}]},
         {"ty": 0, "nm": "Pre", "refId": "c", "ip": 0, "op": 60, "st": 0, "w": 60, "h": 40,
          "ks": {"p": {"k": [140, 50]}, "o": \##(ramp("[100]", "[30]", from: 30, to: 45))}},
         {"ty": 4, "nm": "Static", "ip": 0, "op": 60, "st": 0, "ks": {"p": {"k": [100, 50]}},
          "shapes": [{"ty": "rc", "p": {"k": [0, 0]}, "s": {"k": [196, 96]}, "r": {"k": 8}},
                     {"ty": "gf", "o": {"k": 100}, "r": 1, "t": 1, "s": {"k": [-98, 0]}, "e": {"k": [98, 0]},
                      "g": {"p": 2, "k": {"k": [0, 0.95, 0.95, 1, 1, 0.8, 0.85, 0.95]}}}]}]
        """##
    }
    static let inner = ##"""
        [{"ty": 1, "nm": "A", "ip": 0, "op": 60, "st": 0, "sc": "#8040c0", "sw": 20, "sh": 20, "ks": {"p": {"k": [20, 20]}}},
         {"ty": 1, "nm": "B", "ip": 0, "op": 60, "st": 0, "sc": "#40c080", "sw": 16, "sh": 16, "ks": {"p": {"k": [32, 26]}}}]
        """##

    /// Frames at these frame numbers, in this order: in sequence, still, then jumps.
    static let frameNumbers: [Double] = Array(0...59).map(Double.init) + [59, 59, 10, 40, 14.5, 36, 0, 58, 20]

    @Test func incrementalFramesAreFullRedrawsByteForByte() throws {
        let scene = try LottieImporterTests.scene(layers: Self.layers, assets: ##"[{"id": "c", "layers": \##(Self.inner)}]"##)
        #expect(scene.warnings.isEmpty, "\(scene.warnings)")
        let root = scene.fitted(width: 200, height: 100)
        let context = CAAnimationContext.current
        let played = RenderTree(), fresh = RenderTree()
        let renderer = LayerRenderer(scale: 2)
        let kept = Bitmap(width: 400, height: 200)
        // The plans the renderer took, found again from its lists by a tracker of our own.
        var tracker = DamageTracker()
        var plans: [String: Int] = [:]
        for (i, f) in Self.frameNumbers.enumerated() {
            let t = f / 30
            context.clock.manualTime = t
            _ = renderer.renderFrame(played.update(root, at: t), into: Canvas(kept))
            let full = Bitmap(width: 400, height: 200)
            LayerRenderer(scale: 2).draw(fresh.update(root, at: t), into: Canvas(full))
            let diff = try #require(kept.difference(from: full))
            #expect(diff.maxAbsolute == 0, "frame \(i) (number \(f)): \(diff)")
            let list = try #require(renderer.lastDisplayList)
            if let d = tracker.damage(for: list) {
                switch DamageRedrawPlan.choose(list, reach: tracker.lastReach, damage: d, region: tracker.lastRegion) {
                case .whole: plans["whole", default: 0] += 1
                case .bounds: plans["bounds", default: 0] += 1
                case .rects: plans["rects", default: 0] += 1
                }
            } else {
                plans["none", default: 0] += 1
            }
        }
        // Every way of redrawing was compared with full redraws (and a still frame drew nothing).
        for kind in ["whole", "bounds", "rects", "none"] { #expect(plans[kind, default: 0] > 0, "\(kind): \(plans)") }
    }
}
