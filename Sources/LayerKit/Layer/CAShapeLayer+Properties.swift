// CAShapeLayer's property declarations (see LayerProperty): the path, its fill and its
// stroke. Non-animatable ones (fill rule, caps, joins, dash pattern) are still declared, so
// that copying and documents know them.

extension CAShapeLayer {
    public static let path: LayerProperty<CAShapeLayer, Path?> = .init(
        \.path, key: "path", default: nil,
        animatable: true, affects: .geometry, document: .path)
    public static let fillColor: LayerProperty<CAShapeLayer, Color?> = .init(
        \.fillColor, key: "fillColor", default: .black,
        animatable: true, affects: .pixels, document: .color)
    public static let fillRule: LayerProperty<CAShapeLayer, FillRule> = .init(
        \.fillRule, key: "fillRule", default: .nonZero,
        animatable: false, affects: .pixels, document: .enumeration)
    public static let strokeColor: LayerProperty<CAShapeLayer, Color?> = .init(
        \.strokeColor, key: "strokeColor", default: nil,
        animatable: true, affects: .pixels, document: .color)
    public static let lineWidth: LayerProperty<CAShapeLayer, Double> = .init(
        \.lineWidth, key: "lineWidth", default: 1.0,
        animatable: true, affects: .geometry, document: .nonNegative)
    public static let lineCap: LayerProperty<CAShapeLayer, LineCap> = .init(
        \.lineCap, key: "lineCap", default: .butt,
        animatable: false, affects: .geometry, document: .enumeration)
    public static let lineJoin: LayerProperty<CAShapeLayer, LineJoin> = .init(
        \.lineJoin, key: "lineJoin", default: .miter,
        animatable: false, affects: .geometry, document: .enumeration)
    public static let miterLimit: LayerProperty<CAShapeLayer, Double> = .init(
        \.miterLimit, key: "miterLimit", default: 10.0,
        animatable: true, affects: .geometry, document: .nonNegative)
    public static let strokeStart: LayerProperty<CAShapeLayer, Double> = .init(
        \.strokeStart, key: "strokeStart", default: 0.0,
        animatable: true, affects: .pixels, document: .number)
    public static let strokeEnd: LayerProperty<CAShapeLayer, Double> = .init(
        \.strokeEnd, key: "strokeEnd", default: 1.0,
        animatable: true, affects: .pixels, document: .number)
    public static let lineDashPattern: LayerProperty<CAShapeLayer, [Double]> = .init(
        \.lineDashPattern, key: "lineDashPattern", default: [],
        animatable: false, affects: .pixels, document: .lengths)
    public static let lineDashPhase: LayerProperty<CAShapeLayer, Double> = .init(
        \.lineDashPhase, key: "lineDashPhase", default: 0.0,
        animatable: true, affects: .pixels, document: .number)

    /// CALayer's properties, then these.
    public static let shapeProperties = LayerPropertyTable(CAShapeLayer.self, superclass: CALayer.layerProperties, declared: [
        path.erased, fillColor.erased, fillRule.erased, strokeColor.erased, lineWidth.erased, lineCap.erased,
        lineJoin.erased, miterLimit.erased, strokeStart.erased, strokeEnd.erased, lineDashPattern.erased,
        lineDashPhase.erased,
    ])
}

extension CAShapeLayer {
    /// The animatable properties CAShapeLayer adds.
    public static var shapePropertyKeys: [String] { shapeProperties.declared.filter(\.isAnimatable).map(\.key) }
}
