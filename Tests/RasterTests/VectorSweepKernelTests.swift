// The run-time-chosen vector kernels of the fill sweep against their references: the AVX2
// span kernels (lk_solid_spans_avx2.h, behind lk_span_over / lk_span_masked) and the SSE2 ones
// each against the portable scalar spans.
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
}
