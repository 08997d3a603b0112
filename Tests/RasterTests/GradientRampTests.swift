// Raster's gradient ramp (GradientRamp.swift) through a filter chain: the position rule
// (linear projection, radial distance, clamped), the sRGB mix of the two colours, the alpha
// kept, and the blend with the original in linear light.
import Testing
import Raster

@Suite struct GradientRampTests {
    static func ramp(radial: Bool = false, blend: Float = 0) -> GradientRamp {
        GradientRamp(start: SIMD2(0, 0), end: SIMD2(10, 0), startColor: [0, 0, 0, 1], endColor: [1, 1, 1, 1], radial: radial, blend: blend)
    }

    @Test func positionsFollowTheRampsShape() {
        let l = Self.ramp(), r = Self.ramp(radial: true)
        #expect(l.position(at: SIMD2(5, 7)) == 0.5 && l.position(at: SIMD2(-3, 0)) == 0 && l.position(at: SIMD2(30, 0)) == 1)
        #expect(abs(r.position(at: SIMD2(3, 4)) - 0.5) < 1e-12 && r.position(at: SIMD2(0, 20)) == 1)
        let point = GradientRamp(start: SIMD2(4, 4), end: SIMD2(4, 4), startColor: .zero, endColor: .zero, radial: false, blend: 0)
        #expect(point.position(at: SIMD2(0, 0)) == 1)
    }

    /// Straight sRGB channel of a premultiplied pixel.
    static func channel(_ p: UInt32, _ shift: UInt32) -> Double {
        let a = Double(p >> 24)
        return a == 0 ? 0 : Double((p >> shift) & 0xFF) / a
    }

    @Test func theRampReplacesColourThroughTheAlpha() {
        let b = Bitmap(width: 10, height: 2)
        for x in 0..<10 { b[x, 0] = 0xFF_FF_00_00; b[x, 1] = 0x80_80_00_00 }   // red, opaque and half
        b[9, 1] = 0
        FilterChain.apply([.gradientRamp(Self.ramp())], to: b, edge: .transparent)
        // Pixel 0's centre at t 0.05, pixel 9's at 0.95; sRGB grey t (mixed in sRGB).
        #expect(abs(Self.channel(b[0, 0], 8) - 0.05) < 0.01 && abs(Self.channel(b[9, 0], 0) - 0.95) < 0.01)
        #expect(abs(Self.channel(b[4, 0], 16) - 0.45) < 0.01 && b[4, 0] >> 24 == 0xFF)
        #expect(b[4, 1] >> 24 == 0x80 && abs(Self.channel(b[4, 1], 8) - 0.45) < 0.02)
        #expect(b[9, 1] == 0)
    }

    @Test func blendKeepsTheOriginalInLinearLight() {
        let b = Bitmap(width: 10, height: 1)
        for x in 0..<10 { b[x, 0] = 0xFF_FF_00_00 }
        let black = GradientRamp(start: SIMD2(0, 0), end: SIMD2(10, 0), startColor: [0, 0, 0, 1], endColor: [0, 0, 0, 1],
                                 radial: false, blend: 0.5)
        FilterChain.apply([.gradientRamp(black)], to: b, edge: .transparent)
        // Linear 0.5 of red: sRGB 0.735.
        #expect(abs(Self.channel(b[3, 0], 16) - 0.735) < 0.01 && Self.channel(b[3, 0], 8) == 0)
        #expect(PixelFilter.gradientRamp(black).reach == 0)
    }
}
