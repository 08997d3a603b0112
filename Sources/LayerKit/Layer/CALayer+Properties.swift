// CALayer's property declarations: each names its stored property, key, default, whether it
// animates, what it alters on screen, and how a document writes it. The order here is the
// order of `inspect` output and of copying. Defaults are Core Animation's (`borderColor`
// opaque black, `anchorPoint` the centre); the CAMediaTiming properties do not animate.

extension CALayer {
    // MARK: Timing (CAMediaTiming; not animatable)
    public static let beginTime: LayerProperty<CALayer, Double> = .init(
        "beginTime", get: { $0.beginTime }, set: { $0.beginTime = $1 },
        default: 0.0, animatable: false, affects: .timing, document: .time)
    public static let duration: LayerProperty<CALayer, Double> = .init(
        "duration", get: { $0.duration }, set: { $0.duration = $1 },
        default: 0.0, animatable: false, affects: .timing, document: .time)
    public static let speed: LayerProperty<CALayer, Double> = .init(
        "speed", get: { $0.speed }, set: { $0.speed = $1 },
        default: 1.0, animatable: false, affects: .timing, document: .number)
    public static let timeOffset: LayerProperty<CALayer, Double> = .init(
        "timeOffset", get: { $0.timeOffset }, set: { $0.timeOffset = $1 },
        default: 0.0, animatable: false, affects: .timing, document: .number)
    public static let repeatCount: LayerProperty<CALayer, Double> = .init(
        "repeatCount", get: { $0.repeatCount }, set: { $0.repeatCount = $1 },
        default: 0.0, animatable: false, affects: .timing, document: .time)
    public static let repeatDuration: LayerProperty<CALayer, Double> = .init(
        "repeatDuration", get: { $0.repeatDuration }, set: { $0.repeatDuration = $1 },
        default: 0.0, animatable: false, affects: .timing, document: .time)
    public static let autoreverses: LayerProperty<CALayer, Bool> = .init(
        "autoreverses", get: { $0.autoreverses }, set: { $0.autoreverses = $1 },
        default: false, animatable: false, affects: .timing, document: .bool)
    public static let fillMode: LayerProperty<CALayer, CAMediaTimingFillMode> = .init(
        "fillMode", get: { $0.fillMode }, set: { $0.fillMode = $1 },
        default: .removed, animatable: false, affects: .timing, document: .enumeration)

    // MARK: Geometry
    public static let bounds: LayerProperty<CALayer, Rect> = .init(
        "bounds", get: { $0.bounds }, set: { $0.bounds = $1 },
        default: .zero, animatable: true, affects: .geometry, document: .rect)
    public static let position: LayerProperty<CALayer, Point> = .init(
        "position", get: { $0.position }, set: { $0.position = $1 },
        default: .zero, animatable: true, affects: .geometry, document: .point)
    public static let anchorPoint: LayerProperty<CALayer, Point> = .init(
        "anchorPoint", get: { $0.anchorPoint }, set: { $0.anchorPoint = $1 },
        default: Point(0.5, 0.5), animatable: true, affects: .geometry, document: .point)
    public static let zPosition: LayerProperty<CALayer, Double> = .init(
        "zPosition", get: { $0.zPosition }, set: { $0.zPosition = $1 },
        default: 0.0, animatable: true, affects: .geometry, document: .number)
    public static let transform: LayerProperty<CALayer, CATransform3D> = .init(
        "transform", get: { $0.transform }, set: { $0.transform = $1 },
        default: .identity, animatable: true, affects: .geometry, document: .transform)
    public static let sublayerTransform: LayerProperty<CALayer, CATransform3D> = .init(
        "sublayerTransform", get: { $0.sublayerTransform }, set: { $0.sublayerTransform = $1 },
        default: .identity, animatable: true, affects: .geometry, document: .transform)

    // MARK: Appearance
    public static let opacity: LayerProperty<CALayer, Double> = .init(
        "opacity", get: { $0.opacity }, set: { $0.opacity = $1 },
        default: 1.0, animatable: true, affects: .pixels, document: .number)
    public static let isHidden: LayerProperty<CALayer, Bool> = .init(
        "hidden", get: { $0.isHidden }, set: { $0.isHidden = $1 },
        default: false, animatable: true, affects: .pixels, document: .bool)
    public static let backgroundColor: LayerProperty<CALayer, Color?> = .init(
        "backgroundColor", get: { $0.backgroundColor }, set: { $0.backgroundColor = $1 },
        default: nil, animatable: true, affects: .pixels, document: .color)
    public static let cornerRadius: LayerProperty<CALayer, Double> = .init(
        "cornerRadius", get: { $0.cornerRadius }, set: { $0.cornerRadius = $1 },
        default: 0.0, animatable: true, affects: .pixels, document: .number)
    public static let borderWidth: LayerProperty<CALayer, Double> = .init(
        "borderWidth", get: { $0.borderWidth }, set: { $0.borderWidth = $1 },
        default: 0.0, animatable: true, affects: .pixels, document: .number)
    public static let borderColor: LayerProperty<CALayer, Color?> = .init(
        "borderColor", get: { $0.borderColor }, set: { $0.borderColor = $1 },
        default: .black, animatable: true, affects: .pixels, document: .color)
    public static let masksToBounds: LayerProperty<CALayer, Bool> = .init(
        "masksToBounds", get: { $0.masksToBounds }, set: { $0.masksToBounds = $1 },
        default: false, animatable: true, affects: .geometry, document: .bool)
    public static let contents: LayerProperty<CALayer, ImageRef?> = .init(
        "contents", get: { $0.contents }, set: { $0.contents = $1 },
        default: nil, animatable: true, affects: .geometry, document: .image)
    public static let contentsGravity: LayerProperty<CALayer, CALayerContentsGravity> = .init(
        "contentsGravity", get: { $0.contentsGravity }, set: { $0.contentsGravity = $1 },
        default: .resize, animatable: false, affects: .geometry, document: .enumeration)

    /// CALayer's table: every property above, animatable ones in Core Animation's order.
    public static let layerProperties = LayerPropertyTable(CALayer.self, superclass: nil, declared: [
        bounds.erased, position.erased, anchorPoint.erased, zPosition.erased, transform.erased,
        sublayerTransform.erased, opacity.erased, isHidden.erased, backgroundColor.erased, cornerRadius.erased,
        borderWidth.erased, borderColor.erased, masksToBounds.erased, contents.erased, contentsGravity.erased,
        beginTime.erased, duration.erased, speed.erased, timeOffset.erased, repeatCount.erased,
        repeatDuration.erased, autoreverses.erased, fillMode.erased,
    ] + styleProperties + contentsFilterProperties + filterProperties + rasterizationProperties)
}
