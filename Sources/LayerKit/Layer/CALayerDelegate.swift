// The layer's delegate (CALayerDelegate): the object a layer asks first when it looks for the
// action of an event. Every method is optional in Core Animation; here each has a default
// implementation that does what an absent method does.

/// An object that supplies a layer's actions (CALayerDelegate).
public protocol CALayerDelegate: AnyObject {
    /// The action for `event` on `layer`: "An object implementing the CAAction protocol or
    /// nil if the delegate does not specify a behavior for the specified key."
    /// (CALayerDelegate.action(for:forKey:)) — nil continues the search, `CANullAction.null`
    /// ends it with no action.
    func action(for layer: CALayer, forKey event: String) -> CAAction?
}

extension CALayerDelegate {
    /// An absent method: the search continues.
    public func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
}
