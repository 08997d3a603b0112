// What a replicator layer draws: its sublayers once per instance, instance k with the k-th
// power of `instanceTransform` about the centre of the bounds (applied in 3D before the
// sublayer is flattened into the replicator's plane), multiplied by `instanceColor` plus k
// colour offsets, at its own delayed time (`CAReplicatorLayer.sublayers(ofInstance:)`).
// Instances are drawn in order, the source first; with `preservesDepth` they are depth-sorted
// with the sublayers of a transform layer instead. Every instance's items get keys of their
// own (the builder's instance salt), so damage tracking tells the copies apart.

extension CAReplicatorLayer: LayerContentDisplay {
    func appendContentItems(to sink: DisplayItemSink) {}

    /// More than one instance overlaps: at opacity below 1 the replicator composites as a group.
    var contentPrimitiveCount: Int { instanceCount > 1 && !(sublayers ?? []).isEmpty ? 2 : 0 }

    var hasClippableContent: Bool { instanceCount > 1 && !(sublayers ?? []).isEmpty }

    /// The instances after the first (the first is the sublayers' ordinary extent).
    func contentLocalExtent(_ builder: DisplayListBuilder) -> Rect {
        var r = Rect.null
        let n = min(instanceCount, CAReplicatorLayer.maximumInstanceCount)
        guard n > 1 else { return r }
        let step = instanceStep
        var m = step
        for k in 1..<n {
            for s in sublayers(ofInstance: k) where !s.isHidden && s.opacity > 0 {
                let e = s.subtreeLocalExtent(builder)
                guard !e.isNull else { continue }
                r = r.union(DisplayListBuilder.map(e, s.localTransform.concatenating(s.superlayerSublayerTransform)
                    .concatenating(m).projective) ?? .infinite)
            }
            m = m.concatenating(step)
        }
        return r
    }
}

extension DisplayListBuilder {
    /// Appends the sublayers of `l` (drawn on a surface through `parent`): every instance of a
    /// replicator's, plain ones otherwise.
    func appendSublayers(of l: CALayer, _ subs: [CALayer], content: (any LayerContentDisplay)?,
                         parent: ProjectiveTransform, _ s: Surface) {
        // Only a layer that draws content of its own can be a replicator: one check for the rest.
        if content != nil, let r = l.asReplicatorLayer, r.instanceCount != 1 {
            appendInstances(of: r, parent: parent, s)
            return
        }
        guard !subs.isEmpty else { return }
        // Named by identity, not held: no reference counting per sublayer.
        let flatParent = l.placesSublayersFlat ? ObjectIdentifier(l) : nil
        for sub in subs { appendLayer(sub, parent: parent, s, flatParent: flatParent) }
    }

    /// Every instance of `r`'s sublayers, in order (or depth-sorted when it preserves depth).
    func appendInstances(of r: CAReplicatorLayer, parent: ProjectiveTransform, _ s: Surface) {
        let n = min(r.instanceCount, CAReplicatorLayer.maximumInstanceCount)
        guard n > 0 else { return }
        let step = r.instanceStep
        let saved = instanceSalt
        defer { instanceSalt = saved }
        if r.preservesDepth {
            var placed: [PlacedLayer] = []
            var m = CATransform3D.identity
            for k in 0..<n {
                for sub in r.sublayers(ofInstance: k) where !sub.isHidden && sub.opacity > 0 {
                    let chain = sub.localTransform.concatenating(sub.superlayerSublayerTransform).concatenating(m)
                    gatherPlaced(sub, chain, salt: Self.salt(saved, instance: k), tint: r.color(ofInstance: k), into: &placed)
                }
                m = m.concatenating(step)
            }
            appendDepthSorted(placed, source: ObjectIdentifier(r.model()), parent: parent, s, opacity: 1)
            return
        }
        let source = ObjectIdentifier(r.model())
        var m = CATransform3D.identity
        for k in 0..<n {
            instanceSalt = Self.salt(saved, instance: k)
            let subs = CALayer.drawnSublayers(r.sublayers(ofInstance: k))
            // Instance 0 keeps the sublayers' own maps (the flattened form of the same product).
            let entries = subs.map { sub in
                (sub, k == 0 ? sub.transformToSuperlayer
                             : sub.localTransform.concatenating(sub.superlayerSublayerTransform).concatenating(m).projective)
            }
            appendTinted(entries, tint: r.color(ofInstance: k), source: source, parent: parent, s, opacity: 1)
            m = m.concatenating(step)
        }
    }

    /// Appends layers with the given maps into the plane `parent` draws: multiplied by `tint`
    /// through an offscreen group when it is not white, their opacity times `opacity`.
    func appendTinted(_ entries: [(layer: CALayer, local: ProjectiveTransform)], tint: Color?, source: ObjectIdentifier,
                      parent: ProjectiveTransform, _ s: Surface, opacity: Double) {
        guard let tint, tint != .white else {
            for (l, local) in entries { appendLayer(l, parent: parent, s, local: local, opacity: opacity) }
            return
        }
        guard tint.a > 0, let (x, y, w, h, bounds) = tintGroup(entries, parent: parent, s) else { return }
        // The brackets' keys apart from any the layer's own group uses at the same salt.
        let salt = instanceSalt
        instanceSalt = salt &+ 32
        append(source, .group, .beginGroup(x: x, y: y, width: w, height: h, opacity: 1), bounds: bounds)
        instanceSalt = salt
        var g = s
        g.clip = nil
        g.bounds = Rect(0, 0, Double(w), Double(h))
        let pg = parent.concatenating(ProjectiveTransform(AffineTransform.translation(Double(-x), Double(-y))))
        for (l, local) in entries { appendLayer(l, parent: pg, g, local: local, opacity: opacity) }
        instanceSalt = salt &+ 32
        append(source, .mask, .tintGroup(tint), bounds: bounds)
        append(source, .endGroup, .endGroup, bounds: bounds)
        instanceSalt = salt
    }

    /// The surface pixels a tint group covers (the layers' extents under their maps and
    /// `parent`, cut by the surface), with its device bounds; nil when nothing shows.
    private func tintGroup(_ entries: [(layer: CALayer, local: ProjectiveTransform)], parent: ProjectiveTransform,
                           _ s: Surface) -> (Int, Int, Int, Int, Rect)? {
        var ext = Rect.null, dev = Rect.null
        for (l, local) in entries {
            let e = l.subtreeLocalExtent(self)
            guard !e.isNull else { continue }
            ext = ext.union(Self.map(e, local.concatenating(parent)) ?? .infinite)
            dev = dev.union(Self.deviceBounds(e, local.concatenating(s.device), s.deviceClip, pad: 1))
        }
        ext = ext.intersection(s.bounds)
        if let c = s.clip { ext = ext.intersection(c.boundingRect) }
        guard !ext.isNull, !ext.isEmpty, ext.isFiniteRect else { return nil }
        let x0 = Int(saturating: ext.minX.rounded(.down)), y0 = Int(saturating: ext.minY.rounded(.down))
        let x1 = Int(saturating: ext.maxX.rounded(.up)), y1 = Int(saturating: ext.maxY.rounded(.up))
        guard x1 > x0, y1 > y0 else { return nil }
        return (x0, y0, x1 - x0, y1 - y0, dev)
    }

    /// The salt of instance `k` inside a subtree salted `outer`: distinct for every instance
    /// path (a collision would only make the damage tracker redraw everything), and a
    /// multiple of 64, so it never mixes with the slot numbers below it.
    static func salt(_ outer: Int, instance k: Int) -> Int {
        k == 0 ? outer : (outer &* 1_000_003) &+ (k &* 64)
    }
}
