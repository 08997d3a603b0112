// The span painters the coverage sweep calls: what a run of pixels of constant coverage gets
// (a solid colour, a clear, an image through its painter in Image/), composited with the pixel
// arithmetic of Bitmap/Compositing.swift.

/// Paints runs of constant coverage into a row of the target. The sweep calls it with the
/// row, first pixel, count and coverage (1…255); implementations are structs so the generic
/// sweep specialises and the per-pixel loops carry no existentials or reference counting.
@usableFromInline protocol SpanPainter {
    func paint(row: UnsafeMutablePointer<UInt32>, y: Int, x: Int, count: Int, coverage: UInt32)
    /// The premultiplied colour when every run gets that colour source-over at its coverage,
    /// which the C sweep paints itself; nil for every other painter.
    var solidColor: UInt32? { get }
}

extension SpanPainter {
    @inline(__always) @usableFromInline var solidColor: UInt32? { nil }
}

/// Solid-colour source-over: plain stores for fully covered opaque runs.
@usableFromInline struct SolidPainter: SpanPainter {
    @usableFromInline let color: UInt32
    @usableFromInline let opaque: Bool
    @usableFromInline let inverseAlpha: UInt32
    @usableFromInline init(color: UInt32) {
        self.color = color; opaque = color >> 24 == 255; inverseAlpha = 255 - (color >> 24)
    }

    @inline(__always) @usableFromInline var solidColor: UInt32? { color }

    @inline(__always) @usableFromInline
    func paint(row: UnsafeMutablePointer<UInt32>, y: Int, x: Int, count: Int, coverage: UInt32) {
        let p = row + x
        if coverage == 255 {
            if opaque { p.update(repeating: color, count: count); return }
            let c = color, ia = inverseAlpha
            for i in 0..<count { p[i] = c &+ lkScale(p[i], ia) }
            return
        }
        let s = lkScale(color, coverage)
        let ia = 255 &- (s >> 24)
        if count == 1 { p.pointee = s &+ lkScale(p.pointee, ia); return }
        for i in 0..<count { p[i] = s &+ lkScale(p[i], ia) }
    }
}

/// Clear (Porter-Duff destination-out by coverage): erases to transparent where covered.
@usableFromInline struct ClearPainter: SpanPainter {
    @usableFromInline init() {}
    @inline(__always) @usableFromInline
    func paint(row: UnsafeMutablePointer<UInt32>, y: Int, x: Int, count: Int, coverage: UInt32) {
        let p = row + x
        if coverage == 255 { p.update(repeating: 0, count: count); return }
        let keep = 255 &- coverage
        for i in 0..<count { p[i] = lkScale(p[i], keep) }
    }
}
