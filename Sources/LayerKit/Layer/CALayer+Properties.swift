// CALayer's property declarations: each names its stored property, key, default, whether it
// animates, what it alters on screen, and how a document writes it. The order here is the
// order of `inspect` output and of copying. Defaults are Core Animation's (`borderColor`
// opaque black, `anchorPoint` the centre); the CAMediaTiming properties do not animate.

extension CALayer {
    // MARK: Timing (CAMediaTiming; not animatable)
    public static let beginTime: LayerProperty<CALayer, Double> = .init(
        \.beginTime, key: "beginTime", default: 0.0,
        animatable: false, affects: .timing, document: .time)
    public static let duration: LayerProperty<CALayer, Double> = .init(
        \.duration, key: "duration", default: 0.0,
        animatable: false, affects: .timing, document: .time)
    public static let speed: LayerProperty<CALayer, Double> = .init(
        \.speed, key: "speed", default: 1.0,
        animatable: false, affects: .timing, document: .number)
    public static let timeOffset: LayerProperty<CALayer, Double> = .init(
        \.timeOffset, key: "timeOffset", default: 0.0,
        animatable: false, affects: .timing, document: .number)
    public static let repeatCount: LayerProperty<CALayer, Double> = .init(
        \.repeatCount, key: "repeatCount", default: 0.0,
        animatable: false, affects: .timing, document: .time)
    public static let repeatDuration: LayerProperty<CALayer, Double> = .init(
        \.repeatDuration, key: "repeatDuration", default: 0.0,
        animatable: false, affects: .timing, document: .time)
    public static let autoreverses: LayerProperty<CALayer, Bool> = .init(
        \.autoreverses, key: "autoreverses", default: false,
        animatable: false, affects: .timing, document: .bool)
    public static let fillMode: LayerProperty<CALayer, CAMediaTimingFillMode> = .init(
        \.fillMode, key: "fillMode", default: .removed,
        animatable: false, affects: .timing, document: .enumeration)

    // MARK: Geometry
    public static let bounds: LayerProperty<CALayer, Rect> = .init(
        \.bounds, key: "bounds", default: .zero,
        animatable: true, affects: .geometry, document: .rect)
    public static let position: LayerProperty<CALayer, Point> = .init(
        \.position, key: "position", default: .zero,
        animatable: true, affects: .geometry, document: .point)
    public static let anchorPoint: LayerProperty<CALayer, Point> = .init(
        \.anchorPoint, key: "anchorPoint", default: Point(0.5, 0.5),
        animatable: true, affects: .geometry, document: .point)
    public static let zPosition: LayerProperty<CALayer, Double> = .init(
        \.zPosition, key: "zPosition", default: 0.0,
        animatable: true, affects: .geometry, document: .number)
    public static let transform: LayerProperty<CALayer, CATransform3D> = .init(
        \.transform, key: "transform", default: .identity,
        animatable: true, affects: .geometry, document: .transform)
    public static let sublayerTransform: LayerProperty<CALayer, CATransform3D> = .init(
        \.sublayerTransform, key: "sublayerTransform", default: .identity,
        animatable: true, affects: .geometry, document: .transform)

    // MARK: Appearance
    public static let opacity: LayerProperty<CALayer, Double> = .init(
        \.opacity, key: "opacity", default: 1.0,
        animatable: true, affects: .pixels, document: .number)
    public static let isHidden: LayerProperty<CALayer, Bool> = .init(
        \.isHidden, key: "hidden", default: false,
        animatable: true, affects: .pixels, document: .bool)
    public static let backgroundColor: LayerProperty<CALayer, Color?> = .init(
        \.backgroundColor, key: "backgroundColor", default: nil,
        animatable: true, affects: .pixels, document: .color)
    public static let cornerRadius: LayerProperty<CALayer, Double> = .init(
        \.cornerRadius, key: "cornerRadius", default: 0.0,
        animatable: true, affects: .pixels, document: .number)
    public static let borderWidth: LayerProperty<CALayer, Double> = .init(
        \.borderWidth, key: "borderWidth", default: 0.0,
        animatable: true, affects: .pixels, document: .number)
    public static let borderColor: LayerProperty<CALayer, Color?> = .init(
        \.borderColor, key: "borderColor", default: .black,
        animatable: true, affects: .pixels, document: .color)
    public static let masksToBounds: LayerProperty<CALayer, Bool> = .init(
        \.masksToBounds, key: "masksToBounds", default: false,
        animatable: true, affects: .geometry, document: .bool)
    public static let contents: LayerProperty<CALayer, ImageRef?> = .init(
        \.contents, key: "contents", default: nil,
        animatable: true, affects: .geometry, document: .image)
    public static let contentsGravity: LayerProperty<CALayer, CALayerContentsGravity> = .init(
        \.contentsGravity, key: "contentsGravity", default: .resize,
        animatable: false, affects: .geometry, document: .enumeration)

    /// CALayer's table: every property above, animatable ones in Core Animation's order.
    public static let layerProperties = LayerPropertyTable(CALayer.self, superclass: nil, declared: [
        bounds.erased, position.erased, anchorPoint.erased, zPosition.erased, transform.erased,
        sublayerTransform.erased, opacity.erased, isHidden.erased, backgroundColor.erased, cornerRadius.erased,
        borderWidth.erased, borderColor.erased, masksToBounds.erased, contents.erased, contentsGravity.erased,
        beginTime.erased, duration.erased, speed.erased, timeOffset.erased, repeatCount.erased,
        repeatDuration.erased, autoreverses.erased, fillMode.erased,
    ])
}
