// A radial gradient's highlight length and angle (`h`, `a`) in After Effects' reading: the
// focal point lottie-web's SVG renderer gives the gradient (SVGElementsRenderer: the radius
// |e − s|, the direction of e turned by `a` degrees, the focus `h` percent of the radius out
// along it, within ±99 %), drawn through CAGradientLayer's `focalPoint` on gradient fills and
// gradient strokes; lottie-ios's engine has none, so `--ios` reports it. Small files of our
// own (`LottieFeatureFile`).
import Foundation
import Testing
@testable import LayerKit
@testable import Lottie
import Raster
import TestSupport

@Suite(.freshAnimationContext) struct LottieGradientHighlightTests {
    typealias F = LottieFeatureFile
    typealias R = LottieAfterEffectsReadingTests

    /// A radial gradient from black (centre) to white (radius 40), centred at (50, 50) with
    /// its end point to the right, highlight `h` and `a`; `ty` "gf" or "gs" with `extra` keys.
    static func gradient(_ ty: String = "gf", h: String, a: String = #"{"k": 0}"#, extra: String = #""r": 1"#) -> String {
        #"{"ty": "\#(ty)", "o": {"k": 100}, "s": {"k": [50, 50]}, "e": {"k": [90, 50]}, "t": 2, "h": \#(h), "a": \#(a), "g": {"p": 2, "k": {"k": [0, 0, 0, 0, 1, 1, 1, 1]}}, \#(extra)}"#
    }

    /// The red channel (0…1) at a pixel of an opaque grey ramp.
    static func grey(_ b: Bitmap, _ x: Int, _ y: Int) -> Double { Double((b[x, y] >> 16) & 0xFF) / 255 }

    @Test func theHighlightMovesTheGradientsFirstStopToTheFocus() throws {
        let s = try F.scene([F.shapeLayer([F.rect(50, 50, 100, 100), Self.gradient(h: #"{"k": 50}"#)])])
        #expect(s.warnings.isEmpty, "\(s.warnings)")
        let g = try #require(R.all(s.root).compactMap { $0 as? CAGradientLayer }.first)
        #expect(g.focalPoint != nil)
        let b = R.render(s, frame: 0)
        // The focus 20 right of the centre (50 % of 40): black there; the centre is a third of
        // the way to white (t = (q·f + √((q·f)² + (1 − |f|²)|q|²)) / (1 − |f|²) with f = (0.5, 0),
        // q = (−0.5, 0): 1/3), and 20 left of it two thirds; unmoved it would be 0 and 0.5.
        #expect(Self.grey(b, 70, 50) < 0.03)
        #expect(abs(Self.grey(b, 50, 50) - 1.0 / 3) < 0.03)
        #expect(abs(Self.grey(b, 30, 50) - 2.0 / 3) < 0.03)
        // t = 1 stays on the circle: white beyond it either way.
        #expect(Self.grey(b, 5, 50) > 0.97 && Self.grey(b, 95, 50) > 0.97)
    }

    @Test func theAngleTurnsTheFocusFromTheEndPointsDirection() throws {
        // 90°: from the +x direction to +y (down on screen): the focus at (50, 70).
        let s = try F.scene([F.shapeLayer([F.rect(50, 50, 100, 100), Self.gradient(h: #"{"k": 50}"#, a: #"{"k": 90}"#)])])
        let b = R.render(s, frame: 0)
        #expect(Self.grey(b, 50, 70) < 0.03)
        // 20 above the centre, opposite the focus: t = 2/3 (as 20 left of it with a = 0).
        #expect(abs(Self.grey(b, 50, 30) - 2.0 / 3) < 0.03)
    }

    @Test func aFullHighlightIsHeldAtNinetyNinePercent() throws {
        // lottie-web: "percent = h ≥ 1 ? 0.99 : …"; the focus at 50 + 39.6.
        #expect(LottieGradientLayers.focus(start: [50, 50], end: [90, 50], length: 100, angle: 0) == [50 + 40 * 0.99, 50])
        #expect(LottieGradientLayers.focus(start: [50, 50], end: [90, 50], length: -150, angle: 0) == [50 - 40 * 0.99, 50])
        let f = LottieGradientLayers.focus(start: [10, 10], end: [10, 30], length: 50, angle: 90)
        // The end straight down, turned 90° clockwise on screen: to the left.
        #expect(abs(f[0] - 0) < 1e-9 && abs(f[1] - 10) < 1e-9)
    }

    @Test func anAnimatedHighlightAnimatesTheFocalPoint() throws {
        let h = F.keyframes([(0, "[0]", false), (30, "[50]", false)])
        let s = try F.scene([F.shapeLayer([F.rect(50, 50, 100, 100), Self.gradient(h: h)])])
        #expect(Self.grey(R.render(s, frame: 0), 50, 50) < 0.03)
        let late = R.render(s, frame: 30)
        #expect(Self.grey(late, 70, 50) < 0.03 && Self.grey(late, 50, 50) > 0.25)
    }

    @Test func aGradientStrokeHasItsHighlightToo() throws {
        // A stroke 20 wide along y = 50 from x 0 to 100 (a closed thin rectangle's edge): the
        // gradient's black is at the focus (70, 50), not at the centre.
        let stroke = Self.gradient("gs", h: #"{"k": 50}"#, extra: #""w": {"k": 20}, "lc": 1, "lj": 1"#)
        let line = #"{"ty": "sh", "ks": {"k": {"c": false, "v": [[0, 50], [100, 50]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}}}"#
        let s = try F.scene([F.shapeLayer([line, stroke])])
        #expect(s.warnings.isEmpty, "\(s.warnings)")
        let b = R.render(s, frame: 0)
        #expect(Self.grey(b, 70, 50) < 0.06 && Self.grey(b, 50, 50) > 0.25)
    }

    @Test func theIOSReadingDrawsFromTheCentreAndSaysSo() throws {
        let s = try F.scene([F.shapeLayer([F.rect(50, 50, 100, 100), Self.gradient(h: #"{"k": 50}"#)])], reading: .iOS)
        #expect(s.warnings.contains { $0.contains("radial gradient highlight") })
        #expect(Self.grey(R.render(s, frame: 0), 50, 50) < 0.03)
    }
}
