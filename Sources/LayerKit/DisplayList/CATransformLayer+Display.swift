// What a transform layer draws: the layers under it (through nested transform layers) each
// with its whole 4×4 chain of transforms up to the transform layer's superlayer — not
// flattened at every level — sorted back to front by the depth of their centres there, and
// each drawn in its own plane through the perspective of that chain. Back faces of layers that
// are not double-sided are skipped. A replicator that preserves depth sorts its instances the
// same way.

extension CATransformLayer: LayerContentDisplay {
    func appendContentItems(to sink: DisplayItemSink) {}
    var contentPrimitiveCount: Int { 0 }
    var hasClippableContent: Bool { false }

    /// The layers in 3D, projected into the superlayer's plane and mapped back into this
    /// layer's plane (everything when that map cannot be inverted).
    func contentLocalExtent(_ builder: DisplayListBuilder) -> Rect {
        var placed: [PlacedLayer] = []
        let base = localTransform.concatenating(superlayerSublayerTransform)
        for sub in sublayers ?? [] where !sub.isHidden && sub.opacity > 0 {
            builder.gatherPlaced(sub, sub.localTransform.concatenating(sub.superlayerSublayerTransform).concatenating(base),
                                 salt: 0, tint: nil, into: &placed)
        }
        guard !placed.isEmpty else { return .null }
        guard let back = transformToSuperlayer.inverted else { return .infinite }
        var r = Rect.null
        for p in placed {
            let e = p.layer.subtreeLocalExtent(builder)
            guard !e.isNull, let up = DisplayListBuilder.map(e, p.chain.projective),
                  let mine = DisplayListBuilder.map(up, back) else { return .infinite }
            r = r.union(mine)
        }
        return r
    }
}

/// A layer placed in 3D: its 4×4 chain into the plane it is finally flattened into, the depth
/// of its centre there, the instance salt of its items and the tint it is multiplied by.
struct PlacedLayer {
    var layer: CALayer
    var chain: CATransform3D
    var depth: Double
    var salt: Int
    var tint: Color?
}

extension DisplayListBuilder {
    /// Appends a transform layer: its sublayers in 3D (see the file header); `local` replaces
    /// its own map (then its 3D chain starts in its plane), `opacity` multiplies its opacity.
    func appendTransformLayer(_ t: CALayer, parent: ProjectiveTransform, _ s: Surface,
                              local: ProjectiveTransform?, opacity: Double) {
        let base: CATransform3D = local == nil ? t.localTransform.concatenating(t.superlayerSublayerTransform) : .identity
        let parent = local.map { $0.concatenating(parent) } ?? parent
        var placed: [PlacedLayer] = []
        for sub in t.sublayers ?? [] where !sub.isHidden && sub.opacity > 0 {
            gatherPlaced(sub, sub.localTransform.concatenating(sub.superlayerSublayerTransform).concatenating(base),
                         salt: instanceSalt, tint: nil, into: &placed)
        }
        // "The opacity property is applied to each sublayer individually."
        appendDepthSorted(placed, source: ObjectIdentifier(t.model()), parent: parent, s, opacity: opacity * t.opacity)
    }

    /// Adds `l` with its chain, or, for a transform layer, its sublayers with theirs.
    func gatherPlaced(_ l: CALayer, _ chain: CATransform3D, salt: Int, tint: Color?, into placed: inout [PlacedLayer]) {
        if l is CATransformLayer {
            // A nested transform layer's opacity multiplies its sublayers' (folded into the tint's alpha).
            let k = l.opacity
            let t = k >= 1 ? tint : (tint ?? .white).withAlphaScaled(k)
            for sub in l.sublayers ?? [] where !sub.isHidden && sub.opacity > 0 {
                gatherPlaced(sub, sub.localTransform.concatenating(sub.superlayerSublayerTransform).concatenating(chain),
                             salt: salt, tint: t, into: &placed)
            }
            return
        }
        let b = l.bounds
        // Behind the eye: farthest of all (its plane is clipped away by the projection anyway).
        let depth = chain.apply(x: b.midX, y: b.midY, z: 0)?.z ?? -.infinity
        placed.append(PlacedLayer(layer: l, chain: chain, depth: depth, salt: salt, tint: tint))
    }

    /// Appends placed layers back to front (larger z is nearer the viewer), skipping the back
    /// faces of those that are not double-sided.
    func appendDepthSorted(_ placed: [PlacedLayer], source: ObjectIdentifier, parent: ProjectiveTransform,
                           _ s: Surface, opacity: Double) {
        let order = placed.indices.sorted { placed[$0].depth != placed[$1].depth ? placed[$0].depth < placed[$1].depth : $0 < $1 }
        let saved = instanceSalt
        defer { instanceSalt = saved }
        for i in order {
            let p = placed[i]
            let local = p.chain.projective
            if !p.layer.isDoubleSided && Self.isBackFacing(p.layer.bounds, local.concatenating(parent)) { continue }
            instanceSalt = p.salt
            appendTinted([(p.layer, local)], tint: p.tint, source: source, parent: parent, s, opacity: opacity)
        }
    }

    /// Whether `r` mapped by `m` shows its back: its corners turn the other way round on the
    /// surface (a layer facing the viewer keeps x → right, y → down orientation).
    static func isBackFacing(_ r: Rect, _ m: ProjectiveTransform) -> Bool {
        guard let p0 = m.apply(Point(r.minX, r.minY)), let p1 = m.apply(Point(r.maxX, r.minY)),
              let p2 = m.apply(Point(r.minX, r.maxY)) else { return false }
        let cross = (p1.x - p0.x) * (p2.y - p0.y) - (p1.y - p0.y) * (p2.x - p0.x)
        return cross < 0
    }
}
