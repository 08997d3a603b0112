// A colour gradient as Raster draws it: stops along a parameter t, and the geometry that
// gives each point of the gradient's plane its t. Axial: the projection onto the line from
// `start` to `end` (t = 0 at start, 1 at end). Radial: the ellipse centred on `start` with
// semi-axes `end − start` (t = 1 on it). Conic: the angle about `start` from the direction
// of `end`, growing from +x toward +y, one turn from 0 to 1. Colours between two stops mix
// unpremultiplied; before the first stop and after the last the end colours extend.

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

    public init(kind: Kind, stops: [GradientStop], start: Point, end: Point) {
        self.kind = kind; self.stops = stops; self.start = start; self.end = end
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

