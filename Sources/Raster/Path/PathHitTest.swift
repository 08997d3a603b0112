// Whether a point is on a path's painted area, from the path's geometry alone (nothing is
// drawn): inside its fill under a fill rule, or within a distance of its outline (a stroke).
// The path is flattened as fills flatten it (`forEachFlattened`, Wang's segment counts to
// `tolerance`) and the point tested against the segments as they come, without storing them:
// - fill: the winding number of the point (crossings of a rightward ray, +1 upward, −1
//   downward, each subpath closed implicitly as a fill closes it); nonZero holds when it is not
//   0, evenOdd when it is odd (the PostScript / SVG fill rules the rasterizer fills by);
// - outline: the distance to the nearest segment, an open subpath's closing edge not counted
//   (a stroke does not draw it), a lone point counting as a point. Joins and caps are taken as
//   round: the distance is to the centre line.
// Segments with a non-finite end are skipped, as the rasterizer skips such subpaths.

extension Path {
    /// Whether `p` lies inside the path's fill under `fillRule` (path coordinates).
    public func fillContains(_ p: Point, fillRule: FillRule, tolerance: Double = 0.1) -> Bool {
        guard p.isFinite else { return false }
        var sink = HitSink(p)
        forEachFlattened(transform: .identity, tolerance: Self.hitTolerance(tolerance), sink: &sink)
        sink.finish()
        return fillRule == .evenOdd ? sink.winding & 1 != 0 : sink.winding != 0
    }

    /// The distance from `p` to the path's outline (the centre line a stroke follows);
    /// infinity for an empty path.
    public func outlineDistance(to p: Point, tolerance: Double = 0.1) -> Double {
        guard p.isFinite else { return .infinity }
        var sink = HitSink(p)
        forEachFlattened(transform: .identity, tolerance: Self.hitTolerance(tolerance), sink: &sink)
        sink.finish()
        return sink.nearest.squareRoot()
    }

    private static func hitTolerance(_ t: Double) -> Double { t.isFinite && t > 0 ? max(t, 1e-6) : 0.1 }
}

/// Tests one point against the flattened segments as the walk reports them.
struct HitSink: FlattenSink {
    let p: Point
    /// The winding number so far, and the squared distance to the nearest outline segment.
    var winding = 0
    var nearest = Double.infinity
    private var start = Point.zero, last = Point.zero
    private var open = false

    init(_ p: Point) { self.p = p }

    mutating func begin(_ q: Point) {
        finish()
        start = q; last = q; open = true
        if q.isFinite { nearest = min(nearest, (q - p).dot(q - p)) }
    }
    mutating func point(_ q: Point) { edge(last, q, outline: true); last = q }
    mutating func close() { edge(last, start, outline: true); last = start; open = false }
    /// Ends the subpath under way: a fill closes it, an outline does not.
    mutating func finish() {
        if open { edge(last, start, outline: false) }
        open = false
    }

    private mutating func edge(_ a: Point, _ b: Point, outline: Bool) {
        guard a.isFinite, b.isFinite else { return }
        // Crossing of the ray from p towards +x: half-open in y, so a vertex is counted once.
        if (a.y <= p.y) != (b.y <= p.y) {
            let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x)
            if x > p.x { winding += b.y > a.y ? 1 : -1 }
        }
        guard outline else { return }
        let d = b - a, l = d.dot(d)
        let t = l > 0 ? min(max((p - a).dot(d) / l, 0), 1) : 0
        let q = a.lerp(b, t) - p
        nearest = min(nearest, q.dot(q))
    }
}
