// The layer's delegate (CALayerDelegate): the object a layer asks first for the action of an
// event, and the one that can provide its contents. Every method is optional in Core
// Animation; Swift protocols have no optional requirements, so each has a default
// implementation that does what an absent method does.
//
// Drawing precedence, from CALayer.h: `displayLayer:` "If defined, called by the default
// implementation of the -display method, in which case it should implement the entire display
// process (typically by setting the `contents' property)", and `drawLayer:inContext:` "If
// defined, called by the default implementation of -drawInContext:". So the default
// `display(_:)` is the layer's own display process (a backing store filled by `draw(in:)`,
// which reaches `draw(_:in:)`), and the default `draw(_:in:)` draws nothing.

/// An object that supplies a layer's actions and contents (CALayerDelegate). A layer holds
/// its delegate weakly.
public protocol CALayerDelegate: AnyObject {
    /// The action for `event` on `layer`: "An object implementing the CAAction protocol or
    /// nil if the delegate does not specify a behavior for the specified key."
    /// (CALayerDelegate.action(for:forKey:)) — nil continues the search, `CANullAction.null`
    /// ends it with no action.
    func action(for layer: CALayer, forKey event: String) -> CAAction?
    /// Implements the entire display process of `layer`, typically by setting its `contents`.
    /// When implemented, `draw(_:in:)` is not called.
    func display(_ layer: CALayer)
    /// Draws `layer`'s contents into `ctx`: a context over the layer's backing store, its
    /// user space the layer's bounds (origin top left, y down), scaled by `contentsScale`.
    func draw(_ layer: CALayer, in ctx: CGContext)
    /// Lays out `layer`'s sublayers ("Tells the delegate a layer's bounds have changed.",
    /// CALayerDelegate.layoutSublayers(of:)); returns false when the delegate does not lay
    /// out (the layer's layout manager then does).
    func layoutSublayers(of layer: CALayer) -> Bool
}

extension CALayerDelegate {
    /// An absent method: the search continues.
    public func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
    /// Not implemented: the layer creates a backing store and calls its `draw(in:)`.
    public func display(_ layer: CALayer) { layer.displayIntoBackingStore() }
    /// Not implemented: draws nothing.
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
    /// Not implemented: the layer's layout manager lays it out.
    public func layoutSublayers(of layer: CALayer) -> Bool { false }
}
