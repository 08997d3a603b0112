// A path's tight bounding box as CGPathGetPathBoundingBox computes it: end points plus the
// extrema of every quadratic and cubic segment.

extension Path {
    /// The tight bounding box of the path's curves (CGPathGetPathBoundingBox): end points plus
    /// the extrema of every quadratic and cubic. `.null` when the path has no points.
    public var boundingBox: Rect {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        func add(_ p: Point) { x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y) }
        var cur = Point.zero, start = Point.zero
        for e in elements {
            switch e {
            case .move(let p): add(p); cur = p; start = p
            case .line(let p): add(p); cur = p
            case .quad(let c, let p):
                let q = Cubic(quad: cur, c, p)
                add(p); q.forEachExtremum { add(q.point($0)) }; cur = p
            case .cubic(let a, let b, let p):
                let q = Cubic(cur, a, b, p)
                add(p); q.forEachExtremum { add(q.point($0)) }; cur = p
            case .close: cur = start
            }
        }
        return x0 > x1 ? .null : Rect(x0, y0, x1 - x0, y1 - y0)
    }
}
