// Tests that the blend modes follow W3C Compositing and Blending Level 1: the blend functions
// at known values, the source-over composite around them, and a group's region drawn in a
// mode pixel for pixel as the formula gives it.

import Testing
@testable import Raster

@Suite struct BlendModeTests {
    static func gray(_ v: Double) -> SIMD3<Double> { SIMD3(repeating: v) }

    @Test func separableModesAtKnownValues() {
        let b = SIMD3(0.2, 0.5, 0.8), s = SIMD3(0.6, 0.5, 0.1)
        func near(_ x: SIMD3<Double>, _ y: SIMD3<Double>) -> Bool { ((x - y) * (x - y)).sum() < 1e-18 }
        #expect(near(BlendMode.multiply.blend(b, s), SIMD3(0.12, 0.25, 0.08)))
        #expect(near(BlendMode.screen.blend(b, s), SIMD3(0.68, 0.75, 0.82)))
        #expect(near(BlendMode.darken.blend(b, s), SIMD3(0.2, 0.5, 0.1)))
        #expect(near(BlendMode.lighten.blend(b, s), SIMD3(0.6, 0.5, 0.8)))
        #expect(near(BlendMode.difference.blend(b, s), SIMD3(0.4, 0, 0.7)))
        #expect(near(BlendMode.exclusion.blend(b, s), SIMD3(0.56, 0.5, 0.74)))
        // Overlay is hard light with the layers swapped: the backdrop decides.
        #expect(near(BlendMode.overlay.blend(b, s), BlendMode.hardLight.blend(s, b)))
        #expect(near(BlendMode.hardLight.blend(Self.gray(0.4), Self.gray(0.25)), Self.gray(0.2)))   // multiply(b, 2s)
        #expect(near(BlendMode.colorDodge.blend(Self.gray(0.3), Self.gray(0.5)), Self.gray(0.6)))
        #expect(near(BlendMode.colorBurn.blend(Self.gray(0.7), Self.gray(0.5)), Self.gray(0.4)))
        #expect(near(BlendMode.softLight.blend(Self.gray(0.25), Self.gray(0.5)), Self.gray(0.25)))   // 0.5 leaves it
        // After Effects' Add (clipped at 1) and Hard Mix (0 or 1 by whether the sum reaches 1).
        #expect(near(BlendMode.add.blend(b, s), SIMD3(0.8, 1, 0.9)))
        #expect(near(BlendMode.hardMix.blend(b, s), SIMD3(0, 1, 0)))
    }

    @Test func nonSeparableModesKeepWhatTheyTakeFromEachLayer() {
        func lum(_ c: SIMD3<Double>) -> Double { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }
        let b = SIMD3(0.8, 0.3, 0.2), s = SIMD3(0.1, 0.4, 0.9)
        #expect(abs(lum(BlendMode.luminosity.blend(b, s)) - lum(s)) < 1e-12)
        #expect(abs(lum(BlendMode.color.blend(b, s)) - lum(b)) < 1e-12)
        #expect(abs(lum(BlendMode.hue.blend(b, s)) - lum(b)) < 1e-12)
        #expect(abs(lum(BlendMode.saturation.blend(b, s)) - lum(b)) < 1e-12)
        // A grey source has no saturation to give: saturation mode greys the backdrop.
        let g = BlendMode.saturation.blend(b, Self.gray(0.5))
        #expect(g.max() - g.min() < 1e-12)
    }

    @Test func compositeIsSourceOverWhereEitherLayerIsAbsent() {
        let red: UInt32 = 0xffff_0000, halfBlue: UInt32 = 0x8000_0080
        for mode in BlendMode.allCases {
            // A transparent source leaves the backdrop (the unbounded minimum and destination-in
            // clear it); over nothing the source shows as it is (destination-out, an eraser,
            // and those two leave nothing).
            #expect(mode.composite(0, over: red) == (mode.isUnbounded ? 0 : red))
            #expect(mode.composite(halfBlue, over: 0) == (mode == .destinationOut || mode.isUnbounded ? 0 : halfBlue))
        }
        // Opaque over opaque: the blended colour alone.
        #expect(BlendMode.multiply.composite(0xff80_8080, over: 0xff80_ff40) == 0xff40_8020)
        #expect(BlendMode.difference.composite(0xffff_ffff, over: 0xffff_0000) == 0xff00_ffff)
    }

    @Test func aRegionDrawnInAModeIsTheFormulaPixelByPixel() {
        let backdrop = Bitmap(width: 8, height: 8), image = Bitmap(width: 4, height: 4)
        for i in 0..<(8 * 8) { backdrop.pixels[i] = 0xff00_0000 | UInt32(i * 4) << 16 | 0x8040 }
        for i in 0..<(4 * 4) { image.pixels[i] = i % 3 == 0 ? 0 : 0x8040_2010 | UInt32(i) }
        let before = Bitmap(width: 8, height: 8)
        before.pixels.update(from: backdrop.pixels, count: 64)
        Canvas(backdrop).draw(image, box: PixelBox(x0: 0, y0: 0, x1: 4, y1: 4), x: 2, y: 3, opacity: 1, blendMode: .screen)
        for y in 0..<8 {
            for x in 0..<8 {
                let inside = (2..<6).contains(x) && (3..<7).contains(y)
                let want = inside ? BlendMode.screen.composite(image[x - 2, y - 3], over: before[x, y]) : before[x, y]
                #expect(backdrop[x, y] == want, "pixel \(x), \(y)")
            }
        }
    }

    /// Runs of one source pixel over runs of one backdrop pixel, their boundaries apart (the
    /// region draw blends a repeated pair once): still the formula at every pixel, in every mode.
    @Test func runsOfRepeatedPixelsAreTheFormulaPixelByPixel() {
        let colours: [UInt32] = [0xff20_4060, 0x8040_2010, 0x4010_3020]
        for mode in BlendMode.allCases {
            let backdrop = Bitmap(width: 24, height: 3), image = Bitmap(width: 24, height: 3)
            for y in 0..<3 {
                for x in 0..<24 {
                    backdrop[x, y] = x < 10 ? 0xff80_4020 : (x < 17 ? 0xff10_c030 : 0x8020_1008)
                    image[x, y] = x % 11 == 5 ? 0 : colours[(x / 4 + y) % 3]
                }
            }
            let before = Bitmap(width: 24, height: 3)
            before.pixels.update(from: backdrop.pixels, count: 72)
            Canvas(backdrop).draw(image, box: PixelBox(x0: 0, y0: 0, x1: 24, y1: 3), x: 0, y: 0, opacity: 1, blendMode: mode)
            for y in 0..<3 {
                for x in 0..<24 {
                    let s = image[x, y]
                    let want = s == 0 && !mode.isUnbounded ? before[x, y] : mode.composite(s, over: before[x, y])
                    #expect(backdrop[x, y] == want, "\(mode) pixel \(x), \(y)")
                }
            }
        }
    }

    /// Unclipped at full opacity the region draw takes each texel as it is, without the weight's
    /// multiply: on arbitrary bytes (colour left in texels of alpha 0, runs of transparent
    /// texels) every mode still gives the general rule's pixels, the texel weighted by 255.
    @Test func fullOpacityTakesTexelsAsTheirWeightedSelves() {
        var rng = SplitMix(seed: 0xB1_E4D)
        for mode in BlendMode.allCases where mode.blendsColors {
            let backdrop = Bitmap(width: 37, height: 5), image = Bitmap(width: 37, height: 5)
            for i in 0..<(37 * 5) {
                backdrop.pixels[i] = UInt32(truncatingIfNeeded: rng.nextUInt())
                image.pixels[i] = (i / 9) % 3 == 1 ? 0 : UInt32(truncatingIfNeeded: rng.nextUInt()) & (i % 4 == 0 ? 0x00FF_FFFF : 0xFFFF_FFFF)
            }
            let before = Bitmap(width: 37, height: 5)
            before.pixels.update(from: backdrop.pixels, count: 37 * 5)
            Canvas(backdrop).draw(image, box: PixelBox(x0: 0, y0: 0, x1: 37, y1: 5), x: 0, y: 0, opacity: 1, blendMode: mode)
            var mismatches = 0
            for i in 0..<(37 * 5) {
                let s = lkScale(image.pixels[i], 255)
                if backdrop.pixels[i] != (s == 0 ? before.pixels[i] : mode.composite(s, over: before.pixels[i])) { mismatches += 1 }
            }
            #expect(mismatches == 0, "\(mode)")
        }
    }

    /// Destination-out: the backdrop times one minus the source's alpha, premultiplied bytes
    /// rounded, whatever the source's colour; the region draw (opacity, clip) agrees.
    @Test func destinationOutErasesTheBackdropByTheSourcesAlpha() {
        let red: UInt32 = 0xffff_0000
        #expect(BlendMode.destinationOut.composite(0xff12_3456, over: red) == 0)
        #expect(BlendMode.destinationOut.composite(0x8000_0080, over: red) == 0x7f7f_0000)
        #expect(BlendMode.destinationOut.composite(0x4040_4040, over: 0x8040_2010) == 0x6030_180c)
        let backdrop = Bitmap(width: 6, height: 1), image = Bitmap(width: 6, height: 1)
        for x in 0..<6 { backdrop[x, 0] = red; image[x, 0] = [0, 0xff00_0000, 0x8000_0000, 0x8080_8080, 0xffff_ffff, 0][x] }
        Canvas(backdrop).draw(image, box: PixelBox(x0: 0, y0: 0, x1: 6, y1: 1), x: 0, y: 0, opacity: 1, blendMode: .destinationOut)
        #expect((0..<6).map { backdrop[$0, 0] } == [red, 0, 0x7f7f_0000, 0x7f7f_0000, 0, red])
        // At half opacity a fully opaque texel erases half.
        backdrop[1, 0] = red
        Canvas(backdrop).draw(image, box: PixelBox(x0: 1, y0: 0, x1: 2, y1: 1), x: 0, y: 0, opacity: 0.5, blendMode: .destinationOut)
        #expect(backdrop[1, 0] == 0x7f7f_0000)
    }

    /// Maximum, minimum (CIMaximumCompositing / CIMinimumCompositing, by premultiplied byte),
    /// Porter–Duff xor, s·(1 − αb) + b·(1 − αs), and destination-in, b·αs, rounded per byte.
    @Test func maximumMinimumXorAndDestinationInCombineTheBytes() {
        #expect(BlendMode.destinationIn.composite(0x8012_3456, over: 0xff20_4080) == 0x8010_2040)
        #expect(BlendMode.maximum.composite(0x8010_4080, over: 0xff20_3040) == 0xff20_4080)
        #expect(BlendMode.minimum.composite(0x8010_4080, over: 0xff20_3040) == 0x8010_3040)
        // Half over half: each shows half of what the other leaves, 64 + 64.
        #expect(BlendMode.xor.composite(0x8000_0000, over: 0x8000_0000) == 0x8000_0000)
        #expect(BlendMode.xor.composite(0xff00_0000, over: 0xff00_0000) == 0)
        #expect(BlendMode.xor.composite(0x8000_0000, over: 0xff00_0000) == 0x7f00_0000)
        #expect(BlendMode.xor.composite(0xff00_0000, over: 0x4000_0000) == 0xbf00_0000)
    }

    /// The minimum and destination-in clear the backdrop outside the source's drawn area too
    /// (unbounded operators), inside the clip only; maximum and xor leave it there.
    @Test func theMinimumClearsWhatTheSourceDoesNotCover() {
        let grey: UInt32 = 0xc000_0000
        func drawn(_ op: BlendMode, clip: ClipShape? = nil) -> [UInt32] {
            let backdrop = Bitmap(width: 6, height: 2), image = Bitmap(width: 2, height: 1)
            for x in 0..<6 { backdrop[x, 0] = grey; backdrop[x, 1] = grey }
            image[0, 0] = 0xff00_0000; image[1, 0] = 0
            let c = Canvas(backdrop)
            if let clip { c.clip = clip }
            c.draw(image, box: PixelBox(x0: 0, y0: 0, x1: 2, y1: 1), x: 2, y: 0, opacity: 0.5, blendMode: op)
            return (0..<6).map { backdrop[$0, 0] } + (0..<6).map { backdrop[$0, 1] }
        }
        // The texel at x = 2 is opaque (half at opacity 0.5), the one at x = 3 transparent.
        #expect(drawn(.minimum) == [0, 0, 0x8000_0000, 0, 0, 0] + Array(repeating: 0, count: 6))
        #expect(drawn(.destinationIn) == [0, 0, 0x6000_0000, 0, 0, 0] + Array(repeating: 0, count: 6))
        #expect(drawn(.maximum) == [grey, grey, grey, grey, grey, grey] + Array(repeating: grey, count: 6))
        #expect(drawn(.xor) == [grey, grey, 0x8000_0000, grey, grey, grey] + Array(repeating: grey, count: 6))
        // Clipped to columns 1…4 of the first row: the minimum clears only there.
        #expect(drawn(.minimum, clip: .rect(Rect(1, 0, 4, 1))) == [grey, 0, 0x8000_0000, 0, 0, grey] + Array(repeating: grey, count: 6))
    }
}
