// The shadow of a layer that masks to its bounds. The shadow is of "the layer's composited
// alpha channel" (CALayer.h, shadowOpacity), and masksToBounds applies a mask to the whole
// layer: "When true an implicit mask matching the layer bounds is applied to the layer
// (including the effects of the `cornerRadius' property)" (CALayer.h). So the shadow is cast
// by the clipped contents and is itself clipped: what of it falls inside the bounds shows
// (the shadow of sublayers over a transparent background), what falls outside does not. The
// shadow-casting group is drawn inside a clip of the bounds when the layer is axis-aligned on
// the surface, else inside a group masked by its (rounded) bounds.

extension DisplayListBuilder {
    /// Appends `l` (masksToBounds, casting a shadow of its composited alpha) as its
    /// shadow-casting group, clipped by its bounds on the surface `s`, composited in `blend`
    /// when given.
    func appendBoundsClippedShadowGroup(_ l: CALayer, _ a: AffineTransform, source: ObjectIdentifier,
                                        content: (any LayerContentDisplay)?, _ s: Surface, _ inner: Surface,
                                        opacity: Double, subs: [CALayer], mask: Bool, maskLayer: CALayer?,
                                        blend: BlendMode?) {
        let bounds = Self.deviceBounds(l.bounds, inner.device, s.deviceClip, pad: 1)
        if let c = Self.deviceClip(l, a).map({ l.aliasedClip($0, a, device: inner.device) }) {
            var clipped = s
            clipped.clip = c.intersected(with: s.clip)
            appendSecond(source, .clip, .beginClip(c), bounds: bounds)
            appendGroup(l, a, source: source, content: content, clipped, inner, opacity: opacity, subs: subs, mask: mask,
                        shadow: true, maskLayer: maskLayer, blend: blend)
            appendSecond(source, .endClip, .endClip, bounds: bounds)
            return
        }
        var ext = l.bounds.applying(a).intersection(s.bounds)
        if let c = s.clip { ext = ext.intersection(c.boundingRect) }
        guard !ext.isNull, !ext.isEmpty, ext.isFiniteRect else { return }
        let x0 = Int(saturating: ext.minX.rounded(.down)), y0 = Int(saturating: ext.minY.rounded(.down))
        let x1 = Int(saturating: ext.maxX.rounded(.up)), y1 = Int(saturating: ext.maxY.rounded(.up))
        guard x1 > x0, y1 > y0 else { return }
        appendSecond(source, .group, .beginGroup(x: x0, y: y0, width: x1 - x0, height: y1 - y0, opacity: 1), bounds: bounds)
        let a2 = a.concatenating(.translation(Double(-x0), Double(-y0)))
        var g = s
        g.clip = nil
        g.bounds = Rect(0, 0, Double(x1 - x0), Double(y1 - y0))
        appendGroup(l, a2, source: source, content: content, g, inner, opacity: opacity, subs: subs, mask: mask,
                    shadow: true, maskLayer: maskLayer)
        let p = l.boundsClipPath
        appendSecond(source, .mask, .maskGroup(p, transform: a2), bounds: bounds,
                     aliasing: l.shapeAliasing(device: inner.device))
        if let blend { appendSecond(source, .blend, .blendGroup(blend), bounds: bounds) }
        appendSecond(source, .endGroup, .endGroup, bounds: bounds)
    }

    /// Appends an item in the second item of `slot` (the first belongs to the group inside).
    private func appendSecond(_ source: ObjectIdentifier, _ slot: DisplaySlot, _ operation: DisplayOperation, bounds: Rect,
                              aliasing: EdgeAliasing? = nil) {
        items.append(DisplayItem(key: DisplayItemKey(source: source, slot: (slot.rawValue | 1 << 8) &+ instanceSalt),
                                 operation: operation, bounds: bounds, aliasing: aliasing))
    }
}
