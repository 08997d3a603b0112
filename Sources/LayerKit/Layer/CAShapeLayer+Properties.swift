// CAShapeLayer's property declarations (see LayerProperty): the path, its fill and its
// stroke. Non-animatable ones (fill rule, caps, joins) are still declared, so
// that copying and documents know them.

extension CAShapeLayer {
    public static let path: LayerProperty<CAShapeLayer, Path?> = .init(
        "path", get: { $0.path }, set: { $0.path = $1 },
        default: nil, animatable: true, affects: .geometry, document: .path)
    public static let fillColor: LayerProperty<CAShapeLayer, Color?> = .init(
        "fillColor", get: { $0.fillColor }, set: { $0.fillColor = $1 },
        default: .black, animatable: true, affects: .pixels, document: .color)
    public static let fillRule: LayerProperty<CAShapeLayer, FillRule> = .init(
        "fillRule", get: { $0.fillRule }, set: { $0.fillRule = $1 },
        default: .nonZero, animatable: false, affects: .pixels, document: .enumeration)
    public static let strokeColor: LayerProperty<CAShapeLayer, Color?> = .init(
        "strokeColor", get: { $0.strokeColor }, set: { $0.strokeColor = $1 },
        default: nil, animatable: true, affects: .pixels, document: .color)
    public static let lineWidth: LayerProperty<CAShapeLayer, Double> = .init(
        "lineWidth", get: { $0.lineWidth }, set: { $0.lineWidth = $1 },
        default: 1.0, animatable: true, affects: .geometry, document: .nonNegative)
    public static let lineCap: LayerProperty<CAShapeLayer, LineCap> = .init(
        "lineCap", get: { $0.lineCap }, set: { $0.lineCap = $1 },
        default: .butt, animatable: false, affects: .geometry, document: .enumeration)
    public static let lineJoin: LayerProperty<CAShapeLayer, LineJoin> = .init(
        "lineJoin", get: { $0.lineJoin }, set: { $0.lineJoin = $1 },
        default: .miter, animatable: false, affects: .geometry, document: .enumeration)
    public static let miterLimit: LayerProperty<CAShapeLayer, Double> = .init(
        "miterLimit", get: { $0.miterLimit }, set: { $0.miterLimit = $1 },
        default: 10.0, animatable: true, affects: .geometry, document: .nonNegative)
    public static let strokeStart: LayerProperty<CAShapeLayer, Double> = .init(
        "strokeStart", get: { $0.strokeStart }, set: { $0.strokeStart = $1 },
        default: 0.0, animatable: true, affects: .pixels, document: .number)
    public static let strokeEnd: LayerProperty<CAShapeLayer, Double> = .init(
        "strokeEnd", get: { $0.strokeEnd }, set: { $0.strokeEnd = $1 },
        default: 1.0, animatable: true, affects: .pixels, document: .number)
    /// Animatable: a LayerKit addition (Apple's documentation does not call the dash pattern
    /// animatable, only its phase), so that keyframed dash lengths — After Effects' Dash and
    /// Gap, Lottie's stroke `d` — animate as Core Animation animations: patterns of the same
    /// length mix entry by entry, others switch at the midpoint (Interpolation).
    public static let lineDashPattern: LayerProperty<CAShapeLayer, [Double]> = .init(
        "lineDashPattern", get: { $0.lineDashPattern }, set: { $0.lineDashPattern = $1 },
        default: [], affects: .pixels, document: .lengths,
        box: { .list($0.map { .number($0) }) },
        unbox: { boxed in
            guard case .list(let xs) = boxed else { return nil }
            var out: [Double] = []
            out.reserveCapacity(xs.count)
            for x in xs {
                guard let n = x.kpNumber else { return nil }
                out.append(n)
            }
            return out
        },
        component: { _, _ in nil }, setting: { _, _, _ in nil })
    public static let lineDashPhase: LayerProperty<CAShapeLayer, Double> = .init(
        "lineDashPhase", get: { $0.lineDashPhase }, set: { $0.lineDashPhase = $1 },
        default: 0.0, animatable: true, affects: .pixels, document: .number)

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
