// Layout as Core Animation runs it: a layer marked by `setNeedsLayout()` (by hand, or because
// its bounds' size changed or a sublayer came or went) has `layoutSublayers()` called before
// the next frame is drawn — at the commit of the transaction (CATransaction.flush, which the
// engine runs at every frame's tick), before the commit's animations start, as Core
// Animation's commit lays out, then displays, then commits. `layoutIfNeeded()` runs it now.
// `layoutSublayers()` asks the delegate, then the layout manager (CALayoutManager.swift).
//
// "setNeedsLayout: Invalidates the layer's layout and marks it as needing an update. You can
// call this method to indicate that the layout of a layer's sublayers has changed and must be
// updated. The system typically calls this method automatically when the layer's bounds
// change or when sublayers are added or removed."
// "layoutIfNeeded: Recalculate the receiver's layout, if required. When this message is
// received, the layer's superlayers are traversed until a ancestor layer is found that does
// not require layout. Then layout is performed on the entire layer-tree beneath that
// ancestor." (CALayer)
//
// Layout that changes what it lays out again (a layout manager resizing a sublayer that lays
// out its own) runs again in the same commit, at most `maximumLayoutPasses` times; what is
// still marked then waits for the next commit, so a layout that never settles cannot hang a
// frame.

extension CALayer {
    /// The most rounds of layout one commit runs (see the file header).
    static let maximumLayoutPasses = 16

    /// Marks the layer's layout as needing an update before the next frame; tells the layout
    /// manager (`invalidateLayout(of:)`). Presentation copies are never laid out. The commit
    /// lays out the marked layers whose layout can do something: those with a delegate or a
    /// layout manager, and those of classes that may override `layoutSublayers()` (any but
    /// LayerKit's own). The others keep the mark (`needsLayout()`, `layoutIfNeeded()`) but are
    /// not queued — the queue holds its layers until the commit, and a plain layer would be
    /// kept alive for nothing.
    public func setNeedsLayout() {
        guard modelLayer == nil, !isCopyingProperties else { return }
        layoutManager?.invalidateLayout(of: self)
        needsLayoutFlag = true
        guard !isQueuedForLayout, layoutManager != nil || delegate != nil || mayOverrideLayout else { return }
        isQueuedForLayout = true
        CAAnimationContext.current.layersNeedingLayout.append(self)
    }

    /// LayerKit's layer classes, none of which overrides `layoutSublayers()`.
    private static let ownClasses: Set<ObjectIdentifier> = [
        ObjectIdentifier(CALayer.self), ObjectIdentifier(CAShapeLayer.self), ObjectIdentifier(CATextLayer.self),
        ObjectIdentifier(CAGradientLayer.self), ObjectIdentifier(CAReplicatorLayer.self),
        ObjectIdentifier(CATransformLayer.self), ObjectIdentifier(CAEmitterLayer.self),
        ObjectIdentifier(CAScrollLayer.self), ObjectIdentifier(CATiledLayer.self),
    ]
    /// Whether the layer's class may lay out by itself (a class not LayerKit's own).
    private var mayOverrideLayout: Bool { !Self.ownClasses.contains(ObjectIdentifier(type(of: self))) }

    /// "Returns a Boolean indicating whether the layer has been marked as needing a layout
    /// update." (CALayer.needsLayout())
    public func needsLayout() -> Bool { needsLayoutFlag }

    /// Lays out now, if needed, the tree beneath the topmost marked layer of this layer's
    /// chain of superlayers (see the file header).
    public func layoutIfNeeded() {
        var top = self
        while let up = top.superlayer, up.needsLayoutFlag { top = up }
        top.layOutMarkedSubtree()
    }

    /// `layoutSublayers()` for this layer when marked, then for the marked layers beneath it.
    private func layOutMarkedSubtree() {
        if needsLayoutFlag {
            needsLayoutFlag = false
            layoutSublayers()
        }
        guard let subs = sublayers else { return }
        for s in subs { s.layOutMarkedSubtree() }
    }

    /// Lays out every layer marked in `context` (the commit's layout step; see the file header).
    static func layOutPendingLayers(in context: CAAnimationContext) {
        var passes = 0
        while !context.layersNeedingLayout.isEmpty, passes < maximumLayoutPasses {
            let pending = context.layersNeedingLayout
            context.layersNeedingLayout.removeAll()
            for l in pending { l.isQueuedForLayout = false }
            for l in pending where l.needsLayoutFlag { l.layoutIfNeeded() }
            passes += 1
        }
    }
}
