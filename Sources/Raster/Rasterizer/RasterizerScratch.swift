// OWNER: raster-pix helper.
// The rasterizer's working memory, owned by one Canvas and reused by every fill so the hot
// paths never allocate: an accumulation buffer of signed area/cover deltas (font-rs style,
// one Float per cell, only the rows of the current polygon's bounding box), and per row the
// range of cells that were touched, so the sweep visits only those and clears as it goes.

/// Reusable buffers of the coverage rasterizer (one per Canvas; not thread-safe, like Canvas).
@usableFromInline final class RasterizerScratch {
    /// Cell deltas, `rowCapacity` rows of `stride` Floats; all zero between fills.
    @usableFromInline var cells: UnsafeMutablePointer<Float>
    /// Per bounding-box row: first touched cell and one past the last (empty: lo ≥ hi).
    @usableFromInline var rowLo: UnsafeMutablePointer<Int32>
    @usableFromInline var rowHi: UnsafeMutablePointer<Int32>
    @usableFromInline var stride: Int = 0
    @usableFromInline var rowCapacity: Int = 0
    /// Device polygon of an image's outline, reused by the image drawing calls.
    @usableFromInline var quad = FlatPath()

    init() {
        cells = .allocate(capacity: 1); cells.initialize(to: 0)
        rowLo = .allocate(capacity: 1); rowLo.initialize(to: .max)
        rowHi = .allocate(capacity: 1); rowHi.initialize(to: .min)
    }

    deinit { cells.deallocate(); rowLo.deallocate(); rowHi.deallocate() }

    /// Makes room for `rows` rows of `stride` cells (grows only; amortised across frames).
    @inline(__always) func reserve(rows: Int, stride newStride: Int) {
        if newStride == stride && rows <= rowCapacity { return }
        grow(rows: rows, stride: newStride)
    }

    @inline(never) private func grow(rows: Int, stride newStride: Int) {
        let r = max(rows, rowCapacity), s = newStride
        cells.deallocate(); rowLo.deallocate(); rowHi.deallocate()
        cells = .allocate(capacity: max(1, r * s)); cells.initialize(repeating: 0, count: max(1, r * s))
        rowLo = .allocate(capacity: max(1, r)); rowLo.initialize(repeating: .max, count: max(1, r))
        rowHi = .allocate(capacity: max(1, r)); rowHi.initialize(repeating: .min, count: max(1, r))
        stride = s; rowCapacity = r
    }
}
