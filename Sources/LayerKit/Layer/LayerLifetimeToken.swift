// A stand-in for a layer in weak references. The Swift runtime keeps the reference counts of
// an object that was ever named weakly in a side table, and from then on every retain and
// release of it takes the slow path; a model layer is retained and released many times each
// frame (the render tree's walk, the display list), so the bookkeeping that must notice a
// layer going away (the transaction's journal of old values, the animation engine) names its
// token weakly instead. The layer alone holds its token, so the token is alive exactly as
// long as the layer is: a weak reference to it goes nil when the layer goes away, as one to
// the layer would.

/// Lives as long as its layer and names it (see the file header).
final class LayerLifetimeToken {
    /// The layer, unretained: the token goes away with it.
    unowned(unsafe) let layer: CALayer
    init(_ layer: CALayer) { self.layer = layer }
}

/// A weak reference to a layer that leaves the layer's own reference counts inline.
struct WeakLayerReference {
    private weak var token: LayerLifetimeToken?
    init(_ layer: CALayer?) { token = layer?.lifetimeToken }
    /// The layer, or nil once it has gone away.
    var layer: CALayer? { token?.layer }
}
