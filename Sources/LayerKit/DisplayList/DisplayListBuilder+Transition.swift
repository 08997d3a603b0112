// A layer with a running CATransition becomes one transition item: its old subtree (the
// snapshot taken when the transition was added) and its current subtree, each a nested
// display list drawn flat in the layer's bounds at about the device resolution, composited by
// the effect at the transition's progress, the result mapped onto the surface like the layer
// (opacity included). Outside the transition's active time the layer draws normally, so when
// it ends only the new state remains.

extension DisplayListBuilder {
    /// Appends `l` as its active transition when it has one that applies now; false otherwise
    /// (the caller appends the layer normally). `m` maps the layer's plane onto the surface.
    func appendTransitionIfActive(_ l: CALayer, _ m: ProjectiveTransform, device: ProjectiveTransform,
                                  _ s: Surface) -> Bool {
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
        var k = scale
        if !dev.isNull { k = min(max(max(dev.width / r.width, dev.height / r.height), 0.25 * scale), 4 * scale) }
        k = min(k, 4096 / r.width, 4096 / r.height)
        let w = max(1, Int(saturating: (r.width * k).rounded())), h = max(1, Int(saturating: (r.height * k).rounded()))
        let a = AffineTransform.translation(-r.minX, -r.minY)
            .concatenating(.scale(Double(w) / r.width, Double(h) / r.height))
        let old = before.oldState(width: w, height: h, transform: a) {
            self.stateList(before.tree, a, width: w, height: h)
        }
        let new = before.newState(of: l, width: w, height: h, transform: a, list: stateList(l, a, width: w, height: h))
        guard let inv = a.inverted else { return true }
        let sub = l.subtreeLocalExtent(self).union(l.bounds)
        append(ObjectIdentifier(l.model()), .transition,
               .transition(DisplayTransition(effect: t.effect, progress: progress!, from: old, to: new,
                                             transform: ProjectiveTransform(inv).concatenating(m), opacity: l.opacity)),
               bounds: Self.deviceBounds(sub, device, s.deviceClip, pad: 2))
        return true
    }

    /// One state of a transitioning layer as a nested list: the layer's own drawing and its
    /// sublayers with its plane mapped by `a` into a w × h bitmap, at full opacity (the
    /// group's opacity is applied once, on the composite), clipped to the bitmap.
    func stateList(_ l: CALayer, _ a: AffineTransform, width w: Int, height h: Int) -> DisplayList {
        let outer = items
        items = []
        let bounds = Rect(0, 0, Double(w), Double(h))
        let plane = ProjectiveTransform(a)
        appendBody(l, a, device: plane, Surface(device: plane, deviceClip: nil, clip: .rect(bounds), bounds: bounds),
                   opacity: 1)
        let list = DisplayList(width: w, height: h, items: items)
        items = outer
        return list
    }
}

/// The transition effects draw the transition items.
extension TransitionEffect: DisplayEffect {}
