// The narrow-row sweep of lk_sweep_dense.h (eight cells per step, a blocked prefix sum) on its
// paths — the dispatch (AVX-512 where this CPU has it, else AVX2), AVX2 called directly where
// the CPU has it, SSE2, plain C — against a reference written from
// the header's order of additions: the same pixels, the row's cells and bits cleared and the
// cells around the row untouched; and, on cells whose sums are exact in any order, the pixels
// of the left-to-right running sum.
import Testing
@testable import Raster
import CRasterSIMD
import RasterFuzzing

@Suite struct DenseSweepKernelTests {
    static func cell(_ rng: inout SplitMix64) -> Float {
        switch rng.int(10) {
        case 0, 1: return 0
        case 2: return -0.0
        case 3: return Float(rng.int(5)) - 2
        case 4: return rng.int(50) == 0 ? .nan : 1
        default: return Float(rng.int(1 << 20)) / Float(1 << 19) - 1
        }
    }

    /// ⌊min(|x|, 1)·255 + 0.5⌋, NaN as 1: the sweep's coverage rule.
    static func byte(_ x: Float) -> UInt8 {
        var v = abs(x)
        if !(v <= 1) { v = 1 }
        return UInt8(Int32(v * 255 + 0.5))
    }

    /// The coverage of each cell in the header's order: blocks of eight, a prefix sum by
    /// halving steps within each half, the low half's total added to the high half, then the
    /// carried sum.
    static func blockedCoverage(_ cells: ArraySlice<Float>) -> [UInt8] {
        let cells = Array(cells)
        var out: [UInt8] = []
        var carry: Float = 0
        var i = 0
        while i < cells.count {
            var c = [Float](repeating: 0, count: 8), t = c, u = c
            for j in 0..<8 where i + j < cells.count { c[j] = cells[i + j] }
            for j in 0..<8 {
                let before: Float = j & 3 >= 1 ? c[j - 1] : 0
                t[j] = c[j] + before
            }
            for j in 0..<8 {
                let before: Float = j & 3 >= 2 ? t[j - 2] : 0
                u[j] = t[j] + before
            }
            var x: Float = 0
            for j in 0..<8 {
                let low: Float = j >= 4 ? u[3] : 0
                x = (u[j] + low) + carry
                if i + j < cells.count { out.append(byte(x)) }
            }
            carry = x
            i += 8
        }
        return out
    }

    /// Rows of every length up to the dense limit, at every offset within a bit word, with
    /// drawn columns ending before, at or after the row's cells and rows ending at or after
    /// them: the AVX2 (where present), SSE2 and portable paths paint the reference's pixels,
    /// leave every other pixel (drawn or not) as it was, and leave the same cells.
    @Test func pathsEqualTheBlockedReference() {
        var rng = SplitMix64(seed: 0xDE5E)
        let limit = Int(LK_DENSE_ROW)
        for _ in 0..<20_000 {
            let n = 1 + rng.int(limit), lo = rng.int(130), hi = lo + n
            // The row's cells end at `stride` (zero past the touched ones, as in the cell
            // buffer); sentinels before the row and after its end must be left alone.
            let stride = hi + rng.int(12), size = stride + 12
            var cells = (0..<size).map { _ in Float(1 + rng.int(7)) }
            for i in lo..<stride { cells[i] = i < hi ? Self.cell(&rng) : 0 }
            let columns = rng.int(3) == 0 ? lo + rng.int(n + 1) : hi + rng.int(12)
            let room = columns + rng.int(size - columns + 1)                 // the bitmap's row
            let pixels = max(0, min(hi, columns) - lo)
            let color = PixelKernelTests.pixel(&rng)
            let background = (0..<size).map { _ in PixelKernelTests.pixel(&rng) }

            let expected = Self.maskedComposite(background, cells, lo..<hi, pixels: pixels, color: color)
            var clearedCells = cells
            for i in lo..<hi { clearedCells[i] = 0 }

            for path in 0..<4 {
                if path == 3 && lk_cpu_has_avx2() == 0 { continue }
                var c = cells, p = background
                var bits = [UInt64](repeating: ~0, count: 5)
                c.withUnsafeMutableBufferPointer { cb in
                    p.withUnsafeMutableBufferPointer { pb in
                        switch path {
                        case 0: lk_sweep_row_dense(cb.baseAddress!, &bits, lo, hi, stride, pb.baseAddress!, columns, room, color, 0)
                        case 1: lk_sweep_dense_blocks(cb.baseAddress! + lo, n, pb.baseAddress! + lo, pixels, color, 0)
                        case 2: lk_sweep_row_dense(cb.baseAddress!, &bits, lo, hi, stride, pb.baseAddress!, columns, room, color, 1)
                        default: lk_sweep_row_dense_avx2(cb.baseAddress!, &bits, lo, hi, stride, pb.baseAddress!, columns, room, color)
                        }
                    }
                }
                #expect(p == expected, "path \(path), cells \(lo)..<\(hi), columns \(columns)")
                #expect(zip(c, clearedCells).allSatisfy { $0.bitPattern == $1.bitPattern || ($0 == 0 && $1 == 0) },
                        "path \(path)")
                if path != 1 {
                    #expect((lo >> 6...(hi - 1) >> 6).allSatisfy { bits[$0] == 0 })
                }
            }
        }
    }

    /// `background` with `color` composited over its first `pixels` pixels from `cells.lowerBound`
    /// through the coverage the cells in `cells` give: the portable masked span every path must equal.
    static func maskedComposite(_ background: [UInt32], _ cells: [Float], _ range: Range<Int>, pixels: Int,
                                color: UInt32) -> [UInt32] {
        var expected = background
        let coverage = blockedCoverage(cells[range])
        if pixels > 0 {
            expected.withUnsafeMutableBufferPointer { e in
                coverage.withUnsafeBufferPointer { lk_span_masked_portable(e.baseAddress! + range.lowerBound, pixels, $0.baseAddress!, color) }
            }
        }
        return expected
    }

    /// Rows whose inside is at full coverage (a +1 or −1 cell, then zeros, then its opposite):
    /// the AVX2 path's blocks of eight full pixels (and the AVX-512 path's sixteen), stored as the
    /// opaque colour or composited as a solid run, and its last block, give the masked
    /// source-over's pixels on every path (the dispatch, plain C, AVX2 directly),
    /// for opaque, translucent and transparent colours and the last block ending anywhere.
    @Test func fullCoverageBlocksEqualTheMaskedComposite() {
        var rng = SplitMix64(seed: 0xF011)
        for _ in 0..<5_000 {
            let n = 2 + rng.int(Int(LK_DENSE_ROW) - 1), lo = rng.int(70), hi = lo + n
            let stride = hi + 7 + rng.int(4), size = stride + 4
            var cells = [Float](repeating: 0, count: size)
            let sign: Float = rng.int(2) == 0 ? 1 : -1
            let first = lo + rng.int(min(3, n - 1)), last = max(first + 1, hi - 1 - rng.int(3))   // both in lo..<hi
            cells[first] = sign * (rng.int(4) == 0 ? 0.75 : 1)
            cells[last] = -cells[first]
            cells[lo] += rng.int(3) == 0 ? 0.25 : 0
            let columns = rng.int(4) == 0 ? lo + rng.int(n + 1) : hi + rng.int(12)
            let room = max(columns, rng.int(2) == 0 ? size : columns)
            let pixels = max(0, min(hi, columns) - lo)
            let color: UInt32 = switch rng.int(3) {
            case 0: 0xFF00_0000 | UInt32(truncatingIfNeeded: rng.next() & 0xFF_FFFF)
            case 1: 0x8040_2010
            default: PixelKernelTests.pixel(&rng)
            }
            let background = (0..<size).map { _ in PixelKernelTests.pixel(&rng) }
            let expected = Self.maskedComposite(background, cells, lo..<hi, pixels: pixels, color: color)
            for path: Int32 in [0, 1, 2] {
                if path == 2 && lk_cpu_has_avx2() == 0 { continue }
                var c = cells, p = background
                var bits = [UInt64](repeating: ~0, count: 3)
                c.withUnsafeMutableBufferPointer { cb in
                    p.withUnsafeMutableBufferPointer { pb in
                        if path == 2 {
                            lk_sweep_row_dense_avx2(cb.baseAddress!, &bits, lo, hi, stride, pb.baseAddress!, columns, room, color)
                        } else {
                            lk_sweep_row_dense(cb.baseAddress!, &bits, lo, hi, stride, pb.baseAddress!, columns, room, color, path)
                        }
                    }
                }
                #expect(p == expected, "path \(path), cells \(lo)..<\(hi), columns \(columns), colour \(color)")
                #expect(c.allSatisfy { $0 == 0 })
            }
        }
    }

    /// Cells that are small multiples of 1/64 sum exactly in any order, so the blocked sums are
    /// the left-to-right running sums and the dense sweep paints what a run-by-run sweep would.
    @Test func exactSumsGiveTheRunningSumCoverage() {
        var rng = SplitMix64(seed: 0x5E0)
        for _ in 0..<5_000 {
            let n = 1 + rng.int(Int(LK_DENSE_ROW))
            var cells = (0..<n).map { _ in Float(rng.int(257) - 128) / 64 }
            var sum: Float = 0
            let running = cells.map { c -> UInt8 in sum += c; return Self.byte(sum) }
            #expect(Self.blockedCoverage(cells[...]) == running)
            let color = PixelKernelTests.pixel(&rng)
            let background = (0..<n).map { _ in PixelKernelTests.pixel(&rng) }
            var viaSweep = background, viaRuns = background
            var bits = [UInt64](repeating: ~0, count: 2)
            lk_sweep_row_dense(&cells, &bits, 0, n, n, &viaSweep, n, n, color, 0)
            lk_span_masked_portable(&viaRuns, n, running, color)
            #expect(viaSweep == viaRuns)
        }
    }
}
