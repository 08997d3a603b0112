// After Effects' mask modes at partial alpha (After Effects Help, "Mask modes"), each on a small
// file of our own: a solid masked by rectangles, the alpha drawn at points inside each region
// against the value the mode gives — lighten the maximum and darken the minimum of the alphas
// (darken leaves nothing outside its mask), difference s·(1 − αb) + b·(1 − αs), as ThorVG's
// `_opMaskLighten`, `_opMaskDarken` and `_opMaskDifference` combine them.
import Testing
@testable import LayerKit
@testable import Lottie
import Raster
import TestSupport

@Suite(.freshAnimationContext) struct LottieMaskModeTests {
    typealias F = LottieFeatureFile
    typealias R = LottieAfterEffectsReadingTests

    /// A rectangular mask from x0…x1, y0…y1 in `mode`, at `opacity` per cent.
    static func mask(_ mode: String, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double,
                     opacity: Double = 100, inverted: Bool = false, feather: Double = 0) -> String {
        #"{"mode": "\#(mode)", "inv": \#(inverted), "o": {"k": \#(opacity)}, "x": {"k": 0}, "f": {"k": [\#(feather), \#(feather)]}, "pt": {"k": {"c": true, "v": [[\#(x0), \#(y0)], [\#(x1), \#(y0)], [\#(x1), \#(y1)], [\#(x0), \#(y1)]], "i": [[0,0],[0,0],[0,0],[0,0]], "o": [[0,0],[0,0],[0,0],[0,0]]}}}"#
    }

    /// The opaque red solid (100 × 100) under `masks`, drawn at frame 0; no warning.
    static func masked(_ masks: [String]) throws -> Bitmap {
        let s = try F.scene([F.solidLayer(extra: #""hasMask": true, "masksProperties": [\#(masks.joined(separator: ", "))]"#)])
        #expect(s.warnings.isEmpty, "\(s.warnings)")
        return R.render(s, frame: 0)
    }

    static func alpha(_ b: Bitmap, _ x: Int, _ y: Int) -> UInt32 { b[x, y] >> 24 }

    @Test func lightenOfTwoHalfOpaqueMasksKeepsTheHigherAlpha() throws {
        let b = try Self.masked([Self.mask("a", 10, 10, 60, 60, opacity: 50), Self.mask("l", 40, 40, 90, 90, opacity: 50)])
        // max(128, 128) where they overlap (an add would give 128 + 128 · 127/255 = 192).
        #expect([Self.alpha(b, 50, 50), Self.alpha(b, 20, 20), Self.alpha(b, 80, 80), Self.alpha(b, 80, 20)] == [128, 128, 128, 0])
    }

    @Test func darkenOfTwoHalfOpaqueMasksKeepsTheLowerAlphaAndNothingOutside() throws {
        let b = try Self.masked([Self.mask("a", 10, 10, 60, 60, opacity: 50), Self.mask("d", 40, 40, 90, 90, opacity: 50)])
        // min(128, 128) where they overlap (an intersect would give 128 · 128/255 = 64); min(128, 0)
        // in the first mask alone: nothing.
        #expect([Self.alpha(b, 50, 50), Self.alpha(b, 20, 20), Self.alpha(b, 80, 80), Self.alpha(b, 80, 20)] == [128, 0, 0, 0])
        // A darken mask at full opacity over a half-opaque one: the half.
        let full = try Self.masked([Self.mask("a", 10, 10, 60, 60, opacity: 50), Self.mask("d", 40, 40, 90, 90)])
        #expect([Self.alpha(full, 50, 50), Self.alpha(full, 80, 80)] == [128, 0])
    }

    @Test func anInvertedDifferenceMaskShowsWhereExactlyOneShows() throws {
        let b = try Self.masked([Self.mask("a", 10, 10, 60, 60), Self.mask("f", 40, 40, 90, 90, inverted: true)])
        // The inverted mask covers all but 40…90: it and the first overlap at (20, 20).
        #expect([Self.alpha(b, 20, 20), Self.alpha(b, 50, 50), Self.alpha(b, 80, 80), Self.alpha(b, 80, 20)] == [0, 255, 0, 255])
    }

    @Test func aHalfOpaqueDifferenceMaskLeavesHalfOfEach() throws {
        let b = try Self.masked([Self.mask("a", 10, 10, 60, 60), Self.mask("f", 40, 40, 90, 90, opacity: 50)])
        // Overlap: 128 · 0 + 255 · 127/255 = 127; the difference mask alone 128; the add mask alone 255.
        #expect([Self.alpha(b, 50, 50), Self.alpha(b, 80, 80), Self.alpha(b, 20, 20), Self.alpha(b, 80, 20)] == [127, 128, 255, 0])
        // A half-opaque add mask under it: 128 · 127/255 + 128 · 127/255 = 64 + 64.
        let half = try Self.masked([Self.mask("a", 10, 10, 60, 60, opacity: 50), Self.mask("f", 40, 40, 90, 90, opacity: 50)])
        #expect([Self.alpha(half, 50, 50), Self.alpha(half, 80, 80), Self.alpha(half, 20, 20)] == [128, 128, 128])
    }

    @Test func aDifferenceAfterAnAddAfterADifferenceWorksOnAllTheMasksAbove() throws {
        // Full-height bands along x: A 10…50 add, B 30…70 difference, C 60…90 add, D 20…80 difference.
        let b = try Self.masked([Self.mask("a", 10, 0, 50, 100), Self.mask("f", 30, 0, 70, 100),
                                 Self.mask("a", 60, 0, 90, 100), Self.mask("f", 20, 0, 80, 100)])
        // A xor B: 10…30, 50…70; with C: 10…30, 50…90; xor D: 10…20, 30…50, 80…90.
        #expect([15, 25, 40, 55, 65, 75, 85, 95].map { Self.alpha(b, $0, 50) } == [255, 0, 255, 0, 0, 0, 255, 0])
    }

    @Test func aFeatheredDifferenceMaskIsTheFeatheredMasksComplementInsideTheMaskAbove() throws {
        let soft = Self.mask("f", 35, 35, 65, 65, feather: 10)
        let alone = try Self.masked([soft.replacingOccurrences(of: #""mode": "f""#, with: #""mode": "a""#)])
        let b = try Self.masked([Self.mask("a", 0, 0, 100, 100), soft])
        // Over an opaque mask the difference is 255 − the feathered mask's alpha, pixel by
        // pixel, the soft edge included.
        let xs = [5, 28, 32, 35, 38, 42, 50]
        #expect(xs.map { Self.alpha(b, $0, 50) } == xs.map { 255 - Self.alpha(alone, $0, 50) })
        #expect(Self.alpha(b, 5, 50) == 255 && Self.alpha(b, 50, 50) == 0)
        #expect(Self.alpha(b, 35, 50) > 60 && Self.alpha(b, 35, 50) < 195)
    }

    @Test func anIntersectMaskKeepsTheProductAndALightenMaskAfterItSeesAllTheMasksAbove() throws {
        let b = try Self.masked([Self.mask("a", 10, 10, 60, 60, opacity: 50), Self.mask("i", 40, 40, 90, 90, opacity: 50)])
        // 128 · 128/255 = 64 where both are; nothing where either is missing.
        #expect([Self.alpha(b, 50, 50), Self.alpha(b, 20, 20), Self.alpha(b, 80, 80)] == [64, 0, 0])
        // A lighten band 0…30 after them: max(what they left, 255) in the band, even where the
        // first mask is not (5, 50), and what they left elsewhere.
        let l = try Self.masked([Self.mask("a", 10, 10, 60, 60), Self.mask("i", 40, 40, 90, 90, opacity: 50), Self.mask("l", 0, 0, 30, 100)])
        #expect([Self.alpha(l, 5, 50), Self.alpha(l, 20, 20), Self.alpha(l, 50, 50), Self.alpha(l, 80, 80), Self.alpha(l, 50, 20)] == [255, 255, 128, 0, 0])
    }

    @Test func anIntersectOrDarkenMaskThatShowsNothingHidesEverything() throws {
        // At 0 % (b · 0 = min(b, 0) = 0): the masks above show nothing through it.
        for mode in ["i", "d"] {
            let faded = try Self.masked([Self.mask("a", 10, 10, 60, 60), Self.mask(mode, 40, 40, 90, 90, opacity: 0)])
            #expect([Self.alpha(faded, 20, 20), Self.alpha(faded, 50, 50)] == [0, 0], "mode \(mode) at 0 %")
            // A path of no area: nothing either, where the masks above showed.
            let empty = try Self.masked([Self.mask("a", 10, 10, 60, 60), Self.mask(mode, 40, 40, 40, 40)])
            #expect([Self.alpha(empty, 20, 20), Self.alpha(empty, 50, 50)] == [0, 0], "mode \(mode) of no area")
        }
        // The other modes at 0 % leave the masks above as they are.
        for mode in ["l", "f", "s"] {
            let faded = try Self.masked([Self.mask("a", 10, 10, 60, 60), Self.mask(mode, 40, 40, 90, 90, opacity: 0)])
            #expect([Self.alpha(faded, 20, 20), Self.alpha(faded, 50, 50)] == [255, 255], "mode \(mode) at 0 %")
        }
    }
}
