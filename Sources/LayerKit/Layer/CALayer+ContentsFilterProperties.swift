// CALayer's scaling filters for `contents`: magnificationFilter, minificationFilter and
// minificationFilterBias, with Core Animation's defaults and documentation. The values are
// Raster's ImageFilter (linear, nearest, trilinear) under Core Animation's type name; how
// each samples, and when a draw counts as magnifying, is in Raster/Image/ImageFiltering.swift.

/// Core Animation's scaling filters ("Scaling Filters": kCAFilterLinear, kCAFilterNearest,
/// kCAFilterTrilinear).
public typealias CALayerContentsFilter = ImageFilter

extension CALayer {
    /// "The filter used when increasing the size of the content. … The default value of this
    /// property is linear." (not animatable)
    public static let magnificationFilter: LayerProperty<CALayer, CALayerContentsFilter> = .init(
        "magnificationFilter", get: { $0.magnificationFilter }, set: { $0.magnificationFilter = $1 },
        default: .linear, animatable: false, affects: .pixels, document: .enumeration)
    /// "The filter used when reducing the size of the content. … The default value of this
    /// property is linear." (not animatable)
    public static let minificationFilter: LayerProperty<CALayer, CALayerContentsFilter> = .init(
        "minificationFilter", get: { $0.minificationFilter }, set: { $0.minificationFilter = $1 },
        default: .linear, animatable: false, affects: .pixels, document: .enumeration)
    /// "The bias factor used by the minification filter to determine the levels of detail. …
    /// The default value of this property is 0.0." (not animatable)
    public static let minificationFilterBias: LayerProperty<CALayer, Double> = .init(
        "minificationFilterBias", get: { $0.minificationFilterBias }, set: { $0.minificationFilterBias = $1 },
        default: 0.0, animatable: false, affects: .pixels, document: .number)

    /// The scaling-filter declarations (appended to CALayer's table after the styling ones).
    static var contentsFilterProperties: [AnyLayerProperty] {
        [magnificationFilter.erased, minificationFilter.erased, minificationFilterBias.erased]
    }
}
