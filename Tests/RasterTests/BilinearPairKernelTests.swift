// The two-sample bilinear kernel's vector path (`lk_bilinear_pair`, SSE2 where the target has
// it) against its portable integer path (`lk_bilinear_pair_portable`): bit-identical on random
// texels (premultiplied and arbitrary bytes), weights (the extremes 0 and 255 included, and
// bits above the low 8 that both ignore) and shades.
import CRasterSIMD
import Testing
import RasterFuzzing

@Suite struct BilinearPairKernelTests {
    @Test func vectorAndPortablePathsAgree() {
        var rng = SplitMix64(seed: 0x5EED_1A7E)
        let w = 6, h = 4
        var texels = [UInt32](repeating: 0, count: w * h)
        func weight() -> Int32 {
            switch UInt8.random(in: 0...7, using: &rng) {
            case 0: 0
            case 1: 255
            case 2: Int32(truncatingIfNeeded: rng.next()) // only the low 8 bits count
            default: Int32.random(in: 0...255, using: &rng)
            }
        }
        var mismatches = 0
        for round in 0..<20_000 {
            for i in texels.indices {
                if round % 2 == 0 {
                    let a = UInt32.random(in: 0...255, using: &rng)
                    let c = { UInt32.random(in: 0...a, using: &rng) }
                    texels[i] = a << 24 | c() << 16 | c() << 8 | c()
                } else {
                    texels[i] = UInt32.random(in: 0...UInt32.max, using: &rng)
                }
            }
            let ia = Int.random(in: 0..<(h - 1), using: &rng) * w + Int.random(in: 0..<(w - 1), using: &rng)
            let ib = Int.random(in: 0..<(h - 1), using: &rng) * w + Int.random(in: 0..<(w - 1), using: &rng)
            let (wxa, wya, wxb, wyb) = (weight(), weight(), weight(), weight())
            let shade = [0, 1, 128, 254, 255, 256, UInt32.random(in: 0...255, using: &rng)][Int.random(in: 0..<7, using: &rng)]
            texels.withUnsafeBufferPointer { t in
                let p = t.baseAddress!
                let vector = lk_bilinear_pair(p + ia, p + ib, w, wxa, wya, wxb, wyb, shade)
                let portable = lk_bilinear_pair_portable(p + ia, p + ib, w, wxa, wya, wxb, wyb, shade)
                if vector != portable {
                    mismatches += 1
                    if mismatches <= 5 {
                        Issue.record("round \(round): \(String(vector, radix: 16)) ≠ \(String(portable, radix: 16))")
                    }
                }
            }
        }
        #expect(mismatches == 0)
    }
}
