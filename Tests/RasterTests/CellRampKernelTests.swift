// The constant middle of a deposited row's ramp (lk_cells_ramp in lk_coverage_cells.h): its
// four-lane steps, whose last one adds zero past the ramp, against the one-cell loop it stands
// for — the same bits in every cell of the ramp and, in the up to three cells its last step
// reaches past the ramp, the values they held.
import Testing
import CRasterSIMD

@Suite struct CellRampKernelTests {
    /// Cells with mixed signs and magnitudes (none of them −0), a fixed sequence per seed.
    static func cells(_ count: Int, seed: UInt64) -> [Float] {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        return (0..<count).map { _ in
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            let v = Float(Int64(bitPattern: state) >> 40) / Float(1 << 20)
            return v == 0 ? 0.25 : v
        }
    }

    @Test func rampAddsTheSameBitsAsTheOneCellLoopAndLeavesTheCellsPastIt() {
        let deltas: [Float] = [1, -1, 0.3333333, -0.0078125, 1e-7, 0.999_999_94]
        for n in 0...41 {
            for (k, d) in deltas.enumerated() {
                // The ramp at offset 2 of a row whose stride ends three cells past it, as in a
                // deposit whose last pixel is the row's last drawn column; four cells of canary
                // after the row.
                let start = 2, rowEnd = start + n + 3
                let initial = Self.cells(rowEnd + 4, seed: UInt64(n * 16 + k + 1))
                var expected = initial
                for i in start..<(start + n) { expected[i] += d }
                var got = initial
                got.withUnsafeMutableBufferPointer { b in lk_cells_ramp(b.baseAddress! + start, n, d) }
                #expect(got.map(\.bitPattern) == expected.map(\.bitPattern), "n \(n), d \(d)")
            }
        }
    }

    @Test func rampOverNegativeZeroCellsSumsAsTheOneCellLoop() {
        // A −0 cell the last step reaches past the ramp may become +0: both add the same to
        // any running sum that is not itself −0 (the sweep's starts at +0).
        for n in 1...9 {
            var got = [Float](repeating: -0.0, count: n + 3)
            got.withUnsafeMutableBufferPointer { b in lk_cells_ramp(b.baseAddress!, n, 0.5) }
            for i in 0..<n { #expect(got[i] == 0.5) }
            for i in n..<(n + 3) { #expect(got[i] == 0 && (Float(0.125) + got[i]).bitPattern == Float(0.125).bitPattern) }
        }
    }
}
