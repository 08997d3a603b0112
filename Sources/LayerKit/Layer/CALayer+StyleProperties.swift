// CALayer's styling declarations: shadows, the contents' sub-rectangle, centre and scale,
// corner masking and curve, double-sidedness, the z anchor, geometry flipping, group
// opacity and edge anti-aliasing (whether, and which edges). Defaults and animatability are
// CALayer.h's ("Defaults to opaque black. … Animatable." for shadowColor, and so on); `mask`
// is a layer, not a value, and is handled by the tree, the presentation copy and the
// document loader.

extension CALayer {
    // MARK: Shadow
    /// "The color of the shadow. Defaults to opaque black. … Animatable."
    public static let shadowColor: LayerProperty<CALayer, Color?> = .init(
        "shadowColor", get: { $0.shadowColor }, set: { $0.shadowColor = $1 },
        default: .black, animatable: true, affects: .pixels, document: .color)
    /// "The opacity of the shadow. Defaults to 0. … Animatable."
    public static let shadowOpacity: LayerProperty<CALayer, Double> = .init(
        "shadowOpacity", get: { $0.shadowOpacity }, set: { $0.shadowOpacity = $1 },
        default: 0.0, animatable: true, affects: .pixels, document: .number)
    /// "The shadow offset. Defaults to (0, -3). Animatable."
    public static let shadowOffset: LayerProperty<CALayer, Size> = .init(
        "shadowOffset", get: { $0.shadowOffset }, set: { $0.shadowOffset = $1 },
        default: Size(0, -3), animatable: true, affects: .geometry, document: .size)
    /// "The blur radius used to create the shadow. Defaults to 3. Animatable."
    public static let shadowRadius: LayerProperty<CALayer, Double> = .init(
        "shadowRadius", get: { $0.shadowRadius }, set: { $0.shadowRadius = $1 },
        default: 3.0, animatable: true, affects: .geometry, document: .nonNegative)
    /// "When non-null this path defines the outline used to construct the layer's shadow
    /// instead of using the layer's composited alpha channel. … Defaults to null. Animatable."
    public static let shadowPath: LayerProperty<CALayer, Path?> = .init(
        "shadowPath", get: { $0.shadowPath }, set: { $0.shadowPath = $1 },
        default: nil, animatable: true, affects: .geometry, document: .path)

    // MARK: Contents
    /// "Defaults to the unit rectangle [0 0 1 1]. Animatable."
    public static let contentsRect: LayerProperty<CALayer, Rect> = .init(
        "contentsRect", get: { $0.contentsRect }, set: { $0.contentsRect = $1 },
        default: Rect(0, 0, 1, 1), animatable: true, affects: .geometry, document: .rect)
    /// "It defaults to the unit rectangle [0 0 1 1] meaning that the entire image is scaled. … Animatable."
    public static let contentsCenter: LayerProperty<CALayer, Rect> = .init(
        "contentsCenter", get: { $0.contentsCenter }, set: { $0.contentsCenter = $1 },
        default: Rect(0, 0, 1, 1), animatable: true, affects: .geometry, document: .rect)
    /// "Defaults to one. Animatable."
    public static let contentsScale: LayerProperty<CALayer, Double> = .init(
        "contentsScale", get: { $0.contentsScale }, set: { $0.contentsScale = $1 },
        default: 1.0, animatable: true, affects: .geometry, document: .positive)

    // MARK: Corners
    /// "Defaults to all four corners." (not animatable)
    public static let maskedCorners: LayerProperty<CALayer, CACornerMask> = .init(
        "maskedCorners", get: { $0.maskedCorners }, set: { $0.maskedCorners = $1 },
        default: .all, animatable: false, affects: .geometry, document: .cornerMask)
    /// "Defaults to 'kCACornerCurveCircular'." (not animatable)
    public static let cornerCurve: LayerProperty<CALayer, CALayerCornerCurve> = .init(
        "cornerCurve", get: { $0.cornerCurve }, set: { $0.cornerCurve = $1 },
        default: .circular, animatable: false, affects: .geometry, document: .enumeration)

    // MARK: Geometry and compositing
    /// "When false layers facing away from the viewer are hidden from view. Defaults to YES. Animatable."
    public static let isDoubleSided: LayerProperty<CALayer, Bool> = .init(
        "doubleSided", get: { $0.isDoubleSided }, set: { $0.isDoubleSided = $1 },
        default: true, animatable: true, affects: .geometry, document: .bool)
    /// "The Z component of the layer's anchor point … Defaults to zero. Animatable."
    public static let anchorPointZ: LayerProperty<CALayer, Double> = .init(
        "anchorPointZ", get: { $0.anchorPointZ }, set: { $0.anchorPointZ = $1 },
        default: 0.0, animatable: true, affects: .geometry, document: .number)
    /// "Whether or not the geometry of the layer (and its sublayers) is flipped vertically.
    /// Defaults to NO." (not animatable)
    public static let isGeometryFlipped: LayerProperty<CALayer, Bool> = .init(
        "geometryFlipped", get: { $0.isGeometryFlipped }, set: { $0.isGeometryFlipped = $1 },
        default: false, animatable: false, affects: .geometry, document: .bool)
    /// Default YES ("YES for applications linked against the iOS 7 SDK or later"; not animatable).
    public static let allowsGroupOpacity: LayerProperty<CALayer, Bool> = .init(
        "allowsGroupOpacity", get: { $0.allowsGroupOpacity }, set: { $0.allowsGroupOpacity = $1 },
        default: true, animatable: false, affects: .pixels, document: .bool)
    /// "A CoreImage filter used to composite the layer and the content behind it. Defaults to
    /// nil, which implies source-over compositing." (not animatable)
    public static let compositingFilter: LayerProperty<CALayer, CACompositingFilter?> = .init(
        "compositingFilter", get: { $0.compositingFilter }, set: { $0.compositingFilter = $1 },
        default: nil, animatable: false, affects: .pixels, document: .compositingFilter)
    /// "If no value is found in the Info.plist the default value is NO." (not animatable)
    public static let allowsEdgeAntialiasing: LayerProperty<CALayer, Bool> = .init(
        "allowsEdgeAntialiasing", get: { $0.allowsEdgeAntialiasing }, set: { $0.allowsEdgeAntialiasing = $1 },
        default: false, animatable: false, affects: .pixels, document: .bool)
    /// "The default value is for all edges to be antialiased." (not animatable)
    public static let edgeAntialiasingMask: LayerProperty<CALayer, CAEdgeAntialiasingMask> = .init(
        "edgeAntialiasingMask", get: { $0.edgeAntialiasingMask }, set: { $0.edgeAntialiasingMask = $1 },
        default: .all, animatable: false, affects: .pixels, document: .edgeMask)

    /// The styling declarations, in the order above (appended to CALayer's table).
    static var styleProperties: [AnyLayerProperty] {
        [shadowColor.erased, shadowOpacity.erased, shadowOffset.erased, shadowRadius.erased, shadowPath.erased,
         contentsRect.erased, contentsCenter.erased, contentsScale.erased, maskedCorners.erased, cornerCurve.erased,
         isDoubleSided.erased, anchorPointZ.erased, isGeometryFlipped.erased, allowsGroupOpacity.erased,
         compositingFilter.erased, allowsEdgeAntialiasing.erased, edgeAntialiasingMask.erased]
    }
}
