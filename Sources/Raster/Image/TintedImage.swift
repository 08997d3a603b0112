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
        rasterizeImageQuad(image, transform: transform, painter: painter)
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

    /// Samples are stepped in 16.16 fixed point along the span (exact enough over a
    /// sprite's few dozen pixels), bilinear with the edge texels extended (the quad's coverage
    /// draws the outline), four taps read straight from the image.
    @inline(__always) @usableFromInline
    func paint(row: UnsafeMutablePointer<UInt32>, y: Int, x: Int, count: Int, coverage: UInt32) {
        if coverage == 0 { return }
        let t = inverse
        let px = Double(x) + 0.5, py = Double(y) + 0.5
        let u = t.a * px + t.c * py + t.tx - 0.5, v = t.b * px + t.d * py + t.ty - 0.5
        // Far outside the image every sample is an edge texel; clamp before converting.
        @inline(__always) func fixed(_ c: Double) -> Int { Int(Swift.max(-1e6, Swift.min(1e6, c)) * 65536) }
        var U = fixed(u), V = fixed(v)
        let dU = fixed(t.a), dV = fixed(t.b)
        let w1 = sampler.width - 1, h1 = sampler.height - 1, stride = sampler.width, src = sampler.pixels
        // The tint folded with the coverage: each channel's factor in 0…255.
        let kr = lkDiv255(red &* coverage), kg = lkDiv255(green &* coverage)
        let kb = lkDiv255(blue &* coverage), ka = lkDiv255(alpha &* coverage)
        let plain = kr == 255 && kg == 255 && kb == 255 && ka == 255
        let p = row + x
        for i in 0..<count {
            let ix = U >> 16, iy = V >> 16
            let wx = UInt32(truncatingIfNeeded: (U >> 8) & 0xff), wy = UInt32(truncatingIfNeeded: (V >> 8) & 0xff)
            U &+= dU; V &+= dV
            let x0 = ix < 0 ? 0 : (ix > w1 ? w1 : ix), x1 = ix + 1 < 0 ? 0 : (ix + 1 > w1 ? w1 : ix + 1)
            let y0 = iy < 0 ? 0 : (iy > h1 ? h1 : iy), y1 = iy + 1 < 0 ? 0 : (iy + 1 > h1 ? h1 : iy + 1)
            let r0 = src + y0 &* stride, r1 = src + y1 &* stride
            let a00 = r0[x0], a10 = r0[x1], a01 = r1[x0], a11 = r1[x1]
            if a00 | a10 | a01 | a11 == 0 { continue }
            let s = lkLerp(lkLerp(a00, a10, wx), lkLerp(a01, a11, wx), wy)
            // Premultiplied: every channel times its factor stays at most the alpha times its.
            let c = plain ? s
                : (lkDiv255((s >> 24) &* ka) << 24) | (lkDiv255(((s >> 16) & 0xff) &* kr) << 16)
                    | (lkDiv255(((s >> 8) & 0xff) &* kg) << 8) | lkDiv255((s & 0xff) &* kb)
            if additive {
                let d = p[i]
                // Per-channel saturating add: the lanes' carries decide which channels clip.
                let sum = (d & 0x00FF_00FF) &+ (c & 0x00FF_00FF), sum2 = ((d >> 8) & 0x00FF_00FF) &+ ((c >> 8) & 0x00FF_00FF)
                let rb = (sum | (((sum >> 8) & 0x0001_0001) &* 0xff)) & 0x00FF_00FF
                let ag = (sum2 | (((sum2 >> 8) & 0x0001_0001) &* 0xff)) & 0x00FF_00FF
                p[i] = rb | (ag << 8)
            } else {
                p[i] = lkSourceOver(c, p[i])
            }
        }
    }
}
