// The cross-fade row kernel's vector path (`lk_lerp_spread_row`, SSE2 where the target has it)
// against its portable path and against Raster's `lkLerpSpread` per pixel: bit-identical on
// random rows of every length up to 19 (so every tail after the four-pixel steps), with
// premultiplied and arbitrary bytes and the weights 0, 256 and random ones.
import CRasterSIMD
@testable import Raster
import Testing

@Suite struct LerpSpreadRowKernelTests {
    @Test func vectorPortableAndSwiftPathsAgree() {
        var rng = SplitMix(seed: 0x1E5_CAFE)
        func random(_ bound: UInt32) -> UInt32 { UInt32(rng.nextUInt() % (UInt64(bound) + 1)) }
        var mismatches = 0
        for round in 0..<4_000 {
            let n = round % 20
            let a = (0..<n).map { _ in random(UInt32.max) }
            let b = (0..<n).map { _ in
                let alpha = random(255)
                let c = { random(alpha) }
                return alpha << 24 | c() << 16 | c() << 8 | c()
            }
            let w: UInt32 = [0, 256, 128, random(256)][round % 4]
            var vector = [UInt64](repeating: 0xDEAD, count: n)
            var portable = [UInt64](repeating: 0xBEEF, count: n)
            lk_lerp_spread_row(&vector, a, b, n, w)
            lk_lerp_spread_row_portable(&portable, a, b, n, w)
            for i in 0..<n {
                let swift = lkLerpSpread(lkSpread(a[i]), lkSpread(b[i]), UInt64(w))
                if vector[i] != portable[i] || vector[i] != swift { mismatches += 1 }
            }
            if w == 0 { #expect(vector.map { lkPack($0) } == a) }
            if w == 256 { #expect(vector.map { lkPack($0) } == b) }
        }
        #expect(mismatches == 0)
    }
}
