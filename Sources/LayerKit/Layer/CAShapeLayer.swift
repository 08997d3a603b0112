
/// A layer that draws a path: filled, then stroked (CAShapeLayer). The stroke can be trimmed
/// to [strokeStart, strokeEnd] of the path's length and dashed.
open class CAShapeLayer: CALayer {
    /// The path in the layer's coordinates; nil draws nothing.
    public var path: Path? = nil { didSet { changed("path", .path(oldValue)) } }
    /// Fill colour (default opaque black); nil does not fill.
    public var fillColor: Color? = .black { didSet { changed("fillColor", .color(oldValue)) } }
    /// Which points the fill covers.
    public var fillRule = FillRule.nonZero
    /// Stroke colour (default none).
    public var strokeColor: Color? = nil { didSet { changed("strokeColor", .color(oldValue)) } }
    public var lineWidth = 1.0 { didSet { changed("lineWidth", .number(oldValue)) } }
    public var lineCap = LineCap.butt
    public var lineJoin = LineJoin.miter
    public var miterLimit = 10.0 { didSet { changed("miterLimit", .number(oldValue)) } }
    /// Start of the stroked part, as a fraction of the path's length.
    public var strokeStart = 0.0 { didSet { changed("strokeStart", .number(oldValue)) } }
    /// End of the stroked part, as a fraction of the path's length.
    public var strokeEnd = 1.0 { didSet { changed("strokeEnd", .number(oldValue)) } }
    /// Dash lengths (on, off, …); empty strokes solid.
    public var lineDashPattern: [Double] = []
    public var lineDashPhase = 0.0 { didSet { changed("lineDashPhase", .number(oldValue)) } }

    public override init() { super.init() }
    public required init(layer: CALayer) {
        super.init(layer: layer)
        guard let s = layer as? CAShapeLayer else { return }
        path = s.path; fillColor = s.fillColor; fillRule = s.fillRule; strokeColor = s.strokeColor
        lineWidth = s.lineWidth; lineCap = s.lineCap; lineJoin = s.lineJoin; miterLimit = s.miterLimit
        strokeStart = s.strokeStart; strokeEnd = s.strokeEnd
        lineDashPattern = s.lineDashPattern; lineDashPhase = s.lineDashPhase
    }

    /// The animatable properties CAShapeLayer adds.
    public static let shapePropertyKeys = [
        "path", "fillColor", "strokeColor", "lineWidth", "miterLimit", "strokeStart", "strokeEnd", "lineDashPhase",
    ]

    open override func value(forKeyPath keyPath: String) -> AnimatableValue? {
        switch keyPath {
        case "path": return .path(path)
        case "fillColor": return .color(fillColor)
        case "strokeColor": return .color(strokeColor)
        case "lineWidth": return .number(lineWidth)
        case "miterLimit": return .number(miterLimit)
        case "strokeStart": return .number(strokeStart)
        case "strokeEnd": return .number(strokeEnd)
        case "lineDashPhase": return .number(lineDashPhase)
        default: return super.value(forKeyPath: keyPath)
        }
    }

    @discardableResult
    open override func setValue(_ v: AnimatableValue, forKeyPath keyPath: String) -> Bool {
        switch keyPath {
        case "path": guard case .path(let p) = v else { return false }; path = p
        case "fillColor": guard case .color(let c) = v else { return false }; fillColor = c
        case "strokeColor": guard case .color(let c) = v else { return false }; strokeColor = c
        case "lineWidth": guard let n = v.kpNumber else { return false }; lineWidth = n
        case "miterLimit": guard let n = v.kpNumber else { return false }; miterLimit = n
        case "strokeStart": guard let n = v.kpNumber else { return false }; strokeStart = n
        case "strokeEnd": guard let n = v.kpNumber else { return false }; strokeEnd = n
        case "lineDashPhase": guard let n = v.kpNumber else { return false }; lineDashPhase = n
        default: return super.setValue(v, forKeyPath: keyPath)
        }
        return true
    }

    /// The stroke parameters as Raster takes them.
    public var strokeStyle: StrokeStyle {
        StrokeStyle(lineWidth: lineWidth, lineCap: lineCap, lineJoin: lineJoin, miterLimit: miterLimit,
                    dashPattern: lineDashPattern, dashPhase: lineDashPhase)
    }
}
