// Contents drawn through contentsRect, contentsScale and contentsCenter. contentsRect picks
// the part of the image drawn ("A rectangle in normalized image coordinates defining the
// subrectangle of the `contents' property that will be drawn into the layer", CALayer.h; a
// rectangle reaching outside the image extends its edge pixels, see
// CALayer+ContentsEdgeExtension.swift, except together with a contentsCenter, where the
// rectangle is clamped to the image). contentsScale
// sets its logical size ("the logical size (i.e. for contentsGravity calculations) is defined
// as '(w / contentsScale, h / contentsScale)'"). contentsCenter makes nine parts: "The center
// part is stretched in both dimensions; the top and bottom parts are only stretched
// horizontally; the left and right parts are only stretched vertically; the four corner parts
// are not stretched at all" — corners keep their logical size, shrunk proportionally when the
// destination is smaller than two of them; a zero width or height is "implicitly adjusted to
// the width or height of a single source pixel centered at that position". Each part is a
// cropped copy of the image (cached by the builder), drawn as an image item.

extension CALayer {
    /// Whether contents draw whole, at scale 1, unstretched: the plain image item.
    var hasPlainContentsGeometry: Bool {
        contentsRect == Rect(0, 0, 1, 1) && contentsCenter == Rect(0, 0, 1, 1) && contentsScale == 1
    }

    /// The pixel rectangle of `img` that contentsRect selects (at least one pixel).
    func contentsSourceRect(_ img: Bitmap) -> (x: Int, y: Int, w: Int, h: Int) {
        let W = Double(img.width), H = Double(img.height), c = contentsRect
        guard c.isFiniteRect else { return (0, 0, img.width, img.height) }
        let x0 = Int(max(0, min(W - 1, (c.minX * W).rounded()))), y0 = Int(max(0, min(H - 1, (c.minY * H).rounded())))
        let x1 = Int(max(Double(x0 + 1), min(W, (c.maxX * W).rounded())))
        let y1 = Int(max(Double(y0 + 1), min(H, (c.maxY * H).rounded())))
        return (x0, y0, x1 - x0, y1 - y0)
    }

    /// Where the contents land in the bounds (contentsGravity of the logical size).
    func contentsDestination(_ img: Bitmap) -> Rect {
        let s = contentsScale > 0 && contentsScale.isFinite ? contentsScale : 1
        if drawsExtendedContents {
            let w = contentsRect.width * Double(img.width), h = contentsRect.height * Double(img.height)
            return contentsGravity.rect(for: Size(w / s, h / s), in: bounds)
        }
        let src = contentsSourceRect(img)
        return contentsGravity.rect(for: Size(Double(src.w) / s, Double(src.h) / s), in: bounds)
    }

    /// The contents as up to nine cropped parts, each mapped onto its destination, their
    /// seams aliased (ContentsGridAliasing.swift); `flipped` when the sink mirrors the image.
    func appendContentsPieces(_ img: Bitmap, to sink: DisplayItemSink, firstIndex: Int = 0, flipped: Bool = false) {
        if drawsExtendedContents {
            appendExtendedContents(img, to: sink, firstIndex: firstIndex, flipped: flipped)
            return
        }
        let src = contentsSourceRect(img)
        let dst = contentsDestination(img)
        guard dst.width > 0, dst.height > 0, dst.isFiniteRect else { return }
        let s = contentsScale > 0 && contentsScale.isFinite ? contentsScale : 1
        // Source cuts (pixels inside the selected part) and destination cuts (points).
        func cuts(_ lo: Double, _ size: Double, _ n: Int, _ out: Double) -> (src: [Int], dst: [Double]) {
            var a = lo * Double(n), b = (lo + size) * Double(n)
            if size == 0 { a -= 0.5; b += 0.5 }
            let s0 = Int(max(0, min(Double(n), a.rounded()))), s1 = Int(max(Double(s0), min(Double(n), b.rounded())))
            var d0 = Double(s0) / s, d1 = Double(n - s1) / s
            if d0 + d1 > out, d0 + d1 > 0 { let k = out / (d0 + d1); d0 *= k; d1 *= k }
            return ([0, s0, s1, n], [0, d0, out - d1, out])
        }
        let c = contentsCenter.isFiniteRect ? contentsCenter : Rect(0, 0, 1, 1)
        let (sx, dx) = cuts(c.minX, c.width, src.w, dst.width)
        let (sy, dy) = cuts(c.minY, c.height, src.h, dst.height)
        guard let columns = ContentsGridSpan((0..<3).map { sx[$0 + 1] > sx[$0] && dx[$0 + 1] > dx[$0] }),
              let rows = ContentsGridSpan((0..<3).map { sy[$0 + 1] > sy[$0] && dy[$0 + 1] > dy[$0] }) else { return }
        let outer = contentsAliasedSides(sink, flipped: flipped)
        var slot = 0
        for j in 0..<3 {
            for i in 0..<3 {
                let pw = sx[i + 1] - sx[i], ph = sy[j + 1] - sy[j]
                let qw = dx[i + 1] - dx[i], qh = dy[j + 1] - dy[j]
                guard pw > 0, ph > 0, qw > 0, qh > 0 else { continue }
                let part = sink.builder.contentsPart(img, x: src.x + sx[i], y: src.y + sy[j], width: pw, height: ph)
                let r = Rect(dst.minX + dx[i], dst.minY + dy[j], qw, qh)
                let t = AffineTransform.scale(qw / Double(pw), qh / Double(ph))
                    .concatenating(.translation(r.minX, r.minY)).concatenating(sink.transform)
                sink.append(.contents, contentsOperation(part, transform: t, opacity: sink.opacity, builder: sink.builder),
                            local: r, index: firstIndex + slot,
                            aliasing: Self.contentsPartAliasing(width: pw, height: ph, column: i, of: columns,
                                                                row: j, of: rows, outer: outer))
                slot += 1
            }
        }
    }
}

extension DisplayListBuilder {
    struct ContentsPartKey: Hashable { var image: ObjectIdentifier; var x, y, width, height: Int }

    /// The pixels of `img` in the given rectangle: the image itself when it is all of it,
    /// else a cropped copy, cached (a copy is never changed, so an unchanged part keeps its
    /// identity from frame to frame and damages nothing).
    func contentsPart(_ img: Bitmap, x: Int, y: Int, width: Int, height: Int) -> Bitmap {
        if x == 0, y == 0, width == img.width, height == img.height { return img }
        let key = ContentsPartKey(image: ObjectIdentifier(img), x: x, y: y, width: width, height: height)
        if let hit = contentsParts.value(for: key), hit.source === img { return hit.part }
        let part = img.copy(x: x, y: y, width: width, height: height)
        contentsParts.insert((img, part), for: key)
        return part
    }
}
