// The clip of a CGContext and how drawing passes through it. Core Graphics intersects the
// clip with each new region and never widens it except by restoreGState: clip(using:) "uses
// the specified rule to calculate the intersection of the current path with the current
// clipping path. The path resulting from the intersection is used as the new current
// clipping path for subsequent painting operations" (CGContext.clip(using:), Apple's
// documentation); clip(to:) then "resets the context's current path to an empty path". Here
// the clip is kept as a device-space rectangle (exact, anti-aliased at fractional edges by the
// canvas) and, once a region that is not an axis-aligned rectangle has been intersected, a
// coverage mask of the context's size. A drawing operation under a mask is drawn into a
// scratch bitmap, multiplied by the mask and composited source-over; without a mask it is
// drawn straight into the target, clipped to the rectangle.

extension CGContext {
    /// Intersects the clip with the current path's interior under `rule`, then discards the path.
    public func clip(using rule: CGPathFillRule = .winding) {
        let p = path
        path = Path()
        intersectClip(with: p, rule: rule.rasterRule)
    }

    /// Intersects the clip with `rect` (user space), then discards the current path.
    public func clip(to rect: Rect) {
        path = Path()
        intersectClip(with: Path.rect(rect).applying(state.ctm), rule: .nonZero)
    }

    /// Intersects the clip with the union of `rects` (user space), then discards the current path.
    public func clip(to rects: [Rect]) {
        var p = Path()
        for r in rects { p.addRect(r) }
        path = Path()
        intersectClip(with: p.applying(state.ctm), rule: .nonZero)
    }

    /// The clip's bounding box in user space: what a drawing routine needs to redraw ("the
    /// bounding box of the current clipping path", CGContext.boundingBoxOfClipPath).
    public var boundingBoxOfClipPath: Rect {
        guard !state.clipRect.isEmpty, let inv = state.ctm.inverted else { return .null }
        return state.clipRect.applying(inv)
    }

    /// Intersects the clip with `devicePath` (device space).
    func intersectClip(with devicePath: Path, rule: FillRule) {
        let bounds = devicePath.controlPointBounds
        guard !bounds.isNull, devicePath.isFinite else { state.clipRect = .null; state.clipMask = nil; return }
        if let r = devicePath.axisAlignedRectangle {
            state.clipRect = state.clipRect.intersection(r)
            return
        }
        let area = state.clipRect.intersection(bounds)
        guard !area.isNull, !area.isEmpty else { state.clipRect = .null; state.clipMask = nil; return }
        let mask = Bitmap(width: width, height: height)
        // Clipped to whole pixels only: the rectangle's anti-aliased rim is applied once, when
        // drawing passes through the clip.
        let c = Canvas(mask)
        c.clip = .rect(area.pixelAligned)
        c.fill(devicePath, color: .white, rule: rule)
        if let old = state.clipMask { mask.multiply(byAlphaOf: old) }
        state.clipMask = mask
        state.clipRect = area
    }

    /// Performs `draw` on a canvas whose pixels reach the target through the clip.
    func paint(_ draw: (Canvas) -> Void) {
        let clipRect = state.clipRect
        guard !clipRect.isNull, !clipRect.isEmpty else { return }
        guard state.clipMask != nil else {
            canvas.clip = .rect(clipRect)
            draw(canvas)
            return
        }
        let s = scratchBitmap()
        let c = Canvas(s)
        c.clip = .rect(clipRect.pixelAligned)
        draw(c)
        compositeScratch()
    }

    /// Composites the scratch bitmap over the target through the clip (mask and rectangle),
    /// then clears the scratch.
    /// Only the clip's whole pixels are touched: nothing was drawn into the scratch elsewhere.
    func compositeScratch() {
        guard let s = scratch else { return }
        let area = state.clipRect.pixelAligned
        if let mask = state.clipMask {
            let m = mask.pixels
            s.scalePixels(in: area) { i, _ in m[i] >> 24 }
        }
        canvas.clip = .rect(state.clipRect)
        canvas.draw(s, transform: .identity)
        s.scalePixels(in: area) { _, _ in 0 }
    }

    /// The cleared scratch bitmap of the context's size.
    func scratchBitmap() -> Bitmap {
        if let s = scratch { return s }
        let s = Bitmap(width: width, height: height)
        scratch = s
        return s
    }
}

extension Bitmap {
    /// Multiplies every premultiplied pixel inside `rect` (device pixels, clipped to the
    /// bitmap) by `factor(index, pixel)` / 255 (0…255), rounded exactly ((x·k + 127) / 255).
    @inline(__always)
    func scalePixels(in rect: Rect, _ factor: (Int, UInt32) -> UInt32) {
        guard !rect.isNull, rect.isFiniteRect else { return }
        let x0 = max(0, Int(max(-1, rect.minX).rounded(.down))), y0 = max(0, Int(max(-1, rect.minY).rounded(.down)))
        let x1 = min(width, Int(min(Double(width), rect.maxX).rounded(.up)))
        let y1 = min(height, Int(min(Double(height), rect.maxY).rounded(.up)))
        guard x1 > x0, y1 > y0 else { return }
        let p = pixels
        for y in y0..<y1 {
            for i in (y * width + x0)..<(y * width + x1) {
                let v = p[i]
                if v == 0 { continue }
                let k = factor(i, v)
                if k == 255 { continue }
                if k == 0 { p[i] = 0; continue }
                @inline(__always) func ch(_ s: UInt32) -> UInt32 {
                    let t = ((v >> s) & 0xff) &* k &+ 128
                    return ((t &+ (t >> 8)) >> 8) << s
                }
                p[i] = ch(24) | ch(16) | ch(8) | ch(0)
            }
        }
    }

    /// Multiplies every premultiplied pixel inside `rect` by one minus the alpha of the same
    /// pixel of `eraser` (Porter-Duff destination-out).
    func multiply(byInverseAlphaOf eraser: Bitmap, in rect: Rect) {
        guard eraser.width == width, eraser.height == height else { return }
        let q = eraser.pixels
        scalePixels(in: rect) { i, _ in 255 &- (q[i] >> 24) }
    }
}

extension Rect {
    /// The smallest rectangle of whole pixels containing this one (no anti-aliased rim as a clip).
    var pixelAligned: Rect {
        let x0 = minX.rounded(.down), y0 = minY.rounded(.down)
        return Rect(x0, y0, maxX.rounded(.up) - x0, maxY.rounded(.up) - y0)
    }
}

extension Path {
    /// The rectangle this path is, when it is one closed axis-aligned rectangle (four corners
    /// in either winding, optionally repeating the first); nil otherwise.
    var axisAlignedRectangle: Rect? {
        var pts: [Point] = []
        for (i, e) in elements.enumerated() {
            switch e {
            case .move(let p): if i != 0 { return nil }; pts.append(p)
            case .line(let p): pts.append(p)
            case .close: if i != elements.count - 1 { return nil }
            case .quad, .cubic: return nil
            }
        }
        if pts.count == 5, pts[4] == pts[0] { pts.removeLast() }
        guard pts.count == 4 else { return nil }
        let horizontalFirst = pts[0].y == pts[1].y && pts[1].x == pts[2].x && pts[2].y == pts[3].y && pts[3].x == pts[0].x
        let verticalFirst = pts[0].x == pts[1].x && pts[1].y == pts[2].y && pts[2].x == pts[3].x && pts[3].y == pts[0].y
        guard horizontalFirst || verticalFirst else { return nil }
        let x0 = min(pts[0].x, pts[2].x), x1 = max(pts[0].x, pts[2].x)
        let y0 = min(pts[0].y, pts[2].y), y1 = max(pts[0].y, pts[2].y)
        return Rect(x0, y0, x1 - x0, y1 - y0)
    }
}
