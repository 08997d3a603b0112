// Affine image drawing: the image's rectangle is mapped into device space and rasterized like
// any polygon (so its outline is anti-aliased by exact coverage and it is clipped like fills);
// each covered pixel samples the image bilinearly through the inverse mapping. Integer
// translations are plain source-over blits. (Projective drawing: ProjectiveImage.swift.)

import CRasterSIMD

extension Canvas {
    /// Draws `image` (its pixel rectangle 0…w × 0…h) mapped by `transform` into device pixels,
    /// bilinear through the inverse mapping, with `opacity`, clipped like fills; the sides of
    /// `aliasing` (in the image's pixel space) drawn aliased (AliasedFill.swift).
    public func draw(_ image: Bitmap, transform: AffineTransform, opacity: Double = 1, aliasing: EdgeAliasing? = nil) {
        guard image.width > 0, image.height > 0, opacity.isFinite, opacity > 0 else { return }
        guard let inverse = transform.inverted, inverse.a.isFinite, inverse.b.isFinite,
              inverse.c.isFinite, inverse.d.isFinite, inverse.tx.isFinite, inverse.ty.isFinite else { return }
        let alpha = UInt32(saturating: min(1, opacity) * 255 + 0.5)
        guard alpha > 0 else { return }
        // Integer translation with nothing to blend in between: a straight source-over blit.
        if transform.a == 1, transform.b == 0, transform.c == 0, transform.d == 1,
           transform.tx == transform.tx.rounded(), transform.ty == transform.ty.rounded(), alpha == 255,
           abs(transform.tx) < 1e9, abs(transform.ty) < 1e9 {
            blitOver(image, x: Int(transform.tx), y: Int(transform.ty))
            return
        }
        rasterizeImageQuad(image, transform: transform,
                           painter: AffineImagePainter(sampler: ImageSampler(image), inverse: inverse, alpha: alpha,
                                                       portable: kernels == .portable),
                           aliasing: aliasing)
    }

    /// Source-over of `image` at an integer offset, clipped (pixel-exact: no resampling).
    func blitOver(_ image: Bitmap, x: Int, y: Int) {
        guard let mask = ClipMask(clip, width: target.width, height: target.height) else { return }
        if mask.active {
            // Anti-aliased clip rim: let the general path weigh the rim pixels.
            rasterizePixelRect(x: x, y: y, width: image.width, height: image.height,
                               painter: AffineImagePainter(sampler: ImageSampler(image),
                                                           inverse: .translation(Double(-x), Double(-y)), alpha: 255))
            return
        }
        let cx0 = max(mask.left, x), cy0 = max(mask.top, y)
        let cx1 = min(mask.right, x + image.width), cy1 = min(mask.bottom, y + image.height)
        guard cx0 < cx1, cy0 < cy1 else { return }
        // Each row through the composite row kernel at full opacity (lk_composite_row.h: an
        // opaque source stored, an empty one skipped, else lkSourceOver's sum; eight pixels a
        // step with AVX2).
        let n = cx1 - cx0
        for row in cy0..<cy1 {
            let d = target.pixels + row * target.width + cx0
            let s = image.pixels + (row - y) * image.width + (cx0 - x)
            lk_composite_row(d, s, nil, n, 255)
        }
    }

    /// Fills the whole-pixel rectangle of `width` × `height` pixels at (`x`, `y`) with
    /// `painter`, through the clip (the rim of an anti-aliased clip weighed by coverage).
    func rasterizePixelRect<P: SpanPainter>(x: Int, y: Int, width: Int, height: Int, painter: P) {
        var quad = rasterScratch.quad
        rasterScratch.quad = FlatPath()           // keep unique ownership while we edit it
        quad.removeAll()
        let x0 = Double(x), y0 = Double(y), x1 = x0 + Double(width), y1 = y0 + Double(height)
        quad.move(to: Point(x0, y0)); quad.line(to: Point(x1, y0))
        quad.line(to: Point(x1, y1)); quad.line(to: Point(x0, y1))
        rasterize(quad, rule: .nonZero, painter: painter)
        rasterScratch.quad = quad
    }

    /// Fills the quadrilateral `image`'s bounds map to under `transform` with `painter`,
    /// which samples the image (every image draw's last step).
    @inline(__always) @usableFromInline
    func rasterizeImageQuad<P: SpanPainter>(_ image: Bitmap, transform: AffineTransform, painter: P,
                                            aliasing: EdgeAliasing? = nil) {
        let w = Double(image.width), h = Double(image.height)
        var quad = rasterScratch.quad
        rasterScratch.quad = FlatPath()           // keep unique ownership while we edit it
        quad.removeAll()
        quad.move(to: transform.apply(Point(0, 0)))
        quad.line(to: transform.apply(Point(w, 0)))
        quad.line(to: transform.apply(Point(w, h)))
        quad.line(to: transform.apply(Point(0, h)))
        rasterize(&quad, rule: .nonZero, painter: painter, aliasing: aliasing, transform: transform)
        rasterScratch.quad = quad
    }
}
