// Projective (perspective) image drawing, two ways of treating the image's outline over one
// sampler (ImageSampler) and one inverse mapping:
// - `Canvas.draw(_:projective:opacity:)`: the image's quad, clipped to the half-space in front
//   of the eye, is rasterized like any polygon (outline anti-aliased by exact coverage,
//   clipped like fills); each covered pixel samples through the inverse map, edges extended.
// - `ProjectiveImage.drawWithSampledEdges`: every pixel near the projected quad samples
//   through the inverse map with transparent edges, so the sampler fades the outline over a
//   pixel; no coverage pass, and the planes turned about a vertical or horizontal axis (the
//   transitions' faces) take separable fast paths. Limited to an integer box, shaded.
import CRasterSIMD

extension Canvas {
    /// Draws `image` (its pixel rectangle 0…w × 0…h) mapped by the projective (perspective)
    /// 3×3 transform `projective` into device pixels, bilinear through the inverse mapping,
    /// with `opacity`, clipped like fills; the sides of `aliasing` (a rectangle in the image's
    /// pixels, then the outline of what is drawn) drawn aliased (ProjectiveAliasedEdges.swift).
    public func draw(_ image: Bitmap, projective: ProjectiveTransform, opacity: Double = 1, aliasing: EdgeAliasing? = nil) {
        if projective.isAffine {
            draw(image, transform: AffineTransform(a: projective.m11, b: projective.m21, c: projective.m12,
                                                   d: projective.m22, tx: projective.m13, ty: projective.m23),
                 opacity: opacity, aliasing: aliasing)
            return
        }
        guard image.width > 0, image.height > 0, opacity.isFinite, opacity > 0 else { return }
        guard let inverse = projective.inverted else { return }
        let alpha = UInt32(saturating: min(1, opacity) * 255 + 0.5)
        guard alpha > 0 else { return }
        let w = Double(image.width), h = Double(image.height)
        // Clip the image rectangle (in image space) to the half-plane in front of the eye
        // (w ≥ ε), so a quad partly behind the viewer maps to a finite polygon.
        let eps = 1e-6
        let m = projective
        var quad = rasterScratch.quad
        rasterScratch.quad = FlatPath()
        /// `quad` set to the rectangle `r` (image space) clipped to the front half-space, mapped.
        func project(_ r: Rect) {
            quad.removeAll()
            let corners = r.corners
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
        }
        // With aliased sides, the outline is the aliasing's rectangle (a pixel more beyond its
        // anti-aliased sides, for their coverage ramp), not the image's: the image beyond an
        // aliased side, which the centre test cuts only along the side's straight part, is
        // never drawn.
        if let aliasing, !aliasing.rect.isNull, aliasing.rect.isFiniteRect {
            let r = aliasing.rect, s = aliasing.sides
            let x0 = s.contains(.minX) ? r.minX : r.minX - 1, x1 = s.contains(.maxX) ? r.maxX : r.maxX + 1
            let y0 = s.contains(.minY) ? r.minY : r.minY - 1, y1 = s.contains(.maxY) ? r.maxY : r.maxY + 1
            project(Rect(max(0, x0), max(0, y0), max(0, min(w, x1) - max(0, x0)), max(0, min(h, y1) - max(0, y0))))
            if quad.points.count >= 3, let sides = DeviceAliasedSides(aliasing, projective: m, polygons: &quad, nearW: eps) {
                let painter = ProjectiveImagePainter(sampler: ImageSampler(image), inverse: inverse, alpha: alpha,
                                                     clamp: EdgeSampleClamp(aliasing))
                withUnsafeTemporaryAllocation(of: Int.self, capacity: 9) { cuts in
                    cuts.initialize(repeating: .min)
                    rasterize(quad, rule: .nonZero, painter: PixelCentrePainter(inner: painter, sides: sides,
                                                                                rowCuts: cuts.baseAddress!))
                }
                rasterScratch.quad = quad
                return
            }
        }
        project(Rect(0, 0, w, h))
        if quad.points.count >= 3 {
            rasterize(quad, rule: .nonZero,
                      painter: ProjectiveImagePainter(sampler: ImageSampler(image), inverse: inverse, alpha: alpha))
        }
        rasterScratch.quad = quad
    }

}

/// Projective drawing with the sampler's transparent edges (see the file header).
enum ProjectiveImage {
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
    /// through the inverse map, each sample's colour times `shade`/255 (`lkShade`), limited to `box`.
    /// Straight image edges stay straight (the map is a homography). Each row visits only the
    /// span the projected quad covers.
    ///
    /// The 3D transitions turn their faces about a vertical or a horizontal axis, and such a
    /// homography separates: turning about a vertical axis, every device column maps to one
    /// image column (vertical lines stay vertical) and v is linear in y down a column, so
    /// per-column tables computed once make every pixel exact with one multiply-add; turning
    /// about a horizontal axis, every device row maps to one image row and u is linear along
    /// the row. Other maps take the general path (`drawProjectiveGeneral`).
    static func drawWithSampledEdges(_ image: Bitmap, _ m: ProjectiveTransform, shade: UInt32 = 255,
                               into target: Bitmap, box: PixelBox) {
        let w = Double(image.width), h = Double(image.height)
        guard image.width > 0, image.height > 0, let inv = m.inverted else { return }
        var c = (Point(0, 0), Point(0, 0), Point(0, 0), Point(0, 0))
        for (i, p) in [Point(0, 0), Point(w, 0), Point(w, h), Point(0, h)].enumerated() {
            guard let q = m.apply(p), q.isFinite else { return } // behind the eye: not drawn
            switch i { case 0: c.0 = q; case 1: c.1 = q; case 2: c.2 = q; default: c.3 = q }
        }
        let quad = ProjectedQuad(c.0, c.1, c.2, c.3)
        let b = box.intersect(PixelBox(x0: Int(saturating: (quad.minX - 1).rounded(.down)), y0: Int(saturating: (quad.minY - 1).rounded(.down)),
                                       x1: Int(saturating: (quad.maxX + 1).rounded(.up)), y1: Int(saturating: (quad.maxY + 1).rounded(.up))))
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
            let xs = max(x0, Int(saturating: (lo - 1).rounded(.down))), xe = min(x1, Int(saturating: (hi + 1).rounded(.up)))
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
        if UInt(bitPattern: x0) < UInt(bitPattern: iw &- 1) && UInt(bitPattern: y0) < UInt(bitPattern: ih &- 1) {
            let p = src + (y0 &* iw &+ x0)
            s = lkBilinearSpread(p[0], p[1], p[iw], p[iw &+ 1], (U >> 8) & 0xff, (V >> 8) & 0xff)
        } else {
            s = ImageSampler(pixels: src, width: iw, height: ih).transparentEdgeOutside(x0, y0, (U >> 8) & 0xff, (V >> 8) & 0xff)
            if s == 0 { return }
        }
        if shade < 255 { s = lkShadeSpread(s, shade) }
        d.pointee = lkSourceOverTested(lkPack(s), d.pointee)
    }

    /// `n` bilinear samples along a line of `image`, the i-th at (U + i·dU, V + i·dV) in 32.32
    /// fixed point (half-pixel shifted, as `ImageSampler.sampleSpread(fixed:)`'s 16.16), shaded, source-over into
    /// d[0..<n]. Every sample's 2×2 texel block must lie inside the image (the caller checks
    /// the run's ends: positions are linear in i). Two samples per step through `lkBilinearPair`; kept a
    /// small function of its own so the vector kernel is always inlined into a tight loop.
    static func blendRun(_ src: UnsafeMutablePointer<UInt32>, _ iw: Int, U: Int, dU: Int, V: Int, dV: Int,
                         count n: Int, shade: UInt32, into d: UnsafeMutablePointer<UInt32>) {
        var U = U, V = V, i = 0
        while i &+ 1 < n {
            let U0 = U >> 16, V0 = V >> 16, U1 = (U &+ dU) >> 16, V1 = (V &+ dV) >> 16
            lkSourceOverPair(lkBilinearPair(src + ((V0 >> 16) &* iw &+ (U0 >> 16)), src + ((V1 >> 16) &* iw &+ (U1 >> 16)), iw,
                                (U0 >> 8) & 0xff, (V0 >> 8) & 0xff, (U1 >> 8) & 0xff, (V1 >> 8) & 0xff,
                                shade: shade), d + i)
            U = U &+ 2 &* dU; V = V &+ 2 &* dV; i &+= 2
        }
        if i < n {
            let U0 = U >> 16, V0 = V >> 16
            let p = src + ((V0 >> 16) &* iw &+ (U0 >> 16))
            var s = lkBilinearSpread(p[0], p[1], p[iw], p[iw &+ 1], (U0 >> 8) & 0xff, (V0 >> 8) & 0xff)
            if shade < 255 { s = lkShadeSpread(s, shade) }
            d[i] = lkSourceOverTested(lkPack(s), d[i])
        }
    }

    /// Whether a 16.16 sample position's 2×2 texel block lies inside a w × h image.
    @inline(__always)
    static func interior(_ U: Int, _ V: Int, _ w: Int, _ h: Int) -> Bool {
        UInt(bitPattern: U >> 16) < UInt(bitPattern: w &- 1) && UInt(bitPattern: V >> 16) < UInt(bitPattern: h &- 1)
    }

    /// Turning about a vertical axis (inverse map without m12, m32): per device column x,
    /// u(x) and v(x, y) = a(x) + y·b(x) from tables built once, so each pixel is exact.
    static func drawColumnSeparable(_ image: Bitmap, _ inv: ProjectiveTransform, shade: UInt32,
                                    into target: Bitmap, box b: PixelBox, quad: ProjectedQuad) {
        let n = b.x1 - b.x0
        let src = image.pixels, iw = image.width, ih = image.height, tw = target.width
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
                // Bounded by the table's guard (|v| < 30000 over the box), so truncated unchecked.
                @inline(__always) func V(_ i: Int) -> Int { Int(lk_truncate(vCol[2 &* i] + py * vCol[2 &* i &+ 1])) }
                let iw1 = UInt(bitPattern: iw &- 1), ih1 = UInt(bitPattern: ih &- 1)
                var x = xs
                // Two pixels at a time where both texel blocks are inside the image.
                while x &+ 1 < xe {
                    let i = x &- b.x0
                    let U0 = uCol[i], U1 = uCol[i &+ 1]
                    if U0 != Int.min && U1 != Int.min {
                        let V0 = V(i), V1 = V(i &+ 1)
                        let a0 = U0 >> 16, b0 = V0 >> 16, a1 = U1 >> 16, b1 = V1 >> 16
                        if UInt(bitPattern: a0) < iw1 && UInt(bitPattern: b0) < ih1
                            && UInt(bitPattern: a1) < iw1 && UInt(bitPattern: b1) < ih1 {
                            lkSourceOverPair(lkBilinearPair(src + (b0 &* iw &+ a0), src + (b1 &* iw &+ a1), iw,
                                                (U0 >> 8) & 0xff, (V0 >> 8) & 0xff, (U1 >> 8) & 0xff, (V1 >> 8) & 0xff,
                                                shade: shade), d + x)
                        } else {
                            blendSample(src, iw, ih, U0, V0, shade, d + x)
                            blendSample(src, iw, ih, U1, V1, shade, d + (x &+ 1))
                        }
                    } else {
                        if U0 != Int.min { blendSample(src, iw, ih, U0, V(i), shade, d + x) }
                        if U1 != Int.min { blendSample(src, iw, ih, U1, V(i &+ 1), shade, d + (x &+ 1)) }
                    }
                    x &+= 2
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
            while x < e && !interior(U >> 16, V, iw, ih) { blendSample(src, iw, ih, U >> 16, V, shade, d + x); U &+= dU; x &+= 1 }
            while e > x && !interior((U &+ dU &* (e &- 1 &- x)) >> 16, V, iw, ih) {
                e &-= 1
                blendSample(src, iw, ih, (U &+ dU &* (e &- x)) >> 16, V, shade, d + e)
            }
            blendRun(src, iw, U: U, dU: dU, V: V << 16, dV: 0, count: e &- x, shade: shade, into: d + x)
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
                    var i = i0
                    let end = i0 &+ count
                    while i < end {
                        blendSample(src, iw, ih, U, V, shade, d + i)
                        i &+= 1
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
