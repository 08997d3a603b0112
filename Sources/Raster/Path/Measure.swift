// Arc-length machinery shared by trimming (strokeStart / strokeEnd) and dashing: a path
// cut into measured segments, the parameter at a given length (Gauss–Legendre lengths,
// inverted by safeguarded Newton steps), and the exact sub-curve between two parameters.

/// One line, quadratic or cubic of a path with its arc length.
struct MeasuredSegment {
    enum Kind { case line, quad, cubic }
    let kind: Kind
    /// The segment in cubic form (a quadratic elevated exactly; a line with controls at thirds).
    let curve: Cubic
    /// The quadratic's control point (kind == .quad).
    let quadControl: Point
    let length: Double

    init(line p0: Point, _ p1: Point) {
        kind = .line; curve = Cubic(line: p0, p1); quadControl = p0; length = (p1 - p0).length
    }
    init(quad p0: Point, _ c: Point, _ p1: Point) {
        kind = .quad; curve = Cubic(quad: p0, c, p1); quadControl = c; length = curve.length
    }
    init(cubic c: Cubic) {
        kind = .cubic; curve = c; quadControl = c.p0; length = c.length
    }

    var start: Point { curve.p0 }
    var end: Point { curve.p3 }

    /// The parameter at arc length `s` from the start.
    func parameter(atLength s: Double) -> Double {
        if s <= 0 { return 0 }
        if s >= length { return 1 }
        switch kind {
        case .line: return s / length
        case .quad, .cubic: return curve.parameter(atLength: s)
        }
    }

    func point(_ t: Double) -> Point {
        if t <= 0 { return curve.p0 }
        if t >= 1 { return curve.p3 }
        switch kind {
        case .line: return curve.p0.lerp(curve.p3, t)
        case .quad: return quadPoint(curve.p0, quadControl, curve.p3, t)
        case .cubic: return curve.point(t)
        }
    }

    /// Appends the piece from t0 to t1 (the current point is already `point(t0)`), keeping
    /// the element kind (a quadratic stays a quadratic).
    func appendPiece(_ t0: Double, _ t1: Double, to path: inout Path) {
        let end = point(t1)
        switch kind {
        case .line: path.addLine(to: end)
        case .quad:
            let p0 = curve.p0, c = quadControl, p2 = curve.p3
            let a = point(t0)
            // Blossom: control = B(t0) + (t1 − t0)/2 · B'(t0).
            let d = Point((1 - t0) * (c.x - p0.x) + t0 * (p2.x - c.x), (1 - t0) * (c.y - p0.y) + t0 * (p2.y - c.y))
            path.addQuadCurve(to: end, control: a + d * (t1 - t0))
        case .cubic:
            if t0 <= 0 && t1 >= 1 {
                path.addCurve(to: curve.p3, control1: curve.p1, control2: curve.p2)
            } else {
                let s = curve.sub(t0, t1)
                path.addCurve(to: end, control1: s.p1, control2: s.p2)
            }
        }
    }
}

/// A subpath as measured segments; the closing line of a closed subpath is the last segment
/// (when it has length).
struct MeasuredSubpath {
    var start: Point
    var segments: [MeasuredSegment] = []
    var closed = false
    /// The subpath's elements in the original path (to copy a closed subpath whole).
    var elements: Range<Int>
    var length: Double = 0
}

extension Path {
    /// The path cut into measured subpaths (bare movetos are dropped).
    func measuredSubpaths() -> [MeasuredSubpath] {
        var subs: [MeasuredSubpath] = []
        var current: MeasuredSubpath? = nil
        var cur = Point.zero, start = Point.zero
        func finish(_ s: inout MeasuredSubpath?, _ endIndex: Int) {
            guard var sp = s else { return }
            sp.elements = sp.elements.lowerBound..<endIndex
            var total = 0.0
            for g in sp.segments { total += g.length }
            sp.length = total
            if !sp.segments.isEmpty || sp.closed { subs.append(sp) }
            s = nil
        }
        for (i, e) in elements.enumerated() {
            switch e {
            case .move(let p):
                finish(&current, i)
                current = MeasuredSubpath(start: p, elements: i..<i)
                cur = p; start = p
            case .line(let p):
                if current == nil { current = MeasuredSubpath(start: cur, elements: i..<i); start = cur }
                current!.segments.append(MeasuredSegment(line: cur, p)); cur = p
            case .quad(let c, let p):
                if current == nil { current = MeasuredSubpath(start: cur, elements: i..<i); start = cur }
                current!.segments.append(MeasuredSegment(quad: cur, c, p)); cur = p
            case .cubic(let a, let b, let p):
                if current == nil { current = MeasuredSubpath(start: cur, elements: i..<i); start = cur }
                current!.segments.append(MeasuredSegment(cubic: Cubic(cur, a, b, p))); cur = p
            case .close:
                if current != nil {
                    if cur != start { current!.segments.append(MeasuredSegment(line: cur, start)) }
                    current!.closed = true
                    finish(&current, i + 1)
                }
                cur = start
            }
        }
        finish(&current, elements.count)
        return subs
    }

    /// Total arc length of all subpaths, closing segments included.
    public var length: Double {
        var s = 0.0
        for sp in measuredSubpaths() { s += sp.length }
        return s
    }
}
