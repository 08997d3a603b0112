// A layer with a running CATransition is drawn as the transition: its old subtree (the
// snapshot taken when the transition was added) and its current subtree, each drawn flat in
// the layer's bounds at about the device resolution, composited by the effect, and the result
// mapped onto the screen like the layer (opacity included). Outside the transition's active
// time the layer draws normally, so when it ends only the new state remains.

extension LayerRenderer {
    /// Draws `l` as its active transition when it has one that applies now; false otherwise
    /// (the caller draws the layer normally). `m` maps the layer's plane to device pixels.
    func drawTransitionIfActive(_ l: CALayer, _ m: ProjectiveTransform, canvas: Canvas) -> Bool {
        guard let t = l.activeTransition, let before = t.before else { return false }
        let model = l.modelLayer ?? l
        let now = l.presentationTime ?? CAAnimationContext.current.presentationTime
        var progress = t.effectProgress(on: model, atMediaTime: now)
        if progress == nil {
            // A document's transition that has not begun: the layer still shows its old state.
            guard !t.toValues.isEmpty, t.isBeforeStart(on: model, atMediaTime: now) else { return false }
            progress = 0
        }
        let r = l.bounds
        guard !r.isEmpty, r.width.isFinite, r.height.isFinite else { return false }
        // Device resolution of the plane: the projected bounds' extent over the bounds.
        var dev = Rect.null
        for p in [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.minX, r.maxY), Point(r.maxX, r.maxY)] {
            if let q = m.apply(p) { dev = dev.union(Rect(q.x, q.y, 0, 0)) }
        }
        var s = scale
        if !dev.isNull { s = min(max(max(dev.width / r.width, dev.height / r.height), 0.25 * scale), 4 * scale) }
        s = min(s, 4096 / r.width, 4096 / r.height)
        let w = max(1, Int((r.width * s).rounded())), h = max(1, Int((r.height * s).rounded()))
        let a = AffineTransform.translation(-r.minX, -r.minY)
            .concatenating(.scale(Double(w) / r.width, Double(h) / r.height))
        let old = before.bitmap(width: w, height: h, transform: a, renderer: self)
        let new = before.newStateBitmap(of: l, width: w, height: h, transform: a, renderer: self)
        guard let inv = a.inverted else { return true }
        let toDevice = ProjectiveTransform(inv).concatenating(m)
        // The common case (an opaque-group layer placed at whole device pixels, unscaled,
        // unrotated): the effect draws straight into the canvas, through its clip.
        if l.opacity >= 1, toDevice.isAffine, toDevice.m11 == 1, toDevice.m22 == 1, toDevice.m12 == 0, toDevice.m21 == 0,
           toDevice.m13 == toDevice.m13.rounded(), toDevice.m23 == toDevice.m23.rounded() {
            t.effect.render(from: old, to: new, progress: progress!, into: canvas,
                            rect: Rect(toDevice.m13, toDevice.m23, Double(w), Double(h)))
            return true
        }
        let out = Bitmap(width: w, height: h)
        t.effect.render(from: old, to: new, progress: progress!, into: Canvas(out), rect: out.bounds)
        if toDevice.isAffine {
            canvas.draw(out, transform: LayerRenderer.affine(toDevice), opacity: l.opacity)
        } else {
            canvas.draw(out, projective: toDevice, opacity: l.opacity)
        }
        return true
    }

    /// One state of a transitioning layer: the layer's own drawing and its sublayers, with
    /// its plane mapped by `a`, at full opacity (the group's opacity is applied once, on the
    /// composite), clipped to its bounds.
    func drawTransitionState(_ l: CALayer, _ a: AffineTransform, canvas: Canvas) {
        canvas.clip = .rect(canvas.target.bounds)
        drawBody(l, a, canvas: canvas, opacity: 1)
    }
}
