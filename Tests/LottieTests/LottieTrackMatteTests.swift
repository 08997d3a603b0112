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

    @Test func aHiddenAlphaMatteShowsNothingAndItsInverseEverything() throws {
        let (hidden, _) = try Self.render(matte: #""td": 1, "hd": true"#, tt: 1)
        #expect(hidden[10, 10] == Self.white && hidden[50, 50] == Self.white)
        let (inverse, _) = try Self.render(matte: #""td": 1, "hd": true"#, tt: 2)
        #expect(inverse[10, 10] == Self.red && inverse[50, 50] == Self.red)
    }
}
