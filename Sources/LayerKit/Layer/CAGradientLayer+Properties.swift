// CAGradientLayer's property declarations. Defaults and animatability are
// CAGradientLayer.h's: `colors` "Defaults to nil. Animatable.", `locations` "Defaults to
// nil. Animatable.", start and end points "The default values are [.5,0] and [.5,1]
// respectively. Both are animatable."; `type` is not animatable. A document names `type`
// `gradientType` (the member `type` names the layer class). `focalPoint` is LayerKit's own
// (nil, animatable).

extension CAGradientLayer {
    public static let colors: LayerProperty<CAGradientLayer, [Color]> = .init(
        "colors", get: { $0.colors }, set: { $0.colors = $1 },
        default: [], animatable: true, affects: .pixels, document: .colors)
    public static let locations: LayerProperty<CAGradientLayer, [Double]?> = .init(
        "locations", get: { $0.locations }, set: { $0.locations = $1 },
        default: nil, animatable: true, affects: .pixels, document: .locations)
    public static let startPoint: LayerProperty<CAGradientLayer, Point> = .init(
        "startPoint", get: { $0.startPoint }, set: { $0.startPoint = $1 },
        default: Point(0.5, 0), animatable: true, affects: .pixels, document: .point)
    public static let endPoint: LayerProperty<CAGradientLayer, Point> = .init(
        "endPoint", get: { $0.endPoint }, set: { $0.endPoint = $1 },
        default: Point(0.5, 1), animatable: true, affects: .pixels, document: .point)
    public static let focalPoint: LayerProperty<CAGradientLayer, Point?> = .init(
        "focalPoint", get: { $0.focalPoint }, set: { $0.focalPoint = $1 },
        default: nil, animatable: true, affects: .pixels, document: .optionalPoint)
    public static let type: LayerProperty<CAGradientLayer, CAGradientLayerType> = .init(
        "type", get: { $0.type }, set: { $0.type = $1 },
        default: .axial, animatable: false, affects: .pixels, document: DocumentField.enumeration.named("gradientType"))

    /// CALayer's properties, then these.
    public static let gradientProperties = LayerPropertyTable(CAGradientLayer.self, superclass: CALayer.layerProperties, declared: [
        colors.erased, locations.erased, startPoint.erased, endPoint.erased, focalPoint.erased, type.erased,
    ])
}
