// Drawing an image multiplied by a colour: every premultiplied channel of each bilinear sample
// times the colour's premultiplied component (red × alpha, green × alpha, blue × alpha,
// alpha), composited source-over or added (saturating, the "additive" blending of particle
// systems). The mapped quad is rasterized like any image, so clips and edge coverage are the
// same as `draw(_:transform:opacity:)`'s.

extension Canvas {
    /// Draws `image` mapped by `transform`, each pixel multiplied by `tint` (straight
    /// components; white leaves it), composited source-over, or added when `additive`.
    public func draw(_ image: Bitmap, transform: AffineTransform, tint: Color, additive: Bool = false) {
        guard image.width > 0, image.height > 0, tint.a > 0, tint.a.isFinite else { return }
        guard let inverse = transform.inverted, inverse.a.isFinite, inverse.b.isFinite,
              inverse.c.isFinite, inverse.d.isFinite, inverse.tx.isFinite, inverse.ty.isFinite else { return }
        let painter = TintedImagePainter(sampler: ImageSampler(image), inverse: inverse, tint: tint, additive: additive)
        guard painter.alpha > 0 else { return }
        let w = Double(image.width), h = Double(image.height)
        var quad = rasterScratch.quad
        rasterScratch.quad = FlatPath()           // keep unique ownership while we edit it
        quad.removeAll()
        quad.move(to: transform.apply(Point(0, 0)))
        quad.line(to: transform.apply(Point(w, 0)))
        quad.line(to: transform.apply(Point(w, h)))
        quad.line(to: transform.apply(Point(0, h)))
        rasterize(quad, rule: .nonZero, painter: painter)
        rasterScratch.quad = quad
    }
}

/// Paints an image through an inverse affine map, multiplied per channel by a tint.
@usableFromInline struct TintedImagePainter: SpanPainter {
    @usableFromInline let sampler: ImageSampler
    @usableFromInline let inverse: AffineTransform
    /// The tint's premultiplied components in 0…255.
    @usableFromInline let red: UInt32, green: UInt32, blue: UInt32, alpha: UInt32
    @usableFromInline let additive: Bool

    init(sampler: ImageSampler, inverse: AffineTransform, tint: Color, additive: Bool) {
        self.sampler = sampler; self.inverse = inverse; self.additive = additive
        let p = tint.premultipliedARGB
        alpha = p >> 24; red = (p >> 16) & 0xff; green = (p >> 8) & 0xff; blue = p & 0xff
    }

    @inline(__always) @usableFromInline
    func paint(row: UnsafeMutablePointer<UInt32>, y: Int, x: Int, count: Int, coverage: UInt32) {
        if coverage == 0 { return }
        let t = inverse
        let px = Double(x) + 0.5, py = Double(y) + 0.5
        var u = t.a * px + t.c * py + t.tx
        var v = t.b * px + t.d * py + t.ty
        let p = row + x
        // The tint folded with the coverage: each channel's factor in 0…255.
        let kr = lkDiv255(red &* coverage), kg = lkDiv255(green &* coverage)
        let kb = lkDiv255(blue &* coverage), ka = lkDiv255(alpha &* coverage)
        for i in 0..<count {
            let s = sampler.sample(u, v)
            u += t.a; v += t.b
            if s == 0 { continue }
            let sa = lkDiv255((s >> 24) &* ka), sr = lkDiv255(((s >> 16) & 0xff) &* kr)
            let sg = lkDiv255(((s >> 8) & 0xff) &* kg), sb = lkDiv255((s & 0xff) &* kb)
            // A premultiplied pixel never has a channel above its alpha.
            let c = (sa << 24) | (min(sr, sa) << 16) | (min(sg, sa) << 8) | min(sb, sa)
            if additive {
                let d = p[i]
                @inline(__always) func add(_ shift: UInt32) -> UInt32 {
                    min(255, ((d >> shift) & 0xff) &+ ((c >> shift) & 0xff)) << shift
                }
                p[i] = add(24) | add(16) | add(8) | add(0)
            } else {
                p[i] = lkSourceOver(c, p[i])
            }
        }
    }
}
