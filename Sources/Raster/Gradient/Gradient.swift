// A colour gradient as Raster draws it: stops along a parameter t, and the geometry that
// gives each point of the gradient's plane its t. Axial: the projection onto the line from
// `start` to `end` (t = 0 at start, 1 at end). Radial: the ellipse centred on `start` with
// semi-axes `end − start` (t = 1 on it), seen from its `focus` when it has one (below). Conic: the angle about `start` from the direction
// of `end`, growing from +x toward +y, one turn from 0 to 1. Colours between two stops mix
// unpremultiplied; before the first stop and after the last the end colours extend.
//
// A radial gradient's focus (SVG's fx, fy: "the focal point for the radial gradient. The
// gradient will be drawn such that the 0% gradient stop is mapped to (fx, fy)", SVG 1.1
// §13.2.3) is where t = 0; t = 1 stays on the ellipse, and the circles between are those of
// SVG 2's focal radial gradient with fr = 0: in the ellipse's unit plane (centre 0, radius
// 1, focus f) the circle of parameter t has its centre at (1 − t)·f and radius t, so a point
// p shows the t where |q + t·f| = t with q = p − f, the positive root of
// (1 − |f|²)·t² − 2(q·f)·t − |q|² = 0: t = (q·f + √((q·f)² + (1 − |f|²)·|q|²)) / (1 − |f|²).
// A focus on or beyond the ellipse is moved onto the line from the centre, inside it by
// `maximumFocusRatio` (SVG 1.1: "If the point defined by fx and fy lies outside the circle
// …, then the user agent shall set the focal point to the intersection of the line from
// (cx, cy) to (fx, fy) with the circle"; kept just inside so that the cone stays closed).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One stop: a colour (straight components) at a location along the gradient.
public struct GradientStop: Hashable, Sendable {
    public var location: Double
    public var color: Color
    public init(location: Double, color: Color) { self.location = location; self.color = color }
}

/// A gradient in its own plane (mapped to pixels by the drawing call's transform).
public struct Gradient: Hashable, Sendable {
    /// How colour varies over the plane: along the start–end axis (`axial`), with the distance
    /// from `start` (`radial`), or with the angle around `start` (`conic`).
    public enum Kind: String, Hashable, Sendable, CaseIterable { case axial, radial, conic }
    public var kind: Kind
    /// The stops, in increasing location.
    public var stops: [GradientStop]
    public var start: Point
    public var end: Point
    /// A radial gradient's focal point (t = 0), in the gradient's plane; nil is the centre
    /// `start`. Other kinds ignore it.
    public var focus: Point?

    /// How far out along its ellipse's radius a focus may lie.
    public static let maximumFocusRatio = 0.999

    public init(kind: Kind, stops: [GradientStop], start: Point, end: Point, focus: Point? = nil) {
        self.kind = kind; self.stops = stops; self.start = start; self.end = end; self.focus = focus
    }

    /// The focus in the radial ellipse's unit plane (centre 0, radii 1), moved inside by
    /// `maximumFocusRatio`, and 1 − |f|²; nil without a focus away from the centre.
    @inlinable public func unitFocus(rx: Double, ry: Double) -> (x: Double, y: Double, k: Double)? {
        guard let f = focus, rx > 0, ry > 0 else { return nil }
        var fx = (f.x - start.x) / rx, fy = (f.y - start.y) / ry
        let d2 = fx * fx + fy * fy
        guard d2 > 0, d2.isFinite else { return nil }
        let m = Self.maximumFocusRatio
        if d2 > m * m {
            let s = m / d2.squareRoot()
            fx *= s; fy *= s
        }
        return (fx, fy, 1 - (fx * fx + fy * fy))
    }

    /// The focal radial parameter of the unit-plane point (u, v) seen from the unit focus `f`
    /// (the positive root above).
    @inline(__always) @inlinable
    public static func focalParameter(u: Double, v: Double, focus f: (x: Double, y: Double, k: Double)) -> Double {
        let qx = u - f.x, qy = v - f.y
        let d = qx * f.x + qy * f.y
        return (d + (d * d + f.k * (qx * qx + qy * qy)).squareRoot()) / f.k
    }

    /// The parameter t of point `p` of the gradient's plane (before clamping to the stops).
    @inlinable public func parameter(at p: Point) -> Double {
        switch kind {
        case .axial:
            let dx = end.x - start.x, dy = end.y - start.y
            let l2 = dx * dx + dy * dy
            guard l2 > 0 else { return 0 }
            return ((p.x - start.x) * dx + (p.y - start.y) * dy) / l2
        case .radial:
            var rx = abs(end.x - start.x), ry = abs(end.y - start.y)
            if rx == 0 { rx = ry }
            if ry == 0 { ry = rx }
            guard rx > 0 else { return 1 }
            let u = (p.x - start.x) / rx, v = (p.y - start.y) / ry
            if let f = unitFocus(rx: rx, ry: ry) { return Self.focalParameter(u: u, v: v, focus: f) }
            return (u * u + v * v).squareRoot()
        case .conic:
            let a0 = _atan2(end.y - start.y, end.x - start.x)
            var t = (_atan2(p.y - start.y, p.x - start.x) - a0) / (2 * Double.pi)
            t -= t.rounded(.down)
            return t
        }
    }

    /// The colour at parameter t: straight components mixed between the two stops around t,
    /// the end colours beyond the first and last stop.
    public func color(at t: Double) -> Color {
        guard let first = stops.first, let last = stops.last else { return .clear }
        if !(t > first.location) { return first.color }
        if t >= last.location { return last.color }
        var i = 1
        while i < stops.count && stops[i].location < t { i += 1 }
        let a = stops[i - 1], b = stops[min(i, stops.count - 1)]
        let span = b.location - a.location
        return span > 0 ? a.color.lerp(b.color, (t - a.location) / span) : b.color
    }
}

