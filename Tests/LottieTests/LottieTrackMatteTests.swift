// Tests of track matte pairing as Core Animation's Lottie engine pairs layers: alpha mattes
// take the layer above as their mask, luma mattes are drawn without one (the iOS reading);
// in After Effects' reading a luma matte masks with the source's luminance.

import Foundation
import Testing
@testable import LayerKit
@testable import Lottie
import Raster
import TestSupport

/// A green 20 × 20 matte layer listed above a red 100 × 100 layer with matte mode `tt`.
@Suite(.freshAnimationContext) struct LottieTrackMatteTests {
    static func render(matte: String, tt: Int, reading: LottieReading = .afterEffects) throws -> (Bitmap, LottieScene) {
        let s = try LottieScene.parse(Array("""
        {"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100, "layers": [
         {"ty": 1, "nm": "Matte", "ind": 1, "ip": 0, "op": 60, "st": 0, "sc": "#00ff00", "sw": 20, "sh": 20, "ks": {}, \(matte)},
         {"ty": 1, "nm": "Red", "ind": 2, "tt": \(tt), "ip": 0, "op": 60, "st": 0, "sc": "#ff0000", "sw": 100, "sh": 100, "ks": {}}]}
        """.utf8), reading: reading)
        let b = Bitmap(width: 100, height: 100)
        LayerRenderer(background: .white).draw(s.root.presentation(at: 0), into: Canvas(b))
        return (b, s)
    }

    static let red = Color(1, 0, 0).premultipliedARGB, green = Color(0, 1, 0).premultipliedARGB, white = Color.white.premultipliedARGB

    @Test func alphaMatteMasksWithTheLayerAboveMarkedOrNot() throws {
        for marker in [#""td": 1"#, #""td": 0"#] {
            let (b, s) = try Self.render(matte: marker, tt: 1)
            #expect(s.warnings.isEmpty)
            // Red only where the matte covers; the matte itself is not drawn.
            #expect(b[10, 10] == Self.red && b[50, 50] == Self.white, "\(marker)")
        }
    }

    @Test func lumaMatteIsDrawnWithoutAMaskAndItsSourceAsALayerInTheIOSReading() throws {
        for tt in [3, 4] {
            let (b, s) = try Self.render(matte: #""td": 1"#, tt: tt, reading: .iOS)
            #expect(b[10, 10] == Self.green && b[50, 50] == Self.red, "tt \(tt)")
            #expect(s.warnings.count == 1 && s.warnings[0].hasPrefix("unsupported track matte (luma"))
        }
    }

    @Test func lumaMatteMasksWithTheSourcesLuminanceInAfterEffectsReading() throws {
        let (b, s) = try Self.render(matte: #""td": 1"#, tt: 3)
        #expect(s.warnings.isEmpty)
        // Green's luminance 0.7154 (Rec. 709): red at that opacity over white inside, white outside.
        let inside = b[10, 10]
        #expect(abs(Int((inside >> 8) & 0xff) - Int((255 * (1 - 0.7154)).rounded())) <= 2 && (inside >> 16) & 0xff == 255)
        #expect(b[50, 50] == Self.white)
    }

    @Test func aMatteNamedByItsIndexMayLieBelowTheLayer() throws {
        // Lottie 5.12's matte parent `tp` (After Effects 2023's Track Matte menu, any layer as
        // the matte): here the matte is listed below the layer it mattes (LottieFiles'
        // layers/matte-below exports this); it masks the layer and is not drawn itself.
        let s = try LottieScene.parse(Array("""
        {"v": "5.11.0", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100, "layers": [
         {"ty": 1, "nm": "Red", "ind": 1, "tt": 1, "tp": 2, "ip": 0, "op": 60, "st": 0, "sc": "#ff0000", "sw": 100, "sh": 100, "ks": {}},
         {"ty": 1, "nm": "Matte", "ind": 2, "td": 1, "ip": 0, "op": 60, "st": 0, "sc": "#00ff00", "sw": 20, "sh": 20, "ks": {}}]}
        """.utf8))
        #expect(s.warnings.isEmpty, "\(s.warnings)")
        let b = Bitmap(width: 100, height: 100)
        LayerRenderer(background: .white).draw(s.root.presentation(at: 0), into: Canvas(b))
        #expect(b[10, 10] == Self.red && b[50, 50] == Self.white)
    }

    @Test func aLumaMatteWhoseSourceHasAMaskCutsTheLuminanceByTheMask() throws {
        // The matte's mask keeps the left half of the green square: luminance there, none beyond.
        let mask = LottieAfterEffectsReadingTests.mask("a", 0, 0, 10, 20)
        let (b, s) = try Self.render(matte: #""td": 1, "hasMask": true, "masksProperties": [\#(mask)]"#, tt: 3)
        #expect(s.warnings.isEmpty, "\(s.warnings)")
        let inside = b[5, 10]
        #expect(abs(Int((inside >> 8) & 0xff) - Int((255 * (1 - 0.7154)).rounded())) <= 2 && (inside >> 16) & 0xff == 255)
        #expect(b[15, 10] == Self.white && b[50, 50] == Self.white)
        // Luma inverted: the red shows everywhere but where the masked luminance is.
        let (inv, si) = try Self.render(matte: #""td": 1, "hasMask": true, "masksProperties": [\#(mask)]"#, tt: 4)
        #expect(si.warnings.isEmpty, "\(si.warnings)")
        #expect(inv[15, 10] == Self.red && inv[50, 50] == Self.red)
        #expect(abs(Int((inv[5, 10] >> 8) & 0xff) - Int((255 * 0.7154).rounded())) <= 3)
    }

    @Test func aHiddenAlphaMatteShowsNothingAndItsInverseEverything() throws {
        let (hidden, _) = try Self.render(matte: #""td": 1, "hd": true"#, tt: 1)
        #expect(hidden[10, 10] == Self.white && hidden[50, 50] == Self.white)
        let (inverse, _) = try Self.render(matte: #""td": 1, "hd": true"#, tt: 2)
        #expect(inverse[10, 10] == Self.red && inverse[50, 50] == Self.red)
    }

    /// A red 100 × 100 shape layer under an alpha-inverted matte whose source is a 40 × 40
    /// square at the centre (30…70) with a blue fill and a 10-wide stroke (band 25…35 and
    /// 65…75): an even-odd cut path cannot express the stroke, so the general inverse does.
    /// With `tt` 4 (luma inverted) and a `colour` of luminance L, the cut keeps 1 − L of the red.
    static func strokedInvertedMatte(reading: LottieReading, tt: Int = 2, colour: String = "[0, 0, 1, 1]") throws -> (Bitmap, LottieScene) {
        let s = try LottieScene.parse(Array("""
        {"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100, "layers": [
         {"ty": 4, "nm": "Matte", "ind": 1, "td": 1, "ip": 0, "op": 60, "st": 0, "ks": {}, "shapes": [
          {"ty": "gr", "it": [
           {"ty": "rc", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [40, 40]}, "r": {"a": 0, "k": 0}},
           {"ty": "st", "c": {"a": 0, "k": \(colour)}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 10}, "lc": 2, "lj": 1},
           {"ty": "fl", "c": {"a": 0, "k": \(colour)}, "o": {"a": 0, "k": 100}},
           {"ty": "tr", "p": {"a": 0, "k": [0, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]},
            "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]}]},
         {"ty": 4, "nm": "Red", "ind": 2, "tt": \(tt), "ip": 0, "op": 60, "st": 0, "ks": {}, "shapes": [
          {"ty": "rc", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}},
          {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]}]}
        """.utf8), reading: reading)
        let b = Bitmap(width: 100, height: 100)
        LayerRenderer(background: .white).draw(s.root.presentation(at: 0), into: Canvas(b))
        return (b, s)
    }

    @Test func invertedAlphaMatteOfAStrokedAndFilledSourceCutsOutTheStrokeAndTheFill() throws {
        let (b, s) = try Self.strokedInvertedMatte(reading: .afterEffects)
        #expect(s.warnings.isEmpty, "\(s.warnings)")
        // Cut out: the stroke's band outside the square (27, 72), its inner half (33) and the fill.
        for (x, y) in [(27, 50), (72, 50), (50, 27), (50, 73), (33, 50), (50, 50), (40, 60)] {
            #expect(b[x, y] == Self.white, "(\(x), \(y))")
        }
        // Kept: everything beyond the stroke.
        for (x, y) in [(10, 10), (22, 50), (78, 50), (50, 90), (95, 5)] {
            #expect(b[x, y] == Self.red, "(\(x), \(y))")
        }
        // Built as lottie-ios's InvertedMatteLayer draws it: an opaque plane the source erases
        // (destination-out), no colour filter.
        var erasers = 0, filtered = 0
        func walk(_ l: CALayer) {
            if l.compositingFilter == .destOut { erasers += 1 }
            if l.hasFilters { filtered += 1 }
            if let m = l.mask { walk(m) }
            for sub in l.sublayers ?? [] { walk(sub) }
        }
        walk(s.root)
        #expect(erasers == 1 && filtered == 0)
        // lottie-ios's Core Animation engine reading keeps its blind spot, said once.
        let (_, ios) = try Self.strokedInvertedMatte(reading: .iOS)
        #expect(ios.warnings.count == 1 && ios.warnings[0].hasPrefix("unsupported track matte (alpha inverted)"), "\(ios.warnings)")
    }

    /// Luma inverted (`tt` 4) of the same stroked source: a white source (luminance 1) cuts
    /// out the stroke and the fill; a grey one (luminance 0.5, Rec. 709) keeps half the red there.
    @Test func lumaInvertedMatteOfAStrokedSourceCutsByTheSourcesLuminance() throws {
        let (b, s) = try Self.strokedInvertedMatte(reading: .afterEffects, tt: 4, colour: "[1, 1, 1, 1]")
        #expect(s.warnings.isEmpty, "\(s.warnings)")
        for (x, y) in [(27, 50), (72, 50), (50, 50)] { #expect(b[x, y] == Self.white, "(\(x), \(y))") }
        for (x, y) in [(10, 10), (22, 50), (78, 50)] { #expect(b[x, y] == Self.red, "(\(x), \(y))") }
        let (grey, _) = try Self.strokedInvertedMatte(reading: .afterEffects, tt: 4, colour: "[0.5, 0.5, 0.5, 1]")
        // Red at alpha 1 − 0.5 over white: green and blue 255 · 0.5.
        for (x, y) in [(27, 50), (50, 50)] {
            let p = grey[x, y]
            #expect((p >> 16) & 0xff == 255 && abs(Int(p & 0xff) - 128) <= 2, "(\(x), \(y)): \(String(p, radix: 16))")
        }
        #expect(grey[10, 10] == Self.red)
    }
}
