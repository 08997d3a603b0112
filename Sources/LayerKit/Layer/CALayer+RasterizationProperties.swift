// CALayer's rasterization properties, shouldRasterize and rasterizationScale, with Core
// Animation's defaults and documentation. How a rasterized subtree is drawn, cached and
// reused: DisplayList/DisplayListBuilder+Rasterization.swift.

extension CALayer {
    /// "A Boolean that indicates whether the layer is rendered as a bitmap before compositing.
    /// Animatable … When the value of this property is true, the layer is rendered as a bitmap
    /// in its local coordinate space and then composited to the destination with any other
    /// content. Shadow effects and any filters in the filters property are rasterized and
    /// included in the bitmap. However, the current opacity of the layer is not rasterized."
    /// (CALayer.shouldRasterize; default false.)
    public static let shouldRasterize: LayerProperty<CALayer, Bool> = .init(
        "shouldRasterize", get: { $0.shouldRasterize }, set: { $0.shouldRasterize = $1 },
        default: false, animatable: true, affects: .pixels, document: .bool)
    /// "The scale at which to rasterize content, relative to the coordinate space of the
    /// layer. Animatable … The default value of this property is 1.0, which indicates that the
    /// layer should be rasterized at its current size. Larger values magnify the content and
    /// smaller values shrink it." (CALayer.rasterizationScale.)
    public static let rasterizationScale: LayerProperty<CALayer, Double> = .init(
        "rasterizationScale", get: { $0.rasterizationScale }, set: { $0.rasterizationScale = $1 },
        default: 1.0, animatable: true, affects: .pixels, document: .number)

    /// The rasterization declarations (appended to CALayer's table).
    static var rasterizationProperties: [AnyLayerProperty] { [shouldRasterize.erased, rasterizationScale.erased] }
}
