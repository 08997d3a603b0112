// The layer events that are not property changes: a layer joining or leaving a visible layer
// tree, and a sublayer replaced in one. "A layer is inserted into a visible layer tree, or
// the hidden property of the layer is set to NO" runs the action for kCAOnOrderIn; "A layer
// is removed from a visible layer tree, or the hidden property is set to YES" runs the action
// for kCAOnOrderOut; "A layer replaces an existing layer in a visible layer tree using
// replaceSublayer:with:" runs the action for kCATransition (Core Animation Programming Guide,
// the action triggers). Core Animation defines no implicit action for them: only an action
// found by `action(forKey:)` runs. A tree is visible here as it is for property actions: the
// layer has a superlayer, and no layer from it up is hidden.

extension CALayer {
    /// After `layer` was inserted here; `wasVisible`: it was visible in this same tree
    /// before (a move that keeps it visible is neither a departure nor an arrival).
    func sublayerDidJoin(_ layer: CALayer, wasVisible: Bool) {
        let isVisible = layer.isInVisibleTree
        if isVisible != wasVisible { layer.runAction(forEvent: isVisible ? kCAOnOrderIn : kCAOnOrderOut) }
    }

    /// Before the layer leaves its superlayer for good.
    func willLeaveTree() {
        if isInVisibleTree { runAction(forEvent: kCAOnOrderOut) }
    }

    /// After `hidden` changed on a layer with a superlayer.
    func hiddenDidChange() {
        var above: CALayer? = superlayer
        while let x = above { if x.isHidden { return }; above = x.superlayer }
        runAction(forEvent: isHidden ? kCAOnOrderOut : kCAOnOrderIn)
    }

    /// After a sublayer was replaced: the `transition` event of this layer, whose sublayers
    /// changed (a CATransition found for it animates the swap).
    func sublayerWasReplaced() {
        if superlayer == nil ? !isHidden : isInVisibleTree { runAction(forEvent: kCATransition) }
    }
}
