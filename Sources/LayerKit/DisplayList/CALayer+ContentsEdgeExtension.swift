// Contents drawn through a contentsRect that reaches outside the unit square. CALayer.h: "If
// pixels outside the unit rectangle are requested, the edge pixels of the contents image will
// be extended outwards." The requested rectangle, in source pixels, falls into up to three
// bands across and three down: before the image (its first column or row, stretched), the
// part inside the image, after it (its last column or row, stretched). Each of the up to nine
// cells is a cropped copy of the image (the inside part, an edge strip one pixel thick, or a
// corner pixel; cached by the builder), mapped onto its share of the destination. Nothing is
// allocated in proportion to how far the rectangle reaches: a strip is one pixel thick
// however wide it is stretched.

extension CALayer {
    /// Whether contentsRect requests pixels outside the unit rectangle.
    var contentsRectExtendsImage: Bool {
        let c = contentsRect
        return c.isFiniteRect && c.width > 0 && c.height > 0 && (c.minX < 0 || c.minY < 0 || c.maxX > 1 || c.maxY > 1)
    }

    /// Whether the contents draw with their edges extended (a contentsCenter other than the
    /// whole image keeps the rectangle clamped to the image).
    var drawsExtendedContents: Bool { contentsRectExtendsImage && contentsCenter == Rect(0, 0, 1, 1) }

    /// The bands of the source span `lo..<hi` (pixels, any values) of an axis `n` pixels long:
    /// for each band, the pixels cropped (start, count) and the part of the span it covers.
    static func extendedBands(_ lo: Double, _ hi: Double, _ n: Int) -> [(start: Int, count: Int, from: Double, to: Double)] {
        let N = Double(n)
        var bands: [(Int, Int, Double, Double)] = []
        if lo < 0 { bands.append((0, 1, lo, min(0, hi))) }
        let i0 = max(0, min(N, lo)).rounded(), i1 = max(0, min(N, hi)).rounded()
        if i1 > i0 { bands.append((Int(i0), Int(i1 - i0), max(lo, i0), min(hi, i1))) }
        if hi > N { bands.append((n - 1, 1, max(N, lo), hi)) }
        return bands
    }

    /// The contents with their edge pixels extended over the requested pixels outside the image.
    /// The bands' seams are aliased (ContentsGridAliasing.swift); `flipped` when the sink
    /// mirrors the image.
    func appendExtendedContents(_ img: Bitmap, to sink: DisplayItemSink, firstIndex: Int = 0, flipped: Bool = false) {
        let c = contentsRect, W = Double(img.width), H = Double(img.height)
        let sx0 = c.minX * W, sx1 = c.maxX * W, sy0 = c.minY * H, sy1 = c.maxY * H
        let dst = contentsDestination(img)
        guard dst.width > 0, dst.height > 0, dst.isFiniteRect, sx1 > sx0, sy1 > sy0 else { return }
        let kx = dst.width / (sx1 - sx0), ky = dst.height / (sy1 - sy0)
        let rowBands = Self.extendedBands(sy0, sy1, img.height), colBands = Self.extendedBands(sx0, sx1, img.width)
        guard let rows = ContentsGridSpan(rowBands.map { $0.to > $0.from }),
              let columns = ContentsGridSpan(colBands.map { $0.to > $0.from }) else { return }
        let outer = contentsAliasedSides(sink, flipped: flipped)
        var slot = 0
        for (j, row) in rowBands.enumerated() {
            for (i, col) in colBands.enumerated() {
                let r = Rect(dst.minX + (col.from - sx0) * kx, dst.minY + (row.from - sy0) * ky,
                             (col.to - col.from) * kx, (row.to - row.from) * ky)
                guard r.width > 0, r.height > 0 else { continue }
                let part = sink.builder.contentsPart(img, x: col.start, y: row.start, width: col.count, height: row.count)
                let t = AffineTransform.scale(r.width / Double(col.count), r.height / Double(row.count))
                    .concatenating(.translation(r.minX, r.minY)).concatenating(sink.transform)
                sink.append(.contents, contentsOperation(part, transform: t, opacity: sink.opacity, builder: sink.builder),
                            local: r, index: firstIndex + slot,
                            aliasing: Self.contentsPartAliasing(width: col.count, height: row.count, column: i, of: columns,
                                                                row: j, of: rows, outer: outer))
                slot += 1
            }
        }
    }
}
