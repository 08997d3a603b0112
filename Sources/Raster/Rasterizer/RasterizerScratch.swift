// The rasterizer's working memory, owned by one Canvas and reused by every fill so the hot
// paths never allocate: an accumulation buffer of signed area/cover deltas (font-rs style,
// one Float per cell) laid out over the current polygon's bounding box only (a compact block
// that stays hot in cache from one polygon to the next), a bit per cell marking written cells,
// and per row the range of cells that were touched. The sweep clears what it reads, so every
// buffer is all zero between fills whatever layout the next polygon uses.

/// Reusable buffers of the coverage rasterizer (one per Canvas; not thread-safe, like Canvas).
@usableFromInline final class RasterizerScratch {
    /// Cell deltas: `rows × stride` Floats for the current fill; all zero between fills.
    @usableFromInline var cells: UnsafeMutablePointer<Float>
    /// One bit per cell, set when the cell was written: the sweep jumps from one written cell
    /// to the next with trailing-zero counts instead of scanning runs of empty cells.
    @usableFromInline var bits: UnsafeMutablePointer<UInt64>
    /// Per bounding-box row, side by side: first touched cell and one past the last, row ri's
    /// at `2·ri` and `2·ri + 1` (empty: lo ≥ hi; lk_cells.row_range).
    @usableFromInline var rowRange: UnsafeMutablePointer<Int32>
    /// Layout of the current fill.
    @usableFromInline var stride = 0, wordsPerRow = 0
    private var cellCapacity = 1, bitCapacity = 1, rowCapacity = 1
    /// The points curves may still add to the paths filled in this scratch while a display
    /// list is drawn (`maxListFlattenPoints` at its start, DisplayListRasterizer.swift); outside
    /// one, unbounded: each path has its own `maxFlattenPoints` (Path/Flatten.swift).
    var curvePointsLeft = Int.max
    /// Device polygon of an image's outline, reused by the image drawing calls.
    @usableFromInline var quad = FlatPath()
    /// The colour tables of the gradients drawn lately (GradientTableCache.swift).
    let gradientTables = GradientTableCache(entries: Canvas.gradientTableSize)
    /// The pixel memory of offscreen surfaces drawn in this scratch, recycled (SurfacePool.swift).
    let surfaces = SurfacePool()

    init() {
        cells = .allocate(capacity: 1); cells.initialize(to: 0)
        bits = .allocate(capacity: 1); bits.initialize(to: 0)
        rowRange = .allocate(capacity: 2); rowRange.initialize(to: .max); (rowRange + 1).initialize(to: .min)
    }

    deinit { cells.deallocate(); rowRange.deallocate(); bits.deallocate() }

    /// Lays the buffers out for `rows` rows of `stride` cells (grows only; amortised across frames).
    @inline(__always) func reserve(rows: Int, stride newStride: Int) {
        stride = newStride
        wordsPerRow = (newStride + 63) >> 6
        if rows * newStride > cellCapacity || rows * wordsPerRow > bitCapacity || rows > rowCapacity {
            grow(rows: rows)
        }
    }

    /// Replaces each buffer too small for the current layout, and only those, with one at least
    /// 1.5 times its old capacity (geometric growth: a run of fills each a little larger than the
    /// last, as an animation's shape grows from frame to frame, reallocates and zeroes a buffer a
    /// logarithmic number of times, not once per new maximum). A buffer that fits keeps its
    /// memory and contents (all zero between fills).
    @inline(never) private func grow(rows: Int) {
        func grown(_ capacity: Int, _ needed: Int) -> Int { max(needed, capacity + capacity / 2) }
        if rows * stride > cellCapacity {
            let nc = grown(cellCapacity, rows * stride)
            cells.deallocate()
            cells = .allocate(capacity: nc); cells.initialize(repeating: 0, count: nc)
            cellCapacity = nc
        }
        if rows * wordsPerRow > bitCapacity {
            let nb = grown(bitCapacity, rows * wordsPerRow)
            bits.deallocate()
            bits = .allocate(capacity: nb); bits.initialize(repeating: 0, count: nb)
            bitCapacity = nb
        }
        if rows > rowCapacity {
            let nr = grown(rowCapacity, rows)
            rowRange.deallocate()
            rowRange = .allocate(capacity: 2 * nr)
            for r in 0..<nr { (rowRange + 2 * r).initialize(to: .max); (rowRange + 2 * r + 1).initialize(to: .min) }
            rowCapacity = nr
        }
    }
}
