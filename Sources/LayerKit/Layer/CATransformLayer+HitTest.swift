// Hit testing through a transform layer. Apple's CATransformLayer.h: "the -hitTest: method
// should never be called on transform layers (they do not have a 2D coordinate space into
// which to map the supplied point.) CALayer will pass over transform layers directly to their
// sublayers, applying the effects of the transform layer's geometry when hit-testing each
// sublayer." So a transform layer never returns itself and its bounds, masksToBounds and
// drawing order do not matter: each sublayer's plane is reached through the whole 3D product
// of the transforms down to it (nested transform layers passed over the same way, without
// flattening), the point is mapped into that plane by the inverse of its projection, and of
// the sublayers hit the one nearest the eye at the point wins (greatest depth after the
// perspective divide — the one drawn in front there), not the last in drawing order.

extension CATransformLayer {
    /// The hit for `p` (in the superlayer's coordinates) among the sublayers, passed over to
    /// in 3D; never the transform layer itself.
    func hitTestPassingOver(_ p: Point) -> CALayer? {
        guard !isHidden else { return nil }
        return Self.nearestHit(p, under: self, through: localTransform.concatenating(superlayerSublayerTransform))?.layer
    }

    /// The hit among `parent`'s sublayers nearest the eye, and its depth; `toTarget` maps
    /// `parent`'s coordinates (in 3D) into those `p` is given in.
    static func nearestHit(_ p: Point, under parent: CALayer, through toTarget: CATransform3D) -> (layer: CALayer, depth: Double)? {
        var best: (layer: CALayer, depth: Double)?
        for s in parent.sublayersInDrawingOrder.reversed() where !s.isHidden {
            let m = s.localTransform.concatenating(s.superlayerSublayerTransform).concatenating(toTarget)
            let hit: (layer: CALayer, depth: Double)?
            if s is CATransformLayer {
                hit = nearestHit(p, under: s, through: m)
            } else {
                hit = planeHit(p, on: s, through: m)
            }
            if let hit, hit.depth > best?.depth ?? -.infinity { best = hit }
        }
        return best
    }

    /// The hit in the flat subtree of `layer`, whose plane `m` maps into the coordinates of
    /// `p`, and the depth of the point there.
    private static func planeHit(_ p: Point, on layer: CALayer, through m: CATransform3D) -> (layer: CALayer, depth: Double)? {
        guard let inverse = m.projective.inverted, let local = inverse.apply(p),
              let depth = m.apply(x: local.x, y: local.y)?.z else { return nil }
        if layer.masksToBounds && !layer.contains(local) { return nil }
        for c in layer.sublayersInDrawingOrder.reversed() {
            if let h = c.hitTest(local) { return (h, depth) }
        }
        return layer.contains(local) ? (layer, depth) : nil
    }
}
