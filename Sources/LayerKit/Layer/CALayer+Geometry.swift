// Where a layer sits: the matrix from its bounds to its superlayer, frame, conversions
// between layers, containment and hit testing, with Core Animation's composition rules.

extension CALayer {
    /// The layer's 4×4 map from its own (bounds) coordinates into its superlayer's, before
    /// the superlayer's sublayerTransform: translate(−anchorPoint·size − bounds.origin,
    /// −anchorPointZ) · transform · translate(position, zPosition) (row-vector order: the
    /// first acts first). anchorPointZ is "The Z component of the layer's anchor point (i.e.
    /// reference point for position and transform)" (CALayer.h).
    public var localTransform: CATransform3D {
        let ax = anchorPoint.x * bounds.size.width + bounds.origin.x
        let ay = anchorPoint.y * bounds.size.height + bounds.origin.y
        var m = CATransform3D.translation(-ax, -ay, -anchorPointZ)
        if !transform.isIdentity { m = m.concatenating(transform) }
        return m.concatenating(.translation(position.x, position.y, zPosition))
    }

    /// The superlayer's sublayerTransform as applied to its sublayers: about the centre of
    /// its bounds (identity when there is no superlayer or no sublayerTransform), then, when
    /// the superlayer's geometry is flipped, the vertical mirror of its bounds ("Whether or
    /// not the geometry of the layer (and its sublayers) is flipped vertically", CALayer.h):
    /// sublayers are placed from its bottom edge up.
    public var superlayerSublayerTransform: CATransform3D {
        guard let s = superlayer, !s.sublayerTransform.isIdentity || s.isGeometryFlipped else { return .identity }
        let cx = s.bounds.midX, cy = s.bounds.midY
        var m = CATransform3D.translation(-cx, -cy, 0)
        if !s.sublayerTransform.isIdentity { m = m.concatenating(s.sublayerTransform) }
        if s.isGeometryFlipped { m = m.concatenating(.scale(1, -1, 1)) }
        return m.concatenating(.translation(cx, cy, 0))
    }

    /// The layer's plane mapped into its superlayer's plane. Core Animation flattens each
    /// layer into its superlayer's plane, so the 4×4 product is taken at z = 0 and z dropped.
    public var transformToSuperlayer: ProjectiveTransform {
        transformToSuperlayer(superlayerIsFlat: superlayer?.placesSublayersFlat ?? true)
    }

    /// Whether the layer places its sublayers by their own geometry alone: no
    /// sublayerTransform, geometry not flipped.
    var placesSublayersFlat: Bool { sublayerTransform.isIdentity && !isGeometryFlipped }

    /// `transformToSuperlayer`, told whether the superlayer (if any) `placesSublayersFlat`:
    /// a walk over a layer's sublayers asks that once for all of them.
    func transformToSuperlayer(superlayerIsFlat flatSuperlayer: Bool) -> ProjectiveTransform {
        // The common case (no transforms): a translation, without 4×4 products.
        if flatSuperlayer && transform.isIdentity {
            let ax = anchorPoint.x * bounds.size.width + bounds.origin.x
            let ay = anchorPoint.y * bounds.size.height + bounds.origin.y
            return ProjectiveTransform(1, 0, position.x - ax, 0, 1, position.y - ay, 0, 0, 1)
        }
        if flatSuperlayer, let flat = flatTransformToSuperlayer { return flat }
        return localTransform.concatenating(superlayerSublayerTransform).projective
    }

    /// `transformToSuperlayer` for a flat `transform` (one that maps the plane z = 0 onto
    /// itself affinely: m13, m23, m31, m32 and the perspective m14, m24, m34 zero, m44 one;
    /// m33 and m43, which only scale and move z, may be any finite numbers — a rotation about
    /// z made by the axis-angle formula often leaves m33 a rounding away from 1) and finite
    /// geometry, under a superlayer without sublayerTransform or flip; nil otherwise. Each
    /// entry is the 4×4 products' (translate(−anchor) · transform · translate(position), then
    /// the identity, at z = 0), from the same products added in the same order: the terms
    /// left out are exact zeros, so the result differs from the products' at most in the
    /// sign of a zero entry.
    var flatTransformToSuperlayer: ProjectiveTransform? {
        let t = transform
        guard t.m13 == 0, t.m14 == 0, t.m23 == 0, t.m24 == 0, t.m31 == 0, t.m32 == 0,
              t.m34 == 0, t.m44 == 1, t.m33.isFinite, t.m43.isFinite, anchorPointZ.isFinite else { return nil }
        let ax = anchorPoint.x * bounds.size.width + bounds.origin.x
        let ay = anchorPoint.y * bounds.size.height + bounds.origin.y
        let px = position.x, py = position.y
        guard t.m11.isFinite, t.m12.isFinite, t.m21.isFinite, t.m22.isFinite, t.m41.isFinite, t.m42.isFinite,
              ax.isFinite, ay.isFinite, px.isFinite, py.isFinite else { return nil }
        let tx = (-ax * t.m11 + -ay * t.m21 + t.m41) + px
        let ty = (-ax * t.m12 + -ay * t.m22 + t.m42) + py
        return ProjectiveTransform(t.m11, t.m21, tx, t.m12, t.m22, ty, 0, 0, 1)
    }

    /// The layer's coordinates mapped into the coordinates of the root layer's superlayer
    /// (the window: the root's own position and transform included).
    public var transformToRoot: ProjectiveTransform {
        var t = transformToSuperlayer
        var l = self
        while let s = l.superlayer { t = t.concatenating(s.transformToSuperlayer); l = s }
        return t
    }

    /// The bounds in the superlayer's coordinates (the bounding box when transformed).
    /// Setting it moves `position` and resizes `bounds` as Core Animation does.
    public var frame: Rect {
        get {
            let t = transformToSuperlayer
            let b = bounds
            var r = Rect.null
            for p in [Point(b.minX, b.minY), Point(b.maxX, b.minY), Point(b.minX, b.maxY), Point(b.maxX, b.maxY)] {
                guard let q = t.apply(p) else { return .null }
                r = r.union(Rect(q.x, q.y, 0, 0))
            }
            return r
        }
        set {
            bounds.size = Size(newValue.width, newValue.height)
            position = Point(newValue.minX + anchorPoint.x * newValue.width, newValue.minY + anchorPoint.y * newValue.height)
        }
    }

    /// Maps a point from `layer`'s coordinates (nil: the window) into this layer's.
    public func convert(_ p: Point, from layer: CALayer?) -> Point {
        let toWindow: Point? = layer == nil ? p : layer!.transformToRoot.apply(p)
        guard let q = toWindow, let inv = transformToRoot.inverted, let r = inv.apply(q) else {
            return Point(Double.nan, Double.nan)
        }
        return r
    }
    /// Maps a point from this layer's coordinates into `layer`'s (nil: the window).
    public func convert(_ p: Point, to layer: CALayer?) -> Point {
        guard let q = transformToRoot.apply(p) else { return Point(Double.nan, Double.nan) }
        guard let l = layer else { return q }
        guard let inv = l.transformToRoot.inverted, let r = inv.apply(q) else { return Point(Double.nan, Double.nan) }
        return r
    }
    /// Maps a rectangle from `layer`'s coordinates: the bounding box of its mapped corners.
    public func convert(_ r: Rect, from layer: CALayer?) -> Rect {
        r.corners.reduce(Rect.null) { acc, p in let q = convert(p, from: layer); return acc.union(Rect(q.x, q.y, 0, 0)) }
    }
    /// Maps a rectangle into `layer`'s coordinates: the bounding box of its mapped corners.
    public func convert(_ r: Rect, to layer: CALayer?) -> Rect {
        r.corners.reduce(Rect.null) { acc, p in let q = convert(p, to: layer); return acc.union(Rect(q.x, q.y, 0, 0)) }
    }

    /// Whether `p` (in this layer's coordinates) is inside the bounds (containsPoint:).
    public func contains(_ p: Point) -> Bool { bounds.contains(p) }

    /// The farthest descendant (or the layer itself) containing `p`, given in the
    /// superlayer's coordinates (hitTest:). Core Animation's rules: hidden layers and their
    /// subtrees never hit; a layer that masks to its bounds hits nothing outside them;
    /// sublayers are tried top-down (drawing order reversed). Opacity does not matter.
    /// A transform layer is passed over to its sublayers in 3D (see CATransformLayer+HitTest).
    public func hitTest(_ p: Point) -> CALayer? {
        if let t = self as? CATransformLayer { return t.hitTestPassingOver(p) }
        guard !isHidden else { return nil }
        guard let inv = transformToSuperlayer.inverted, let local = inv.apply(p) else { return nil }
        if masksToBounds && !contains(local) { return nil }
        for s in sublayersInDrawingOrder.reversed() {
            if let hit = s.hitTest(local) { return hit }
        }
        return contains(local) ? self : nil
    }
}
