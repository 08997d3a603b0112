/// A layer that draws a path: filled, then stroked (CAShapeLayer). The stroke can be trimmed
/// to [strokeStart, strokeEnd] of the path's length and dashed. Its properties are declared
/// in `CAShapeLayer+Properties.swift`.
open class CAShapeLayer: CALayer {
    // The plain-value properties skip the runtime's exclusivity check, as CALayer's do: they
    // are read for every shape layer of every frame and hold no references.
    /// The path in the layer's coordinates; nil draws nothing.
    /// (Only ever assigned: no exclusivity check.)
    @exclusivity(unchecked) public var path: Path? = CAShapeLayer.path.defaultValue {
        didSet { changed(CAShapeLayer.path, oldValue) }
    }
    /// Fill colour (default opaque black); nil does not fill.
    @exclusivity(unchecked) public var fillColor: Color? = CAShapeLayer.fillColor.defaultValue {
        didSet { changed(CAShapeLayer.fillColor, oldValue) }
    }
    /// Which points the fill covers.
    @exclusivity(unchecked) public var fillRule: FillRule = CAShapeLayer.fillRule.defaultValue { didSet { modelDidChange() } }
    /// Stroke colour (default none).
    @exclusivity(unchecked) public var strokeColor: Color? = CAShapeLayer.strokeColor.defaultValue {
        didSet { changed(CAShapeLayer.strokeColor, oldValue) }
    }
    @exclusivity(unchecked) public var lineWidth: Double = CAShapeLayer.lineWidth.defaultValue {
        didSet { changed(CAShapeLayer.lineWidth, oldValue) }
    }
    @exclusivity(unchecked) public var lineCap: LineCap = CAShapeLayer.lineCap.defaultValue { didSet { modelDidChange() } }
    @exclusivity(unchecked) public var lineJoin: LineJoin = CAShapeLayer.lineJoin.defaultValue { didSet { modelDidChange() } }
    @exclusivity(unchecked) public var miterLimit: Double = CAShapeLayer.miterLimit.defaultValue {
        didSet { changed(CAShapeLayer.miterLimit, oldValue) }
    }
    /// Start of the stroked part, as a fraction of the path's length.
    @exclusivity(unchecked) public var strokeStart: Double = CAShapeLayer.strokeStart.defaultValue {
        didSet { changed(CAShapeLayer.strokeStart, oldValue) }
    }
    /// End of the stroked part, as a fraction of the path's length.
    @exclusivity(unchecked) public var strokeEnd: Double = CAShapeLayer.strokeEnd.defaultValue {
        didSet { changed(CAShapeLayer.strokeEnd, oldValue) }
    }
    /// Dash lengths (on, off, …); empty strokes solid.
    /// (Read for every stroke of every frame, only ever assigned: no exclusivity check.)
    @exclusivity(unchecked) public var lineDashPattern: [Double] = CAShapeLayer.lineDashPattern.defaultValue {
        didSet { changed(CAShapeLayer.lineDashPattern, oldValue) }
    }
    @exclusivity(unchecked) public var lineDashPhase: Double = CAShapeLayer.lineDashPhase.defaultValue {
        didSet { changed(CAShapeLayer.lineDashPhase, oldValue) }
    }

    open override class var properties: LayerPropertyTable { CAShapeLayer.shapeProperties }

    /// The stroke parameters as Raster takes them.
    public var strokeStyle: StrokeStyle {
        StrokeStyle(lineWidth: lineWidth, lineCap: lineCap, lineJoin: lineJoin, miterLimit: miterLimit,
                    dashPattern: lineDashPattern, dashPhase: lineDashPhase)
    }
}
