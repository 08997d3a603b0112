// What the styling properties add to building a display list: the damage a shadow spreads
// (a change anywhere inside a shadow-casting group changes the shadow around it, so every
// item in the group also claims the pixels its shadow can reach), and the facing test of
// `isDoubleSided`.

extension DisplayListBuilder {
    /// Grows the bounds of the items from `start` on (the inside of `l`'s shadow-casting
    /// group) by where their shadow can land on the device.
    func spreadShadowDamage(from start: Int, _ l: CALayer, local: Rect, device: ProjectiveTransform, clip: Rect?) {
        let c = local.isNull ? Point(0, 0) : Point(local.midX, local.midY)
        let off = Point(l.shadowOffset.width, l.shadowOffset.height)
        guard let p0 = device.apply(c), let p1 = device.apply(Point(c.x + off.x, c.y + off.y)),
              let ux = device.apply(Point(c.x + 1, c.y)), let uy = device.apply(Point(c.x, c.y + 1)) else {
            for i in start..<items.count where !items[i].bounds.isNull { items[i].bounds = clip ?? .infinite }
            return
        }
        let k = max(((ux.x - p0.x) * (ux.x - p0.x) + (ux.y - p0.y) * (ux.y - p0.y)).squareRoot(),
                    ((uy.x - p0.x) * (uy.x - p0.x) + (uy.y - p0.y) * (uy.y - p0.y)).squareRoot())
        let dx = p1.x - p0.x, dy = p1.y - p0.y
        let pad = DisplayShadow.reach(sigma: l.shadowSigma * k)
        for i in start..<items.count {
            let b = items[i].bounds
            guard !b.isNull else { continue }
            var r = b.union(b.offsetBy(dx: dx, dy: dy).insetBy(dx: -pad, dy: -pad))
            if let clip { r = r.intersection(clip) }
            items[i].bounds = r
        }
    }
}

extension CALayer {
    /// Whether the layer's plane, mapped onto the surface by `m`, shows its back: the map
    /// reverses orientation (the sign of its Jacobian, det(m) · w, at the bounds' centre),
    /// not counting the mirrors of geometry-flipped superlayers.
    func isFacingAway(_ m: ProjectiveTransform) -> Bool {
        let det = m.m11 * (m.m22 * m.m33 - m.m23 * m.m32) - m.m12 * (m.m21 * m.m33 - m.m23 * m.m31)
            + m.m13 * (m.m21 * m.m32 - m.m22 * m.m31)
        let c = Point(bounds.midX, bounds.midY)
        let w = m.m31 * c.x + m.m32 * c.y + m.m33
        var back = det * w < 0
        var s = superlayer
        while let p = s {
            if p.isGeometryFlipped { back.toggle() }
            s = p.superlayer
        }
        return back
    }
}
