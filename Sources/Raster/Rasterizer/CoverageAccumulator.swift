// Exact-area coverage accumulation (the font-rs / FreeType "signed area + cover" family):
// every edge adds, to the cells of each pixel row it crosses, the signed area it sweeps to its
// right, as deltas whose running sum along a row is the winding-weighted covered fraction of
// each pixel. The per-edge clipping and the per-cell deposit are the C kernels of
// CRasterSIMD (lk_coverage_cells.h: rule, bounds argument and arithmetic; compiled a second
// time for AVX2 and chosen at run time, lk_cells_avx2.h); this type lays one band of the
// scratch buffers out for them and hands them a fill's polygons.
import CRasterSIMD

/// Adds clipped polygon edges to one band of the scratch cell buffer, recording each row's
/// touched range and written cells.
@usableFromInline struct CoverageAccumulator {
    /// The band's buffers and drawn area, as the C kernels read them.
    @usableFromInline var band: lk_cells

    /// Rows `top..<bottom` and columns `left..<right` of the device, held in `scratch` (laid out
    /// by `reserve` for at least `bottom − top` rows of `right − left + 2` cells).
    @usableFromInline init(scratch: RasterizerScratch, top: Int, bottom: Int, left: Int, right: Int) {
        band = lk_cells_band(scratch.cells, scratch.bits, scratch.rowRange, scratch.stride, scratch.wordsPerRow,
                             bottom - top, top, left, right)
    }

    /// Whether every cell range is checked before it is written: on where Swift's `assert` is
    /// (debug builds, and the sanitized fuzz build with `-assert-config Debug`), off in release,
    /// where the kernel is instantiated without the test.
    @inlinable static var checksCells: Bool {
        var on = false
        assert({ on = true; return true }())
        return on
    }

    /// Adds every contour of `path` (each implicitly closed), with the baseline C code where
    /// `portable` (Canvas.kernels `.portable`), else with the AVX2 copy where the CPU has it.
    @inline(__always) @usableFromInline func add(_ path: FlatPath, portable: Bool = false) {
        path.points.withUnsafeBufferPointer { pts in
            path.contourStarts.withUnsafeBufferPointer { starts in
                guard let p = pts.baseAddress, let s = starts.baseAddress else { return }
                // `Point` is two Doubles, x then y: the buffer is the x, y pairs the kernel reads.
                p.withMemoryRebound(to: Double.self, capacity: 2 * pts.count) { xy in
                    withUnsafePointer(to: band) { b in
                        let p: Int32 = portable ? 1 : 0
                        if Self.checksCells {
                            lk_cells_add_polygons_any(b, xy, pts.count, s, starts.count, 1, p)
                        } else {
                            lk_cells_add_polygons_any(b, xy, pts.count, s, starts.count, 0, p)
                        }
                    }
                }
            }
        }
    }
}
