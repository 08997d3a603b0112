// Hit testing the way UIKit does it while views animate: on what is on screen (the
// presentation tree), and with the layers in a view-style animation left out unless the
// animation allows interaction — "Allow the user to interact with views while they are
// being animated." (UIView.AnimationOptions.allowUserInteraction); without it UIKit turns
// user interaction off for the animating view (and so for everything in it) until the
// animation ends.

extension CALayer {
    /// The model layer that receives a click at `p` (in the superlayer's coordinates): the
    /// presentation tree is hit-tested with `hitTest(_:)`'s rules, skipping every layer (with
    /// its subtree) that has a view-style animation in flight without `.allowUserInteraction`.
    /// Before the layer was first committed, its model is tested.
    public func interactiveHitTest(_ p: Point) -> CALayer? {
        let tree = presentation() ?? self
        return tree.interactiveHit(p)?.model()
    }

    private func interactiveHit(_ p: Point) -> CALayer? {
        guard !isHidden, !model().blocksInteractionWhileAnimating else { return nil }
        guard let inv = transformToSuperlayer.inverted, let local = inv.apply(p) else { return nil }
        if masksToBounds && !contains(local) { return nil }
        for s in sublayersInDrawingOrder.reversed() {
            if let hit = s.interactiveHit(local) { return hit }
        }
        return contains(local) ? self : nil
    }

    /// Whether a view-style animation of this layer that does not allow user interaction is
    /// still running.
    var blocksInteractionWhileAnimating: Bool {
        animationStore.contains { entry in
            guard let o = entry.animation.viewAnimationOptions else { return false }
            return !entry.animation.engineDidStop && !o.contains(.allowUserInteraction)
        }
    }
}
