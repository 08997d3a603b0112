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
        if k == 255 && count >= 4 {
            affineImageRun(sampler, u: u, v: v, du: t.a, dv: t.b, count: count, into: p)
            return
        }
        for i in 0..<count {
            var s = sampler.sample(u, v)
            if k != 255 { s = lkScale(s, k) }
            p[i] = lkSourceOver(s, p[i])
            u += t.a; v += t.b
        }
    }
}

/// A fully covered span of an affinely mapped image: the same samples, bit for bit, as
/// `ImageSampler.sample` at u, u + du, … (stepped in doubles exactly as the scalar loop), but
/// two samples per step through 8 × 16-bit SSE2 lanes wherever both 2×2 texel blocks lie
/// inside the image (the image's interior, nearly every pixel of a scaled image); edge
/// samples take the scalar sampler. Out of line, so the vector widening is inlined into this
/// loop rather than left as a call inside the rasterizer's sweep.
@inline(never) @usableFromInline
func affineImageRun(_ sampler: ImageSampler, u: Double, v: Double, du: Double, dv: Double,
                    count: Int, into p: UnsafeMutablePointer<UInt32>) {
    let w = sampler.width, h = sampler.height, px = sampler.pixels
    var u = u, v = v, i = 0
    // The sample position in 1/256 texel: ⌊(u − 0.5)·256 + 0.5⌋ = ix·256 + wx exactly as the
    // scalar sampler's floor and rounded weight (carry included); valid for u, v ≥ 0.5.
    @inline(__always) func fixed(_ c: Double) -> Int { c >= 0.5 && c < 1e6 ? Int((c - 0.5) * 256 + 0.5) : -1 }
    @inline(__always) func inside(_ U: Int, _ V: Int) -> Bool {
        U >= 0 && V >= 0 && (U >> 8) < w - 1 && (V >> 8) < h - 1
    }
    while i + 1 < count {
        let u1 = u + du, v1 = v + dv
        let U0 = fixed(u), V0 = fixed(v), U1 = fixed(u1), V1 = fixed(v1)
        if inside(U0, V0) && inside(U1, V1) {
            let s = bilinearPairRounded(px + (V0 >> 8) * w + (U0 >> 8), px + (V1 >> 8) * w + (U1 >> 8), w,
                                        U0 & 0xff, V0 & 0xff, U1 & 0xff, V1 & 0xff)
            if s & 0xff000000_ff000000 == 0xff000000_ff000000 {
                UnsafeMutableRawPointer(p + i).storeBytes(of: s, as: UInt64.self)
            } else {
                p[i] = lkSourceOver(UInt32(truncatingIfNeeded: s), p[i])
                p[i + 1] = lkSourceOver(UInt32(truncatingIfNeeded: s >> 32), p[i + 1])
            }
        } else {
            p[i] = lkSourceOver(sampler.sample(u, v), p[i])
            p[i + 1] = lkSourceOver(sampler.sample(u1, v1), p[i + 1])
        }
        u = u1 + du; v = v1 + dv; i += 2
    }
    if i < count { p[i] = lkSourceOver(sampler.sample(u, v), p[i]) }
}

/// Two bilinear samples (texel blocks at `a` and `b`, row stride `w`, weights 0…255 toward the
/// right and the bottom) with `lkLerp`'s rounding — each lerp ⌊(x·(256 − t) + y·t + 128) / 256⌋,
/// horizontal then vertical — as two packed pixels (a's in the low word). 64-bit loads, byte
/// widening and quadword regrouping: single SSE2 instructions once inlined.
@inline(__always) @usableFromInline
func bilinearPairRounded(_ a: UnsafeMutablePointer<UInt32>, _ b: UnsafeMutablePointer<UInt32>, _ w: Int,
                         _ wxa: Int, _ wya: Int, _ wxb: Int, _ wyb: Int) -> UInt64 {
    @inline(__always) func widen(_ x: UInt64) -> SIMD2<UInt64> {
        unsafeBitCast(SIMD8<UInt16>(truncatingIfNeeded: unsafeBitCast(x, to: SIMD8<UInt8>.self)), to: SIMD2<UInt64>.self)
    }
    @inline(__always) func lanes(_ lo: UInt64, _ hi: UInt64) -> SIMD8<UInt16> { unsafeBitCast(SIMD2(lo, hi), to: SIMD8<UInt16>.self) }
    @inline(__always) func quads(_ x: SIMD8<UInt16>) -> SIMD2<UInt64> { unsafeBitCast(x, to: SIMD2<UInt64>.self) }
    @inline(__always) func four(_ k: Int) -> UInt64 { UInt64(truncatingIfNeeded: k & 0xff) &* 0x0001_0001_0001_0001 }
    let ra = UnsafeRawPointer(a), rb = UnsafeRawPointer(b), stride = w * 4
    let at = widen(ra.loadUnaligned(as: UInt64.self)), ab = widen(ra.loadUnaligned(fromByteOffset: stride, as: UInt64.self))
    let bt = widen(rb.loadUnaligned(as: UInt64.self)), bb = widen(rb.loadUnaligned(fromByteOffset: stride, as: UInt64.self))
    let half = SIMD8<UInt16>(repeating: 128)
    // Horizontal: [top, bottom] lefts against rights, per sample.
    let al = lanes(at[0], ab[0]), ar = lanes(at[1], ab[1]), bl = lanes(bt[0], bb[0]), br = lanes(bt[1], bb[1])
    let ka = lanes(four(wxa), four(wxa)), kb = lanes(four(wxb), four(wxb))
    let ah = quads(((al &<< 8) &+ (ar &- al) &* ka &+ half) &>> 8)
    let bh = quads(((bl &<< 8) &+ (br &- bl) &* kb &+ half) &>> 8)
    // Vertical: [a top, b top] against [a bottom, b bottom].
    let top = lanes(ah[0], bh[0]), bottom = lanes(ah[1], bh[1])
    let ky = lanes(four(wya), four(wyb))
    let v = ((top &<< 8) &+ (bottom &- top) &* ky &+ half) &>> 8
    return unsafeBitCast(SIMD8<UInt8>(truncatingIfNeeded: v), to: UInt64.self)
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
