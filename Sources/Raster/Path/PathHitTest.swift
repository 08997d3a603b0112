// Whether a point is on a path's painted area, from the path's geometry alone (nothing is
// drawn): inside its fill under a fill rule, or inside its stroke.
// - fill: the path is flattened as fills flatten it (`forEachFlattened`, Wang's segment
//   counts to `tolerance`) and the point's winding number counted over the segments as they
//   come, without storing them (crossings of a rightward ray, +1 upward, −1 downward, each
//   subpath closed implicitly as a fill closes it); nonZero holds when it is not 0, evenOdd
//   when it is odd (the PostScript / SVG fill rules the rasterizer fills by);
// - stroke: the outline the canvas fills for the stroke — the same centre line (trimmed to
//   [strokeStart, strokeEnd], then dashed: `Path.strokedCentreLine`) outlined by the same
//   `Stroker` (caps, joins, miter limit) — and the point's winding number in it under the
//   non-zero rule, as `Canvas.stroke` fills it. A press in a dash's gap, on a trimmed-away
//   part, or past a bevel where a miter would reach, is off the stroke.
// Segments with a non-finite end are skipped, as the rasterizer skips such subpaths.
// The stroke's box (`strokeBoundingBox`) is the box of that same outline: what ThorVG's
// software engine gives for a stroked shape's bounds (SwRenderer::bounds → shapeStrokeBBox,
// the stroke outline's box, caps and joins included), which hit tests by box read.

extension Path {
    /// Whether `p` lies inside the path's fill under `fillRule` (path coordinates).
    public func fillContains(_ p: Point, fillRule: FillRule, tolerance: Double = 0.1) -> Bool {
        guard p.isFinite else { return false }
        var sink = WindingSink(p)
        var budget = maxFlattenPoints
        forEachFlattened(transform: .identity, tolerance: Self.hitTolerance(tolerance), budget: &budget, sink: &sink)
        sink.finish()
        return fillRule == .evenOdd ? sink.winding & 1 != 0 : sink.winding != 0
    }

    /// Whether `p` lies inside the stroke of the path drawn with `style` (widths and dashes in
    /// path units) over the arc-length fractions [`strokeStart`, `strokeEnd`] (CAShapeLayer's,
    /// clamped to 0…1 as the canvas clamps them).
    public func strokeContains(_ p: Point, style: StrokeStyle, strokeStart: Double = 0, strokeEnd: Double = 1,
                               tolerance: Double = 0.1) -> Bool {
        guard p.isFinite, let outline = strokeOutline(style, strokeStart, strokeEnd, tolerance) else { return false }
        var sink = WindingSink(p)
        for i in 0..<outline.contourCount {
            let r = outline.contour(i)
            guard !r.isEmpty else { continue }
            sink.begin(outline.points[r.lowerBound])
            for j in r.dropFirst() { sink.point(outline.points[j]) }
            sink.close()
        }
        return sink.winding != 0
    }

    /// The box of the stroke of the path drawn with `style` over [`strokeStart`, `strokeEnd`]
    /// (the outline `strokeContains` tests: dashes, caps, joins and miters included); `.null`
    /// when nothing is stroked.
    public func strokeBoundingBox(style: StrokeStyle, strokeStart: Double = 0, strokeEnd: Double = 1,
                                  tolerance: Double = 0.1) -> Rect {
        guard let outline = strokeOutline(style, strokeStart, strokeEnd, tolerance) else { return .null }
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for q in outline.points where q.isFinite {
            x0 = min(x0, q.x); y0 = min(y0, q.y); x1 = max(x1, q.x); y1 = max(y1, q.y)
        }
        return x0 > x1 ? .null : Rect(x0, y0, x1 - x0, y1 - y0)
    }

    /// The outline the canvas fills for the stroke (the trimmed, dashed centre line through the
    /// user-space stroker); nil when nothing is stroked.
    private func strokeOutline(_ style: StrokeStyle, _ strokeStart: Double, _ strokeEnd: Double, _ tolerance: Double) -> FlatPath? {
        guard !isEmpty, isFinite, style.lineWidth.isFinite, style.lineWidth > 0,
              strokeStart.isFinite, strokeEnd.isFinite else { return nil }
        let s0 = max(0, min(1, strokeStart)), s1 = max(0, min(1, strokeEnd))
        guard s1 > s0 else { return nil }
        var outline = FlatPath()
        Stroker.userSpaceOutline(strokedCentreLine(style: style, from: s0, to: s1), style: style,
                                 tolerance: Self.hitTolerance(tolerance), into: &outline)
        return outline
    }

    private static func hitTolerance(_ t: Double) -> Double { t.isFinite && t > 0 ? max(t, 1e-6) : 0.1 }
}

/// Counts the winding number of one point over the flattened segments as the walk reports them.
struct WindingSink: FlattenSink {
    let p: Point
    var winding = 0
    private var start = Point.zero, last = Point.zero
    private var open = false

    init(_ p: Point) { self.p = p }

    mutating func begin(_ q: Point) {
        finish()
        start = q; last = q; open = true
    }
    mutating func point(_ q: Point) { edge(last, q); last = q }
    mutating func close() { finish() }
    /// Ends the subpath under way: a fill closes it.
    mutating func finish() {
        if open { edge(last, start) }
        last = start
        open = false
    }

    private mutating func edge(_ a: Point, _ b: Point) {
        guard a.isFinite, b.isFinite else { return }
        // Crossing of the ray from p towards +x: half-open in y, so a vertex is counted once.
        if (a.y <= p.y) != (b.y <= p.y) {
            let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x)
            if x > p.x { winding += b.y > a.y ? 1 : -1 }
        }
    }
}
