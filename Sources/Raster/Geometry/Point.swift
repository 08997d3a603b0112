// Plain value geometry in points, y down (UIKit's convention). Doubles throughout: the
// rasterizer converts to its own fixed/float cells at the last step.

/// A point or vector in the plane.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(0, 0)

    @inlinable public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    @inlinable public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    @inlinable public static func * (a: Point, s: Double) -> Point { Point(a.x * s, a.y * s) }
    @inlinable public static func * (s: Double, a: Point) -> Point { Point(a.x * s, a.y * s) }
    @inlinable public static func / (a: Point, s: Double) -> Point { Point(a.x / s, a.y / s) }
    @inlinable public static prefix func - (a: Point) -> Point { Point(-a.x, -a.y) }
    /// Dot product.
    @inlinable public func dot(_ o: Point) -> Double { x * o.x + y * o.y }
    /// z of the 3D cross product: positive when `o` turns clockwise from `self` on a y-down screen.
    @inlinable public func cross(_ o: Point) -> Double { x * o.y - y * o.x }
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }
    /// Unit vector in the same direction (zero stays zero).
    @inlinable public var normalized: Point { let l = length; return l > 0 ? Point(x / l, y / l) : .zero }
    /// Linear interpolation from self to `o`.
    @inlinable public func lerp(_ o: Point, _ t: Double) -> Point { Point(x + (o.x - x) * t, y + (o.y - y) * t) }
    public var description: String { "(\(x), \(y))" }
}

/// A width and a height.
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double
    @inlinable public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
    @inlinable public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(0, 0)
}

/// An axis-aligned rectangle: origin (top left with y down) and size.
public struct Rect: Hashable, Sendable {
    public var origin: Point
    public var size: Size
    @inlinable public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    @inlinable public init(_ x: Double, _ y: Double, _ w: Double, _ h: Double) {
        origin = Point(x, y); size = Size(w, h)
    }
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x, y); size = Size(width, height)
    }
    public static let zero = Rect(0, 0, 0, 0)
    /// The rectangle with no extent that marks "nothing" (CGRectNull).
    public static let null = Rect(.infinity, .infinity, 0, 0)

    @inlinable public var minX: Double { min(origin.x, origin.x + size.width) }
    @inlinable public var minY: Double { min(origin.y, origin.y + size.height) }
    @inlinable public var maxX: Double { max(origin.x, origin.x + size.width) }
    @inlinable public var maxY: Double { max(origin.y, origin.y + size.height) }
    @inlinable public var midX: Double { origin.x + size.width / 2 }
    @inlinable public var midY: Double { origin.y + size.height / 2 }
    @inlinable public var width: Double { abs(size.width) }
    @inlinable public var height: Double { abs(size.height) }
    @inlinable public var isNull: Bool { origin.x == .infinity || origin.y == .infinity }
    @inlinable public var isEmpty: Bool { isNull || size.width == 0 || size.height == 0 }

    /// Whether `p` lies inside (min edges inclusive, max edges exclusive, as CGRectContainsPoint).
    @inlinable public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }
    /// The smallest rectangle containing both (null is the identity).
    public func union(_ o: Rect) -> Rect {
        if isNull { return o }
        if o.isNull { return self }
        let x0 = Swift.min(minX, o.minX), y0 = Swift.min(minY, o.minY)
        let x1 = Swift.max(maxX, o.maxX), y1 = Swift.max(maxY, o.maxY)
        return Rect(x0, y0, x1 - x0, y1 - y0)
    }
    /// The overlap of both, or `.null` when they do not overlap.
    public func intersection(_ o: Rect) -> Rect {
        if isNull || o.isNull { return .null }
        let x0 = Swift.max(minX, o.minX), y0 = Swift.max(minY, o.minY)
        let x1 = Swift.min(maxX, o.maxX), y1 = Swift.min(maxY, o.maxY)
        return (x1 < x0 || y1 < y0) ? .null : Rect(x0, y0, x1 - x0, y1 - y0)
    }
    /// The rectangle moved by (`dx`, `dy`).
    public func offsetBy(dx: Double, dy: Double) -> Rect { Rect(origin.x + dx, origin.y + dy, size.width, size.height) }
    /// Grown by `dx`, `dy` on every side (negative shrinks).
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(minX + dx, minY + dy, width - 2 * dx, height - 2 * dy)
    }
    /// The four corners in order around the rectangle: (minX, minY), (maxX, minY), (maxX, maxY),
    /// (minX, maxY).
    public var corners: [Point] { [Point(minX, minY), Point(maxX, minY), Point(maxX, maxY), Point(minX, maxY)] }
    /// The bounding box of the four corners mapped through `t`.
    public func applying(_ t: AffineTransform) -> Rect {
        if isNull { return self }
        var r = Rect.null
        for c in corners { let p = t.apply(c); r = r.union(Rect(p.x, p.y, 0, 0)) }
        return r
    }
}
