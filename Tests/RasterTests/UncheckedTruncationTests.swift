// CRasterSIMD's `lk_truncate`, the per-pixel double-to-integer conversion without a trap: the
// same value as Swift's `Int(_:)` (toward zero) wherever that is defined, and Int.min for NaN,
// infinities and values beyond Int's range.
import CRasterSIMD
import Testing
import RasterFuzzing

@Suite struct UncheckedTruncationTests {
    @Test func matchesIntConversionInRange() {
        var rng = SplitMix64(seed: 0x7A0C_A7E)
        for _ in 0..<100_000 {
            let x = Double.random(in: -2e9...2e9, using: &rng) * (Bool.random(using: &rng) ? 1 : 1e-6)
            #expect(Int(lk_truncate(x)) == Int(x), "\(x)")
        }
        for x in [0.0, -0.0, 0.999999, -0.999999, 1, -1, 65535.5, -65535.5, 9.2e18, -9.2e18] {
            #expect(Int(lk_truncate(x)) == Int(x), "\(x)")
        }
    }

    @Test func outOfRangeIsIntMin() {
        for x in [Double.nan, .infinity, -.infinity, 1e19, -1e19, 9223372036854775808.0] {
            #expect(Int(lk_truncate(x)) == Int.min, "\(x)")
        }
    }
}
