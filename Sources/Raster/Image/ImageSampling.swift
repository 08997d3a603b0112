// Bilinear sampling of a premultiplied bitmap, the one sampler of every image path: rounded
// 1/256 weights (`lkLerp`'s arithmetic), with an edge mode saying what lies beyond the image
// (its edge pixels extended, where the outline's anti-aliasing comes from the coverage of the
// mapped quad; or transparent, where the sampler itself fades the edge over one pixel). Also a
// two-sample vector form of the same arithmetic, and the span painters that draw an image
// through an inverse affine or projective mapping.
import CRasterSIMD

/// A read-only view of an image's pixels for sampling.
@usableFromInline struct ImageSampler {
    @usableFromInline let pixels: UnsafeMutablePointer<UInt32>
    @usableFromInline let width: Int, height: Int
    @usableFromInline let maxU: Double, maxV: Double

    /// What a sample reads beyond the image's pixels.
    @usableFromInline enum Edge {
        /// The nearest edge pixel: the image's outline is anti-aliased by coverage elsewhere.
        case extend
        /// Transparent black: the sampler fades the image out over its outermost pixel.
        case transparent
    }

    @usableFromInline init(_ image: Bitmap) {
        pixels = image.pixels; width = image.width; height = image.height
        maxU = Double(image.width); maxV = Double(image.height)
    }

    /// A view of `width × height` pixels at `pixels`, rows `width` apart.
    @usableFromInline init(pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int) {
        self.pixels = pixels; self.width = width; self.height = height
        maxU = Double(width); maxV = Double(height)
    }

    /// The bilinear sample at image coordinates (u, v) where pixel (i, j) has its centre at
    /// (i + 0.5, j + 0.5), edge pixels extended; so an integer-aligned mapping reads pixels
    /// exactly. Weights are the offsets rounded to 1/256 (a weight of 256 carries over).
    @inline(__always) @usableFromInline func sample(_ u: Double, _ v: Double) -> UInt32 {
        // Clamp first: keeps the integer conversions safe for wild (or NaN) coordinates.
        let su = u - 0.5, sv = v - 0.5
        let cu = su > -1 ? (su < maxU ? su : maxU) : -1
        let cv = sv > -1 ? (sv < maxV ? sv : maxV) : -1
        // ⌊c⌋ for c in −1…max by truncation (`.rounded(.down)` is a call into libm on baseline
        // x86-64): the same value.
        @inline(__always) func floorInRange(_ c: Double) -> Double {
            let t = Double(lk_truncate(c))
            return t > c ? t - 1 : t
        }
        let fu = floorInRange(cu), fv = floorInRange(cv)
        // The clamped values are in range: truncations without the trapping range checks.
        var ix = Int(lk_truncate(fu)), iy = Int(lk_truncate(fv))
        var wx = UInt32(truncatingIfNeeded: lk_truncate((cu - fu) * 256 + 0.5))
        var wy = UInt32(truncatingIfNeeded: lk_truncate((cv - fv) * 256 + 0.5))
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

    /// Whether the 2×2 texel block with top-left texel (x0, y0) lies inside the image.
    @inline(__always) @usableFromInline func interior(_ x0: Int, _ y0: Int) -> Bool {
        UInt(bitPattern: x0) < UInt(bitPattern: width - 1) && UInt(bitPattern: y0) < UInt(bitPattern: height - 1)
    }

    /// The bilinear blend of the texel block with top-left texel (x0, y0), weights 0…255
    /// toward the right (wx) and the bottom (wy), texels beyond the image transparent; spread
    /// (`lkSpread`), so shading can follow without unpacking.
    @inline(__always) @usableFromInline
    func transparentEdgeSpread(_ x0: Int, _ y0: Int, _ wx: Int, _ wy: Int) -> UInt64 {
        if interior(x0, y0) {
            let p = pixels + y0 * width + x0
            return lkBilinearSpread(p[0], p[1], p[width], p[width + 1], wx, wy)
        }
        return transparentEdgeOutside(x0, y0, wx, wy)
    }

    /// `transparentEdgeSpread` where the block is not wholly inside: rare, out of line so it
    /// does not crowd the callers' hot loops.
    @inline(never) @usableFromInline
    func transparentEdgeOutside(_ x0: Int, _ y0: Int, _ wx: Int, _ wy: Int) -> UInt64 {
        let w = width, h = height
        if x0 < -1 || y0 < -1 || x0 >= w || y0 >= h { return 0 }
        @inline(__always) func at(_ i: Int, _ j: Int) -> UInt32 {
            (i >= 0 && j >= 0 && i < w && j < h) ? pixels[j * w + i] : 0
        }
        return lkBilinearSpread(at(x0, y0), at(x0 + 1, y0), at(x0, y0 + 1), at(x0 + 1, y0 + 1), wx, wy)
    }

    /// The sample at a 16.16 fixed-point position already shifted by half a pixel
    /// (U = (u − 0.5)·65536): the texel block at U >> 16, weights its next 8 bits (floored),
    /// with the given edge mode; spread.
    @inline(__always) @usableFromInline
    func sampleSpread(fixed U: Int, _ V: Int, edge: Edge) -> UInt64 {
        let x0 = U >> 16, y0 = V >> 16, wx = (U >> 8) & 0xff, wy = (V >> 8) & 0xff
        switch edge {
        case .transparent: return transparentEdgeSpread(x0, y0, wx, wy)
        case .extend:
            let w1 = width - 1, h1 = height - 1
            let xa = min(w1, max(0, x0)), xb = min(w1, max(0, x0 + 1))
            let ya = min(h1, max(0, y0)), yb = min(h1, max(0, y0 + 1))
            return lkBilinearSpread(pixels[ya * width + xa], pixels[ya * width + xb],
                                    pixels[yb * width + xa], pixels[yb * width + xb], wx, wy)
        }
    }
}

/// The bilinear blend of four texels (weights 0…255 toward the right and the bottom) as three
/// `lkLerpSpread`s, horizontal then vertical: the same values as `lkLerp` on packed pixels.
@inline(__always) @usableFromInline
func lkBilinearSpread(_ p00: UInt32, _ p10: UInt32, _ p01: UInt32, _ p11: UInt32, _ wx: Int, _ wy: Int) -> UInt64 {
    let kx = UInt64(truncatingIfNeeded: wx)
    let top = lkLerpSpread(lkSpread(p00), lkSpread(p10), kx)
    let bottom = lkLerpSpread(lkSpread(p01), lkSpread(p11), kx)
    return lkLerpSpread(top, bottom, UInt64(truncatingIfNeeded: wy))
}

extension AffineTransform {
    /// Where the centre of device pixel (x, y) lands through this device → image map: the
    /// first sample of a span, which the affine painters then step by (a, b) a pixel.
    @inline(__always) @usableFromInline
    func imagePoint(ofPixelCentre x: Int, _ y: Int) -> (u: Double, v: Double) {
        let px = Double(x) + 0.5, py = Double(y) + 0.5
        return (a * px + c * py + tx, b * px + d * py + ty)
    }
}

/// Paints an image through the inverse of an affine transform (device → image), stepping the
/// image coordinates incrementally along the span.
@usableFromInline struct AffineImagePainter: SpanPainter {
    @usableFromInline let sampler: ImageSampler
    @usableFromInline let inverse: AffineTransform
    @usableFromInline let alpha: UInt32
    /// Every pixel through the scalar loop below (Canvas.kernels `.portable`): the reference
    /// the span kernel is tested against.
    @usableFromInline var portable = false

    @inline(__always) @usableFromInline
    func paint(row: UnsafeMutablePointer<UInt32>, y: Int, x: Int, count: Int, coverage: UInt32) {
        let k = alpha == 255 ? coverage : lkDiv255(coverage &* alpha)
        if k == 0 { return }
        let t = inverse
        var (u, v) = t.imagePoint(ofPixelCentre: x, y)
        let p = row + x
        if k == 255 && count >= 4 && !portable {
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
/// `ImageSampler.sample` at u, u + du, … (stepped in doubles exactly as the scalar loop),
/// composited source-over. Eight pixels a step with AVX-512, four with AVX2, where the CPU has
/// it and the image has at least two rows and columns (CRasterSIMD's `lk_affine_image_run`:
/// the double steps reproduced exactly in runs within a binade, texel pairs in 64-bit loads or
/// gathers, 16-bit lanes), else two a step with SSE2 (`affineImageRunPairs`). Out of line, so the kernels are
/// not inlined into every rasterizer sweep.
@inline(never) @usableFromInline
func affineImageRun(_ sampler: ImageSampler, u: Double, v: Double, du: Double, dv: Double,
                    count: Int, into p: UnsafeMutablePointer<UInt32>) {
    let w = Int64(sampler.width), h = Int64(sampler.height)
    if lk_cpu_has_avx2() != 0 && lk_affine_image_run_fits(w, h) != 0 {
        lk_affine_image_run(p, count, sampler.pixels, w, h, u, v, du, dv, 0)
        return
    }
    affineImageRunPairs(sampler, u: u, v: v, du: du, dv: dv, count: count, into: p)
}

/// `affineImageRun` two samples per step through 8 × 16-bit SSE2 lanes wherever both 2×2
/// texel blocks lie inside the image (the image's interior, nearly every pixel of a scaled
/// image); edge samples take the scalar sampler. Pairs whose texels are all transparent leave
/// the destination untouched without blending.
@usableFromInline
func affineImageRunPairs(_ sampler: ImageSampler, u: Double, v: Double, du: Double, dv: Double,
                         count: Int, into p: UnsafeMutablePointer<UInt32>) {
    let w = sampler.width, h = sampler.height, px = sampler.pixels
    var u = u, v = v, i = 0
    // The sample position in 1/256 texel: ⌊(u − 0.5)·256 + 0.5⌋ = ix·256 + wx exactly as the
    // scalar sampler's floor and rounded weight (carry included); valid for u, v ≥ 0.5.
    // (Within the tested range the truncation needs no trapping range check: `lk_truncate`.)
    @inline(__always) func fixed(_ c: Double) -> Int { c >= 0.5 && c < 1e6 ? Int(lk_truncate((c - 0.5) * 256 + 0.5)) : -1 }
    @inline(__always) func inside(_ U: Int, _ V: Int) -> Bool {
        U >= 0 && V >= 0 && (U >> 8) < w - 1 && (V >> 8) < h - 1
    }
    while i &+ 1 < count {
        let u1 = u + du, v1 = v + dv
        let U0 = fixed(u), V0 = fixed(v), U1 = fixed(u1), V1 = fixed(v1)
        if inside(U0, V0) && inside(U1, V1) {
            let a = px + ((V0 >> 8) &* w &+ (U0 >> 8)), b = px + ((V1 >> 8) &* w &+ (U1 >> 8))
            // Two blocks of transparent texels sample transparent, and source-over of
            // transparent leaves the destination as it is (lkScale(d, 255) == d): skipped.
            // The mostly empty boxes of rendered text are such texels; an opaque image pays
            // one test (its first texel).
            if a[0] | b[w &+ 1] == 0 && a[1] | a[w] | a[w &+ 1] | b[0] | b[1] | b[w] == 0 {
                u = u1 + du; v = v1 + dv; i &+= 2
                continue
            }
            lkSourceOverPair(lkBilinearPair(a, b, w, U0 & 0xff, V0 & 0xff, U1 & 0xff, V1 & 0xff, shade: 255), p + i)
        } else {
            p[i] = lkSourceOver(sampler.sample(u, v), p[i])
            p[i + 1] = lkSourceOver(sampler.sample(u1, v1), p[i + 1])
        }
        u = u1 + du; v = v1 + dv; i &+= 2
    }
    if i < count { p[i] = lkSourceOver(sampler.sample(u, v), p[i]) }
}

/// Two bilinear samples (texel blocks with top-left texels at `a` and `b`, row stride `w`,
/// weights 0…255 toward the right and the bottom) with `lkLerp`'s rounding — each lerp
/// ⌊(x·(256 − t) + y·t + 128) / 256⌋, horizontal then vertical — each then shaded by
/// `shade`/255 (`lkShade`: colour only, exactly rounded; 255 leaves it), as two packed pixels
/// (a's in the low word). The kernel is CRasterSIMD's `lk_bilinear_pair`: SSE2 lanes, inlined
/// here at -O.
@inline(__always) @usableFromInline
func lkBilinearPair(_ a: UnsafeMutablePointer<UInt32>, _ b: UnsafeMutablePointer<UInt32>, _ w: Int,
                    _ wxa: Int, _ wya: Int, _ wxb: Int, _ wyb: Int, shade: UInt32) -> UInt64 {
    lk_bilinear_pair(a, b, w, Int32(truncatingIfNeeded: wxa), Int32(truncatingIfNeeded: wya),
                     Int32(truncatingIfNeeded: wxb), Int32(truncatingIfNeeded: wyb), shade)
}

/// Two packed pixels (the first in the low word) source-over two destination pixels; one
/// 64-bit store when both are opaque (the interior of an opaque image).
@inline(__always) @usableFromInline
func lkSourceOverPair(_ s: UInt64, _ d: UnsafeMutablePointer<UInt32>) {
    if s & 0xff000000_ff000000 == 0xff000000_ff000000 {
        UnsafeMutableRawPointer(d).storeBytes(of: s, as: UInt64.self)
    } else {
        d[0] = lkSourceOver(UInt32(truncatingIfNeeded: s), d[0])
        d[1] = lkSourceOver(UInt32(truncatingIfNeeded: s >> 32), d[1])
    }
}

/// Where a painter holds its sample positions before sampling: nowhere
/// (`FreeSamplePositions`), or inside an image's aliased sides (`EdgeSampleClamp`).
@usableFromInline protocol SamplePositionClamp {
    func apply(_ u: Double, _ v: Double) -> (Double, Double)
}

/// Sample positions as they are.
@usableFromInline struct FreeSamplePositions: SamplePositionClamp {
    @usableFromInline init() {}
    @inline(__always) @usableFromInline func apply(_ u: Double, _ v: Double) -> (Double, Double) { (u, v) }
}

/// Paints an image through the inverse of a projective transform, dividing per pixel, each
/// sample position held by `clamp` (specialized per clamp: free positions cost nothing).
@usableFromInline struct ProjectiveImagePainter<Clamp: SamplePositionClamp>: SpanPainter {
    @usableFromInline let sampler: ImageSampler
    @usableFromInline let inverse: ProjectiveTransform
    @usableFromInline let alpha: UInt32
    @usableFromInline let clamp: Clamp

    @usableFromInline init(sampler: ImageSampler, inverse: ProjectiveTransform, alpha: UInt32, clamp: Clamp) {
        self.sampler = sampler; self.inverse = inverse; self.alpha = alpha; self.clamp = clamp
    }

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
                let (u, v) = clamp.apply(uu * iw, vv * iw)
                var s = sampler.sample(u, v)
                if k != 255 { s = lkScale(s, k) }
                p[i] = lkSourceOver(s, p[i])
            }
            uu += m.m11; vv += m.m21; ww += m.m31
        }
    }
}

extension ProjectiveImagePainter where Clamp == FreeSamplePositions {
    @usableFromInline init(sampler: ImageSampler, inverse: ProjectiveTransform, alpha: UInt32) {
        self.init(sampler: sampler, inverse: inverse, alpha: alpha, clamp: FreeSamplePositions())
    }
}
