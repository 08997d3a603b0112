// The run-time-chosen vector kernels of the fill sweep against their references: the AVX-512
// span kernels (lk_solid_spans_avx512.h) where this CPU has AVX-512, the AVX2 ones
// (lk_solid_spans_avx2.h, behind lk_span_over / lk_span_masked) and the SSE2 ones, each against
// the portable scalar spans.
import Testing
@testable import Raster
import CRasterSIMD
import RasterFuzzing

@Suite struct VectorSweepKernelTests {
    /// Spans long enough for several eight-pixel steps and every ragged end, through the
    /// dispatching kernels (AVX2 where this CPU has it) and the SSE2 ones: both equal the portable span.
    @Test func wideSpansEqualPortable() {
        var rng = SplitMix64(seed: 0xA1B2)
        let count = 150
        var viaDispatch = [UInt32](repeating: 0, count: count), viaSSE2 = viaDispatch, viaPortable = viaDispatch
        var m = [UInt8](repeating: 0, count: count)
        for round in 0..<4_000 {
            let n = rng.int(count)
            let color = PixelKernelTests.pixel(&rng)
            for i in 0..<n {
                viaDispatch[i] = PixelKernelTests.pixel(&rng); viaSSE2[i] = viaDispatch[i]; viaPortable[i] = viaDispatch[i]
                m[i] = [0, 255, UInt8(rng.int(256))][rng.int(3)]
            }
            if round % 2 == 0 {
                lk_span_masked(&viaDispatch, n, m, color)
                lk_span_masked_sse2(&viaSSE2, n, m, color)
                lk_span_masked_portable(&viaPortable, n, m, color)
            } else {
                let s = lkScale(color, UInt32(1 + rng.int(255)))
                let ia = 255 - (s >> 24)
                lk_span_over(&viaDispatch, n, s, ia)
                lk_span_over_sse2(&viaSSE2, n, s, ia)
                lk_span_over_portable(&viaPortable, n, s, ia)
            }
            #expect(viaDispatch[0..<n] == viaPortable[0..<n])
            #expect(viaSSE2[0..<n] == viaPortable[0..<n])
        }
    }

    /// The AVX-512 kernels called directly (not through the dispatch, which sends them only the
    /// longer spans): every length from 1 to 299, twice each for both kernels, at random offsets
    /// (the masked short step, the sixteen-pixel steps and the overlapping last step), pixels,
    /// coverages and colours random, opaque colours among them; each equals the portable span,
    /// and the pixels around the span keep their values. Runs only where this CPU has AVX-512
    /// (F, BW, VL).
    @Test(.enabled(if: lk_cpu_has_avx512() != 0)) func avx512SpansEqualPortable() {
        var rng = SplitMix64(seed: 0x512A)
        let count = 340
        var viaAVX512 = [UInt32](repeating: 0, count: count), viaPortable = viaAVX512
        var m = [UInt8](repeating: 0, count: count)
        for round in 0..<1_196 {
            let n = 1 + (round / 2) % 299, at = rng.int(count - n - 16) + 8
            var color = PixelKernelTests.pixel(&rng)
            if rng.int(3) == 0 { color |= 0xFF00_0000 }
            for i in 0..<count {
                viaAVX512[i] = PixelKernelTests.pixel(&rng); viaPortable[i] = viaAVX512[i]
                m[i] = [0, 255, UInt8(rng.int(256))][rng.int(3)]
            }
            viaAVX512.withUnsafeMutableBufferPointer { a in
                viaPortable.withUnsafeMutableBufferPointer { p in
                    m.withUnsafeBufferPointer { mm in
                        let pa = a.baseAddress! + at, pp = p.baseAddress! + at, cov = mm.baseAddress! + at
                        if round % 2 == 0 {
                            lk_span_masked_avx512(pa, n, cov, color)
                            lk_span_masked_portable(pp, n, cov, color)
                        } else {
                            let s = lkScale(color, UInt32(1 + rng.int(255)))
                            lk_span_over_avx512(pa, n, s, 255 - (s >> 24))
                            lk_span_over_portable(pp, n, s, 255 - (s >> 24))
                        }
                    }
                }
            }
            #expect(viaAVX512 == viaPortable, "round \(round): \(n) pixels at \(at)")
        }
    }

    /// The AVX-512 source-over's x·k/255 against the portable rule for every channel value x and
    /// factor k (as PixelKernelTests does for the AVX2 and SSE2 kernels), on a span of 64 pixels
    /// holding the 256 channel values. Only where this CPU has AVX-512.
    @Test(.enabled(if: lk_cpu_has_avx512() != 0)) func avx512OverEqualsPortableForEveryChannelAndFactor() {
        var base = [UInt32](repeating: 0, count: 64)
        for i in 0..<64 { base[i] = UInt32(4 * i) << 24 | UInt32(4 * i + 1) << 16 | UInt32(4 * i + 2) << 8 | UInt32(4 * i + 3) }
        for k in UInt32(0)...255 {
            var a = base, c = base
            lk_span_over_avx512(&a, 64, 0, k)
            lk_span_over_portable(&c, 64, 0, k)
            #expect(a == c)
        }
    }
}
