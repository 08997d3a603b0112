// Image drawing: the image's rectangle is mapped into device space and rasterized like any
// polygon (so its outline is anti-aliased by exact coverage and it is clipped like fills);
// each covered pixel samples the image bilinearly through the inverse mapping.

extension Canvas {
    /// Draws `image` (its pixel rectangle 0…w × 0…h) mapped by `transform` into device pixels,
    /// bilinear through the inverse mapping, with `opacity`, clipped like fills.
    public func draw(_ image: Bitmap, transform: AffineTransform, opacity: Double = 1) {
        guard image.width > 0, image.height > 0, opacity.isFinite, opacity > 0 else { return }
        guard let inverse = transform.inverted, inverse.a.isFinite, inverse.b.isFinite,
              inverse.c.isFinite, inverse.d.isFinite, inverse.tx.isFinite, inverse.ty.isFinite else { return }
        let alpha = UInt32(min(1, opacity) * 255 + 0.5)
        guard alpha > 0 else { return }
        // Integer translation with nothing to blend in between: a straight source-over blit.
        if transform.a == 1, transform.b == 0, transform.c == 0, transform.d == 1,
           transform.tx == transform.tx.rounded(), transform.ty == transform.ty.rounded(), alpha == 255,
           abs(transform.tx) < 1e9, abs(transform.ty) < 1e9 {
            blitOver(image, x: Int(transform.tx), y: Int(transform.ty))
            return
        }
        let w = Double(image.width), h = Double(image.height)
        var quad = rasterScratch.quad
        rasterScratch.quad = FlatPath()           // keep unique ownership while we edit it
        quad.removeAll()
        quad.move(to: transform.apply(Point(0, 0)))
        quad.line(to: transform.apply(Point(w, 0)))
        quad.line(to: transform.apply(Point(w, h)))
        quad.line(to: transform.apply(Point(0, h)))
        rasterize(quad, rule: .nonZero,
                  painter: AffineImagePainter(sampler: ImageSampler(image), inverse: inverse, alpha: alpha))
        rasterScratch.quad = quad
    }

    /// The same under a projective (perspective) 3×3 transform.
    public func draw(_ image: Bitmap, projective: ProjectiveTransform, opacity: Double = 1) {
        if projective.isAffine {
            draw(image, transform: AffineTransform(a: projective.m11, b: projective.m21, c: projective.m12,
                                                   d: projective.m22, tx: projective.m13, ty: projective.m23),
                 opacity: opacity)
            return
        }
        guard image.width > 0, image.height > 0, opacity.isFinite, opacity > 0 else { return }
        guard let inverse = projective.inverted else { return }
        let alpha = UInt32(min(1, opacity) * 255 + 0.5)
        guard alpha > 0 else { return }
        let w = Double(image.width), h = Double(image.height)
        // Clip the image rectangle (in image space) to the half-plane in front of the eye
        // (w ≥ ε), so a quad partly behind the viewer maps to a finite polygon.
        let eps = 1e-6
        let m = projective
        let corners = [Point(0, 0), Point(w, 0), Point(w, h), Point(0, h)]
        var quad = rasterScratch.quad
        rasterScratch.quad = FlatPath()
        quad.removeAll()
        var first = true
        func emit(_ p: Point) {
            guard let d = m.apply(p) else { return }
            if first { quad.move(to: d); first = false } else { quad.line(to: d) }
        }
        for i in 0..<4 {
            let p = corners[i], q = corners[(i + 1) % 4]
            let wp = m.m31 * p.x + m.m32 * p.y + m.m33, wq = m.m31 * q.x + m.m32 * q.y + m.m33
            if wp >= eps { emit(p) }
            if (wp >= eps) != (wq >= eps) {
                let t = (eps - wp) / (wq - wp)
                let c = p.lerp(q, t)
                // Nudge onto the visible side so the divide stays finite and positive.
                let wc = m.m31 * c.x + m.m32 * c.y + m.m33
                emit(wc >= eps ? c : p.lerp(q, wp >= eps ? t * 0.999999 : 1 - (1 - t) * 0.999999))
            }
        }
        if quad.points.count >= 3 {
            rasterize(quad, rule: .nonZero,
                      painter: ProjectiveImagePainter(sampler: ImageSampler(image), inverse: inverse, alpha: alpha))
        }
        rasterScratch.quad = quad
    }

    /// Source-over of `image` at an integer offset, clipped (pixel-exact: no resampling).
    func blitOver(_ image: Bitmap, x: Int, y: Int) {
        guard let mask = ClipMask(clip, width: target.width, height: target.height) else { return }
        if mask.active {
            // Anti-aliased clip rim: let the general path weigh the rim pixels.
            var quad = rasterScratch.quad
            rasterScratch.quad = FlatPath()
            quad.removeAll()
            let x0 = Double(x), y0 = Double(y), x1 = x0 + Double(image.width), y1 = y0 + Double(image.height)
            quad.move(to: Point(x0, y0)); quad.line(to: Point(x1, y0))
            quad.line(to: Point(x1, y1)); quad.line(to: Point(x0, y1))
            rasterize(quad, rule: .nonZero,
                      painter: AffineImagePainter(sampler: ImageSampler(image),
                                                  inverse: .translation(-x0, -y0), alpha: 255))
            rasterScratch.quad = quad
            return
        }
        let cx0 = max(mask.left, x), cy0 = max(mask.top, y)
        let cx1 = min(mask.right, x + image.width), cy1 = min(mask.bottom, y + image.height)
        guard cx0 < cx1, cy0 < cy1 else { return }
        let n = cx1 - cx0
        for row in cy0..<cy1 {
            let d = target.pixels + row * target.width + cx0
            let s = image.pixels + (row - y) * image.width + (cx0 - x)
            for i in 0..<n {
                let sp = s[i], sa = sp >> 24
                if sa == 255 { d[i] = sp } else if sa != 0 { d[i] = lkSourceOver(sp, d[i]) }
            }
        }
    }
}
