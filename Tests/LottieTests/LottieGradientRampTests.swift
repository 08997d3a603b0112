// After Effects' Gradient Ramp effect (match name "ADBE Ramp") on small Lottie files of our own
// (`LottieFeatureFile`), drawn through LayerKit's LKGradientRamp filter (LottieLayerEffects):
// the ramp replaces the layer's colours where it draws, keeping its alpha, linear from Start
// of Ramp to End of Ramp or radial about the start, "Blend With Original" mixing the original
// back in (After Effects Help, "Gradient Ramp effect"; Skottie's GradientRampEffectAdapter).
// The colours mix in sRGB (an 8-bit project's, Skottie's shader's). The `--ios` reading reports
// the effect and draws the layer without it.
import Foundation
import Testing
@testable import LayerKit
@testable import Lottie
import Raster
import TestSupport

@Suite(.freshAnimationContext) struct LottieGradientRampTests {
    typealias F = LottieFeatureFile
    typealias R = LottieAfterEffectsReadingTests

    /// A Gradient Ramp effect as Bodymovin exports it (a custom effect, `ty` 5): from `start`
    /// in `c0` to `end` in `c1` (JSON values), `shape` 1 linear or 2 radial, `blend` 0…100.
    static func ramp(start: String, _ c0: String, end: String, _ c1: String, shape: Int = 1, blend: String = "0") -> String {
        let controls: [(Int, String, String)] = [(3, "Start of Ramp", start), (2, "Start Color", c0), (3, "End of Ramp", end),
                                                 (2, "End Color", c1), (7, "Ramp Shape", String(shape)), (0, "Ramp Scatter", "0"),
                                                 (0, "Blend With Original", blend)]
        let list = controls.enumerated().map { i, c in
            #"{"ty": \#(c.0), "nm": "\#(c.1)", "mn": "ADBE Ramp-000\#(i + 1)", "ix": \#(i + 1), "v": {"a": 0, "k": \#(c.2)}}"#
        }
        return #"{"ty": 5, "nm": "Gradient Ramp", "mn": "ADBE Ramp", "en": 1, "ef": [\#(list.joined(separator: ","))]}"#
    }

    /// A red 100 × 100 solid under `ramp`.
    static func solid(_ ramp: String) -> String { F.solidLayer("#ff0000", extra: #""ef": [\#(ramp)]"#) }

    static let black = "[0, 0, 0, 1]", white = "[1, 1, 1, 1]"

    @Test func aLinearRampReplacesTheColoursFromStartToEnd() throws {
        let s = try F.scene([Self.solid(Self.ramp(start: "[0, 50]", Self.black, end: "[100, 50]", Self.white))])
        #expect(s.warnings.isEmpty, "\(s.warnings)")
        let layer = try #require(R.all(s.root).first { ($0.filters ?? []).contains { $0.type == .gradientRamp } })
        #expect(layer.filters?[0].value(forKey: "inputPoint1") == .numbers([100, 50]))
        let b = R.render(s, frame: 0)
        // Black at the start, white at the end, sRGB mid grey halfway (mixed in sRGB); the same
        // down a column (the ramp runs along x); alpha kept.
        let first = LottieEffectsTests.rgba(b, 0, 50), last = LottieEffectsTests.rgba(b, 99, 50)
        #expect(first.r < 0.02 && first.g < 0.02 && first.a > 0.99)
        #expect(last.r > 0.98 && last.g > 0.98 && last.b > 0.98)
        for y in [0, 50, 99] {
            let mid = LottieEffectsTests.rgba(b, 50, y)
            #expect(abs(mid.r - 0.505) < 0.02 && abs(mid.g - 0.505) < 0.02 && abs(mid.b - 0.505) < 0.02, "\(mid)")
        }
        // Before the start and past the end the end colours hold (the points inside the layer).
        let held = try F.scene([Self.solid(Self.ramp(start: "[25, 0]", Self.black, end: "[75, 0]", Self.white))])
        let hb = R.render(held, frame: 0)
        #expect(LottieEffectsTests.rgba(hb, 10, 50).r < 0.02 && LottieEffectsTests.rgba(hb, 90, 50).r > 0.98)
    }

    @Test func aRadialRampSpreadsFromTheStartToTheEndsCircle() throws {
        let s = try F.scene([Self.solid(Self.ramp(start: "[50, 50]", Self.black, end: "[90, 50]", Self.white, shape: 2))])
        let b = R.render(s, frame: 0)
        #expect(LottieEffectsTests.rgba(b, 50, 50).r < 0.03)
        // 20 points from the centre in any direction: halfway; beyond 40: the end colour.
        for (x, y) in [(70, 50), (50, 30), (30, 50)] {
            #expect(abs(LottieEffectsTests.rgba(b, x, y).g - 0.5) < 0.03, "\(x), \(y)")
        }
        #expect(LottieEffectsTests.rgba(b, 3, 3).g > 0.98)
    }

    @Test func blendWithOriginalMixesTheLayerBackIn() throws {
        let s = try F.scene([Self.solid(Self.ramp(start: "[0, 50]", Self.black, end: "[100, 50]", Self.black, blend: "50"))])
        let b = R.render(s, frame: 0)
        // Half red, half black, in linear light (the filters' working space): linear 0.5 → sRGB 0.735.
        let c = LottieEffectsTests.rgba(b, 50, 50)
        #expect(abs(c.r - 0.735) < 0.02 && c.g < 0.02 && c.b < 0.02, "\(c)")
    }

    @Test func theRampKeepsAShapeLayersAlphaInItsBoxsPixels() throws {
        // A shape layer's box is the composition's size with the shapes' origin at its centre:
        // the effect's (80, 100) to (120, 100) is the shapes' (30, 50) to (70, 50), across the square.
        let square = F.shapeLayer([F.rect(50, 50, 40, 40), F.fill(1, 0, 0)],
                                  extra: #""ef": [\#(Self.ramp(start: "[80, 100]", Self.black, end: "[120, 100]", Self.white))]"#)
        let b = R.render(try F.scene([square]), frame: 0)
        #expect(LottieEffectsTests.rgba(b, 20, 50).a == 0 && LottieEffectsTests.rgba(b, 80, 50).a == 0)
        #expect(LottieEffectsTests.rgba(b, 31, 50).r < 0.1 && LottieEffectsTests.rgba(b, 68, 50).r > 0.9)
        #expect(LottieEffectsTests.rgba(b, 50, 50).a > 0.99)
    }

    @Test func animatedColoursAndPointsAnimateTheFilter() throws {
        let c0 = F.keyframes([(0, Self.black, false), (30, Self.white, false)])
        let p1 = F.keyframes([(0, "[100, 50]", false), (30, "[50, 50]", false)])
        let json = Self.ramp(start: "[0, 50]", "0", end: "[100, 50]", Self.white)
            .replacingOccurrences(of: #""Start Color", "mn": "ADBE Ramp-0002", "ix": 2, "v": {"a": 0, "k": 0}"#,
                                  with: #""Start Color", "mn": "ADBE Ramp-0002", "ix": 2, "v": \#(c0)"#)
            .replacingOccurrences(of: #""End of Ramp", "mn": "ADBE Ramp-0003", "ix": 3, "v": {"a": 0, "k": [100, 50]}"#,
                                  with: #""End of Ramp", "mn": "ADBE Ramp-0003", "ix": 3, "v": \#(p1)"#)
        let s = try F.scene([Self.solid(json)])
        let layer = try #require(R.all(s.root).first { $0.filters != nil })
        let mid = layer.presentation(at: s.time(forFrame: 15))
        #expect(mid.filters?[0].value(forKey: "inputPoint1") == .numbers([75, 50]))
        // At frame 30 the whole ramp is white.
        #expect(LottieEffectsTests.rgba(R.render(s, frame: 30), 10, 50).r > 0.98)
    }

    @Test func theIOSReadingReportsTheRampAndDrawsTheLayer() throws {
        let s = try F.scene([Self.solid(Self.ramp(start: "[0, 50]", Self.black, end: "[100, 50]", Self.white))], reading: .iOS)
        #expect(s.warnings == ["unsupported effects in layer \"Solid\""])
        let c = LottieEffectsTests.rgba(R.render(s, frame: 0), 50, 50)
        #expect(c.r > 0.99 && c.g < 0.01)
    }

    // MARK: LayerKit's LKGradientRamp

    @Test func theFiltersPointsAreMappedOntoTheSurface() throws {
        let f = CIFilter.gradientRamp(from: Point(10, 20), Color(0, 0, 0, 1), to: Point(30, 20), Color(1, 1, 1, 1),
                                      radial: true, intensity: 0.25)
        let map = AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 5, ty: -3)
        guard case .gradientRamp(let r)? = f.pixelFilter(scale: 2, map: map) else { Issue.record("no ramp"); return }
        #expect(r.start == SIMD2(25, 37) && r.end == SIMD2(65, 37))
        #expect(r.radial && abs(r.blend - 0.75) < 1e-6)
        var l = f
        let twoNumbers = l.setValue(.numbers([1, 2]), forKey: "inputPoint0")
        let threeNumbers = l.setValue(.numbers([1, 2, 3]), forKey: "inputPoint0")
        #expect(twoNumbers && !threeNumbers && l.value(forKey: "inputPoint0") == .numbers([1, 2]))
    }

    @Test func aLayersRampIsPlacedInItsOwnCoordinates() throws {
        // A layer at (40, 0) in its superlayer: its ramp from its x 0 to 20 lands on x 40…60.
        let root = CALayer()
        root.bounds = Rect(0, 0, 100, 10)
        root.anchorPoint = Point(0, 0)
        let l = CALayer()
        l.anchorPoint = Point(0, 0)
        l.bounds = Rect(0, 0, 60, 10)
        l.position = Point(40, 0)
        l.backgroundColor = Color(1, 0, 0, 1)
        l.filters = [.gradientRamp(from: Point(0, 5), Color(0, 0, 0, 1), to: Point(20, 5), Color(1, 1, 1, 1))]
        root.addSublayer(l)
        let b = Bitmap(width: 100, height: 10)
        LayerRenderer(background: .clear).draw(root, into: Canvas(b))
        #expect(LottieEffectsTests.rgba(b, 39, 5).a == 0)
        #expect(LottieEffectsTests.rgba(b, 40, 5).r < 0.05)
        #expect(abs(LottieEffectsTests.rgba(b, 50, 5).r - 0.5) < 0.03)
        #expect(LottieEffectsTests.rgba(b, 70, 5).g > 0.98)
    }
}
