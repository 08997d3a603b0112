// The scrolling a layer asks of its closest ancestor scroll layer (CAScrollLayer.swift):
// "scroll(_:): Initiates a scroll in the layer's closest ancestor scroll layer so that the
// specified point lies at the origin of the scroll layer." "scrollRectToVisible(_:): Initiates
// a scroll in the layer's closest ancestor scroll layer so that the specified rectangle
// becomes visible. … If the layer is not contained by a CAScrollLayer object, this method does
// nothing." "visibleRect: The visible region of the layer in its own coordinate space."
// Points and rectangles are in the asking layer's coordinates, mapped into the scroll layer's
// through the layers between (CALayer+Geometry.swift).

extension CALayer {
    /// The closest ancestor that is a CAScrollLayer, and this layer's map into its coordinates.
    func enclosingScrollLayer() -> (CAScrollLayer, ProjectiveTransform)? {
        var m = ProjectiveTransform.identity
        var l: CALayer = self
        while let up = l.superlayer {
            m = m.concatenating(l.transformToSuperlayer)
            if let s = up as? CAScrollLayer { return (s, m) }
            l = up
        }
        return nil
    }

    /// Scrolls the closest ancestor scroll layer so that `p` (in this layer's coordinates)
    /// lies at its origin; nothing without one.
    public func scroll(_ p: Point) {
        guard let (s, m) = enclosingScrollLayer(), let q = m.apply(p) else { return }
        s.scroll(to: q)
    }

    /// Scrolls the closest ancestor scroll layer the least that shows `r` (in this layer's
    /// coordinates); nothing without one.
    public func scrollRectToVisible(_ r: Rect) {
        guard let (s, m) = enclosingScrollLayer(), !r.isNull, let q = DisplayListBuilder.map(r, m) else { return }
        s.scroll(to: q)
    }

    /// The part of the layer's bounds its closest ancestor scroll layer shows, in the layer's
    /// own coordinates: the bounds cut by the scroll layer's bounds (mapped back); the bounds
    /// without a scroll layer; null when nothing of it shows.
    public var visibleRect: Rect {
        guard let (s, m) = enclosingScrollLayer() else { return bounds }
        guard let inScroll = DisplayListBuilder.map(bounds, m) else { return .null }
        let shown = inScroll.intersection(s.bounds)
        guard !shown.isNull, !shown.isEmpty, let inv = m.inverted, let back = DisplayListBuilder.map(shown, inv) else { return .null }
        return back.intersection(bounds)
    }
}
