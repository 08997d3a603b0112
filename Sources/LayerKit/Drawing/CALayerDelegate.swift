// The layer delegate's part in custom drawing (CALayerDelegate). Apple's header gives the
// precedence: `displayLayer:` "If defined, called by the default implementation of the
// -display method, in which case it should implement the entire display process (typically
// by setting the `contents' property)", and `drawLayer:inContext:` "If defined, called by
// the default implementation of -drawInContext:" (CALayer.h). Swift protocols have no
// optional requirements, so the defaults below stand for "not implemented": the default
// `display(_:)` is the layer's own display process (a backing store filled by `draw(in:)`,
// which reaches `draw(_:in:)`), and the default `draw(_:in:)` draws nothing.

/// An object that provides a layer's contents (CALayerDelegate). A layer holds its delegate
/// weakly.
public protocol CALayerDelegate: AnyObject {
    /// Implements the entire display process of `layer`, typically by setting its `contents`.
    /// When implemented, `draw(_:in:)` is not called.
    func display(_ layer: CALayer)
    /// Draws `layer`'s contents into `ctx`: a context over the layer's backing store, its
    /// user space the layer's bounds (origin top left, y down), scaled by `contentsScale`.
    func draw(_ layer: CALayer, in ctx: CGContext)
}

extension CALayerDelegate {
    /// Not implemented: the layer creates a backing store and calls its `draw(in:)`.
    public func display(_ layer: CALayer) { layer.displayIntoBackingStore() }
    /// Not implemented: draws nothing.
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
}
