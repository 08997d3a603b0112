// A path built with Core Graphics' names and conventions (CGMutablePath), for `CGContext`'s
// `addPath(_:)` and as the `Path` a shape layer takes. It wraps Raster's `Path`; the one rule
// that differs from `Path` (whose arcs follow UIKit) is the sense of `clockwise`, which in Core
// Graphics is that of its unflipped, y-up space (see `CGContext.addArc`): `clockwise: true`
// runs towards decreasing angles.

/// A mutable graphics path with Core Graphics' method names (CGMutablePath).
public final class CGMutablePath {
    /// The path built so far.
    public private(set) var path = Path()

    public init() {}

    /// Whether the path has no elements.
    public var isEmpty: Bool { path.isEmpty }
    /// The end of the last element; nil before the first move.
    public var currentPoint: Point? { path.currentPoint }
    /// The smallest rectangle holding every point, control points included (CGPath.boundingBox
    /// holds the curves only; this one is never smaller).
    public var boundingBox: Rect { path.controlPointBounds }

    public func move(to p: Point, transform t: AffineTransform = .identity) { path.move(to: t.apply(p)) }
    public func addLine(to p: Point, transform t: AffineTransform = .identity) { path.addLine(to: t.apply(p)) }
    public func addCurve(to p: Point, control1: Point, control2: Point, transform t: AffineTransform = .identity) {
        path.addCurve(to: t.apply(p), control1: t.apply(control1), control2: t.apply(control2))
    }
    public func addQuadCurve(to p: Point, control: Point, transform t: AffineTransform = .identity) {
        path.addQuadCurve(to: t.apply(p), control: t.apply(control))
    }
    /// A circular arc, angles in radians from +x towards +y, `clockwise` in Core Graphics'
    /// sense; a line joins the current point to its start.
    public func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool,
                       transform t: AffineTransform = .identity) {
        var arc = Path()
        arc.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
        path.appendJoining(arc.applying(t))
    }
    public func addRect(_ r: Rect, transform t: AffineTransform = .identity) { path.addPath(Path.rect(r).applying(t)) }
    public func addEllipse(in r: Rect, transform t: AffineTransform = .identity) {
        path.addPath(Path.ellipse(in: r).applying(t))
    }
    public func addPath(_ other: CGMutablePath, transform t: AffineTransform = .identity) {
        path.addPath(other.path.applying(t))
    }
    /// Closes the current subpath with a line to its start.
    public func closeSubpath() { path.closeSubpath() }
}

extension CGContext {
    /// Appends `p` (user space) to the current path.
    public func addPath(_ p: CGMutablePath) { addPath(p.path) }
}

extension Path {
    /// Appends `other`, its first move turned into a line from the current point when there
    /// is one (how an arc continues a subpath).
    mutating func appendJoining(_ other: Path) {
        for (i, e) in other.elements.enumerated() {
            if i == 0, case .move(let p) = e, let current = currentPoint {
                if current != p { addLine(to: p) }
                continue
            }
            append(e)
        }
    }
}
