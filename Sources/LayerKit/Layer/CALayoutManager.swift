// CALayoutManager: the object a layer hands the layout of its sublayers to (CALayer's
// `layoutManager`), as Core Animation declares it on macOS: "Methods that allow an object to
// manage the layout of a layer and its sublayers." Its three methods are optional there;
// here they are requirements with defaults (a manager implements what it needs).

/// Lays out a layer's sublayers for it (CALayoutManager).
public protocol CALayoutManager: AnyObject {
    /// "Override to customize layout of sublayers of layer. Called when the layer's bounds
    /// change or when the layer's setNeedsLayout method is invoked."
    func layoutSublayers(of layer: CALayer)
    /// "Returns the preferred size of the specified layer in its coordinate system."
    func preferredSize(of layer: CALayer) -> Size
    /// "Invalidates the layout of the specified layer so that the layer's layoutSublayers is
    /// called." — asked when the layer is marked with `setNeedsLayout()`, to drop what the
    /// manager keeps of the layer's last layout.
    func invalidateLayout(of layer: CALayer)
}

extension CALayoutManager {
    /// Not implemented: the layer's bounds size.
    public func preferredSize(of layer: CALayer) -> Size { layer.bounds.size }
    /// Not implemented: nothing kept, nothing to drop.
    public func invalidateLayout(of layer: CALayer) {}
}
