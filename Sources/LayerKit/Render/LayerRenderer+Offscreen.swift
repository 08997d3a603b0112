// The two places where a layer is drawn into a bitmap of its own first: group opacity and
// masks that are not an axis-aligned device clip (in device space), and planes that are not
// affine on screen (flat in the layer's own space, then a projective image draw).

extension LayerRenderer {
    /// Draws `l` into a device-space offscreen bitmap over its subtree's extent, masks it by
    /// its (rounded) bounds when `mask`, and composites it once with `opacity`.
    func drawOffscreen(_ l: CALayer, _ a: AffineTransform, canvas: Canvas, opacity: Double,
                       subs: [CALayer], mask: Bool) {
        var ext = l.masksToBounds ? l.bounds.applying(a) : subtreeDeviceExtent(l, a)
        // Border and background live inside the bounds; the unmasked extent already holds them.
        ext = ext.intersection(canvas.target.bounds)
        if let c = canvas.clip { ext = ext.intersection(LayerRenderer.clipRect(c)) }
        guard !ext.isNull, !ext.isEmpty, ext.isFiniteRect else { return }
        let x0 = Int(ext.minX.rounded(.down)), y0 = Int(ext.minY.rounded(.down))
        let x1 = Int(ext.maxX.rounded(.up)), y1 = Int(ext.maxY.rounded(.up))
        guard x1 > x0, y1 > y0 else { return }
        let off = Bitmap(width: x1 - x0, height: y1 - y0)
        let oc = Canvas(off)
        oc.tolerance = canvas.tolerance
        let a2 = a.concatenating(.translation(Double(-x0), Double(-y0)))
        if l.masksToBounds && !mask { oc.clip = deviceClip(l, a2) }
        drawOwnContent(l, a2, canvas: oc, opacity: 1)
        let pa = ProjectiveTransform(a2)
        for s in subs { drawLayer(s, parent: pa, canvas: oc) }
        oc.clip = nil
        if mask {
            let m = Bitmap(width: off.width, height: off.height)
            let mc = Canvas(m)
            mc.tolerance = canvas.tolerance
            let p = l.cornerRadius > 0 ? Path.roundedRect(l.bounds, cornerRadius: l.cornerRadius) : Path.rect(l.bounds)
            mc.fill(p, transform: a2, color: .white)
            LayerRenderer.multiply(off, byAlphaOf: m)
        }
        drawBorder(l, a2, canvas: oc, opacity: 1)
        canvas.draw(off, transform: .translation(Double(x0), Double(y0)), opacity: opacity)
    }

    /// Multiplies every premultiplied pixel of `image` by the coverage (alpha) of `mask`.
    static func multiply(_ image: Bitmap, byAlphaOf mask: Bitmap) {
        let n = min(image.pixelCount, mask.pixelCount)
        let p = image.pixels, q = mask.pixels
        for i in 0..<n {
            let k = q[i] >> 24
            if k == 255 { continue }
            if k == 0 { p[i] = 0; continue }
            let v = p[i]
            // Rounded (x·k + 127) / 255 per channel.
            @inline(__always) func ch(_ s: UInt32) -> UInt32 {
                let c = (v >> s) & 0xff
                let t = c * k + 128
                return ((t + (t >> 8)) >> 8) << s
            }
            p[i] = ch(24) | ch(16) | ch(8) | ch(0)
        }
    }

    /// The bounding box of a clip shape.
    static func clipRect(_ c: ClipShape) -> Rect {
        switch c { case .rect(let r): return r; case .roundedRect(let r, _): return r }
    }

    /// Draws `l`, whose plane is not affine on screen under `m`, flat into an offscreen bitmap
    /// in its own coordinates and composites that through the projective map.
    func drawProjected(_ l: CALayer, _ m: ProjectiveTransform, canvas: Canvas) {
        var r = l.masksToBounds ? l.bounds : subtreeLocalExtent(l)
        guard !r.isNull, !r.isEmpty, r.isFiniteRect else { return }
        // Keep the flat image within reason: about the device resolution where it lands.
        var dev = Rect.null
        for p in [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.minX, r.maxY), Point(r.maxX, r.maxY)] {
            if let q = m.apply(p) { dev = dev.union(Rect(q.x, q.y, 0, 0)) }
        }
        var s = scale
        if !dev.isNull {
            s = max(dev.width / max(r.width, 1e-9), dev.height / max(r.height, 1e-9))
            s = min(max(s, 0.25 * scale), 4 * scale)
        }
        let maxSide = 4096.0
        s = min(s, maxSide / max(r.width, 1), maxSide / max(r.height, 1))
        r = Rect(r.minX.rounded(.down), r.minY.rounded(.down), r.width.rounded(.up) + 1, r.height.rounded(.up) + 1)
        let w = Int((r.width * s).rounded(.up)) + 2, h = Int((r.height * s).rounded(.up)) + 2
        guard w > 0, h > 0 else { return }
        let off = Bitmap(width: w, height: h)
        let oc = Canvas(off)
        oc.tolerance = canvas.tolerance
        let aOff = AffineTransform.translation(-r.minX, -r.minY).concatenating(.scale(s, s)).concatenating(.translation(1, 1))
        drawBody(l, aOff, canvas: oc, opacity: 1)
        guard let inv = aOff.inverted else { return }
        canvas.draw(off, projective: ProjectiveTransform(inv).concatenating(m), opacity: l.opacity)
    }

    // MARK: Extents

    /// What the layer itself may paint, in its own coordinates (bounds, stroked path,
    /// contents, text), before any mask.
    func ownLocalExtent(_ l: CALayer) -> Rect {
        var r = Rect.null
        if l.backgroundColor != nil || l.borderWidth > 0 { r = l.bounds }
        if let img = l.contents?.bitmap {
            r = r.union(l.contentsGravity.rect(for: Size(Double(img.width), Double(img.height)), in: l.bounds))
        }
        if let s = l as? CAShapeLayer, let p = s.path, !p.isEmpty {
            var pb = p.controlPointBounds
            if s.strokeColor != nil && s.lineWidth > 0 {
                let joinFactor = s.lineJoin == .miter ? max(s.miterLimit, 1) : 1
                let pad = s.lineWidth / 2 * max(joinFactor, 1.5) + 1
                pb = pb.insetBy(dx: -pad, dy: -pad)
            }
            r = r.union(pb)
        }
        if let t = l as? CATextLayer, !t.string.isEmpty {
            var tr = l.bounds
            if let b = textBitmap(t, .identity) {
                tr = tr.union(Rect(l.bounds.minX - Double(b.width), l.bounds.minY, 2 * Double(b.width) + l.bounds.width, Double(b.height)))
            }
            r = r.union(tr)
        }
        return r
    }

    /// The subtree's extent in the layer's own coordinates (visible sublayers through their
    /// maps, cut by masksToBounds).
    func subtreeLocalExtent(_ l: CALayer) -> Rect {
        var r = ownLocalExtent(l)
        if l.masksToBounds { return r.union(l.bounds).intersection(l.bounds) }
        for s in l.sublayers ?? [] where !s.isHidden && s.opacity > 0 {
            let e = subtreeLocalExtent(s)
            guard !e.isNull else { continue }
            r = r.union(LayerRenderer.map(e, s.transformToSuperlayer) ?? .null)
        }
        return r
    }

    /// The subtree's extent in device pixels under `a`; infinite when part of it is projected
    /// across the eye plane.
    func subtreeDeviceExtent(_ l: CALayer, _ a: AffineTransform) -> Rect {
        let e = subtreeLocalExtent(l)
        return e.isNull ? .null : e.applying(a)
    }

    /// The bounding box of `r`'s corners under `m`; nil when a corner lands behind the eye.
    static func map(_ r: Rect, _ m: ProjectiveTransform) -> Rect? {
        var out = Rect.null
        for p in [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.minX, r.maxY), Point(r.maxX, r.maxY)] {
            guard let q = m.apply(p) else { return nil }
            out = out.union(Rect(q.x, q.y, 0, 0))
        }
        return out
    }
}

extension Rect {
    /// Whether origin and size are all finite (NaN or infinite geometry is never drawn).
    var isFiniteRect: Bool { origin.x.isFinite && origin.y.isFinite && size.width.isFinite && size.height.isFinite }
}
