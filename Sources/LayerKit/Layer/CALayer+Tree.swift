// The sublayer operations of CALayer. A layer has at most one superlayer: adding it
// somewhere removes it from where it was, as in Core Animation. Each operation journals the
// sublayer lists it changes (the old state of a transition added later in the transaction)
// and runs the onOrderIn / onOrderOut / transition events.

extension CALayer {
    /// Appends `layer` on top of the sublayers (addSublayer:).
    public func addSublayer(_ layer: CALayer) {
        insertSublayer(layer, at: sublayers?.count ?? 0)
    }

    /// Inserts `layer` at `index` (clamped to the valid range) (insertSublayer:atIndex:).
    public func insertSublayer(_ layer: CALayer, at index: Int) {
        guard layer !== self else { return }
        var idx = index
        if layer.superlayer === self, let old = sublayers?.firstIndex(where: { $0 === layer }) {
            if old < idx { idx -= 1 }
        }
        // A move inside the same tree is an order-out or -in only when it changes whether
        // the layer is visible.
        let wasVisible = layer.isInVisibleTree
        let sameTree = layer.superlayer != nil && rootLayer === layer.rootLayer
        if sameTree { layer.detachFromSuperlayer() } else { layer.removeFromSuperlayer() }
        CATransitionJournal.recordSublayers(of: self)
        // In place: a local copy of the array would share its storage with `sublayers`, and
        // the insert would then copy every sibling (quadratic when adding many).
        if sublayers == nil { sublayers = [] }
        sublayers!.insert(layer, at: max(0, min(idx, sublayers!.count)))
        layer.superlayer = self
        sublayerDidJoin(layer, wasVisible: sameTree && wasVisible)
        // "… or when sublayers are added or removed" (setNeedsLayout; CALayer+Layout.swift).
        if modelLayer == nil { setNeedsLayout() }
    }

    /// Inserts `layer` just below `sibling` (at the bottom when `sibling` is not a sublayer).
    public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        guard let s = sibling, let i = sublayers?.firstIndex(where: { $0 === s }) else {
            insertSublayer(layer, at: 0); return
        }
        insertSublayer(layer, at: i)
    }

    /// Inserts `layer` just above `sibling` (on top when `sibling` is not a sublayer).
    public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        guard let s = sibling, let i = sublayers?.firstIndex(where: { $0 === s }) else {
            addSublayer(layer); return
        }
        insertSublayer(layer, at: i + 1)
    }

    /// Detaches the layer from its superlayer (removeFromSuperlayer).
    public func removeFromSuperlayer() {
        guard superlayer != nil else { return }
        willLeaveTree()
        detachFromSuperlayer()
    }

    /// Takes the layer out of its superlayer's list, with no event.
    func detachFromSuperlayer() {
        guard let sup = superlayer else { return }
        CATransitionJournal.recordSublayers(of: sup)
        sup.sublayers?.removeAll { $0 === self }
        if sup.sublayers?.isEmpty == true { sup.sublayers = nil }
        superlayer = nil
        if sup.modelLayer == nil { sup.setNeedsLayout() }
    }

    /// Puts `new` where `old` was (replaceSublayer:with:); nothing when `old` is not a sublayer.
    public func replaceSublayer(_ old: CALayer, with new: CALayer) {
        guard old !== new, let i = sublayers?.firstIndex(where: { $0 === old }) else { return }
        old.removeFromSuperlayer()
        insertSublayer(new, at: i)
        sublayerWasReplaced()
    }

    /// The sublayers in drawing order: by zPosition, stable for equal values (CA sorts
    /// siblings by zPosition; the array order breaks ties).
    public var sublayersInDrawingOrder: [CALayer] {
        guard let subs = sublayers else { return [] }
        if subs.allSatisfy({ $0.zPosition == subs[0].zPosition }) { return subs }
        return subs.enumerated().sorted { a, b in
            a.element.zPosition != b.element.zPosition ? a.element.zPosition < b.element.zPosition : a.offset < b.offset
        }.map(\.element)
    }

    /// The root of the tree this layer is in.
    public var rootLayer: CALayer {
        var l = self
        while let s = l.superlayer { l = s }
        return l
    }
}
