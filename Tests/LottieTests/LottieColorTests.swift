// Tests of Lottie colours and gradients: the 0…255 range is judged on the values the file
// writes, never on interpolated ones; alpha stops keep their own offsets; a gradient reaches
// shapes that lie far outside the composition.

import Foundation
import Testing
@testable import LayerKit
@testable import Lottie
import Raster
import TestSupport

@Suite(.freshAnimationContext) struct LottieColorTests {
    @Test func coloursWrittenIn0To255AreScaled() throws {
        let s = try LottieImporterTests.scene(layers: ##"""
        [{"ty": 4, "nm": "S", "ip": 0, "op": 60, "st": 0, "ks": {}, "shapes": [
          {"ty": "rc", "p": {"k": [50, 50]}, "s": {"k": [20, 20]}, "r": {"k": 0}},
          {"ty": "fl", "c": {"k": [255, 128, 0, 1]}, "o": {"k": 100}}]}]
        """##)
        let shape = try #require(LottieImporterTests.all(s.root).compactMap { $0 as? CAShapeLayer }.first)
        #expect(shape.fillColor == Color(1, 128.0 / 255, 0, 1))
    }

    /// White to pink with an out tangent below 0: the eased value first dips under 0, so the
    /// interpolated channels rise a little above 1 (white, once clamped) before reaching pink.
    /// A time-remapped precomposition makes the importer sample the colour frame by frame.
    @Test func anOvershootingColourStaysBetweenItsKeyframes() throws {
        let inner = ##"""
        [{"ty": 4, "nm": "Bill", "ip": 0, "op": 60, "st": 0, "ks": {}, "shapes": [
          {"ty": "rc", "p": {"k": [50, 50]}, "s": {"k": [100, 100]}, "r": {"k": 0}},
          {"ty": "fl", "c": {"a": 1, "k": [{"t": 0, "s": [1, 1, 1, 1], "o": {"x": [0.167], "y": [-1.543]}, "i": {"x": [0.704], "y": [1]}},
                                           {"t": 30, "s": [0.976, 0.824, 0.875, 1]}]}, "o": {"k": 100}}]}]
        """##
        let s = try LottieImporterTests.scene(layers: ##"""
        [{"ty": 0, "nm": "Pre", "refId": "c", "ip": 0, "op": 60, "st": 0, "w": 100, "h": 100, "ks": {},
          "tm": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 60, "s": [2]}]}}]
        """##, assets: ##"[{"id": "c", "layers": \##(inner)}]"##)
        let shape = try #require(LottieImporterTests.all(s.root).compactMap { $0 as? CAShapeLayer }.first)
        let fill = try #require(shape.animation(forKey: "fillColor") as? CAKeyframeAnimation)
        let colours = (fill.values ?? []).compactMap { v -> Color? in if case .color(let c) = v { return c }; return nil }
        #expect(colours.count > 30)
        for c in colours {
            #expect(c.r >= 0.976 - 1e-9 && c.g >= 0.824 - 1e-9 && c.b >= 0.875 - 1e-9, "\(c)")
            #expect(c.r <= 1 && c.g <= 1 && c.b <= 1, "\(c)")
        }
        #expect(colours.contains { $0.g < 0.9 }, "the colour reaches pink")
    }

    /// Alpha stops keep their own offsets: white throughout, transparent at 0, half at 0.384
    /// and opaque from 0.767 on (read at the colour stops alone, 0.767 would be 0.82).
    @Test func alphaStopsKeepTheirOwnOffsets() {
        let (colors, locations) = LottieGradientLayers.stops([0, 1, 1, 1, 0.5, 1, 1, 1, 1, 1, 1, 1,
                                                              0, 0, 0.384, 0.5, 0.767, 1], count: 3)
        #expect(locations == [0, 0, 0.384, 0.5, 0.767, 1])
        #expect(colors.allSatisfy { $0.r == 1 && $0.g == 1 && $0.b == 1 })
        #expect(colors.map(\.a)[2] == 0.5 && colors.map(\.a)[4] == 1 && colors.map(\.a)[5] == 1)
        #expect(abs(colors[3].a - (0.5 + 0.5 * (0.5 - 0.384) / (0.767 - 0.384))) < 1e-12)
        // Without alpha stops, the colour stops as they are, opaque.
        let plain = LottieGradientLayers.stops([0, 1, 0, 0, 1, 0, 0, 1], count: 2)
        #expect(plain.locations == [0, 1] && plain.colors == [Color(1, 0, 0, 1), Color(0, 0, 1, 1)])
    }

    /// A ring 1,200 points across, scaled to 10 %, in a 200 × 100 composition: in the shape's
    /// own coordinates its left side lies 600 points left of the composition, yet its gradient
    /// stroke is drawn all round.
    @Test func aGradientReachesShapesFarOutsideTheComposition() throws {
        let s = try LottieImporterTests.scene(layers: ##"""
        [{"ty": 4, "nm": "Ring", "ip": 0, "op": 60, "st": 0, "ks": {"p": {"k": [100, 50]}, "s": {"k": [10, 10]}}, "shapes": [
          {"ty": "el", "p": {"k": [0, 0]}, "s": {"k": [1200, 1200]}},
          {"ty": "gs", "o": {"k": 100}, "w": {"k": 60}, "lc": 2, "lj": 1, "t": 1,
           "s": {"k": [-600, 0]}, "e": {"k": [600, 0]}, "g": {"p": 2, "k": {"k": [0, 0, 0, 1, 1, 0, 0, 1]}}}]}]
        """##)
        let b = Bitmap(width: 200, height: 100)
        LayerRenderer(background: .white).draw(s.root.presentation(at: 0), into: Canvas(b))
        // The ring's leftmost, rightmost and lowest points: (40, 50), (160, 50), (100, 110 → off
        // canvas), and its top (100, -10 → off canvas); the middle stays white.
        func painted(_ x: Int, _ y: Int) -> Bool { b[x, y] != Color.white.premultipliedARGB }
        #expect(painted(40, 50) && painted(160, 50))
        #expect(!painted(100, 50))
    }
}
