// OWNER: transitions helper.
// The pixel kernels every transition shares: premultiplied ARGB8888 arithmetic on two
// 8-bit lanes at a time (0x00ff00ff masks), bilinear sampling with transparent outside, and
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
        let rb = (((p & 0x00ff00ff) &* k) >> 8) & 0x00ff00ff
        let ag = ((((p >> 8) & 0x00ff00ff) &* k) >> 8) & 0x00ff00ff
        return rb | (ag << 8)
    }

    /// Colour channels times `k`/256, alpha kept: shading (darkening) a premultiplied pixel.
    @inline(__always) @usableFromInline
    static func shade(_ p: UInt32, _ k: UInt32) -> UInt32 {
        let rb = (((p & 0x00ff00ff) &* k) >> 8) & 0x00ff00ff
        let g = ((((p >> 8) & 0xff) &* k) >> 8) & 0xff
        return (p & 0xff000000) | rb | (g << 8)
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
        let x0f = fx.rounded(.down), y0f = fy.rounded(.down)
        let x0 = Int(x0f), y0 = Int(y0f)
        let wx = UInt32((fx - x0f) * 256), wy = UInt32((fy - y0f) * 256)
        if x0 >= 0 && y0 >= 0 && x0 + 1 < w && y0 + 1 < h {
            let p = src + y0 * w + x0
            let top = lerp(p[0], p[1], wx), bottom = lerp(p[w], p[w + 1], wx)
            return lerp(top, bottom, wy)
        }
        @inline(__always) func at(_ i: Int, _ j: Int) -> UInt32 {
            (i >= 0 && j >= 0 && i < w && j < h) ? src[j * w + i] : 0
        }
        let top = lerp(at(x0, y0), at(x0 + 1, y0), wx)
        let bottom = lerp(at(x0, y0 + 1), at(x0 + 1, y0 + 1), wx)
        return lerp(top, bottom, wy)
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

    /// `image` drawn through the projective map `m` (image pixels → device pixels), bilinear
    /// through the inverse map, each sample's colour times `shade`/256, limited to `box`.
    /// Straight image edges stay straight (the map is a homography); pixels whose inverse
    /// lands behind the eye are skipped.
    static func drawProjective(_ image: Bitmap, _ m: ProjectiveTransform, shade: UInt32 = 256,
                               into target: Bitmap, box: PixelBox) {
        let w = Double(image.width), h = Double(image.height)
        guard image.width > 0, image.height > 0, let inv = m.inverted else { return }
        // Device bounding box of the projected corners (all must be in front of the eye).
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for c in [Point(0, 0), Point(w, 0), Point(0, h), Point(w, h)] {
            guard let p = m.apply(c) else { return }
            minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return }
        let b = box.intersect(PixelBox(x0: Int((minX - 1).rounded(.down)), y0: Int((minY - 1).rounded(.down)),
                                       x1: Int((maxX + 1).rounded(.up)), y1: Int((maxY + 1).rounded(.up))))
        guard !b.isEmpty else { return }
        let src = image.pixels, iw = image.width, ih = image.height, tw = target.width
        for y in b.y0..<b.y1 {
            let py = Double(y) + 0.5
            let d = target.pixels + y * tw
            // Homogeneous inverse coordinates are linear along the row: step them.
            let px0 = Double(b.x0) + 0.5
            var U = inv.m11 * px0 + inv.m12 * py + inv.m13
            var V = inv.m21 * px0 + inv.m22 * py + inv.m23
            var Wh = inv.m31 * px0 + inv.m32 * py + inv.m33
            for x in b.x0..<b.x1 {
                if Wh > 1e-12 {
                    let r = 1 / Wh
                    let u = U * r, v = V * r
                    if u > -0.5 && v > -0.5 && u < w + 0.5 && v < h + 0.5 {
                        var s = Px.sample(src, iw, ih, u, v)
                        if shade < 256 { s = Px.shade(s, shade) }
                        d[x] = Px.over(s, d[x])
                    }
                }
                U += inv.m11; V += inv.m21; Wh += inv.m31
            }
        }
    }
}
