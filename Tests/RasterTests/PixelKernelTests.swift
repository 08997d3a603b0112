// The vector fill kernels (SSE2 on x86-64) against their portable scalar versions: the span
// kernels on random pixels and coverages, and whole fills, strokes and hairlines drawn through
// a canvas with each `PixelKernels` choice, pixel for pixel.
import Testing
@testable import Raster
import CRasterSIMD
import RasterFuzzing

@Suite struct PixelKernelTests {
    /// Random premultiplied pixels (colour channels ≤ alpha), with runs of transparent and opaque ones.
    static func pixel(_ rng: inout SplitMix64) -> UInt32 {
        switch rng.int(6) {
        case 0: return 0
        case 1: return 0xFF00_0000 | UInt32(truncatingIfNeeded: rng.next() & 0xFF_FFFF)
        default:
            let a = UInt32(rng.int(256))
            func ch() -> UInt32 { a == 0 ? 0 : UInt32(rng.int(Int(a) + 1)) }
            return a << 24 | ch() << 16 | ch() << 8 | ch()
        }
    }

    @Test func maskedSpanEqualsPortable() {
        var rng = SplitMix64(seed: 0x5EED)
        var a = [UInt32](repeating: 0, count: 80), b = a
        var m = [UInt8](repeating: 0, count: 80)
        for _ in 0..<3_000 {
            let n = rng.int(80)
            let color = Self.pixel(&rng)
            for i in 0..<n {
                a[i] = Self.pixel(&rng); b[i] = a[i]
                m[i] = [0, 255, UInt8(rng.int(256))][rng.int(3)]
            }
            lk_span_masked(&a, n, m, color)
            lk_span_masked_portable(&b, n, m, color)
            #expect(a[0..<n] == b[0..<n])
        }
    }

    @Test func solidSpanEqualsPortable() {
        var rng = SplitMix64(seed: 0xC0DE)
        var a = [UInt32](repeating: 0, count: 70), b = a
        for _ in 0..<3_000 {
            let n = 1 + rng.int(70)
            let color = Self.pixel(&rng), cov = UInt32([255, 1 + rng.int(255)][rng.int(2)])
            for i in 0..<n { a[i] = Self.pixel(&rng); b[i] = a[i] }
            lk_span_solid(&a, n, cov, color, 0)
            lk_span_solid(&b, n, cov, color, 1)
            #expect(a[0..<n] == b[0..<n])
            // And the scalar rule itself: s + dst·(255 − alpha(s))/255 with s = colour·cov/255.
            let s = lkScale(color, cov)
            var c = [UInt32](repeating: 0, count: 70)
            for i in 0..<n { c[i] = Self.pixel(&rng); a[i] = c[i] }
            lk_span_solid(&a, n, cov, color, 0)
            for i in 0..<n { #expect(a[i] == s &+ lkScale(c[i], 255 - (s >> 24))) }
        }
    }

    /// The vector paths' x·k/255 (a high-half multiply by 257) against the portable rule for every
    /// channel value x and factor k: a span of 64 pixels whose 256 channels hold 0…255, painted
    /// source-over with s = 0 and inverse alpha k, through the AVX2 (or SSE2) and SSE2 kernels.
    @Test func overSpanEqualsPortableForEveryChannelAndFactor() {
        var base = [UInt32](repeating: 0, count: 64)
        for i in 0..<64 { base[i] = UInt32(4 * i) << 24 | UInt32(4 * i + 1) << 16 | UInt32(4 * i + 2) << 8 | UInt32(4 * i + 3) }
        for k in UInt32(0)...255 {
            var a = base, b = base, c = base
            lk_span_over(&a, 64, 0, k)
            lk_span_over_sse2(&b, 64, 0, k)
            lk_span_over_portable(&c, 64, 0, k)
            #expect(a == c)
            #expect(b == c)
        }
    }

    /// The random fills and strokes of the bounds fuzz (clips, rules, translucent colours,
    /// hairlines among them) drawn twice over the same background: identical pixels.
    @Test func canvasesWithEitherKernelsPaintTheSamePixels() {
        var rng = SplitMix64(seed: 0xFEED)
        var drawn = 0
        for _ in 0..<600 {
            let c = RasterFuzzCase.random(&rng)
            let vector = Canvas(Bitmap(width: c.width, height: c.height))
            let portable = Canvas(Bitmap(width: c.width, height: c.height))
            portable.kernels = .portable
            let background = Color(0.4, 0.5, 0.6, 0.5)
            vector.clear(background); portable.clear(background)
            c.draw(on: vector); c.draw(on: portable)
            let t = vector.target, u = portable.target
            #expect((0..<t.pixelCount).allSatisfy { t.pixels[$0] == u.pixels[$0] })
            if (0..<t.pixelCount).contains(where: { t.pixels[$0] != background.premultipliedARGB }) { drawn += 1 }
        }
        #expect(drawn > 300)
    }
}
