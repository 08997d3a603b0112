// A Core Graphics-style drawing context over a Raster bitmap, with Core Graphics' names: a
// graphics state (CTM, clip, colours, line parameters, alpha) saved and restored as a stack,
// and a current path built in user space and stored in device space, as Quartz does: each
// point is mapped by the CTM in force when it is added, so changing the CTM afterwards does
// not move the path. Filling, stroking and clipping consume the current path.
// Strokes are outlined in user space (the line width, dashes and caps are user-space
// lengths) and mapped by the CTM in force when the path is stroked. Everything is drawn
// through Raster's Canvas; clipping, gradients, images and text live in the extensions
// next to this file.

/// The rule that decides which points a filled path covers (CGPathFillRule).
public enum CGPathFillRule: Sendable {
    /// Non-zero winding number (Core Graphics' default).
    case winding
    /// Even-odd crossing count.
    case evenOdd

    var rasterRule: FillRule { self == .winding ? .nonZero : .evenOdd }
}

/// How the ends of open subpaths are drawn.
public typealias CGLineCap = LineCap
/// How stroked segments meet.
public typealias CGLineJoin = LineJoin

/// A drawing destination with a graphics state and a current path (CGContext).
public final class CGContext {
    /// The pixels drawn into (premultiplied, device space: one unit of the identity CTM is a pixel).
    public let bitmap: Bitmap
    /// Draws into `bitmap`.
    let canvas: Canvas
    /// The graphics state in force and the saved ones (saveGState / restoreGState).
    var state: CGGraphicsState
    var savedStates: [CGGraphicsState] = []
    /// The current path in device space (points mapped by the CTM as they were added).
    var path = Path()
    /// A cleared bitmap of the context's size for what must pass through a clip mask or is
    /// written pixel by pixel (gradients); made on first use and cleared after each use.
    var scratch: Bitmap?

    /// A context drawing into `bitmap` with `ctm` as the base CTM (user space to pixels) and
    /// the whole bitmap as the clip.
    public init(bitmap: Bitmap, ctm: AffineTransform = .identity) {
        self.bitmap = bitmap
        canvas = Canvas(bitmap)
        state = CGGraphicsState(ctm: ctm, clipRect: bitmap.bounds)
    }

    /// The bitmap's size in pixels.
    public var width: Int { bitmap.width }
    public var height: Int { bitmap.height }

    // MARK: Graphics state

    /// Pushes a copy of the graphics state (CTM, clip, colours, line parameters, alpha, font
    /// size); the current path is not part of it.
    public func saveGState() { savedStates.append(state) }
    /// Pops the most recently saved graphics state; without one, nothing changes.
    public func restoreGState() {
        if let s = savedStates.popLast() { state = s }
    }

    /// The current transformation matrix: user space to device pixels.
    public var ctm: AffineTransform { state.ctm }
    /// Moves the user-space origin by (x, y) user units.
    public func translateBy(x: Double, y: Double) { concatenate(.translation(x, y)) }
    /// Scales user space by (x, y).
    public func scaleBy(x: Double, y: Double) { concatenate(.scale(x, y)) }
    /// Rotates user space by `angle` radians (towards +y).
    public func rotate(by angle: Double) { concatenate(.rotation(angle)) }
    /// Applies `transform` to user space before the CTM: CTM′ = transform × CTM.
    public func concatenate(_ transform: AffineTransform) { state.ctm = transform.concatenating(state.ctm) }

    /// Fill colour of `fillPath` and of text (default opaque black).
    public func setFillColor(_ color: Color) { state.fillColor = color }
    /// Stroke colour of `strokePath` (default opaque black).
    public func setStrokeColor(_ color: Color) { state.strokeColor = color }
    /// Opacity applied to everything drawn, 0…1 (default 1).
    public func setAlpha(_ alpha: Double) { state.alpha = alpha.isFinite ? max(0, min(1, alpha)) : 1 }
    /// Line width in user-space units (default 1).
    public func setLineWidth(_ width: Double) { state.stroke.lineWidth = width }
    public func setLineCap(_ cap: CGLineCap) { state.stroke.lineCap = cap }
    public func setLineJoin(_ join: CGLineJoin) { state.stroke.lineJoin = join }
    /// Miter limit (default 10): longer miters are bevelled.
    public func setMiterLimit(_ limit: Double) { state.stroke.miterLimit = limit }
    /// Dash lengths (on, off, …, user-space units) starting `phase` units into the pattern;
    /// an empty list strokes solid lines.
    public func setLineDash(phase: Double, lengths: [Double]) {
        state.stroke.dashPattern = lengths
        state.stroke.dashPhase = phase
    }

    // MARK: The current path (user-space arguments, stored in device space)

    /// Discards the current path.
    public func beginPath() { path = Path() }
    /// Whether the current path has no elements.
    public var isPathEmpty: Bool { path.isEmpty }
    /// The current point in user space; nil without a current path or with a singular CTM.
    public var currentPointOfPath: Point? {
        guard let p = path.currentPoint, let inv = state.ctm.inverted else { return nil }
        return inv.apply(p)
    }
    public func move(to p: Point) { path.move(to: state.ctm.apply(p)) }
    public func addLine(to p: Point) { path.addLine(to: state.ctm.apply(p)) }
    public func addCurve(to p: Point, control1: Point, control2: Point) {
        path.addCurve(to: state.ctm.apply(p), control1: state.ctm.apply(control1), control2: state.ctm.apply(control2))
    }
    public func addQuadCurve(to p: Point, control: Point) {
        path.addQuadCurve(to: state.ctm.apply(p), control: state.ctm.apply(control))
    }
    /// Closes the current subpath with a line to its start.
    public func closePath() { path.closeSubpath() }
    /// A closed rectangle subpath.
    public func addRect(_ rect: Rect) { addPath(.rect(rect)) }
    /// A closed ellipse subpath inscribed in `rect`.
    public func addEllipse(in rect: Rect) { addPath(.ellipse(in: rect)) }
    /// Appends `p` (user space) to the current path.
    public func addPath(_ p: Path) { path.addPath(p.applying(state.ctm)) }
    /// A circular arc in user space, angles in radians from +x towards +y. Core Graphics'
    /// sense of `clockwise` is that of its unflipped (y up) space: "In a flipped coordinate
    /// system (the default for UIView drawing methods in iOS), specifying a clockwise arc
    /// results in a counterclockwise arc after the transformation is applied"
    /// (CGContextAddArc, Apple's documentation). So `clockwise: true` runs towards decreasing angles, which
    /// in a layer's y-down space turns counterclockwise on screen. A line joins the current
    /// point to the arc's start.
    public func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        var arc = Path()
        arc.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
        path.appendJoining(arc.applying(state.ctm))
    }

    // MARK: Filling and stroking

    /// Fills the current path with the fill colour under `rule`, then discards the path.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        let p = path
        path = Path()
        let color = state.fillColor, alpha = state.alpha
        paint { $0.fill(p, color: color, rule: rule.rasterRule, opacity: alpha) }
    }

    /// Strokes the current path with the stroke colour and line parameters, then discards it.
    public func strokePath() {
        let p = path
        path = Path()
        guard let inverse = state.ctm.inverted else { return }
        let user = p.applying(inverse), style = state.stroke, ctm = state.ctm
        let color = state.strokeColor, alpha = state.alpha
        paint { $0.stroke(user, style: style, transform: ctm, color: color, opacity: alpha) }
    }

    /// Fills `rect` (the current path is kept).
    public func fill(_ rect: Rect) { fillShape(.rect(rect)) }
    /// Fills the ellipse inscribed in `rect`.
    public func fillEllipse(in rect: Rect) { fillShape(.ellipse(in: rect)) }
    /// Strokes `rect` with the current line parameters.
    public func stroke(_ rect: Rect) { strokeShape(.rect(rect)) }
    /// Strokes the ellipse inscribed in `rect`.
    public func strokeEllipse(in rect: Rect) { strokeShape(.ellipse(in: rect)) }

    /// Makes `rect` transparent (inside the clip), whatever was drawn there.
    public func clear(_ rect: Rect) {
        var polygon = FlatPath()
        Path.rect(rect).flatten(transform: state.ctm, tolerance: canvas.tolerance, into: &polygon)
        if let mask = state.clipMask {
            // Erase in proportion to the clip's coverage: the erased amount goes through the mask.
            let s = scratchBitmap()
            let c = Canvas(s)
            c.clip = .rect(state.clipRect)
            c.fill(polygon, color: .white, rule: .nonZero)
            let area = state.clipRect.pixelAligned, m = mask.pixels
            s.scalePixels(in: area) { i, _ in m[i] >> 24 }
            bitmap.multiply(byInverseAlphaOf: s, in: area)
            s.scalePixels(in: area) { _, _ in 0 }
        } else {
            canvas.clip = .rect(state.clipRect)
            canvas.clear(polygon)
        }
    }

    private func fillShape(_ p: Path) { drawShape(p) { fillPath() } }

    private func strokeShape(_ p: Path) { drawShape(p) { strokePath() } }

    /// Paints `p` with `paint` (`fillPath` or `strokePath`) as the current path, leaving the
    /// path being built as it was.
    private func drawShape(_ p: Path, _ paint: () -> Void) {
        let saved = path
        path = Path()
        addPath(p)
        paint()
        path = saved
    }
}

/// One level of the graphics-state stack.
struct CGGraphicsState {
    var ctm: AffineTransform
    /// The clip's bounding box in device pixels (the clip itself when `clipMask` is nil).
    var clipRect: Rect
    /// The clip's coverage (alpha) when it is not the rectangle `clipRect`; never mutated
    /// once made, so saved states share it.
    var clipMask: Bitmap? = nil
    var fillColor: Color = .black
    var strokeColor: Color = .black
    var stroke = StrokeStyle()
    var alpha: Double = 1
    /// Text size in user-space units: 12, the size UIKit's string drawing defaults to.
    var fontSize: Double = 12
}
