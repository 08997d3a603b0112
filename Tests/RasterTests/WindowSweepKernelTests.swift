// The wide-row sweep of lk_sweep_windows.h (windows of eight-cell blocks from a touched cell,
// solid runs across gaps of LK_WINDOW_GAP or more untouched cells) on its three paths — AVX2
// where this CPU has it, SSE2, plain C — against a reference written from the header's rule:
// the same pixels, the row's cells and bits cleared, the cells around the row untouched; and,
// on cells whose sums are exact in any order, the pixels of the left-to-right running sum.
import Testing
@testable import Raster
import CRasterSIMD
import RasterFuzzing

@Suite struct WindowSweepKernelTests {
    /// The coverage of every cell of the row (0 where the sweep paints nothing) by the header's
    /// windows: blocks of eight in DenseSweepKernelTests' order from each window's first cell.
    static func windowCoverage(_ cells: [Float], touched: Set<Int>, lo: Int, hi: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: cells.count + 64)
        let gap = Int(LK_WINDOW_GAP)
        var carry: Float = 0
        var i = lo
        while true {
            let block = (0..<8).map { i + $0 < hi ? cells[i + $0] : 0 }
            var t = block, u = block
            for j in 0..<8 { t[j] = block[j] + (j & 3 >= 1 ? block[j - 1] : 0) }
            for j in 0..<8 { u[j] = t[j] + (j & 3 >= 2 ? t[j - 2] : 0) }
            var x: Float = 0
            for j in 0..<8 {
                x = (u[j] + (j >= 4 ? u[3] : 0)) + carry
                out[i + j] = DenseSweepKernelTests.byte(x)
            }
            carry = x
            i += 8
            guard let next = touched.filter({ $0 >= i }).min() else { break }
            if next - i >= gap {
                for p in i..<next { out[p] = DenseSweepKernelTests.byte(carry) }
                i = next
            }
        }
        return out
    }

    /// A row of clusters of touched cells (some of them zero deltas) with gaps below, at and
    /// above LK_WINDOW_GAP, at every offset within a bit word and across words, some of them
    /// spanning four or more untouched words (which the AVX2 path skips four at a time).
    static func row(_ rng: inout SplitMix64, exact: Bool) -> (cells: [Float], touched: Set<Int>, lo: Int, hi: Int) {
        let lo = rng.int(130)
        var touched = Set<Int>()
        var x = lo
        for k in 0..<(1 + rng.int(10)) {
            if k > 0 { x += [1, 4, Int(LK_WINDOW_GAP) - 1, Int(LK_WINDOW_GAP), 9, 20 + rng.int(200), 250 + rng.int(600)][rng.int(7)] }
            let n = 1 + rng.int(5)
            for j in 0..<n { touched.insert(x + j) }
            x += n
        }
        let hi = touched.max()! + 1
        var cells = [Float](repeating: 0, count: hi)
        for i in touched {
            cells[i] = exact ? Float(rng.int(257) - 128) / 64 : DenseSweepKernelTests.cell(&rng)
        }
        return (cells, touched, lo, hi)
    }

    @Test func pathsEqualTheWindowReference() {
        var rng = SplitMix64(seed: 0x3A1D0)
        for _ in 0..<6_000 {
            let (rowCells, touched, lo, hi) = Self.row(&rng, exact: false)
            // The row's cells end at `stride` (zero past the touched ones); sentinels after it.
            let stride = hi + rng.int(12), size = stride + 12
            var cells = rowCells + [Float](repeating: 0, count: stride - hi)
            cells += (0..<(size - stride)).map { _ in Float(1 + rng.int(7)) }
            let columns = rng.int(3) == 0 ? lo + rng.int(hi - lo + 1) : hi + rng.int(12)
            let room = columns + rng.int(size - columns + 1)
            let color = PixelKernelTests.pixel(&rng)
            let background = (0..<size).map { _ in PixelKernelTests.pixel(&rng) }

            let coverage = Self.windowCoverage(Array(cells[0..<hi]), touched: touched, lo: lo, hi: hi)
            var expected = background
            let pixels = min(columns, size) - lo
            if pixels > 0 {
                expected.withUnsafeMutableBufferPointer { e in
                    coverage.withUnsafeBufferPointer { c in
                        lk_span_masked_portable(e.baseAddress! + lo, pixels, c.baseAddress! + lo, color)
                    }
                }
            }
            var clearedCells = cells
            for i in lo..<hi { clearedCells[i] = 0 }
            let words = (size >> 6) + 2

            for path in 0..<3 {
                var c = cells, p = background
                var bits = [UInt64](repeating: 0, count: words)
                for i in touched { bits[i >> 6] |= 1 << UInt64(i & 63) }
                c.withUnsafeMutableBufferPointer { cb in
                    p.withUnsafeMutableBufferPointer { pb in
                        switch path {
                        case 0:
                            lk_sweep_row_windows(cb.baseAddress!, &bits, lo, hi, stride, pb.baseAddress!, columns, room,
                                                 color, 0)
                        case 1:
                            lk_sweep_windows_blocks(cb.baseAddress!, bits, lo, hi, pb.baseAddress!, columns, color, 0)
                            for w in (lo >> 6)...((hi - 1) >> 6) { bits[w] = 0 }
                        default:
                            lk_sweep_row_windows(cb.baseAddress!, &bits, lo, hi, stride, pb.baseAddress!, columns, room,
                                                 color, 1)
                        }
                    }
                }
                #expect(p == expected, "path \(path), cells \(lo)..<\(hi), columns \(columns)")
                #expect(zip(c, clearedCells).allSatisfy { $0.bitPattern == $1.bitPattern || ($0 == 0 && $1 == 0) },
                        "path \(path)")
                #expect(bits.allSatisfy { $0 == 0 }, "path \(path)")
            }
        }
    }

    /// Cells that are small multiples of 1/64 sum exactly in any order, so the windows paint
    /// what the run-by-run sweep paints: each pixel at the running sum through its cell, and
    /// nothing after the row's last touched cell.
    @Test func exactSumsGiveTheRunningSumCoverage() {
        var rng = SplitMix64(seed: 0x3A1D1)
        for _ in 0..<3_000 {
            var (cells, touched, lo, hi) = Self.row(&rng, exact: true)
            // The sweep's cells always sum to zero over a row: the last touched cell closes it.
            cells[hi - 1] -= cells[lo..<hi].reduce(0, +)
            var sum: Float = 0
            var running = [UInt8](repeating: 0, count: hi + 8)
            for i in lo..<hi { sum += cells[i]; running[i] = DenseSweepKernelTests.byte(sum) }
            let size = hi + 8
            cells += [Float](repeating: 0, count: 8)
            let color = PixelKernelTests.pixel(&rng)
            let background = (0..<size).map { _ in PixelKernelTests.pixel(&rng) }
            var viaSweep = background, viaRuns = background
            var bits = [UInt64](repeating: 0, count: (size >> 6) + 1)
            for i in touched { bits[i >> 6] |= 1 << UInt64(i & 63) }
            lk_sweep_row_windows(&cells, &bits, lo, hi, size, &viaSweep, size, size, color, 0)
            viaRuns.withUnsafeMutableBufferPointer { r in
                running.withUnsafeBufferPointer { lk_span_masked_portable(r.baseAddress! + lo, size - lo, $0.baseAddress! + lo, color) }
            }
            #expect(viaSweep == viaRuns, "cells \(lo)..<\(hi)")
        }
    }
}
