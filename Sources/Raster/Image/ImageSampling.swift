// OWNER: raster-pix helper.
// Bilinear sampling of a premultiplied bitmap (edge pixels extend outward, since the outline's
// anti-aliasing comes from the coverage of the mapped quad, not from the sampler), and the
// span painters that draw an image through an inverse affine or projective mapping.

/// a·(256−w) + b·w over 256 for each channel, rounded (w in 0…256): w = 0 returns `a` exactly.
@inline(__always) @usableFromInline
func lkLerp(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
    if w == 0 { return a }
    let iw = 256 &- w
    let rb = (((a & 0x00FF_00FF) &* iw &+ (b & 0x00FF_00FF) &* w &+ 0x0080_0080) >> 8) & 0x00FF_00FF
    let ag = (((a >> 8) & 0x00FF_00FF) &* iw &+ ((b >> 8) & 0x00FF_00FF) &* w &+ 0x0080_0080) & 0xFF00_FF00
    return rb | ag
}

/// A read-only view of an image's pixels for sampling.
@usableFromInline struct ImageSampler {
    @usableFromInline let pixels: UnsafeMutablePointer<UInt32>
    @usableFromInline let width: Int, height: Int
    @usableFromInline let maxU: Double, maxV: Double

    @usableFromInline init(_ image: Bitmap) {
        pixels = image.pixels; width = image.width; height = image.height
        maxU = Double(image.width); maxV = Double(image.height)
    }

    /// The bilinear sample at image coordinates (u, v) where pixel (i, j) has its centre at
    /// (i + 0.5, j + 0.5); so an integer-aligned mapping reads pixels exactly.
    @inline(__always) @usableFromInline func sample(_ u: Double, _ v: Double) -> UInt32 {
        // Clamp first: keeps the integer conversions safe for wild (or NaN) coordinates.
        let su = u - 0.5, sv = v - 0.5
        let cu = su > -1 ? (su < maxU ? su : maxU) : -1
        let cv = sv > -1 ? (sv < maxV ? sv : maxV) : -1
        let fu = cu.rounded(.down), fv = cv.rounded(.down)
        var ix = Int(fu), iy = Int(fv)
        var wx = UInt32((cu - fu) * 256 + 0.5), wy = UInt32((cv - fv) * 256 + 0.5)
        if wx == 256 { ix += 1; wx = 0 }
        if wy == 256 { iy += 1; wy = 0 }
        let w1 = width - 1, h1 = height - 1
        let x0 = ix < 0 ? 0 : (ix > w1 ? w1 : ix)
        let x1 = ix + 1 < 0 ? 0 : (ix + 1 > w1 ? w1 : ix + 1)
        let y0 = iy < 0 ? 0 : (iy > h1 ? h1 : iy)
        let y1 = iy + 1 < 0 ? 0 : (iy + 1 > h1 ? h1 : iy + 1)
        let r0 = pixels + y0 * width
        let top = lkLerp(r0[x0], r0[x1], wx)
        if wy == 0 { return top }
        let r1 = pixels + y1 * width
        return lkLerp(top, lkLerp(r1[x0], r1[x1], wx), wy)
    }
}

/// Paints an image through the inverse of an affine transform (device → image), stepping the
/// image coordinates incrementally along the span.
@usableFromInline struct AffineImagePainter: SpanPainter {
    @usableFromInline let sampler: ImageSampler
    @usableFromInline let inverse: AffineTransform
    @usableFromInline let alpha: UInt32

    @inline(__always) @usableFromInline
    func paint(row: UnsafeMutablePointer<UInt32>, y: Int, x: Int, count: Int, coverage: UInt32) {
        let k = alpha == 255 ? coverage : lkDiv255(coverage &* alpha)
        if k == 0 { return }
        let px = Double(x) + 0.5, py = Double(y) + 0.5
        let t = inverse
        var u = t.a * px + t.c * py + t.tx
        var v = t.b * px + t.d * py + t.ty
        let p = row + x
        for i in 0..<count {
            var s = sampler.sample(u, v)
            if k != 255 { s = lkScale(s, k) }
            p[i] = lkSourceOver(s, p[i])
            u += t.a; v += t.b
        }
    }
}

/// Paints an image through the inverse of a projective transform, dividing per pixel.
@usableFromInline struct ProjectiveImagePainter: SpanPainter {
    @usableFromInline let sampler: ImageSampler
    @usableFromInline let inverse: ProjectiveTransform
    @usableFromInline let alpha: UInt32

    @inline(__always) @usableFromInline
    func paint(row: UnsafeMutablePointer<UInt32>, y: Int, x: Int, count: Int, coverage: UInt32) {
        let k = alpha == 255 ? coverage : lkDiv255(coverage &* alpha)
        if k == 0 { return }
        let m = inverse
        let px = Double(x) + 0.5, py = Double(y) + 0.5
        var uu = m.m11 * px + m.m12 * py + m.m13
        var vv = m.m21 * px + m.m22 * py + m.m23
        var ww = m.m31 * px + m.m32 * py + m.m33
        let p = row + x
        for i in 0..<count {
            if ww > 1e-12 {
                let iw = 1 / ww
                var s = sampler.sample(uu * iw, vv * iw)
                if k != 255 { s = lkScale(s, k) }
                p[i] = lkSourceOver(s, p[i])
            }
            uu += m.m11; vv += m.m21; ww += m.m31
        }
    }
}
