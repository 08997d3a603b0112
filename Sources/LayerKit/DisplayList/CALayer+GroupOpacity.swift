// Whether a layer at an opacity below 1 needs an offscreen group: only when more than one
// thing it and its sublayers draw could overlap. "When true, and the layer's opacity property
// is less than one, the layer is allowed to composite itself as a group separate from its
// parent." (CALayer.h, allowsGroupOpacity.) A group composites its pixels once with the
// opacity, so that overlapping parts do not show through each other; a subtree that draws a
// single item has nothing to overlap, and that item drawn with its alpha times the opacity is
// the group (up to the rounding of one multiply instead of two).
//
// The sublayers take the opacity through the surface's inherited opacity; a sublayer that
// would not pass it on to what it draws (a transform layer, which applies its own opacity to
// each of its sublayers; a replicator or emitter, whose copies are many items; a transition,
// drawn at the layer's own opacity), that draws in a group of its own (a mask, a shadow,
// masksToBounds), or that blends with what lies behind it (a compositing filter, background
// filters: inside the group, what lies behind is the group's own pixels — transparent where
// nothing of it is drawn yet — not the superlayer's backdrop, so a multiply inside a
// half-opaque precomposition leaves the backdrop alone), keeps the group.

extension CALayer {
    /// Whether the layer (drawing `content`) and its visible sublayers `subs` draw more than
    /// one item, or something that cannot take a superlayer's opacity item by item.
    func drawsMoreThanOneItem(content: (any LayerContentDisplay)?, subs: [CALayer], _ builder: DisplayListBuilder) -> Bool {
        var count = primitiveCount(content: content)
        return count > 1 || Self.addItems(of: subs, to: &count, builder, depth: 0)
    }

    /// Adds what `layers` and their subtrees draw to `count`; true as soon as it passes one
    /// or a layer keeps its group.
    private static func addItems(of layers: [CALayer], to count: inout Int, _ builder: DisplayListBuilder,
                                 depth: Int) -> Bool {
        // A deep subtree is rare and costly to walk every frame: it keeps its group.
        guard depth < 8 else { return !layers.isEmpty }
        for s in layers where !s.isHidden && s.opacity > 0 {
            if s is CATransformLayer || s is CAReplicatorLayer || s is CAEmitterLayer { return true }
            if s.mask != nil || s.castsShadow || s.masksToBounds { return true }
            if s.compositingFilter != nil || s.backgroundFilters != nil { return true }
            let model = s.model()
            if !model.animationStore.isEmpty, !model.animatesOnlyProperties, model.hasVolatileAnimation { return true }
            count += s.primitiveCount(content: builder.contentDisplay(of: s))
            if count > 1 { return true }
            if let subs = s.sublayers, !subs.isEmpty, addItems(of: subs, to: &count, builder, depth: depth + 1) {
                return true
            }
        }
        return false
    }
}
