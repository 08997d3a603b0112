// The presentation tree drawn into a Raster canvas, composed as Core Animation composes:
// each layer's plane is mapped into its superlayer's (anchorPoint, position, transform, the
// superlayer's sublayerTransform about its bounds centre), flattened, and the window's pixel
// scale multiplies at the last step.

/// Draws a layer tree (normally a presentation tree) into a `Canvas`.
///
/// Per layer, in Core Animation's order: background (rounded by cornerRadius), contents
/// (with contentsGravity), the shape's fill then stroke or the text, the sublayers by
/// zPosition, then the border. `masksToBounds` clips contents and sublayers to the (rounded)
/// bounds: through the canvas's device clip when the layer is axis-aligned, otherwise through
/// an offscreen layer multiplied by a coverage mask. Opacity applies to the layer and its
/// sublayers as a group (offscreen, composited once) whenever more than one thing would
/// overlap; a single primitive just takes the opacity. A layer whose plane is not affine on
/// screen (perspective, 3D rotation) is drawn flat offscreen and composited through a
/// projective image draw.
public final class LayerRenderer {
    /// Device pixels per point (hi-DPI); applied at the last step.
    public var scale: Double
    /// What the target is cleared to before drawing (the document's background).
    public var background: Color
    /// Rendered text bitmaps by (string, size, colour), so unchanged text is drawn once.
    var textCache: [TextKey: Bitmap] = [:]
    /// Each layer's draw state in the previous `renderFrame`, for damage tracking.
    var previousStates: [ObjectIdentifier: LayerDrawRecord] = [:]
    var previousSize: (Int, Int)? = nil
    /// Counts `renderFrame` calls (marks layers that must be redrawn every frame).
    var frameNumber = 0

    public init(scale: Double = 1, background: Color = .clear) {
        self.scale = scale; self.background = background
    }

    /// Clears the whole target to `background` and draws `root` (no damage tracking).
    public func draw(_ root: CALayer, into canvas: Canvas) {
        canvas.clear(background)
        drawTree(root, into: canvas)
    }

    /// Draws `root` over what the canvas holds, honouring its clip.
    public func drawTree(_ root: CALayer, into canvas: Canvas) {
        let device = ProjectiveTransform(AffineTransform.scale(scale, scale))
        drawLayer(root, parent: device, canvas: canvas)
    }

    // MARK: Layers

    /// Draws `l` and its subtree; `parent` maps the superlayer's coordinates to device pixels.
    func drawLayer(_ l: CALayer, parent: ProjectiveTransform, canvas: Canvas) {
        guard !l.isHidden, l.opacity > 0 else { return }
        let m = l.transformToSuperlayer.concatenating(parent)
        // Non-finite geometry (overflowing or NaN values from a document or an animation) draws nothing.
        guard m.m11.isFinite, m.m12.isFinite, m.m13.isFinite, m.m21.isFinite, m.m22.isFinite, m.m23.isFinite,
              m.m31.isFinite, m.m32.isFinite, m.m33.isFinite, l.bounds.isFiniteRect, l.opacity.isFinite else { return }
        if drawTransitionIfActive(l, m, canvas: canvas) { return } // CATransition (Transition/)
        guard m.isAffine else { drawProjected(l, m, canvas: canvas); return }
        drawBody(l, LayerRenderer.affine(m), canvas: canvas, opacity: l.opacity)
    }

    /// Draws `l` (already known visible) with its plane mapped by the affine `a`, its group
    /// opacity `opacity`.
    func drawBody(_ l: CALayer, _ a: AffineTransform, canvas: Canvas, opacity: Double) {
        let subs = l.sublayersInDrawingOrder.filter { !$0.isHidden && $0.opacity > 0 }
        let prims = primitiveCount(l)
        let needsGroup = opacity < 1 && (!subs.isEmpty || prims > 1)
        var clipShape: ClipShape? = nil
        var needsMask = false
        if l.masksToBounds && (!subs.isEmpty || hasContentBeyondBackground(l)) {
            if let c = deviceClip(l, a) { clipShape = c } else { needsMask = true }
        }
        if needsGroup || needsMask {
            drawOffscreen(l, a, canvas: canvas, opacity: opacity, subs: subs, mask: needsMask)
            return
        }
        let saved = canvas.clip
        if let c = clipShape {
            guard let merged = LayerRenderer.intersect(saved, c, canvas.target) else {
                // Fully clipped content and sublayers; the border is still drawn.
                drawBorder(l, a, canvas: canvas, opacity: opacity)
                return
            }
            canvas.clip = merged
        }
        drawOwnContent(l, a, canvas: canvas, opacity: opacity)
        let pa = ProjectiveTransform(a)
        for s in subs { drawLayer(s, parent: pa, canvas: canvas) }
        canvas.clip = saved
        drawBorder(l, a, canvas: canvas, opacity: opacity)
    }

    /// The layer's own drawing below its sublayers: background, contents, shape, text.
    func drawOwnContent(_ l: CALayer, _ a: AffineTransform, canvas: Canvas, opacity: Double) {
        let b = l.bounds
        if let bg = l.backgroundColor, bg.a > 0, !b.isEmpty {
            let p = l.cornerRadius > 0 ? Path.roundedRect(b, cornerRadius: l.cornerRadius) : Path.rect(b)
            canvas.fill(p, transform: a, color: bg, opacity: opacity)
        }
        if let img = l.contents?.bitmap, img.width > 0, img.height > 0 {
            let dst = l.contentsGravity.rect(for: Size(Double(img.width), Double(img.height)), in: b)
            let t = AffineTransform.scale(dst.width / Double(img.width), dst.height / Double(img.height))
                .concatenating(.translation(dst.minX, dst.minY)).concatenating(a)
            canvas.draw(img, transform: t, opacity: opacity)
        }
        if let s = l as? CAShapeLayer, let path = s.path, !path.isEmpty {
            if let fc = s.fillColor, fc.a > 0 {
                canvas.fill(path, transform: a, color: fc, rule: s.fillRule, opacity: opacity)
            }
            if let sc = s.strokeColor, sc.a > 0, s.lineWidth > 0 {
                canvas.stroke(path, style: s.strokeStyle, transform: a, color: sc,
                              strokeStart: s.strokeStart, strokeEnd: s.strokeEnd, opacity: opacity)
            }
        }
        if let t = l as? CATextLayer, let bmp = textBitmap(t, a) {
            let ds = max(a.maxScale, 1e-6)
            let w = Double(bmp.width) / ds
            let x: Double
            switch t.alignmentMode {
            case .natural, .left: x = b.minX
            case .right: x = b.maxX - w
            case .center: x = b.midX - w / 2
            }
            let m = AffineTransform.scale(1 / ds, 1 / ds).concatenating(.translation(x, b.minY)).concatenating(a)
            canvas.draw(bmp, transform: m, opacity: opacity)
        }
    }

    /// The border, inside the bounds, above everything else of the layer.
    func drawBorder(_ l: CALayer, _ a: AffineTransform, canvas: Canvas, opacity: Double) {
        guard l.borderWidth > 0, let bc = l.borderColor, bc.a > 0, !l.bounds.isEmpty else { return }
        let b = l.bounds, w = min(l.borderWidth, b.width / 2, b.height / 2)
        var p = Path.roundedRect(b, cornerRadius: l.cornerRadius)
        p.addPath(.roundedRect(b.insetBy(dx: w, dy: w), cornerRadius: max(0, l.cornerRadius - w)))
        canvas.fill(p, transform: a, color: bc, rule: .evenOdd, opacity: opacity)
    }

    /// How many separately composited things the layer itself draws (overlaps matter for opacity).
    func primitiveCount(_ l: CALayer) -> Int {
        var n = 0
        if let c = l.backgroundColor, c.a > 0 { n += 1 }
        if l.contents != nil { n += 1 }
        if l.borderWidth > 0, let c = l.borderColor, c.a > 0 { n += 1 }
        if let s = l as? CAShapeLayer, s.path != nil {
            if let c = s.fillColor, c.a > 0 { n += 1 }
            if let c = s.strokeColor, c.a > 0, s.lineWidth > 0 { n += 1 }
        }
        if let t = l as? CATextLayer, !t.string.isEmpty { n += 1 }
        return n
    }

    /// Whether the layer draws anything that masksToBounds could cut (contents, path, text).
    func hasContentBeyondBackground(_ l: CALayer) -> Bool {
        if l.contents != nil { return true }
        if let s = l as? CAShapeLayer, s.path != nil { return true }
        if l is CATextLayer { return true }
        return false
    }

    /// The bounds as a device clip when the map is axis-aligned (with a uniform scale for a
    /// rounded clip); nil when a coverage mask is needed.
    func deviceClip(_ l: CALayer, _ a: AffineTransform) -> ClipShape? {
        guard a.b == 0, a.c == 0 else { return nil }
        let r = l.bounds.applying(a)
        if l.cornerRadius <= 0 { return .rect(r) }
        guard abs(abs(a.a) - abs(a.d)) < 1e-9 else { return nil }
        return .roundedRect(r, cornerRadius: l.cornerRadius * abs(a.a))
    }

    /// Combines the canvas's clip with a layer's; nil when they cannot be combined into one
    /// ClipShape … in which case the caller has nothing to draw only if the result is empty.
    static func intersect(_ current: ClipShape?, _ new: ClipShape, _ target: Bitmap) -> ClipShape? {
        guard let cur = current else { return new }
        switch (cur, new) {
        case (.rect(let r), .rect(let q)):
            let i = r.intersection(q)
            return i.isNull ? .rect(Rect(0, 0, 0, 0)) : .rect(i)
        case (.rect(let r), .roundedRect(let q, let rad)):
            // The rounded clip wins when the rect contains it; otherwise keep the tighter rect
            // (an approximation only when both cut the same corner).
            if r.intersection(q) == q { return .roundedRect(q, cornerRadius: rad) }
            let i = r.intersection(q)
            return i.isNull ? .rect(Rect(0, 0, 0, 0)) : .rect(i)
        case (.roundedRect(let r, _), .rect(let q)):
            if q.intersection(r) == r { return cur }
            let i = r.intersection(q)
            return i.isNull ? .rect(Rect(0, 0, 0, 0)) : (q.intersection(r) == q ? new : .rect(i))
        case (.roundedRect(let r, _), .roundedRect(let q, _)):
            if r.intersection(q) == q { return new }
            if q.intersection(r) == r { return cur }
            let i = r.intersection(q)
            return i.isNull ? .rect(Rect(0, 0, 0, 0)) : .rect(i)
        }
    }

    /// The affine part of a projective transform whose bottom row is (0, 0, 1).
    static func affine(_ m: ProjectiveTransform) -> AffineTransform {
        AffineTransform(a: m.m11, b: m.m21, c: m.m12, d: m.m22, tx: m.m13, ty: m.m23)
    }

    // MARK: Text

    struct TextKey: Hashable { var string: String; var size: Double; var color: Color }

    /// The text layer's string rendered at its device size, cached.
    func textBitmap(_ t: CATextLayer, _ a: AffineTransform) -> Bitmap? {
        guard !t.string.isEmpty, let fg = t.foregroundColor, fg.a > 0, let r = CATextLayer.renderer else { return nil }
        let size = (t.fontSize * a.maxScale * 4).rounded() / 4
        // SDL_ttf takes whole pixel sizes as Int32; beyond a few thousand pixels text is not useful.
        guard size > 0, size.isFinite, size <= 4096 else { return nil }
        let key = TextKey(string: t.string, size: size, color: fg)
        if let b = textCache[key] { return b }
        guard let b = r.render(t.string, fontSize: size, color: fg) else { return nil }
        if textCache.count > 256 { textCache.removeAll() }
        textCache[key] = b
        return b
    }
}
