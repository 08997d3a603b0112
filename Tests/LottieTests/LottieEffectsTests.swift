// After Effects' effects on small Lottie files of our own (`LottieFeatureFile`), drawn through
// the layer's `filters` (LottieLayerEffects): Gaussian Blur, Fill, Tint, Tritone, and mask
// feather (LottieMaskFeather), each against the rule it follows (lottie-web's effect
// implementations, cited beside each test), and the `--ios` reading, which keeps lottie-ios's
// Core Animation engine's blind spot (the effects are reported, the layer drawn without them).
import Foundation
import Testing
@testable import LayerKit
@testable import Lottie
import Raster
import TestSupport

@Suite(.freshAnimationContext) struct LottieEffectsTests {
    typealias F = LottieFeatureFile
    typealias R = LottieAfterEffectsReadingTests

    /// A 40 × 40 square of `color` centred in the composition, with `extra` layer members.
    static func square(_ r: Double, _ g: Double, _ b: Double, extra: String) -> String {
        F.shapeLayer([F.rect(50, 50, 40, 40), F.fill(r, g, b)], extra: extra)
    }

    /// An effect of type `ty` with controls given as (control type, value JSON).
    static func effect(_ ty: Int, _ name: String, _ controls: [(Int, String)]) -> String {
        let list = controls.enumerated().map { i, c in #"{"ty": \#(c.0), "nm": "c\#(i)", "ix": \#(i + 1), "v": {"a": 0, "k": \#(c.1)}}"# }
        return #"{"ty": \#(ty), "nm": "\#(name)", "en": 1, "ef": [\#(list.joined(separator: ","))]}"#
    }

    static func rgba(_ b: Bitmap, _ x: Int, _ y: Int) -> (r: Double, g: Double, b: Double, a: Double) {
        let p = b[x, y]
        let a = Double(p >> 24) / 255
        guard a > 0 else { return (0, 0, 0, 0) }
        return (Double((p >> 16) & 0xFF) / 255 / a, Double((p >> 8) & 0xFF) / 255 / a, Double(p & 0xFF) / 255 / a, a)
    }

    // MARK: Gaussian Blur — σ = Blurriness × 0.3 (lottie-web SVGGaussianBlurEffect, "matching AE's blur appearance")

    static let blurred = square(1, 0, 0, extra: #""ef": [\#(effect(29, "Gaussian Blur", [(0, "20"), (7, "1"), (4, "0")]))]"#)

    @Test func gaussianBlurSoftensTheEdgeBySigmaSix() throws {
        let s = try F.scene([Self.blurred])
        #expect(s.warnings.isEmpty, "\(s.warnings)")
        let layer = try #require(R.all(s.root).first { ($0.filters ?? []).contains { $0.type == .gaussianBlur } })
        // Blurriness 20 → σ 6.
        #expect(abs(layer.filters![0].number("inputRadius") - 6) < 1e-9)
        let b = R.render(s, frame: 0)
        // On the edge (x = 30) half the Gaussian's weight lies inside: alpha ≈ 0.5; 6 px out
        // (1σ) about 16 %; 18 px out (3σ) nothing to speak of; the middle untouched.
        #expect(abs(Self.rgba(b, 30, 50).a - 0.5) < 0.06)
        #expect(abs(Self.rgba(b, 24, 50).a - 0.16) < 0.05)
        #expect(Self.rgba(b, 11, 50).a < 0.02)
        #expect(Self.rgba(b, 50, 50).a > 0.99)
    }

    @Test func aMovingLayerKeepsItsBlur() throws {
        // An animated transform wraps the content in transform layers: the filtered content
        // layer must stay a layer of its own, not hand its sublayers on.
        let moving = F.shapeLayer([F.rect(50, 50, 40, 40), F.fill(1, 0, 0)],
                                  ks: #"{"p": \#(F.keyframes([(0, "[0, 0]", false), (60, "[10, 0]", false)]))}"#,
                                  extra: #""ef": [\#(Self.effect(29, "Blur", [(0, "20"), (7, "1")]))]"#)
        let s = try F.scene([moving])
        let b = R.render(s, frame: 0)
        #expect(abs(Self.rgba(b, 30, 50).a - 0.5) < 0.06)
        #expect(Self.rgba(b, 24, 50).a > 0.08)
    }

    // MARK: Blur Dimensions — lottie-web SVGGaussianBlurEffect: "1 -> horizontal & vertical,
    // 2 -> horizontal only, 3 -> vertical only" (sigmaX = 0 for 3, sigmaY = 0 for 2)

    /// The red square blurred by Blurriness 20 (σ 6) along `dimensions`.
    static func blurredAlong(_ dimensions: Int) -> String {
        square(1, 0, 0, extra: #""ef": [\#(effect(29, "Gaussian Blur", [(0, "20"), (7, String(dimensions)), (4, "0")]))]"#)
    }

    @Test func horizontalBlurLeavesTheTopAndBottomEdgesSharp() throws {
        let s = try F.scene([Self.blurredAlong(2)])
        #expect(s.warnings.isEmpty, "\(s.warnings)")
        let layer = try #require(R.all(s.root).first { ($0.filters ?? []).contains { $0.type == .gaussianBlurXY } })
        #expect(abs(layer.filters![0].number("inputRadiusX") - 6) < 1e-9)
        #expect(layer.filters![0].number("inputRadiusY") == 0)
        let b = R.render(s, frame: 0)
        // Left edge (x = 30) half covered, 1σ out about 16 %; above and below the square nothing.
        #expect(abs(Self.rgba(b, 30, 50).a - 0.5) < 0.06)
        #expect(abs(Self.rgba(b, 24, 50).a - 0.16) < 0.05)
        #expect(Self.rgba(b, 50, 28).a == 0 && Self.rgba(b, 50, 71).a == 0)
        #expect(Self.rgba(b, 50, 30).a > 0.99 && Self.rgba(b, 50, 69).a > 0.99)
    }

    @Test func verticalBlurLeavesTheSidesSharp() throws {
        let s = try F.scene([Self.blurredAlong(3)])
        #expect(s.warnings.isEmpty, "\(s.warnings)")
        let b = R.render(s, frame: 0)
        #expect(abs(Self.rgba(b, 50, 30).a - 0.5) < 0.06)
        #expect(abs(Self.rgba(b, 50, 24).a - 0.16) < 0.05)
        #expect(Self.rgba(b, 28, 50).a == 0 && Self.rgba(b, 71, 50).a == 0)
        #expect(Self.rgba(b, 30, 50).a > 0.99 && Self.rgba(b, 69, 50).a > 0.99)
    }

    @Test func animatedBlurrinessAlongOneDimensionAnimatesThatRadius() throws {
        let k = F.keyframes([(0, "[0]", false), (30, "[40]", false)])
        let s = try F.scene([Self.square(1, 0, 0, extra: #""ef": [{"ty": 29, "nm": "Blur", "ef": [{"ty": 0, "v": \#(k)}, {"ty": 7, "v": {"k": 3}}]}]"#)])
        let layer = try #require(R.all(s.root).first { $0.filters != nil })
        let mid = layer.presentation(at: s.time(forFrame: 15))
        #expect(abs((mid.filters?[0].number("inputRadiusY") ?? 0) - 6) < 1e-6)
        #expect(mid.filters?[0].number("inputRadiusX") == 0)
    }

    // MARK: Repeat Edge Pixels — Skottie GaussianBlurEffectAdapter: 0 → kClampToBlack, 1 → kClamp

    /// A 50 × 50 solid at (25, 25) blurred by Blurriness 20, its edge pixels repeated or not.
    static func blurredSolid(repeatEdges: Bool, size: Int = 50, at p: Int = 25) -> String {
        let fx = effect(29, "Gaussian Blur", [(0, "20"), (7, "1"), (4, repeatEdges ? "1" : "0")])
        return ##"{"ty": 1, "nm": "Solid", "ind": 1, "ip": 0, "op": 60, "st": 0, "sc": "#0000ff", "sw": \##(size), "sh": \##(size), "ks": {"p": {"a": 0, "k": [\##(p), \##(p)]}}, "ef": [\##(fx)]}"##
    }

    @Test func repeatEdgePixelsKeepsTheEdgesAndStaysInTheLayer() throws {
        let s = try F.scene([Self.blurredSolid(repeatEdges: true)])
        #expect(s.warnings.isEmpty, "\(s.warnings)")
        let layer = try #require(R.all(s.root).first { ($0.filters ?? []).contains { $0.type == .affineClamp } })
        #expect(layer.masksToBounds)
        let b = R.render(s, frame: 0)
        // The solid's edges and corners stay opaque; nothing spreads beyond its bounds.
        for (x, y) in [(25, 25), (74, 74), (25, 50), (50, 74), (50, 50)] {
            #expect(Self.rgba(b, x, y).a > 0.99, "(\(x), \(y)) \(Self.rgba(b, x, y).a)")
            #expect(Self.rgba(b, x, y).b > 0.99)
        }
        for (x, y) in [(24, 50), (75, 50), (50, 24), (50, 75), (20, 20)] {
            #expect(Self.rgba(b, x, y).a == 0, "(\(x), \(y)) \(Self.rgba(b, x, y).a)")
        }
        // Without it the edges fade (half at the edge, a quarter at a corner) and spread out.
        let fading = R.render(try F.scene([Self.blurredSolid(repeatEdges: false)]), frame: 0)
        #expect(abs(Self.rgba(fading, 25, 50).a - 0.5) < 0.08)
        #expect(abs(Self.rgba(fading, 25, 25).a - 0.25) < 0.08)
        #expect(Self.rgba(fading, 20, 50).a > 0.1)
    }

    @Test func repeatEdgePixelsOnAMaskedLayerKeepsItsBounds() throws {
        // A masked layer carries its filters on a layer around it (After Effects' order: masks,
        // then effects): that layer takes the content's bounds to cut the blur to.
        let mask = #""hasMask": true, "masksProperties": [{"mode": "a", "inv": false, "o": {"a": 0, "k": 100}, "pt": {"a": 0, "k": {"c": true, "v": [[0, 0], [50, 0], [50, 50], [0, 50]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}}]"#
        let fx = Self.effect(29, "Gaussian Blur", [(0, "20"), (7, "1"), (4, "1")])
        let solid = ##"{"ty": 1, "nm": "Solid", "ind": 1, "ip": 0, "op": 60, "st": 0, "sc": "#0000ff", "sw": 50, "sh": 50, "ks": {"p": {"a": 0, "k": [25, 25]}}, \##(mask), "ef": [\##(fx)]}"##
        let s = try F.scene([solid])
        #expect(s.warnings.isEmpty, "\(s.warnings)")
        let b = R.render(s, frame: 0)
        #expect(Self.rgba(b, 25, 25).a > 0.99 && Self.rgba(b, 74, 74).a > 0.99)
        #expect(Self.rgba(b, 24, 50).a == 0 && Self.rgba(b, 75, 50).a == 0)
    }

    @Test func theIOSReadingLeavesEffectsOutAndSaysSo() throws {
        let s = try F.scene([Self.blurred], reading: .iOS)
        #expect(s.warnings == ["unsupported effects in layer \"S\""])
        #expect(Self.rgba(R.render(s, frame: 0), 28, 50).a == 0)
    }

    @Test func animatedBlurrinessAnimatesTheFiltersRadius() throws {
        let k = F.keyframes([(0, "[0]", false), (30, "[40]", false)])
        let s = try F.scene([Self.square(1, 0, 0, extra: #""ef": [{"ty": 29, "nm": "Blur", "ef": [{"ty": 0, "v": \#(k)}, {"ty": 7, "v": {"k": 1}}]}]"#)])
        let layer = try #require(R.all(s.root).first { $0.filters != nil })
        let mid = layer.presentation(at: s.time(forFrame: 15))
        #expect(abs((mid.filters?[0].number("inputRadius") ?? 0) - 6) < 1e-6)
        #expect(Self.rgba(R.render(s, frame: 0), 28, 50).a == 0)
        #expect(Self.rgba(R.render(s, frame: 30), 28, 50).a > 0.2)
    }

    // MARK: Fill — every pixel the colour, alpha × opacity (lottie-web SVGFillFilter)

    @Test func fillPaintsTheLayersShapeInItsColourAndOpacity() throws {
        let fill = Self.effect(21, "Fill", [(10, "0"), (7, "0"), (2, "[0, 0.5, 1, 1]"), (7, "0"), (0, "0"), (0, "0"), (0, "0.5")])
        let s = try F.scene([Self.square(1, 0, 0, extra: #""ef": [\#(fill)]"#)])
        #expect(s.warnings.isEmpty, "\(s.warnings)")
        let p = Self.rgba(R.render(s, frame: 0), 50, 50)
        #expect(abs(p.r) < 0.01 && abs(p.g - 0.5) < 0.01 && abs(p.b - 1) < 0.01 && abs(p.a - 0.5) < 0.01)
        #expect(Self.rgba(R.render(s, frame: 0), 10, 10).a == 0)
    }

    // MARK: Tint — the grey (mean of linear r, g, b) from black to white (lottie-web SVGTintFilter)

    @Test func tintMapsTheGreyFromBlackToWhite() throws {
        let tint = Self.effect(20, "Tint", [(2, "[0, 0, 0, 1]"), (2, "[0, 0, 1, 1]"), (0, "100")])
        let s = try F.scene([Self.square(1, 0, 0, extra: #""ef": [\#(tint)]"#)])
        #expect(s.warnings.isEmpty, "\(s.warnings)")
        // Red's grey: (1 + 0 + 0) / 3 in linear light, sRGB 0.613: blue at 0.613.
        let p = Self.rgba(R.render(s, frame: 0), 50, 50)
        #expect(p.r < 0.01 && p.g < 0.01 && abs(p.b - 0.613) < 0.01 && p.a > 0.99)
    }

    @Test func tintAmountMixesWithTheOriginal() throws {
        let tint = Self.effect(20, "Tint", [(2, "[0, 0, 0, 1]"), (2, "[1, 1, 1, 1]"), (0, "0")])
        let s = try F.scene([Self.square(1, 0, 0, extra: #""ef": [\#(tint)]"#)])
        // Amount 0: the original red.
        let p = Self.rgba(R.render(s, frame: 0), 50, 50)
        #expect(p.r > 0.99 && p.g < 0.01 && p.b < 0.01)
    }

    // MARK: Tritone — shadows, midtones, highlights by the grey (lottie-web SVGTritoneFilter)

    @Test func tritoneMapsWhiteToHighlightsGreyToMidtonesAndBlackToShadows() throws {
        let tritone = Self.effect(23, "Tritone", [(2, "[0, 1, 0, 1]"), (2, "[1, 0, 0, 1]"), (2, "[0, 0, 1, 1]"), (0, "0")])
        func centre(_ v: Double) throws -> (r: Double, g: Double, b: Double, a: Double) {
            Self.rgba(R.render(try F.scene([Self.square(v, v, v, extra: #""ef": [\#(tritone)]"#)]), frame: 0), 50, 50)
        }
        let white = try centre(1), grey = try centre(0.5), black = try centre(0)
        #expect(white.g > 0.99 && white.r < 0.01 && white.b < 0.01)
        #expect(grey.r > 0.97 && grey.g < 0.03 && grey.b < 0.03)
        #expect(black.b > 0.99 && black.r < 0.01 && black.g < 0.01)
    }

    // MARK: Mask feather — the mask's edge blurred, σ = feather × 0.3

    @Test func maskFeatherSoftensTheMasksEdge() throws {
        let mask = #""masksProperties": [{"mode": "a", "inv": false, "o": {"k": 100}, "x": {"k": 0}, "f": {"k": [20, 20]}, "pt": {"k": {"c": true, "v": [[30, 30], [70, 30], [70, 70], [30, 70]], "i": [[0,0],[0,0],[0,0],[0,0]], "o": [[0,0],[0,0],[0,0],[0,0]]}}}]"#
        let s = try F.scene([F.solidLayer("#00ff00", extra: mask)])
        #expect(s.warnings.isEmpty, "\(s.warnings)")
        let b = R.render(s, frame: 0)
        #expect(abs(Self.rgba(b, 30, 50).a - 0.5) < 0.08)
        #expect(Self.rgba(b, 50, 50).a > 0.99)
        #expect(Self.rgba(b, 12, 50).a < 0.03)
        // The iOS reading draws the edge sharp, as lottie-ios's Core Animation engine does.
        let ios = try F.scene([F.solidLayer("#00ff00", extra: mask)], reading: .iOS)
        #expect(Self.rgba(R.render(ios, frame: 0), 28, 50).a == 0)
    }

    // MARK: Mask difference — "the areas where the mask overlaps the masks above it are transparent"

    @Test func aDifferenceMaskHidesWhereItOverlapsTheMaskAbove() throws {
        let layer = F.solidLayer(extra: #""hasMask": true, "masksProperties": [\#(R.mask("a", 10, 10, 60, 60)), \#(R.mask("f", 40, 40, 90, 90))]"#)
        let s = try F.scene([layer])
        #expect(s.warnings.isEmpty, "\(s.warnings)")
        let b = R.render(s, frame: 0)
        #expect(R.painted(b, 20, 20) && R.painted(b, 80, 80) && !R.painted(b, 50, 50) && !R.painted(b, 80, 20))
        // lottie-ios's engine has no difference mode: reported, the mask left out.
        let ios = try F.scene([layer], reading: .iOS)
        #expect(ios.warnings == ["unsupported mask mode \"f\" in layer \"Solid\""])
    }

    /// An add mask after a difference mask is added to what the masks above show ("Add: The mask
    /// is added to the masks above it", After Effects Help, "Mask modes"): the overlap the
    /// difference hid shows again where the add mask covers it, and nothing is reported.
    @Test func anAddMaskAfterADifferenceMaskJoinsWhatTheyShow() throws {
        let masks = [R.mask("a", 10, 10, 60, 60), R.mask("f", 40, 40, 90, 90), R.mask("a", 45, 45, 55, 55)]
        let layer = F.solidLayer(extra: #""hasMask": true, "masksProperties": [\#(masks.joined(separator: ", "))]"#)
        let s = try F.scene([layer])
        #expect(s.warnings.isEmpty, "\(s.warnings)")
        let b = R.render(s, frame: 0)
        #expect(R.painted(b, 20, 20) && R.painted(b, 80, 80) && R.painted(b, 50, 50))
        #expect(!R.painted(b, 42, 42) && !R.painted(b, 58, 58) && !R.painted(b, 80, 20))
        // A later difference mask works on all of them, an intersect mask between included
        // (LottieMaskModeTests): the square 0…20 shows where no mask above does, and not where one does.
        let more = masks + [R.mask("i", 0, 0, 100, 100), R.mask("f", 0, 0, 20, 20)]
        let later = try F.scene([F.solidLayer(extra: #""hasMask": true, "masksProperties": [\#(more.joined(separator: ", "))]"#)])
        #expect(later.warnings.isEmpty, "\(later.warnings)")
        let c = R.render(later, frame: 0)
        #expect(R.painted(c, 5, 5) && !R.painted(c, 15, 15) && R.painted(c, 80, 80))
    }

    // MARK: Stroke — the masks stroked (lottie-web SVGStrokeEffect)

    static func strokeEffect(style: Int, start: Double = 0, end: Double = 100) -> String {
        Self.effect(22, "Stroke", [(10, "1"), (7, "0"), (7, "0"), (2, "[0, 0, 1, 1]"), (0, "3"), (0, "1"), (0, "1"),
                                   (0, "\(start)"), (0, "\(end)"), (0, "15"), (7, "\(style)")])
    }
    static func strokedSolid(style: Int, start: Double = 0, end: Double = 100) -> String {
        F.solidLayer("#ff0000", extra: #""hasMask": true, "masksProperties": [\#(R.mask("a", 30, 30, 70, 70))], "ef": [\#(strokeEffect(style: style, start: start, end: end))]"#)
    }

    @Test func strokeOnOriginalDrawsTheMaskPathOverTheUnmaskedLayer() throws {
        let s = try F.scene([Self.strokedSolid(style: 1)])
        #expect(s.warnings.isEmpty, "\(s.warnings)")
        let b = R.render(s, frame: 0)
        // Brush size 3: a 6-wide blue line on the path; the red solid everywhere else (its mask dropped).
        let edge = Self.rgba(b, 30, 50), outside = Self.rgba(b, 10, 10), inside = Self.rgba(b, 50, 50)
        #expect(edge.b > 0.99 && edge.r < 0.01)
        #expect(outside.r > 0.99 && inside.r > 0.99)
    }

    @Test func strokeOnTransparentDrawsTheStrokeAlone() throws {
        let b = R.render(try F.scene([Self.strokedSolid(style: 2)]), frame: 0)
        #expect(Self.rgba(b, 30, 50).b > 0.99)
        #expect(Self.rgba(b, 50, 50).a == 0 && Self.rgba(b, 10, 10).a == 0)
    }

    @Test func strokeRevealingTheOriginalShowsTheLayerThroughTheStroke() throws {
        let b = R.render(try F.scene([Self.strokedSolid(style: 3)]), frame: 0)
        #expect(Self.rgba(b, 30, 50).r > 0.99 && Self.rgba(b, 30, 50).a > 0.99)
        #expect(Self.rgba(b, 50, 50).a == 0)
    }

    @Test func strokeStartAndEndDrawPartOfThePath() throws {
        // The mask path runs (30,30) → (70,30) → (70,70) → (30,70): its first quarter is the top side.
        let b = R.render(try F.scene([Self.strokedSolid(style: 2, start: 0, end: 25)]), frame: 0)
        #expect(Self.rgba(b, 50, 30).a > 0.99)
        #expect(Self.rgba(b, 50, 70).a == 0 && Self.rgba(b, 70, 50).a == 0)
    }

    @Test func aStrokeOfAMaskTheLayerDoesNotHaveLeavesTheLayerAsItIs() throws {
        // Nothing to stroke: the layer keeps its content and masks, unreported (After Effects'
        // Stroke strokes "a mask or … a Bezier path"; ThorVG's updateStrokeEffect returns).
        let bare = F.solidLayer("#ff0000", extra: #""ef": [\#(Self.strokeEffect(style: 2))]"#)
        let s = try F.scene([bare])
        #expect(s.warnings.isEmpty, "\(s.warnings)")
        let b = R.render(s, frame: 0)
        #expect(Self.rgba(b, 50, 50).r > 0.99 && Self.rgba(b, 50, 50).a > 0.99)
        // Path 2 of a layer with one mask: the mask still cuts the layer, nothing is stroked.
        let second = Self.effect(22, "Stroke", [(10, "2"), (7, "0"), (7, "0"), (2, "[0, 0, 1, 1]"), (0, "3"), (0, "1"), (0, "1"),
                                                (0, "0"), (0, "100"), (0, "15"), (7, "2")])
        let masked = F.solidLayer("#ff0000", extra: #""hasMask": true, "masksProperties": [\#(R.mask("a", 30, 30, 70, 70))], "ef": [\#(second)]"#)
        let m = try F.scene([masked])
        #expect(m.warnings.isEmpty, "\(m.warnings)")
        let mb = R.render(m, frame: 0)
        #expect(Self.rgba(mb, 50, 50).r > 0.99 && Self.rgba(mb, 10, 10).a == 0 && Self.rgba(mb, 30, 50).b < 0.01)
    }

    // MARK: Expression controls — effects that draw nothing (After Effects' Expression Controls, pseudo effects)

    /// A custom effect (`ty` 5) named `match` holding one slider, as bodymovin exports them.
    static func control(_ match: String) -> String {
        #"{"ty": 5, "nm": "Overshoot", "mn": "\#(match)", "en": 1, "ef": [{"ty": 0, "nm": "Slider", "mn": "\#(match)-0001", "ix": 1, "v": {"a": 0, "k": 20}}]}"#
    }

    @Test func expressionControlsDrawNothingAndAreNotReported() throws {
        let controls = [Self.control("ADBE Slider Control"), Self.control("ADBE Color Control"), Self.control("Pseudo/BNCA2506f0b33"),
                        Self.control("ADBE CM WigglePosition")]
        let s = try F.scene([Self.square(1, 0, 0, extra: #""ef": [\#(controls.joined(separator: ","))]"#)])
        #expect(s.warnings.isEmpty, "\(s.warnings)")
        #expect(!R.all(s.root).contains { !($0.filters ?? []).isEmpty })
        let b = R.render(s, frame: 0)
        #expect(Self.rgba(b, 50, 50).r > 0.99 && Self.rgba(b, 25, 50).a == 0)
        // An effect of type 5 that renders in After Effects (CC Slant) is still reported.
        let slant = try F.scene([Self.square(1, 0, 0, extra: #""ef": [\#(Self.control("CC Slant"))]"#)])
        #expect(slant.warnings == ["unsupported effect type 5 \"Overshoot\" in layer \"S\""])
    }

    // MARK: Transform — a second transform in the layer's space (lottie-web TransformEffect)

    static func transformEffect(_ ty: Int, match: String) -> String {
        // Anchor (0, 0), position (20, 0), uniform scale 50 %, no skew or rotation, opacity 50.
        let controls: [(Int, String)] = [(3, "[0, 0]"), (3, "[20, 0]"), (7, "1"), (0, "50"), (0, "100"), (0, "0"), (0, "0"),
                                         (0, "0"), (0, "50")]
        let list = controls.enumerated().map { i, c in #"{"ty": \#(c.0), "nm": "c\#(i)", "ix": \#(i + 1), "v": {"a": 0, "k": \#(c.1)}}"# }
        return #"{"ty": \#(ty), "nm": "Transform", "mn": "\#(match)", "en": 1, "ef": [\#(list.joined(separator: ","))]}"#
    }

    @Test func theTransformEffectMovesScalesAndFadesTheLayersContent() throws {
        for (ty, match) in [(35, "ADBE Geometry2"), (5, "ADBE Geometry2")] {
            let s = try F.scene([Self.square(1, 0, 0, extra: #""ef": [\#(Self.transformEffect(ty, match: match))]"#)])
            #expect(s.warnings.isEmpty, "\(s.warnings)")
            let b = R.render(s, frame: 0)
            // The square x, y ∈ 30…70 halved about (0, 0) and moved 20 right: x ∈ 35…55, y ∈ 15…35, at half opacity.
            let inside = Self.rgba(b, 45, 25)
            #expect(inside.r > 0.99 && abs(inside.a - 0.5) < 0.02, "\(ty)")
            #expect(Self.rgba(b, 50, 50).a == 0 && Self.rgba(b, 30, 25).a == 0 && Self.rgba(b, 60, 25).a == 0, "\(ty)")
        }
        // --ios keeps lottie-ios's blind spot: effects reported, the square where it was.
        let ios = try F.scene([Self.square(1, 0, 0, extra: #""ef": [\#(Self.transformEffect(35, match: "ADBE Geometry2"))]"#)], reading: .iOS)
        #expect(ios.warnings == ["unsupported effects in layer \"S\""])
        #expect(Self.rgba(R.render(ios, frame: 0), 50, 50).a > 0.99)
    }

    // MARK: Blend modes on fills and strokes — lottie-web's path `mix-blend-mode` (SVGShapeElement)

    @Test func aFillsBlendModeCompositesItOntoWhatLiesBeneath() throws {
        // A red square, then above it a blue fill in multiply: red × blue is black where they overlap.
        let blue = #"{"ty": "fl", "c": {"k": [0, 0, 1, 1]}, "o": {"k": 100}, "r": 1, "bm": 1}"#
        let layer = F.shapeLayer([F.group([F.rect(60, 50, 40, 40), blue]), F.group([F.rect(40, 50, 40, 40), F.fill(1, 0, 0)])])
        let s = try F.scene([layer])
        #expect(s.warnings.isEmpty, "\(s.warnings)")
        let b = R.render(s, frame: 0)
        let overlap = Self.rgba(b, 50, 50), blueOnly = Self.rgba(b, 75, 50), redOnly = Self.rgba(b, 25, 50)
        #expect(overlap.r < 0.02 && overlap.g < 0.02 && overlap.b < 0.02 && overlap.a > 0.99)
        #expect(blueOnly.b > 0.99 && redOnly.r > 0.99)
        // lottie-ios's engine draws it normal: blue over red.
        let ios = Self.rgba(R.render(try F.scene([layer], reading: .iOS), frame: 0), 50, 50)
        #expect(ios.b > 0.99 && ios.r < 0.01)
    }

    // MARK: Layer style Stroke (`sy` ty 0: size, colour — the Lottie schema's "Layer Stroke") outside the shapes

    static let strokeStyle = #""sy": [{"ty": 0, "nm": "Stroke", "s": {"k": 4}, "c": {"k": [0, 0, 1, 1]}}]"#

    @Test func aStrokeStyleBandsTheShapeLayerOutsideItsShapes() throws {
        // The red square x 30…70 with a blue band 4 wide around it (x 26…30), rounded at the corners.
        let s = try F.scene([Self.square(1, 0, 0, extra: Self.strokeStyle)])
        #expect(s.warnings.isEmpty, "\(s.warnings)")
        let b = R.render(s, frame: 0)
        let band = Self.rgba(b, 28, 50), inside = Self.rgba(b, 32, 50)
        #expect(band.b > 0.99 && band.r < 0.01 && band.a > 0.99)
        #expect(inside.r > 0.99 && inside.b < 0.01)
        #expect(Self.rgba(b, 24, 50).a == 0)
        // Round outside the corner: pixel (26, 26)'s centre is 4.9 from the corner (30, 30),
        // outside the band (a square corner would cover it); (27, 27)'s, 3.5 away, inside.
        #expect(Self.rgba(b, 26, 26).a < 0.5 && Self.rgba(b, 27, 27).a > 0.5)
        // A stroked shape's band lies beyond the stroke: a stroke 6 wide (x 27…33 about 30) → 23…27.
        let stroked = F.shapeLayer([F.rect(50, 50, 40, 40), F.stroke(width: 6)], extra: Self.strokeStyle)
        let sb = R.render(try F.scene([stroked]), frame: 0)
        #expect(Self.rgba(sb, 25, 50).b > 0.99 && Self.rgba(sb, 21, 50).a == 0)
    }

    @Test func aStrokeStyleBandsTheClosingEdgeOfAFilledOpenPath() throws {
        // An open path (30,30) → (70,30) → (70,70) filled red: the fill closes it along the
        // diagonal back to (30,30). The Stroke style "outlines the object on the current layer"
        // (Adobe's Layer Styles help) — the filled triangle's edge, the diagonal included.
        let open = #"{"ty": "sh", "ks": {"k": {"c": false, "v": [[30, 30], [70, 30], [70, 70]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}}}"#
        let b = R.render(try F.scene([F.shapeLayer([open, F.fill()], extra: Self.strokeStyle)]), frame: 0)
        #expect(Self.rgba(b, 60, 40).r > 0.99)
        // Pixel (48, 51)'s centre lies 2.1 outside the diagonal, in the band; (45, 55)'s, 7.1 out, beyond it.
        #expect(Self.rgba(b, 48, 51).b > 0.99 && Self.rgba(b, 48, 51).a > 0.99)
        #expect(Self.rgba(b, 45, 55).a == 0)
        // The path's own edges are banded as before: above the top edge (y 26…30).
        #expect(Self.rgba(b, 50, 28).b > 0.99)
    }

    @Test func aStrokeStyleIsReportedWhereItIsNotDrawn() throws {
        let ios = try F.scene([Self.square(1, 0, 0, extra: Self.strokeStyle)], reading: .iOS)
        #expect(ios.warnings == ["unsupported layer styles in layer \"S\""])
        #expect(Self.rgba(R.render(ios, frame: 0), 28, 50).a == 0)
    }

    /// A 40 × 40 red solid at (30, 30) with `extra` layer members.
    static func smallSolid(extra: String) -> String {
        ##"{"ty": 1, "nm": "Solid", "ind": 1, "ip": 0, "op": 60, "st": 0, "sc": "#ff0000", "sw": 40, "sh": 40, "ks": {"p": {"k": [30, 30]}}, "##
            + extra + "}"
    }

    @Test func aStrokeStyleOutlinesTheAlphaOfASolid() throws {
        // A layer without paths: the outline of its alpha (After Effects' Layer Styles ›
        // Stroke "outlines the object on the current layer"), 4 outside the solid x 30…70.
        let s = try F.scene([Self.smallSolid(extra: Self.strokeStyle)])
        #expect(s.warnings.isEmpty, "\(s.warnings)")
        let b = R.render(s, frame: 0)
        #expect(Self.rgba(b, 28, 50).b > 0.99 && Self.rgba(b, 28, 50).a > 0.99)
        #expect(Self.rgba(b, 32, 50).r > 0.99 && Self.rgba(b, 32, 50).b < 0.01)
        #expect(Self.rgba(b, 24, 50).a == 0 && Self.rgba(b, 75, 50).a == 0)
        #expect(Self.rgba(b, 72, 72).b > 0.99)
        // Round at the corners (a disc's dilation): pixel (26, 26)'s centre is 4.9 from the
        // corner (30, 30), beyond the band; (27, 27)'s 3.5, within it.
        #expect(Self.rgba(b, 26, 26).a < 0.5 && Self.rgba(b, 27, 27).a > 0.5)
        // The iOS reading reports it and draws the solid alone.
        let ios = try F.scene([Self.smallSolid(extra: Self.strokeStyle)], reading: .iOS)
        #expect(ios.warnings == ["unsupported layer styles in layer \"Solid\""])
        #expect(Self.rgba(R.render(ios, frame: 0), 28, 50).a == 0)
    }

    @Test func aStrokeStyleOutlinesWhatAPrecompositionDrawsAfterItsMasks() throws {
        // A precomposition drawing the red square x 30…70, its layer cut by a mask to x < 50:
        // the band follows the masked edge (masks come before layer styles) — at x 50…54 —
        // and is drawn beyond the precomposition's bounds where the content reaches them.
        let inner = F.shapeLayer([F.rect(50, 50, 40, 40), F.fill()])
        let mask = #""hasMask": true, "masksProperties": [{"mode": "a", "inv": false, "o": {"k": 100}, "x": {"k": 0}, "pt": {"k": {"c": true, "v": [[0, 0], [50, 0], [50, 100], [0, 100]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}}]"#
        let json = """
        {"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100,
         "assets": [{"id": "p", "layers": [\(inner)]}],
         "layers": [{"ty": 0, "nm": "Pre", "ind": 1, "refId": "p", "w": 100, "h": 100, "ip": 0, "op": 60, "st": 0, "ks": {},
                     \(mask), \(Self.strokeStyle)}]}
        """
        CAAnimationContext.current.clock.manualTime = 0
        let s = try LottieScene.parse(Array(json.utf8), reading: .afterEffects)
        CAAnimationContext.current.engine.tick(at: 0)
        #expect(s.warnings.isEmpty, "\(s.warnings)")
        let b = R.render(s, frame: 0)
        #expect(Self.rgba(b, 40, 50).r > 0.99)
        #expect(Self.rgba(b, 52, 50).b > 0.99 && Self.rgba(b, 52, 50).a > 0.99)
        #expect(Self.rgba(b, 28, 50).b > 0.99)
        #expect(Self.rgba(b, 56, 50).a == 0 && Self.rgba(b, 60, 50).a == 0)
    }

    // MARK: What is left is said once

    @Test func anEffectWithControlsThatAreNotNumbersDoesNotRefuseTheFile() throws {
        let odd = #"{"ty": 5, "nm": "Odd", "ef": [{"ty": 10, "v": {"k": "a layer"}}, {"ty": 6, "v": 0}, 7]}"#
        let s = try F.scene([Self.square(1, 0, 0, extra: #""ef": [\#(odd), 3]"#)])
        #expect(s.warnings == ["unsupported effect type 5 \"Odd\" in layer \"S\""])
        #expect(Self.rgba(R.render(s, frame: 0), 50, 50).r > 0.99)
    }

    @Test func otherEffectsAreReported() throws {
        let s = try F.scene([Self.square(1, 0, 0, extra: #""ef": [\#(Self.effect(24, "Levels", [(0, "0")]))]"#)])
        #expect(s.warnings == ["unsupported effect type 24 \"Levels\" in layer \"S\""])
    }
}
