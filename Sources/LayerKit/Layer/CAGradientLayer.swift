/// A layer that fills its shape (the bounds, rounded by cornerRadius) with a colour gradient
/// over its background (CAGradientLayer). Its properties are declared in
/// `CAGradientLayer+Properties.swift`; what it paints is in `CAGradientLayer+Display.swift`.
open class CAGradientLayer: CALayer {
    /// The colour of each stop (default none: the layer draws no gradient).
    public var colors: [Color] = CAGradientLayer.colors.defaultValue {
        didSet { changed(CAGradientLayer.colors, oldValue) }
    }
    /// Each stop's location in 0…1, increasing; nil spreads the stops evenly.
    public var locations: [Double]? = CAGradientLayer.locations.defaultValue {
        didSet { changed(CAGradientLayer.locations, oldValue) }
    }
    /// Where the gradient starts, in the unit coordinate space of the bounds.
    @exclusivity(unchecked) public var startPoint: Point = CAGradientLayer.startPoint.defaultValue {
        didSet { changed(CAGradientLayer.startPoint, oldValue) }
    }
    /// Where the gradient ends, in the unit coordinate space of the bounds.
    @exclusivity(unchecked) public var endPoint: Point = CAGradientLayer.endPoint.defaultValue {
        didSet { changed(CAGradientLayer.endPoint, oldValue) }
    }
    /// A radial gradient's focal point, in the unit coordinate space of the bounds: where its
    /// first stop lies (SVG's `fx`, `fy`); nil (the default) is `startPoint`, the centre. A
    /// LayerKit addition — Apple's CAGradientLayer has no focal point — for the highlights of
    /// Lottie's radial gradients and SVG's focal gradients; animatable like the points above.
    /// A focus on or outside the gradient's ellipse is drawn just inside it (Raster's
    /// `Gradient.focus`). Axial and conic gradients ignore it.
    @exclusivity(unchecked) public var focalPoint: Point? = CAGradientLayer.focalPoint.defaultValue {
        didSet { changed(CAGradientLayer.focalPoint, oldValue) }
    }
    /// The kind of gradient: axial (default), radial or conic.
    @exclusivity(unchecked) public var type: CAGradientLayerType = CAGradientLayer.type.defaultValue { didSet { modelDidChange() } }

    open override class var properties: LayerPropertyTable { CAGradientLayer.gradientProperties }
}

/// The kinds of gradient a CAGradientLayer draws (CAGradientLayerType).
public enum CAGradientLayerType: String, Sendable, CaseIterable {
    /// Colours vary along the line from startPoint to endPoint, constant across it.
    case axial
    /// "The gradient is defined as an ellipse with its center at 'startPoint' and its width
    /// and height defined by '(endPoint.x - startPoint.x) * 2' and '(endPoint.y -
    /// startPoint.y) * 2' respectively." (CAGradientLayer.h)
    case radial
    /// "The gradient is centered at 'startPoint' and its 0-degrees direction is defined by a
    /// vector spanned between 'startPoint' and 'endPoint'. … The gradient's angle increases in
    /// the direction of rotation of positive x-axis towards positive y-axis." (CAGradientLayer.h)
    case conic
}
