// Tests that Lottie layer blend modes become compositing filters — every mode in After Effects'
// reading (luminosity, add and hard mix included), the ones lottie-ios gives Core Animation in
// the iOS reading — and that a mode without one is said once.

import Testing
@testable import LayerKit
@testable import Lottie
import Raster

@Suite(.freshAnimationContext) struct LottieBlendModeTests {
    static func layer(_ name: String, bm: Int) -> String {
        ##"{"ty": 1, "nm": "\##(name)", "bm": \##(bm), "ip": 0, "op": 60, "st": 0, "sc": "#ff8000", "sw": 40, "sh": 30, "ks": {}}"##
    }

    static let fiveLayers = [layer("M", bm: 1), layer("D", bm: 10), layer("C", bm: 14), layer("N", bm: 0), layer("L", bm: 15)]
    static let five = "[" + fiveLayers.joined(separator: ",") + "]"

    @Test func blendModesBecomeCompositingFiltersInTheIOSReading() throws {
        let s = try LottieImporterTests.scene(layers: Self.five, reading: .iOS)
        let filters = (s.root.sublayers ?? []).map(\.compositingFilter)
        #expect(filters.count == 5)
        // Layers are listed top first in Lottie and drawn bottom first.
        #expect(Set(filters.compactMap { $0 }) == [.multiplyBlendMode, .differenceBlendMode, .colorBlendMode])
        #expect(filters.filter { $0 == nil }.count == 2)   // normal, and luminosity as Apple's renders show it
        #expect(s.warnings.isEmpty)
    }

    @Test func aModeWithoutAFilterIsSaidInTheIOSReading() throws {
        let s = try LottieImporterTests.scene(layers: "[" + Self.layer("Add", bm: 16) + "]", reading: .iOS)
        #expect(s.warnings == ["unsupported blend mode 16 in layer \"Add\""])
        #expect(s.root.sublayers?.first?.compositingFilter == nil)
    }

    /// After Effects' reading: luminosity as lottie-web's `getBlendMode` names it (15 →
    /// "luminosity"), add (16) and hard mix (17) as After Effects' own modes (lottie-spec
    /// "Blend Mode"); a number past 17 is said.
    @Test func everyAfterEffectsModeBecomesACompositingFilter() throws {
        let layers = Self.fiveLayers + [Self.layer("A", bm: 16), Self.layer("H", bm: 17), Self.layer("X", bm: 18)]
        let s = try LottieImporterTests.scene(layers: "[" + layers.joined(separator: ",") + "]")
        let filters = Set((s.root.sublayers ?? []).compactMap(\.compositingFilter))
        let want: Set<CACompositingFilter> = [.multiplyBlendMode, .differenceBlendMode, .colorBlendMode, .luminosityBlendMode,
                                              .linearDodgeBlendMode, .hardMixBlendMode]
        #expect(filters == want)
        #expect(s.warnings == ["unsupported blend mode 18 in layer \"X\""])
    }

    /// A solid in `bm` over a solid below it, the pixel at the centre (straight ARGB).
    static func blended(_ bm: Int, top: String, below: String) throws -> UInt32 {
        func solid(_ name: String, _ colour: String, bm: Int) -> String {
            ##"{"ty": 1, "nm": "\##(name)", "bm": \##(bm), "ip": 0, "op": 60, "st": 0, "sc": "\##(colour)", "sw": 200, "sh": 100, "ks": {}}"##
        }
        let s = try LottieImporterTests.scene(layers: "[" + solid("Top", top, bm: bm) + "," + solid("Below", below, bm: 0) + "]")
        let b = LottieAfterEffectsReadingTests.render(s, frame: 0)
        return b[50, 50]
    }

    /// Add sums the channels, clipped at white: (0x40, 0x80, 0xc0) + (0x30, 0x90, 0x20) =
    /// (0x70, 0xff, 0xe0). Hard mix pushes each channel to 0 or 1 by whether the sum reaches 1
    /// (Skottie's min(floor(Cs + Cb), 1)). Luminosity keeps the backdrop's hue and saturation
    /// and takes the layer's luminosity (W3C Compositing, SetLum): a white layer over red
    /// gives white, a black one black.
    @Test func addHardMixAndLuminosityDrawTheirFormulas() throws {
        #expect(try Self.blended(16, top: "#4080c0", below: "#309020") == 0xff70_ffe0)
        #expect(try Self.blended(17, top: "#4080c0", below: "#309020") == 0xff00_ff00)
        #expect(try Self.blended(15, top: "#ffffff", below: "#ff0000") == 0xffff_ffff)
        #expect(try Self.blended(15, top: "#000000", below: "#ff0000") == 0xff00_0000)
        // Normal draws the layer as it is.
        #expect(try Self.blended(0, top: "#4080c0", below: "#309020") == 0xff40_80c0)
    }
}
