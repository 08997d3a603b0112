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

/// Two bilinear samples at once in SSE2-sized vectors (8 × 16-bit lanes = two pixels): the
/// projective faces' inner loop. The same arithmetic as `Px.bilinearSpread` (horizontal
/// lerps of both rows, then the vertical one, each ⌊(a·256 + (b − a)·t) / 256⌋ per lane in
/// wrapping 16-bit arithmetic), so the results are identical, at about half the instructions.
@usableFromInline enum Px2 {
    /// Eight bytes (two pixels) widened to eight 16-bit lanes, as two 64-bit quads.
    @inline(__always) @usableFromInline
    static func widen(_ x: UInt64) -> SIMD2<UInt64> {
        unsafeBitCast(SIMD8<UInt16>(truncatingIfNeeded: unsafeBitCast(x, to: SIMD8<UInt8>.self)), to: SIMD2<UInt64>.self)
    }
    /// Two quads of four 16-bit lanes as one vector.
    @inline(__always) @usableFromInline
    static func lanes(_ lo: UInt64, _ hi: UInt64) -> SIMD8<UInt16> { unsafeBitCast(SIMD2(lo, hi), to: SIMD8<UInt16>.self) }
    /// A vector's two quads.
    @inline(__always) @usableFromInline
    static func quads(_ v: SIMD8<UInt16>) -> SIMD2<UInt64> { unsafeBitCast(v, to: SIMD2<UInt64>.self) }

    /// The weights (k, k, k, k) in four 16-bit lanes of a 64-bit word.
    @inline(__always) @usableFromInline
    static func lanes4(_ k: Int) -> UInt64 { UInt64(truncatingIfNeeded: k & 0xff) &* 0x0001_0001_0001_0001 }

    /// Samples at texel blocks `p` and `q` (their top-left texels; the image row stride is
    /// `iw`), weights 0…255 toward the right (wx) and the bottom (wy), each shaded by the
    /// 16-bit lane factors `shade` (k/256 per lane), packed as two ARGB8888 pixels (p's in
    /// the low word).
    @inline(__always) @usableFromInline
    static func sample(_ p: UnsafePointer<UInt32>, _ q: UnsafePointer<UInt32>, _ iw: Int,
                       _ wxp: Int, _ wyp: Int, _ wxq: Int, _ wyq: Int, shade: SIMD8<UInt16>?) -> UInt64 {
        let rp = UnsafeRawPointer(p), rq = UnsafeRawPointer(q), stride = iw * 4
        // Each block's top and bottom texel pairs widened to 16-bit lanes ([left, right] of one
        // row per vector), regrouped as [top, bottom] lefts against [top, bottom] rights. Only
        // 64-bit loads, byte widening and quadword shuffles: the forms the compiler turns into
        // single SSE2 instructions (half-vector accessors would go through memory).
        let pt = widen(rp.loadUnaligned(as: UInt64.self)), pb = widen(rp.loadUnaligned(fromByteOffset: stride, as: UInt64.self))
        let qt = widen(rq.loadUnaligned(as: UInt64.self)), qb = widen(rq.loadUnaligned(fromByteOffset: stride, as: UInt64.self))
        let pl = lanes(pt[0], pb[0]), pr = lanes(pt[1], pb[1])
        let ql = lanes(qt[0], qb[0]), qr = lanes(qt[1], qb[1])
        let kp = lanes(lanes4(wxp), lanes4(wxp)), kq = lanes(lanes4(wxq), lanes4(wxq))
        let ph = quads(((pl &<< 8) &+ (pr &- pl) &* kp) &>> 8)
        let qh = quads(((ql &<< 8) &+ (qr &- ql) &* kq) &>> 8)
        // Vertical: [p top, q top] against [p bottom, q bottom].
        let top = lanes(ph[0], qh[0]), bottom = lanes(ph[1], qh[1])
        let ky = lanes(lanes4(wyp), lanes4(wyq))
        var v = ((top &<< 8) &+ (bottom &- top) &* ky) &>> 8
        if let k = shade { v = (v &* k) &>> 8 }
        return unsafeBitCast(SIMD8<UInt8>(truncatingIfNeeded: v), to: UInt64.self)
    }

    /// The lane factors that shade colour by k/256 and keep alpha (B, G, R, A lanes, twice).
    @inline(__always) @usableFromInline
    static func shadeFactors(_ k: UInt32) -> SIMD8<UInt16>? {
        guard k < 256 else { return nil }
        let c = UInt16(k)
        return SIMD8(c, c, c, 256, c, c, c, 256)
    }

    /// Two packed pixels source-over two destination pixels; the plain store when both are
    /// opaque (the faces' interior).
    @inline(__always) @usableFromInline
    static func over(_ s: UInt64, _ d: UnsafeMutablePointer<UInt32>) {
        if s & 0xff000000_ff000000 == 0xff000000_ff000000 {
            UnsafeMutableRawPointer(d).storeBytes(of: s, as: UInt64.self)
        } else {
            d[0] = Px.over(UInt32(truncatingIfNeeded: s), d[0])
            d[1] = Px.over(UInt32(truncatingIfNeeded: s >> 32), d[1])
        }
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
    /// span the projected quad covers.
    ///
    /// The 3D transitions turn their faces about a vertical or a horizontal axis, and such a
    /// homography separates: turning about a vertical axis, every device column maps to one
    /// image column (vertical lines stay vertical) and v is linear in y down a column, so
    /// per-column tables computed once make every pixel exact with one multiply-add; turning
    /// about a horizontal axis, every device row maps to one image row and u is linear along
    /// the row. Other maps take the general path (`drawProjectiveGeneral`).
    static func drawProjective(_ image: Bitmap, _ m: ProjectiveTransform, shade: UInt32 = 256,
                               into target: Bitmap, box: PixelBox) {
        let w = Double(image.width), h = Double(image.height)
        guard image.width > 0, image.height > 0, let inv = m.inverted else { return }
        var c = (Point(0, 0), Point(0, 0), Point(0, 0), Point(0, 0))
        for (i, p) in [Point(0, 0), Point(w, 0), Point(w, h), Point(0, h)].enumerated() {
            guard let q = m.apply(p), q.isFinite else { return } // behind the eye: not drawn
            switch i { case 0: c.0 = q; case 1: c.1 = q; case 2: c.2 = q; default: c.3 = q }
        }
        let quad = ProjectedQuad(c.0, c.1, c.2, c.3)
        let b = box.intersect(PixelBox(x0: Int((quad.minX - 1).rounded(.down)), y0: Int((quad.minY - 1).rounded(.down)),
                                       x1: Int((quad.maxX + 1).rounded(.up)), y1: Int((quad.maxY + 1).rounded(.up))))
        guard !b.isEmpty else { return }
        switch Separability(inv, quad) {
        case .columns: drawColumnSeparable(image, inv, shade: shade, into: target, box: b, quad: quad)
        case .rows: drawRowSeparable(image, inv, shade: shade, into: target, box: b, quad: quad)
        case .general: drawProjectiveGeneral(image, inv, shade: shade, into: target, box: b, quad: quad)
        }
    }

    /// Which of the inverse map's terms vanish (see `drawProjective`).
    enum Separability {
        case columns, rows, general
        /// Checked where it matters, at the quad's corners and centre: the map with the
        /// vanishing terms dropped stays within 1/1000 texel of the exact one.
        init(_ inv: ProjectiveTransform, _ q: ProjectedQuad) {
            var cols = inv, rows = inv
            cols.m12 = 0; cols.m32 = 0
            rows.m21 = 0; rows.m31 = 0
            var colsOK = true, rowsOK = true
            let centre = Point((q.a.x + q.b.x + q.c.x + q.d.x) / 4, (q.a.y + q.b.y + q.c.y + q.d.y) / 4)
            for p in [q.a, q.b, q.c, q.d, centre] {
                guard let e = inv.apply(p) else { self = .general; return }
                func near(_ t: ProjectiveTransform) -> Bool {
                    guard let s = t.apply(p) else { return false }
                    return abs(s.x - e.x) < 1e-3 && abs(s.y - e.y) < 1e-3
                }
                colsOK = colsOK && near(cols)
                rowsOK = rowsOK && near(rows)
            }
            self = colsOK ? .columns : rowsOK ? .rows : .general
        }
    }

    /// The four projected corners of an image (in order around it) and the horizontal extent
    /// they cover on a device row.
    struct ProjectedQuad {
        let a: Point, b: Point, c: Point, d: Point
        init(_ a: Point, _ b: Point, _ c: Point, _ d: Point) { self.a = a; self.b = b; self.c = c; self.d = d }
        var minX: Double { min(min(a.x, b.x), min(c.x, d.x)) }
        var maxX: Double { max(max(a.x, b.x), max(c.x, d.x)) }
        var minY: Double { min(min(a.y, b.y), min(c.y, d.y)) }
        var maxY: Double { max(max(a.y, b.y), max(c.y, d.y)) }

        /// The pixels of row y that the quad (grown by a pixel for the anti-aliased fringe)
        /// may touch, within [x0, x1); nil when none.
        @inline(__always)
        func span(row y: Int, within x0: Int, _ x1: Int) -> (Int, Int)? {
            let py = Double(y) + 0.5
            var lo = Double.infinity, hi = -Double.infinity
            @inline(__always) func edge(_ p: Point, _ q: Point) {
                guard py >= min(p.y, q.y) - 1 && py <= max(p.y, q.y) + 1 else { return }
                let xa: Double, xb: Double
                if abs(q.y - p.y) < 1e-9 { xa = min(p.x, q.x); xb = max(p.x, q.x) } else {
                    let t0 = max(0, min(1, (py - 1 - p.y) / (q.y - p.y)))
                    let t1 = max(0, min(1, (py + 1 - p.y) / (q.y - p.y)))
                    xa = min(p.x + (q.x - p.x) * t0, p.x + (q.x - p.x) * t1)
                    xb = max(p.x + (q.x - p.x) * t0, p.x + (q.x - p.x) * t1)
                }
                lo = min(lo, xa); hi = max(hi, xb)
            }
            edge(a, b); edge(b, c); edge(c, d); edge(d, a)
            guard lo <= hi else { return nil }
            let xs = max(x0, Int((lo - 1).rounded(.down))), xe = min(x1, Int((hi + 1).rounded(.up)))
            return xe > xs ? (xs, xe) : nil
        }
    }

    /// One bilinear sample at 16.16 (U, V), shaded, source-over into `d`: the interior test
    /// first (all four texels inside, the common case), the bounds-checked sample otherwise.
    @inline(__always)
    static func blendSample(_ src: UnsafeMutablePointer<UInt32>, _ iw: Int, _ ih: Int, _ U: Int, _ V: Int,
                            _ shade: UInt32, _ d: UnsafeMutablePointer<UInt32>) {
        let x0 = U >> 16, y0 = V >> 16
        var s: UInt64
        if UInt(bitPattern: x0) < UInt(bitPattern: iw - 1) && UInt(bitPattern: y0) < UInt(bitPattern: ih - 1) {
            let p = src + y0 * iw + x0
            s = Px.bilinearSpread(p[0], p[1], p[iw], p[iw + 1],
                                  UInt32(truncatingIfNeeded: (U >> 8) & 0xff), UInt32(truncatingIfNeeded: (V >> 8) & 0xff))
        } else {
            s = Px.sampleFixedSpread(src, iw, ih, U, V)
            if s == 0 { return }
        }
        if shade < 256 { s = Px.shadeSpread(s, shade) }
        d.pointee = Px.over(Px.pack(s), d.pointee)
    }

    /// `n` bilinear samples along a line of `image`, the i-th at (U + i·dU, V + i·dV) in 32.32
    /// fixed point (half-pixel shifted, as `Px.sampleFixed`'s 16.16), shaded, source-over into
    /// d[0..<n]. Every sample's 2×2 texel block must lie inside the image (the caller checks
    /// the run's ends: positions are linear in i). Two samples per step through `Px2`; kept a
    /// small function of its own so the vector kernel is always inlined into a tight loop.
    static func blendRun(_ src: UnsafeMutablePointer<UInt32>, _ iw: Int, U: Int, dU: Int, V: Int, dV: Int,
                         count n: Int, shade: UInt32, into d: UnsafeMutablePointer<UInt32>) {
        let factors = Px2.shadeFactors(shade)
        var U = U, V = V, i = 0
        while i + 1 < n {
            let U0 = U >> 16, V0 = V >> 16, U1 = (U &+ dU) >> 16, V1 = (V &+ dV) >> 16
            Px2.over(Px2.sample(src + (V0 >> 16) * iw + (U0 >> 16), src + (V1 >> 16) * iw + (U1 >> 16), iw,
                                (U0 >> 8) & 0xff, (V0 >> 8) & 0xff, (U1 >> 8) & 0xff, (V1 >> 8) & 0xff,
                                shade: factors), d + i)
            U = U &+ 2 &* dU; V = V &+ 2 &* dV; i += 2
        }
        if i < n {
            let U0 = U >> 16, V0 = V >> 16
            let p = src + (V0 >> 16) * iw + (U0 >> 16)
            var s = Px.bilinearSpread(p[0], p[1], p[iw], p[iw + 1], UInt32(truncatingIfNeeded: (U0 >> 8) & 0xff),
                                      UInt32(truncatingIfNeeded: (V0 >> 8) & 0xff))
            if shade < 256 { s = Px.shadeSpread(s, shade) }
            d[i] = Px.over(Px.pack(s), d[i])
        }
    }

    /// Whether a 16.16 sample position's 2×2 texel block lies inside a w × h image.
    @inline(__always)
    static func interior(_ U: Int, _ V: Int, _ w: Int, _ h: Int) -> Bool {
        UInt(bitPattern: U >> 16) < UInt(bitPattern: w - 1) && UInt(bitPattern: V >> 16) < UInt(bitPattern: h - 1)
    }

    /// Turning about a vertical axis (inverse map without m12, m32): per device column x,
    /// u(x) and v(x, y) = a(x) + y·b(x) from tables built once, so each pixel is exact.
    static func drawColumnSeparable(_ image: Bitmap, _ inv: ProjectiveTransform, shade: UInt32,
                                    into target: Bitmap, box b: PixelBox, quad: ProjectedQuad) {
        let n = b.x1 - b.x0
        let src = image.pixels, iw = image.width, ih = image.height, tw = target.width
        let factors = Px2.shadeFactors(shade)
        withUnsafeTemporaryAllocation(of: Int.self, capacity: n) { uCol in
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * n) { vCol in
            // u in 16.16 (half-pixel shifted) per column, Int.min where the column maps behind
            // the eye or absurdly far; v's offset and slope per column, times 65536.
            for i in 0..<n {
                let px = Double(b.x0 + i) + 0.5
                let W = inv.m31 * px + inv.m33
                uCol[i] = Int.min
                guard W > 1e-12 else { continue }
                let u = (inv.m11 * px + inv.m13) / W - 0.5
                let v0 = (inv.m21 * px + inv.m23) / W - 0.5, dv = inv.m22 / W
                let vy0 = v0 + dv * Double(b.y0), vy1 = v0 + dv * Double(b.y1)
                guard abs(u) < 30000, abs(vy0) < 30000, abs(vy1) < 30000 else { continue }
                uCol[i] = Int(u * 65536)
                vCol[2 * i] = v0 * 65536; vCol[2 * i + 1] = dv * 65536
            }
            for y in b.y0..<b.y1 {
                guard let (xs, xe) = quad.span(row: y, within: b.x0, b.x1) else { continue }
                let py = Double(y) + 0.5
                let d = target.pixels + y * tw
                @inline(__always) func V(_ i: Int) -> Int { Int(vCol[2 * i] + py * vCol[2 * i + 1]) }
                var x = xs
                // Two pixels at a time where both texel blocks are inside the image.
                while x + 1 < xe {
                    let i = x - b.x0
                    let U0 = uCol[i], U1 = uCol[i + 1]
                    if U0 != Int.min && U1 != Int.min {
                        let V0 = V(i), V1 = V(i + 1)
                        let a0 = U0 >> 16, b0 = V0 >> 16, a1 = U1 >> 16, b1 = V1 >> 16
                        if UInt(bitPattern: a0) < UInt(bitPattern: iw - 1) && UInt(bitPattern: b0) < UInt(bitPattern: ih - 1)
                            && UInt(bitPattern: a1) < UInt(bitPattern: iw - 1) && UInt(bitPattern: b1) < UInt(bitPattern: ih - 1) {
                            Px2.over(Px2.sample(src + b0 * iw + a0, src + b1 * iw + a1, iw,
                                                (U0 >> 8) & 0xff, (V0 >> 8) & 0xff, (U1 >> 8) & 0xff, (V1 >> 8) & 0xff,
                                                shade: factors), d + x)
                        } else {
                            blendSample(src, iw, ih, U0, V0, shade, d + x)
                            blendSample(src, iw, ih, U1, V1, shade, d + x + 1)
                        }
                    } else {
                        if U0 != Int.min { blendSample(src, iw, ih, U0, V(i), shade, d + x) }
                        if U1 != Int.min { blendSample(src, iw, ih, U1, V(i + 1), shade, d + x + 1) }
                    }
                    x += 2
                }
                if x < xe, uCol[x - b.x0] != Int.min { blendSample(src, iw, ih, uCol[x - b.x0], V(x - b.x0), shade, d + x) }
            }
        }
        }
    }

    /// Turning about a horizontal axis (inverse map without m21, m31): every device row maps
    /// to one image row v(y), and u is affine along it; stepped in 32.32 fixed point, exact
    /// to far below a 256th of a texel across any row.
    static func drawRowSeparable(_ image: Bitmap, _ inv: ProjectiveTransform, shade: UInt32,
                                 into target: Bitmap, box b: PixelBox, quad: ProjectedQuad) {
        let src = image.pixels, iw = image.width, ih = image.height, tw = target.width
        for y in b.y0..<b.y1 {
            guard let (xs, xe) = quad.span(row: y, within: b.x0, b.x1) else { continue }
            let py = Double(y) + 0.5
            let W = inv.m32 * py + inv.m33
            guard W > 1e-12 else { continue }
            let v = (inv.m22 * py + inv.m23) / W - 0.5
            let du = inv.m11 / W, u0 = (inv.m12 * py + inv.m13) / W - 0.5 + du * (Double(xs) + 0.5)
            let ue = u0 + du * Double(xe - xs)
            guard abs(v) < 30000, abs(u0) < 30000, abs(ue) < 30000 else { continue }
            let V = Int(v * 65536)
            var U = Int(u0 * 4294967296)
            let dU = Int(du * 4294967296)
            let d = target.pixels + y * tw
            // u is monotone along the row, so the samples with their block inside the image are
            // one run: the few outside it at either end take the bounds-checked path.
            var x = xs, e = xe
            while x < e && !interior(U >> 16, V, iw, ih) { blendSample(src, iw, ih, U >> 16, V, shade, d + x); U &+= dU; x += 1 }
            while e > x && !interior((U &+ dU &* (e - 1 - x)) >> 16, V, iw, ih) {
                e -= 1
                blendSample(src, iw, ih, (U &+ dU &* (e - x)) >> 16, V, shade, d + e)
            }
            blendRun(src, iw, U: U, dU: dU, V: V << 16, dV: 0, count: e - x, shade: shade, into: d + x)
        }
    }

    /// Any other homography: the inverse map evaluated exactly every 16 pixels and stepped
    /// linearly in 16.16 fixed point between when that stays within 1/8 pixel of the exact
    /// map (checked at each chunk's middle; steeper chunks step every 4 pixels), so the inner
    /// loop is integer-only.
    static func drawProjectiveGeneral(_ image: Bitmap, _ inv: ProjectiveTransform, shade: UInt32,
                                      into target: Bitmap, box b: PixelBox, quad: ProjectedQuad) {
        let src = image.pixels, iw = image.width, ih = image.height, tw = target.width
        let chunk = 16
        for y in b.y0..<b.y1 {
            guard let (xs, xe) = quad.span(row: y, within: b.x0, b.x1) else { continue }
            let py = Double(y) + 0.5
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
                // n samples from (U, V) stepping (du, dv), bounds-checked each.
                @inline(__always) func stepped(_ U: Int, _ V: Int, _ du: Int, _ dv: Int, from i0: Int, count: Int) {
                    var U = U, V = V
                    for i in i0..<(i0 + count) {
                        blendSample(src, iw, ih, U, V, shade, d + i)
                        U &+= du; V &+= dv
                    }
                }
                let du = (nu - fu) / n, dv = (nv - fv) / n
                if linear && interiorRun(fu, fv, du, dv, n, iw, ih) {
                    // Every sample of the run has all four texels inside: no per-pixel bounds.
                    blendRun(src, iw, U: fu << 16, dU: du << 16, V: fv << 16, dV: dv << 16,
                             count: n, shade: shade, into: d + x)
                } else if linear {
                    stepped(fu, fv, du, dv, from: x, count: n)
                } else {
                    // Stronger perspective: 4-pixel steps (a sixteenth of the error), exact
                    // ends each; pixels mapping behind the eye are skipped.
                    var sx = x
                    var (au, av, aok) = (fu, fv, ok)
                    while sx < x + n {
                        let sn = min(4, x + n - sx)
                        let (bu, bv, bok) = sn == n ? (nu, nv, nok) : fixedAt(sx + sn)
                        if aok && bok {
                            stepped(au, av, (bu - au) / sn, (bv - av) / sn, from: sx, count: sn)
                        } else {
                            for i in sx..<(sx + sn) {
                                let (u1, v1, ok1) = fixedAt(i)
                                if ok1 { blendSample(src, iw, ih, u1, v1, shade, d + i) }
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
