// CATransformLayer: a layer whose sublayers keep their 3D positions instead of being flattened
// into its plane, drawn depth-sorted with the perspective of the transforms above them (see
// `CATransformLayer+Display.swift`).

/// "Objects used to create true 3D layer hierarchies, rather than the flattened hierarchy
/// rendering model used by other CALayer classes." (CATransformLayer)
///
/// "Unlike normal layers, transform layers do not flatten their sublayers into the plane at
/// Z=0. ... The following CALayer properties of a transform layer are ignored:
/// backgroundColor, contents, border style properties, stroke style properties ... The
/// properties that assume 2D image processing are also ignored: filters, backgroundFilters,
/// compositingFilter, mask, masksToBounds, and shadow properties. The opacity property is
/// applied to each sublayer individually, and the transform layer does not form a compositing
/// group." (Apple's CATransformLayer.h)
open class CATransformLayer: CALayer {
    override var isTransformLayer: Bool { true }
}
