// OWNER: transitions helper.
// The pixel kernels every transition shares: premultiplied ARGB8888 arithmetic with the four
// channels spread to 16-bit lanes of one 64-bit word (one multiply per blend), bilinear sampling with transparent outside, and
// the integer-offset and projective image composites. Hot loops run on raw pointers: no
// allocation, no ARC, no existentials per pixel.

/// Premultiplied ARGB8888 pixel arithmetic used by the transition renderers.
@usableFromInline enum Px {
    /// `src` over `dst` (premultiplied source-over), exact when the source is opaque or empty.
    @inline(__always) @usableFromInline
    static func over(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        let sa = src >> 24
        if sa == 255 { return src }
        if sa == 0 { return dst }
        let inv = 255 - sa
        var rb = (dst & 0x00ff00ff) &* inv &+ 0x00800080
        rb = ((rb &+ ((rb >> 8) & 0x00ff00ff)) >> 8) & 0x00ff00ff
        var ag = ((dst >> 8) & 0x00ff00ff) &* inv &+ 0x00800080
        ag = ((ag &+ ((ag >> 8) & 0x00ff00ff)) >> 8) & 0x00ff00ff
        return src &+ (rb | (ag << 8))
    }

    /// Every channel times `k`/256 (k in 0…256): opacity on premultiplied pixels.
    @inline(__always) @usableFromInline
    static func scale(_ p: UInt32, _ k: UInt32) -> UInt32 {
        pack(((spread(p) &* UInt64(k)) >> 8) & lanes)
    }

    /// The four 16-bit lanes mask of `spread`.
    @inline(__always) @usableFromInline static var lanes: UInt64 { 0x00ff00ff_00ff00ff }

    /// ARGB8888 spread to four 16-bit lanes (B, R, G, A from the low end), so one 64-bit
    /// multiply by a weight ≤ 256 scales all four channels without carries between them.
    @inline(__always) @usableFromInline
    static func spread(_ p: UInt32) -> UInt64 {
        let x = UInt64(p)
        return (x | (x << 24)) & lanes
    }

    /// Inverse of `spread` for lanes holding 0…255.
    @inline(__always) @usableFromInline
    static func pack(_ e: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: e | (e >> 24))
    }

    /// Per lane ⌊(a·(256 − t) + b·t) / 256⌋ on spread pixels, written as ⌊(a·256 + (b − a)·t) / 256⌋:
    /// the lane differences may be negative, but every lane's final value lies in 0…65280, so
    /// the wrapping 64-bit arithmetic comes out exact (one multiply for four channels).
    @inline(__always) @usableFromInline
    static func lerpSpread(_ a: UInt64, _ b: UInt64, _ t: UInt64) -> UInt64 {
        (((a << 8) &+ (b &- a) &* t) >> 8) & lanes
    }

    /// Colour channels times `k`/256, alpha kept: shading (darkening) a premultiplied pixel.
    @inline(__always) @usableFromInline
    static func shade(_ p: UInt32, _ k: UInt32) -> UInt32 {
        (p & 0xff000000) | (pack(((spread(p) &* UInt64(k)) >> 8) & lanes) & 0x00ffffff)
    }

    /// Moves the colour channels toward `alpha` (white at the pixel's coverage) by `k`/256:
    /// the lighter, paper-like back side of a curled page.
    @inline(__always) @usableFromInline
    static func lighten(_ p: UInt32, _ k: UInt32) -> UInt32 {
        let a = p >> 24
        let white = (a << 24) | (a << 16) | (a << 8) | a
        return lerp(p, white, k)
    }

    /// a + (b − a)·t/256 per channel, t in 0…256 (exactly a at 0, exactly b at 256).
    @inline(__always) @usableFromInline
    static func lerp(_ a: UInt32, _ b: UInt32, _ t: UInt32) -> UInt32 {
        // Two 32-bit words of two lanes each: vectorizes in plain per-pixel loops (cross-fade),
        // where the 64-bit `lerpSpread` form does not; the same values.
        let it = 256 &- t
        let rb = ((((a & 0x00ff00ff) &* it) &+ ((b & 0x00ff00ff) &* t)) >> 8) & 0x00ff00ff
        let ag = (((((a >> 8) & 0x00ff00ff) &* it) &+ (((b >> 8) & 0x00ff00ff) &* t)) >> 8) & 0x00ff00ff
        return rb | (ag << 8)
    }

    /// Bilinear sample of `src` (w × h) at the continuous position (x, y) in pixel units, pixel
    /// centres at i + 0.5; texels outside read as transparent, so image edges come out
    /// anti-aliased over half a pixel.
    @inline(__always) @usableFromInline
    static func sample(_ src: UnsafeMutablePointer<UInt32>, _ w: Int, _ h: Int, _ x: Double, _ y: Double) -> UInt32 {
        let fx = x - 0.5, fy = y - 0.5
        // Far outside: nothing (also guards the Int conversion against huge values).
        guard fx > -1, fy > -1, fx < Double(w), fy < Double(h) else { return 0 }
        // 16.16 fixed point, floored (the offset keeps the value positive so truncation
        // floors): the same texels and 8-bit weights as flooring the doubles, without libm.
        let FX = Int(fx * 65536 + 131072) - 131072, FY = Int(fy * 65536 + 131072) - 131072
        return sampleFixed(src, w, h, FX, FY)
    }

    /// The bilinear blend of four texels (weights 0…255 toward the right and the bottom):
    /// three `lerp`s on spread pixels, one multiply each.
    @inline(__always) @usableFromInline
    static func bilinear(_ p00: UInt32, _ p10: UInt32, _ p01: UInt32, _ p11: UInt32, _ wx: UInt32, _ wy: UInt32) -> UInt32 {
        pack(bilinearSpread(p00, p10, p01, p11, wx, wy))
    }

    /// `bilinear`, left spread (so shading can follow without unpacking).
    @inline(__always) @usableFromInline
    static func bilinearSpread(_ p00: UInt32, _ p10: UInt32, _ p01: UInt32, _ p11: UInt32, _ wx: UInt32, _ wy: UInt32) -> UInt64 {
        let kx = UInt64(wx)
        let top = lerpSpread(spread(p00), spread(p10), kx)
        let bottom = lerpSpread(spread(p01), spread(p11), kx)
        return lerpSpread(top, bottom, UInt64(wy))
    }

    /// `shade` on a spread pixel: colour lanes times k/256, the alpha lane kept.
    @inline(__always) @usableFromInline
    static func shadeSpread(_ v: UInt64, _ k: UInt32) -> UInt64 {
        let alpha: UInt64 = 0x00ff_0000_0000_0000
        return (((v &* UInt64(k)) >> 8) & (lanes & ~alpha)) | (v & alpha)
    }

    /// `lighten` on a spread pixel: toward (a, a, a, a) by k/256.
    @inline(__always) @usableFromInline
    static func lightenSpread(_ v: UInt64, _ k: UInt32) -> UInt64 {
        lerpSpread(v, (v >> 48) &* 0x0001_0001_0001_0001, UInt64(k))
    }

    /// Bilinear sample at a 16.16 fixed-point position already shifted by half a pixel
    /// (fx = (x − 0.5)·65536): integer-only, 8-bit weights; transparent outside.
    @inline(__always) @usableFromInline
    static func sampleFixed(_ src: UnsafeMutablePointer<UInt32>, _ w: Int, _ h: Int, _ fx: Int, _ fy: Int) -> UInt32 {
        pack(sampleFixedSpread(src, w, h, fx, fy))
    }

    /// `sampleFixed`, left spread.
    @inline(__always) @usableFromInline
    static func sampleFixedSpread(_ src: UnsafeMutablePointer<UInt32>, _ w: Int, _ h: Int, _ fx: Int, _ fy: Int) -> UInt64 {
        let x0 = fx >> 16, y0 = fy >> 16
        let wx = UInt32(truncatingIfNeeded: (fx >> 8) & 0xff), wy = UInt32(truncatingIfNeeded: (fy >> 8) & 0xff)
        if UInt(bitPattern: x0) < UInt(bitPattern: w - 1) && UInt(bitPattern: y0) < UInt(bitPattern: h - 1) {
            let p = src + y0 * w + x0
            return bilinearSpread(p[0], p[1], p[w], p[w + 1], wx, wy)
        }
        if x0 < -1 || y0 < -1 || x0 >= w || y0 >= h { return 0 }
        @inline(__always) func at(_ i: Int, _ j: Int) -> UInt32 {
            (i >= 0 && j >= 0 && i < w && j < h) ? src[j * w + i] : 0
        }
        return bilinearSpread(at(x0, y0), at(x0 + 1, y0), at(x0, y0 + 1), at(x0 + 1, y0 + 1), wx, wy)
    }
}

/// The device pixel rectangle a transition may write, as integer bounds.
@usableFromInline struct PixelBox {
    @usableFromInline var x0: Int, y0: Int, x1: Int, y1: Int
    @usableFromInline init(x0: Int, y0: Int, x1: Int, y1: Int) { self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1 }
    @usableFromInline var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    @usableFromInline func intersect(_ o: PixelBox) -> PixelBox {
        PixelBox(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
    }
}

extension Canvas {
    /// The writable device box: the target's bounds intersected with a rectangular clip.
    var transitionClipBox: PixelBox {
        var box = PixelBox(x0: 0, y0: 0, x1: target.width, y1: target.height)
        switch clip {
        case .rect(let r)?, .roundedRect(let r, _)?:
            guard !r.isNull else { return PixelBox(x0: 0, y0: 0, x1: 0, y1: 0) }
            box = box.intersect(PixelBox(x0: Int(r.minX.rounded()), y0: Int(r.minY.rounded()),
                                         x1: Int(r.maxX.rounded()), y1: Int(r.maxY.rounded())))
        case nil: break
        }
        return box
    }
}

/// Image composites used by the transitions.
enum TransitionRaster {
    /// `image` source-over into `target` with its top left at the integer device position
    /// (dx, dy), times `opacity` (0…256), limited to `box`. Exact for opaque pixels.
    static func composite(_ image: Bitmap, dx: Int, dy: Int, opacity: UInt32 = 256,
                          into target: Bitmap, box: PixelBox) {
        let b = box.intersect(PixelBox(x0: dx, y0: dy, x1: dx + image.width, y1: dy + image.height))
        guard !b.isEmpty, opacity > 0 else { return }
        let tw = target.width, iw = image.width
        for y in b.y0..<b.y1 {
            let d = target.pixels + y * tw
            let s = image.pixels + (y - dy) * iw - dx
            if opacity >= 256 {
                for x in b.x0..<b.x1 { d[x] = Px.over(s[x], d[x]) }
            } else {
                for x in b.x0..<b.x1 { d[x] = Px.over(Px.scale(s[x], opacity), d[x]) }
            }
        }
    }

    /// The per-pixel blend `from` → `to` by t/256, source-over into `target` at (dx, dy):
    /// the cross-fade of two equally sized snapshots.
    static func crossFade(_ from: Bitmap, _ to: Bitmap, t: UInt32, dx: Int, dy: Int,
                          into target: Bitmap, box: PixelBox) {
        let w = min(from.width, to.width), h = min(from.height, to.height)
        let b = box.intersect(PixelBox(x0: dx, y0: dy, x1: dx + w, y1: dy + h))
        guard !b.isEmpty else { return }
        let tw = target.width
        for y in b.y0..<b.y1 {
            let d = target.pixels + y * tw
            let f = from.pixels + (y - dy) * from.width - dx
            let g = to.pixels + (y - dy) * to.width - dx
            for x in b.x0..<b.x1 { d[x] = Px.over(Px.lerp(f[x], g[x], t), d[x]) }
        }
    }

    /// Whether n samples from (U, V) stepping (du, dv) (16.16, half-pixel shifted) all have
    /// their 2×2 texel block inside a w × h image: the positions are linear in the step, so
    /// checking both ends is enough.
    @inline(__always)
    static func interiorRun(_ U: Int, _ V: Int, _ du: Int, _ dv: Int, _ n: Int, _ w: Int, _ h: Int) -> Bool {
        let ue = U &+ du &* (n - 1), ve = V &+ dv &* (n - 1)
        let u0 = min(U, ue) >> 16, u1 = max(U, ue) >> 16, v0 = min(V, ve) >> 16, v1 = max(V, ve) >> 16
        return u0 >= 0 && v0 >= 0 && u1 < w - 1 && v1 < h - 1
    }

    /// `image` drawn through the projective map `m` (image pixels → device pixels), bilinear
    /// through the inverse map, each sample's colour times `shade`/256, limited to `box`.
    /// Straight image edges stay straight (the map is a homography). Each row visits only the
    /// span the projected quad covers; the inverse map is evaluated exactly every 16 pixels
    /// and stepped linearly in 16.16 fixed point between when that stays within 1/8 pixel of
    /// the exact map (checked at each chunk's middle; steeper chunks step every 4 pixels), so
    /// the inner loop is integer-only.
    static func drawProjective(_ image: Bitmap, _ m: ProjectiveTransform, shade: UInt32 = 256,
                               into target: Bitmap, box: PixelBox) {
        let w = Double(image.width), h = Double(image.height)
        guard image.width > 0, image.height > 0, let inv = m.inverted else { return }
        var corners: [Point] = []
        corners.reserveCapacity(4)
        for c in [Point(0, 0), Point(w, 0), Point(w, h), Point(0, h)] {
            guard let p = m.apply(c), p.isFinite else { return } // behind the eye: not drawn
            corners.append(p)
        }
        let minY = corners.map(\.y).min()!, maxY = corners.map(\.y).max()!
        let b = box.intersect(PixelBox(x0: box.x0, y0: Int((minY - 1).rounded(.down)),
                                       x1: box.x1, y1: Int((maxY + 1).rounded(.up))))
        guard !b.isEmpty else { return }
        let src = image.pixels, iw = image.width, ih = image.height, tw = target.width
        let chunk = 16
        for y in b.y0..<b.y1 {
            let py = Double(y) + 0.5
            // The quad's horizontal extent on this row (edges crossing py ± 1 for the
            // anti-aliased fringe).
            var lo = Double.infinity, hi = -Double.infinity
            for i in 0..<4 {
                let a = corners[i], c = corners[(i + 1) & 3]
                let y0 = min(a.y, c.y) - 1, y1 = max(a.y, c.y) + 1
                guard py >= y0 && py <= y1 else { continue }
                let xa: Double, xb: Double
                if abs(c.y - a.y) < 1e-9 { xa = min(a.x, c.x); xb = max(a.x, c.x) } else {
                    let t0 = max(0, min(1, (py - 1 - a.y) / (c.y - a.y)))
                    let t1 = max(0, min(1, (py + 1 - a.y) / (c.y - a.y)))
                    xa = min(a.x + (c.x - a.x) * t0, a.x + (c.x - a.x) * t1)
                    xb = max(a.x + (c.x - a.x) * t0, a.x + (c.x - a.x) * t1)
                }
                lo = min(lo, xa); hi = max(hi, xb)
            }
            guard lo <= hi else { continue }
            let xs = max(b.x0, Int((lo - 1).rounded(.down))), xe = min(b.x1, Int((hi + 1).rounded(.up)))
            guard xe > xs else { continue }
            let d = target.pixels + y * tw
            @inline(__always) func fixedAt(_ x: Int) -> (Int, Int, Bool) {
                let px = Double(x) + 0.5
                let Wh = inv.m31 * px + inv.m32 * py + inv.m33
                guard Wh > 1e-12 else { return (0, 0, false) }
                let rw = 1 / Wh
                let u = (inv.m11 * px + inv.m12 * py + inv.m13) * rw - 0.5
                let v = (inv.m21 * px + inv.m22 * py + inv.m23) * rw - 0.5
                guard abs(u) < 30000, abs(v) < 30000 else { return (0, 0, false) }
                return (Int(u * 65536), Int(v * 65536), true)
            }
            var x = xs
            var (fu, fv, ok) = fixedAt(x)
            while x < xe {
                let n = min(chunk, xe - x)
                let (nu, nv, nok) = fixedAt(x + n)
                // Linear stepping is good only where the perspective is mild: compare the
                // chunk's middle with the exact map, else go exact per pixel.
                var linear = ok && nok
                if linear && n > 2 {
                    let (mu, mv, mok) = fixedAt(x + n / 2)
                    let eu = abs(fu + (nu - fu) / n * (n / 2) - mu), ev = abs(fv + (nv - fv) / n * (n / 2) - mv)
                    linear = mok && eu < 8192 && ev < 8192 // 1/8 pixel
                }
                if linear && interiorRun(fu, fv, (nu - fu) / n, (nv - fv) / n, n, iw, ih) {
                    // Every sample of the run has all four texels inside: no per-pixel bounds.
                    let du = (nu - fu) / n, dv = (nv - fv) / n
                    var U = fu, V = fv
                    if shade < 256 {
                        for i in x..<(x + n) {
                            let p = src + (V >> 16) * iw + (U >> 16)
                            let s = Px.bilinearSpread(p[0], p[1], p[iw], p[iw + 1],
                                                      UInt32(truncatingIfNeeded: (U >> 8) & 0xff),
                                                      UInt32(truncatingIfNeeded: (V >> 8) & 0xff))
                            d[i] = Px.over(Px.pack(Px.shadeSpread(s, shade)), d[i])
                            U &+= du; V &+= dv
                        }
                    } else {
                        for i in x..<(x + n) {
                            let p = src + (V >> 16) * iw + (U >> 16)
                            let s = Px.bilinear(p[0], p[1], p[iw], p[iw + 1],
                                                UInt32(truncatingIfNeeded: (U >> 8) & 0xff),
                                                UInt32(truncatingIfNeeded: (V >> 8) & 0xff))
                            d[i] = Px.over(s, d[i])
                            U &+= du; V &+= dv
                        }
                    }
                } else if linear {
                    let du = (nu - fu) / n, dv = (nv - fv) / n
                    var U = fu, V = fv
                    for i in x..<(x + n) {
                        var s = Px.sampleFixed(src, iw, ih, U, V)
                        if s != 0 {
                            if shade < 256 { s = Px.shade(s, shade) }
                            d[i] = Px.over(s, d[i])
                        }
                        U &+= du; V &+= dv
                    }
                } else {
                    // Stronger perspective: 4-pixel steps (a sixteenth of the error), exact
                    // ends each; pixels mapping behind the eye are skipped.
                    var sx = x
                    var (au, av, aok) = (fu, fv, ok)
                    while sx < x + n {
                        let sn = min(4, x + n - sx)
                        let (bu, bv, bok) = sn == n ? (nu, nv, nok) : fixedAt(sx + sn)
                        if aok && bok {
                            let du = (bu - au) / sn, dv = (bv - av) / sn
                            var U = au, V = av
                            for i in sx..<(sx + sn) {
                                var s = Px.sampleFixed(src, iw, ih, U, V)
                                if s != 0 {
                                    if shade < 256 { s = Px.shade(s, shade) }
                                    d[i] = Px.over(s, d[i])
                                }
                                U &+= du; V &+= dv
                            }
                        } else {
                            for i in sx..<(sx + sn) {
                                let (u1, v1, ok1) = fixedAt(i)
                                guard ok1 else { continue }
                                var s = Px.sampleFixed(src, iw, ih, u1, v1)
                                if shade < 256 { s = Px.shade(s, shade) }
                                d[i] = Px.over(s, d[i])
                            }
                        }
                        sx += sn; au = bu; av = bv; aok = bok
                    }
                }
                x += n; fu = nu; fv = nv; ok = nok
            }
        }
    }
}
