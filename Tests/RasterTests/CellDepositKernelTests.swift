// The cell deposit on its two paths (lk_coverage_cells.h's edge functions as compiled for the
// baseline, and their AVX2 instantiation of lk_cells_avx2.h where this CPU has it): random
// polygons whose edges cross the band's top and bottom, run past its left and right columns,
// lie flat, steep, vertical, on integer coordinates or within one cell, deposited into two
// buffers of the same layout, must leave the same bits in every cell, the same written bits and
// the same touched range per row, with every cell range checked on both paths. The dispatching
// entry with `portable` set must take the baseline path. The polygon loop's steps over runs of
// points outside the band must leave the cells of adding each edge one by one.
import Testing
import CRasterSIMD
import RasterFuzzing

@Suite struct CellDepositKernelTests {
    /// A band's buffers: `rows × stride` cells, their bit words and row ranges (empty), each
    /// row's first touched cell and one past its last side by side.
    struct Band {
        var cells: [Float], bits: [UInt64], ranges: [Int32]
        var lo: [Int32] { Swift.stride(from: 0, to: ranges.count, by: 2).map { ranges[$0] } }
        var hi: [Int32] { Swift.stride(from: 1, to: ranges.count, by: 2).map { ranges[$0] } }
        let rows: Int, stride: Int, words: Int, top: Int, left: Int, right: Int

        init(rows: Int, top: Int, left: Int, right: Int) {
            self.rows = rows; self.top = top; self.left = left; self.right = right
            stride = right - left + 2
            words = (stride + 63) >> 6
            cells = [Float](repeating: 0, count: rows * stride)
            bits = [UInt64](repeating: 0, count: rows * words)
            ranges = (0..<rows).flatMap { _ in [Int32.max, Int32.min] }
        }

        /// Adds the contours (`points` as x, y pairs; contour starts) through `add`.
        mutating func add(_ points: [Double], _ starts: [Int],
                          _ add: (UnsafePointer<lk_cells>, UnsafePointer<Double>, Int, UnsafePointer<Int>, Int) -> Void) {
            let (rows, stride, words, top, left, right) = (rows, stride, words, top, left, right)
            cells.withUnsafeMutableBufferPointer { c in
                bits.withUnsafeMutableBufferPointer { b in
                    ranges.withUnsafeMutableBufferPointer { g in
                        var band = lk_cells_band(c.baseAddress!, b.baseAddress!, g.baseAddress!, stride, words, rows,
                                                 top, left, right)
                        points.withUnsafeBufferPointer { p in
                            starts.withUnsafeBufferPointer { s in
                                add(&band, p.baseAddress!, points.count / 2, s.baseAddress!, starts.count)
                            }
                        }
                    }
                }
            }
        }
    }

    /// A coordinate: anywhere from well outside the band to inside it, sometimes on an integer,
    /// sometimes a hair from one.
    static func coordinate(_ rng: inout SplitMix64, from: Int, to: Int) -> Double {
        let span = Double(to - from)
        switch rng.int(6) {
        case 0: return Double(from - 8 + rng.int(to - from + 17))
        case 1: return Double(from + rng.int(to - from + 1)) + (rng.int(2) == 0 ? 1e-9 : -1e-9)
        default: return Double(from) - 0.3 * span + 1.6 * span * rng.unit()
        }
    }

    /// A set of contours: each a few points, the next one often close to the last (edges within
    /// a cell or a row), sometimes straight up or across.
    static func polygons(_ rng: inout SplitMix64, top: Int, bottom: Int, left: Int, right: Int) -> ([Double], [Int]) {
        var points: [Double] = [], starts: [Int] = []
        for _ in 0..<(1 + rng.int(4)) {
            starts.append(points.count / 2)
            var x = coordinate(&rng, from: left, to: right), y = coordinate(&rng, from: top, to: bottom)
            for _ in 0..<(2 + rng.int(12)) {
                points += [x, y]
                switch rng.int(5) {
                case 0: x += rng.unit() * 2 - 1; y += rng.unit() * 2 - 1
                case 1: y = coordinate(&rng, from: top, to: bottom)
                case 2: x = coordinate(&rng, from: left, to: right)
                default: x = coordinate(&rng, from: left, to: right); y = coordinate(&rng, from: top, to: bottom)
                }
            }
        }
        return (points, starts)
    }

    @Test func avx2PathDepositsTheBaselineCells() {
        var rng = SplitMix64(seed: 0xCE11)
        let avx2 = lk_cpu_has_avx2_bmi2() != 0
        for _ in 0..<4_000 {
            let top = rng.int(40), rows = 1 + rng.int(40), left = rng.int(150), right = left + 1 + rng.int(200)
            let (points, starts) = Self.polygons(&rng, top: top, bottom: top + rows, left: left, right: right)
            var baseline = Band(rows: rows, top: top, left: left, right: right)
            baseline.add(points, starts) { lk_cells_add_polygons($0, $1, $2, $3, $4, 1) }
            var portable = Band(rows: rows, top: top, left: left, right: right)
            portable.add(points, starts) { lk_cells_add_polygons_any($0, $1, $2, $3, $4, 1, 1) }
            var any = Band(rows: rows, top: top, left: left, right: right)
            any.add(points, starts) { lk_cells_add_polygons_any($0, $1, $2, $3, $4, 1, 0) }
            var candidates = [portable, any]
            if avx2 {
                var direct = Band(rows: rows, top: top, left: left, right: right)
                direct.add(points, starts) { lk_cells_add_polygons_avx2($0, $1, $2, $3, $4, 1) }
                candidates.append(direct)
            }
            for band in candidates {
                #expect(band.cells.map(\.bitPattern) == baseline.cells.map(\.bitPattern))
                #expect(band.bits == baseline.bits)
                #expect(band.lo == baseline.lo && band.hi == baseline.hi)
            }
        }
    }

    @Test func rowsAwayFromTheSidesSkipTheClampWithTheSameCells() {
        // Edges a pixel or more inside the drawn columns step x without the clamp; the same edges
        // in a band whose right side is within a pixel of them step with it. The clamp never
        // acts on them, so the two must leave the same cells, bits and ranges.
        var rng = SplitMix64(seed: 0xC1A4)
        let avx2 = lk_cpu_has_avx2_bmi2() != 0
        for _ in 0..<3_000 {
            let top = rng.int(20), rows = 2 + rng.int(60), left = rng.int(50), width = 3 + rng.int(150)
            var points: [Double] = []
            for _ in 0..<(3 + rng.int(8)) {
                points += [Double(left) + 1 + Double(width - 2) * rng.unit(),
                           Double(top) - 2 + Double(rows + 4) * rng.unit()]
            }
            let maxX = stride(from: 0, to: points.count, by: 2).map { points[$0] }.max()!
            let narrowRight = Int(maxX.rounded(.up))
            guard Double(narrowRight) - maxX > 1e-6 else { continue }
            for path in 0..<(avx2 ? 2 : 1) {
                let add: (UnsafePointer<lk_cells>, UnsafePointer<Double>, Int, UnsafePointer<Int>, Int) -> Void = {
                    if path == 0 { lk_cells_add_polygons($0, $1, $2, $3, $4, 1) }
                    else { lk_cells_add_polygons_avx2($0, $1, $2, $3, $4, 1) }
                }
                var wide = Band(rows: rows, top: top, left: left, right: left + width + 1)
                wide.add(points, [0], add)
                var narrow = Band(rows: rows, top: top, left: left, right: narrowRight)
                narrow.add(points, [0], add)
                for r in 0..<rows {
                    let w = Array(wide.cells[(r * wide.stride)..<((r + 1) * wide.stride)])
                    let n = Array(narrow.cells[(r * narrow.stride)..<((r + 1) * narrow.stride)])
                    #expect(w[0..<narrow.stride].map(\.bitPattern) == n.map(\.bitPattern), "row \(r)")
                    #expect(w[narrow.stride...].allSatisfy { $0 == 0 })
                    #expect(wide.lo[r] == narrow.lo[r] && wide.hi[r] == narrow.hi[r])
                }
            }
        }
    }

    @Test func runsOutsideTheBandLeaveTheCellsOfEdgeByEdge() {
        // The polygon loop steps over runs of points on or above the band's top (or on or below
        // its bottom) without lk_cells_add_edge. Contours that linger on one side, touch the
        // band's top and bottom exactly, cross it and come back must leave the cells, bits and
        // ranges that adding every closing edge one by one leaves, on both paths.
        var rng = SplitMix64(seed: 0x5C1B)
        let avx2 = lk_cpu_has_avx2_bmi2() != 0
        for _ in 0..<3_000 {
            let top = rng.int(30), rows = 1 + rng.int(20), left = rng.int(40), right = left + 1 + rng.int(80)
            let bottom = top + rows
            var points: [Double] = [], starts: [Int] = []
            for _ in 0..<(1 + rng.int(3)) {
                starts.append(points.count / 2)
                var side = rng.int(3)
                for _ in 0..<(1 + rng.int(24)) {
                    if rng.int(4) == 0 { side = rng.int(3) }
                    let y: Double
                    switch (side, rng.int(4)) {
                    case (0, 0): y = Double(top)
                    case (0, _): y = Double(top) - 6 * rng.unit()
                    case (2, 0): y = Double(bottom)
                    case (2, _): y = Double(bottom) + 6 * rng.unit()
                    default: y = Self.coordinate(&rng, from: top, to: bottom)
                    }
                    points += [Self.coordinate(&rng, from: left, to: right), y]
                }
            }
            var edgeByEdge = Band(rows: rows, top: top, left: left, right: right)
            edgeByEdge.add(points, starts) { band, xy, count, s, contours in
                for k in 0..<contours {
                    let from = s[k], to = k + 1 < contours ? s[k + 1] : count
                    guard to - from >= 2 else { continue }
                    var p = to - 1
                    for q in from..<to {
                        lk_cells_add_edge(band, xy[2 * p], xy[2 * p + 1], xy[2 * q], xy[2 * q + 1], 1)
                        p = q
                    }
                }
            }
            for path in 0..<(avx2 ? 2 : 1) {
                var band = Band(rows: rows, top: top, left: left, right: right)
                band.add(points, starts) {
                    if path == 0 { lk_cells_add_polygons($0, $1, $2, $3, $4, 1) }
                    else { lk_cells_add_polygons_avx2($0, $1, $2, $3, $4, 1) }
                }
                #expect(band.cells.map(\.bitPattern) == edgeByEdge.cells.map(\.bitPattern))
                #expect(band.bits == edgeByEdge.bits)
                #expect(band.lo == edgeByEdge.lo && band.hi == edgeByEdge.hi)
            }
        }
    }

    @Test func depositTouchesCells() {
        // A square across the band: the comparison above is not between empty buffers.
        var band = Band(rows: 8, top: 0, left: 0, right: 8)
        band.add([1.5, 1.5, 6.25, 1.5, 6.25, 6.75, 1.5, 6.75], [0]) { lk_cells_add_polygons_any($0, $1, $2, $3, $4, 1, 0) }
        #expect(band.cells.contains { $0 != 0 })
        #expect(band.lo[3] == 1 && band.hi[3] == 8)
        #expect(band.bits.contains { $0 != 0 })
    }
}
