// The stroker: Core Graphics semantics, output as closed device-space polygons to be filled
// with the non-zero rule.
//
// How: every subpath is flattened (in user space, to the device tolerance divided by the
// transform's largest stretch; a curve by Wang's uniform steps or by halving, CubicHalving.swift,
// whichever gives fewer pieces) into a centre polyline whose vertices are either *corners*
// (between path elements: the user's lineJoin) or *smooth* (inside a flattened curve: round
// joins, as Cairo does, so cusps and turns tighter than half the width come out round).
// The outline is then walked once along each side, like Skia / tiny-skia: forward along the
// +normal side, around the end cap, backward along the other side (which is the same walk
// on the reversed polyline), around the start cap. Closed subpaths give two loops (one per
// side) and no caps.
//
// What non-zero then fills. Where the path's radius of curvature is at least half the width,
// the outline equals, as a sum of loops, the rectangles of all segments plus the outer join
// wedges plus the caps, all of the same orientation (winding ≥ 1 inside any of them, 0
// outside): exactly their union. On the inner side of one of the path's corners the walk
// goes through the pivot (the vertex) as Cairo's and Skia's inner joins do, which keeps that
// sum; when both inner offset lines meet inside both segments' rectangles it takes their
// intersection instead, which only removes a doubly covered kite.
//
// Inside a curve tighter than half the width (radius of curvature r < w/2) the inner side is
// the offset curve itself, one point per vertex along the vertex normal, and it is allowed to
// loop, as Skia's and Cairo's curve strokers let it: there the pen segment reaches past the
// centre of curvature and sweeps the far side backwards, so that region is enclosed with
// winding −1 and filled too, while a point swept once forwards and once backwards (more than
// half a turn of an arc of radius r: the disc of radius w/2 − r around its centre) has
// winding 0 and stays empty, the region Cairo, Skia and Blend2D fill. Going through the pivot
// at such vertices instead adds the full rectangles of tiny segments on the inner side, whose
// corners stick out past the offset curve as radial teeth.
//
// The line width is in user space: the outline is built in user space and each emitted
// point is mapped through the transform, so non-uniform scales stretch the pen as in CG.
// Output points are written straight into `out` (no allocation per segment); the only
// scratch is the centre polyline of one subpath, reused across subpaths.
//
// The pen (round caps, round joins' intermediate points, dots) is a regular polygon whose
// vertices lie outside the circle, at radius hw·2 / (1 + cos(s/2)) for an angular step s, so
// that its vertices stray outward and its sides' middles inward by the same hw·tan²(s/4): the
// polygon of that many sides that strays least, half as far as an inscribed one (Cairo's pen:
// vertices on the circle, every side inside). The step holds that to half the device
// tolerance: about half as many points as Cairo's pen (steps of acos(1 − tol/r), inscribed,
// within tol/4), as much area short of the disc (s²/24 of it against φ²/6), and the outline's
// round parts within the tolerance (a cap's first and last side, from the point on the circle
// where a side's offset line ends to the first pen point, strays up to ¾ of it inward).

/// Turns a path into the outline of its stroke (caps, joins, miter limit) in device pixels.
public enum Stroker {
    /// Appends the stroke outline of `path` (user space, `style.lineWidth` in user units)
    /// mapped by `transform`, curves and round parts within `tolerance` device pixels.
    /// Fill the result with the non-zero rule. Dashes are not applied here (see `Path.dashed`).
    public static func outline(_ path: Path, style: StrokeStyle, transform: AffineTransform,
                               tolerance: Double, into out: inout FlatPath) {
        _ = outlineWithBounds(path, style: style, transform: transform, tolerance: tolerance, into: &out)
    }

    /// `outline(_:style:transform:tolerance:into:)` that also returns the bounding box of the
    /// points it appended (min > max when none; every one of them finite), found as each
    /// subpath's points are checked for finiteness, so that the fill need not scan them again.
    static func outlineWithBounds(_ path: Path, style: StrokeStyle, transform: AffineTransform,
                                  tolerance: Double, into out: inout FlatPath)
        -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        var budget = maxFlattenPoints
        return outlineWithBounds(path, style: style, transform: transform, tolerance: tolerance, into: &out,
                                 curvePointBudget: &budget)
    }

    /// `outlineWithBounds(_:style:transform:tolerance:into:)` whose curves add at most `budget`
    /// centre points (subtracted as they are made; Flatten.swift).
    static func outlineWithBounds(_ path: Path, style: StrokeStyle, transform: AffineTransform,
                                  tolerance: Double, into out: inout FlatPath, curvePointBudget budget: inout Int)
        -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        let w = style.lineWidth
        let none = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        guard w.isFinite, w > 0, !path.isEmpty else { return none }
        let t = transform
        guard t.a.isFinite, t.b.isFinite, t.c.isFinite, t.d.isFinite, t.tx.isFinite, t.ty.isFinite else { return none }
        let scale = t.maxScale
        guard scale.isFinite, scale > 0 else { return none }
        let tol = (tolerance.isFinite && tolerance > 0 ? max(tolerance, 1e-4) : 0.1) / scale
        var b = StrokeBuilder(style: style, transform: t, tolerance: tol)
        b.curvePointBudget = budget
        b.run(path, into: &out)
        budget = b.curvePointBudget
        return (b.minX, b.minY, b.maxX, b.maxY)
    }
}

extension Path {
    /// The centre line a stroke draws, in CAShapeLayer's order: the path cut to the arc-length
    /// fractions [`s0`, `s1`] (in 0…1, checked by the caller), then dashed by `style`'s pattern
    /// (`Path.dashed`). What `Stroker` outlines for the canvas and for hit tests.
    func strokedCentreLine(style: StrokeStyle, from s0: Double, to s1: Double) -> Path {
        var p = self
        if s0 > 0 || s1 < 1 { p = p.trimmed(from: s0, to: s1) }
        if !style.dashPattern.isEmpty { p = p.dashed(pattern: style.dashPattern, phase: style.dashPhase) }
        return p
    }
}

/// One stroke's constants and its centre-polyline scratch.
struct StrokeBuilder {
    let hw: Double
    let t: AffineTransform
    let tol: Double
    let lineJoin: LineJoin
    let lineCap: LineCap
    /// miterLimit², compared with 1 / sin²(φ/2) = 2 / (1 + cos θ) (CG / Cairo rule).
    let miterLimit2: Double
    /// Rotation by −φ, the angular step of round joins' intermediate pen points, and their
    /// distance from the vertex (the pen polygon's, header).
    let stepCos: Double, stepSin: Double, step: Double, stepRadius: Double
    /// (1 + cos θ) above which an outer round join needs no intermediate points.
    let smoothDot: Double
    /// Uniform steps of a semicircle (round caps) and of a full circle (dots), and the
    /// distance of their pen points from the centre (the pen polygon's, header).
    let capSteps: Int, capCos: Double, capSin: Double, capRadius: Double
    /// Points closer than this are merged (direction of shorter segments is noise).
    let mergeDistance2: Double
    /// Round joins and round caps: no vertex of the outline needs a curve's true end tangent
    /// (`addCubic`'s end cuts are left out everywhere).
    let allRound: Bool

    /// Whether the subpath being collected ends with a close (`run`; every vertex is a join).
    var subpathClosed = false

    /// The bounding box of the subpaths emitted and kept so far (`keepFinite`).
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity

    /// A vertex of the centre polyline: a corner (between path elements: the user's join) or
    /// smooth (inside a flattened curve: round). One array for both, one append a vertex.
    struct Vertex {
        var point: Point
        var isCorner: Bool
    }

    /// The centre polyline of the subpath being collected.
    var pts: [Vertex] = []

    /// The points the path's curves may still add to its centre polylines: `maxFlattenPoints`
    /// in all, as for a fill, or what the display list has left (Flatten.swift); past it each
    /// curve is its chord, with its end cuts. Only a path of absurd curves reaches it (a star
    /// of huge roundness under a chain of smooth zig-zags asked for 4 GB of centre points,
    /// 4096 steps a curve).
    var curvePointBudget = maxFlattenPoints

    init(style: StrokeStyle, transform: AffineTransform, tolerance: Double) {
        hw = style.lineWidth / 2
        t = transform
        tol = tolerance
        lineJoin = style.lineJoin
        lineCap = style.lineCap
        let ml = style.miterLimit.isFinite ? max(style.miterLimit, 1) : 10
        miterLimit2 = ml * ml
        // The pen polygon (header): the largest step s with hw·tan²(s/4) ≤ tol / 2.
        var phi = 4 * _atan2(min(1, 0.5 * tolerance / hw).squareRoot(), 1)
        phi = min(max(phi, 0.01), Double.pi / 3)  // ≤ 315 points per semicircle, even for absurd widths
        let steps = Int((Double.pi / phi).rounded(.up))
        let capStep = Double.pi / Double(steps)
        capSteps = steps
        capCos = _cos(capStep); capSin = _sin(capStep)
        capRadius = hw * 2 / (1 + _cos(capStep / 2))
        step = phi
        stepCos = _cos(phi); stepSin = _sin(phi)
        stepRadius = hw * 2 / (1 + _cos(phi / 2))
        // A bevel chord of the pen within tol: hw (1 − cos(θ/2)) ≤ tol ⇔ (1 + cos θ) ≥ 2 (1 − tol/hw)².
        let c = max(0, 1 - tolerance / hw)
        smoothDot = 2 * c * c
        let md = min(tolerance * 1e-3, hw * 1e-6)
        mergeDistance2 = md * md
        allRound = lineJoin == .round && lineCap == .round
        pts.reserveCapacity(64)
    }

    // MARK: Centre polyline

    @inline(__always) mutating func add(_ p: Point, isCorner: Bool) {
        if let last = pts.last {
            let dx = p.x - last.point.x, dy = p.y - last.point.y
            if dx * dx + dy * dy <= mergeDistance2 {
                if isCorner { pts[pts.count - 1].isCorner = true }
                return
            }
        }
        pts.append(Vertex(point: p, isCorner: isCorner))
    }

    /// Adds the centre points of `c` (its start is the last point added). `cutStart`, `cutEnd`:
    /// whether the vertex at that end is a butt or square cap or a miter or bevel join, which
    /// need the end cuts below (`endCuts`).
    mutating func addCubic(_ c: Cubic, cutStart: Bool, cutEnd: Bool) {
        let n = budgetedSteps(c.segmentCount(tolerance: tol), &curvePointBudget)
        let straight = c.p1 == c.p0 && c.p2 == c.p3
        // The first and last steps are cut geometrically (h/16, h/8, h/4, h/2) so caps and
        // corner joins follow the true end tangent. Halving both the piece and its turn keeps
        // every piece as long, relative to its turn, as the regular ones: a shorter end piece
        // would let its neighbour's rectangle poke out past a butt cap.
        // Not at a round cap or a round join: there the outline is the pen's circle around the
        // end vertex whatever direction the last chord has, so the stroke stays the union of
        // the chords' rectangles and the pen's discs at the vertices, within the flattening's
        // tolerance of the true stroke (the centre polyline is within it of the curve) without
        // the eight short pieces a curve's two ends would add (`endCuts`).
        // Pieces by halving (CubicHalving.swift) where they are fewer than Wang's uniform steps,
        // with the same geometric cuts inside the first and the last piece. Each halved piece is
        // held to 0.7 of the tolerance: on the many_strokes scene that keeps the render's
        // difference from Cairo's (mean, share off by more than 16) no larger than with the
        // uniform steps, which stay well inside the tolerance on most of a curve (Wang's bound is
        // the curve's largest acceleration), while the full tolerance nearly doubled that share.
        let halving = CubicHalving(cubic: c, tolerance: tol * 0.7)
        // A curve that bends evenly (a circular or elliptical arc) goes to Wang's steps without
        // counting its halving, which is never the fewer there (`Cubic.bendsEvenly`).
        let tryHalving = n > 1 && !c.bendsEvenly
        if tryHalving && n <= Self.maxReplayedPieces {
            // The halving's pieces, found once: whether they are fewer than Wang's steps, and
            // the curve's point at each piece's end, which the piece's test computed (kept in a
            // temporary allocation: on the stack up to 1 KB, 64 points, past it on the heap on
            // Linux), then added as the centre points. The end cuts need only the first piece's
            // end and the last one's start.
            let limit = n - 1
            let halved = withUnsafeTemporaryAllocation(of: Point.self, capacity: limit) { ends -> Bool in
                var count = 0, firstEnd = 1.0, lastStart = 0.0
                halving.forEachPiece { t0, t1, end in
                    if count < limit { ends[count] = end }
                    if count == 0 { firstEnd = t1 }
                    lastStart = t0
                    count += 1
                    return count <= limit
                }
                guard count <= limit else { return false }
                if cutStart && !straight { addStartCuts(c, firstEnd) }
                for i in 0..<(count - 1) { add(ends[i], isCorner: false) }
                if cutEnd && !straight { addEndCuts(c, 1 - lastStart) }
                return true
            }
            if halved { add(c.p3, isCorner: true); return }
        } else if tryHalving && halving.count(limit: n - 1) < n {
            halving.forEachPiece { t0, t1, end in
                addHalvingPiece(c, t0, t1, end, cutStart: cutStart && !straight, cutEnd: cutEnd && !straight)
                return true
            }
            add(c.p3, isCorner: true)
            return
        }
        let h = 1.0 / Double(n)
        if !straight && cutStart { addStartCuts(c, h) }
        if n > 1 { for i in 1..<n { add(c.point(Double(i) * h), isCorner: false) } }
        if !straight && cutEnd { addEndCuts(c, h) }
        add(c.p3, isCorner: true)
    }

    /// Curves of more Wang steps than this count their halving's pieces and then walk them
    /// again; below it the piece ends are kept from the count for the walk (addCubic).
    static let maxReplayedPieces = 512

    /// The centre points of one piece t0…t1 of the halving of `c` (addCubic), `end` =
    /// `c.point(t1)`: the geometric cuts inside the first and the last piece, then its end
    /// (the cubic's end is added by the caller, as a corner). `cutStart`, `cutEnd`: addCubic's,
    /// false for a straight cubic.
    @inline(__always) mutating func addHalvingPiece(_ c: Cubic, _ t0: Double, _ t1: Double, _ end: Point,
                                                    cutStart: Bool, cutEnd: Bool) {
        if t0 == 0 && cutStart { addStartCuts(c, t1) }
        if t1 < 1 {
            add(end, isCorner: false)
        } else if cutEnd {
            addEndCuts(c, 1 - t0)
        }
    }

    /// The geometric cuts inside a curve's first piece, 0…h (addCubic): at h/16, h/8, h/4, h/2.
    @inline(__always) mutating func addStartCuts(_ c: Cubic, _ h: Double) {
        var f = h / 16
        while f < h * 0.75 { add(c.point(f), isCorner: false); f *= 2 }
    }

    /// The geometric cuts inside a curve's last piece, 1 − h…1 (addCubic): at 1 − h/2 … 1 − h/16.
    @inline(__always) mutating func addEndCuts(_ c: Cubic, _ h: Double) {
        var f = h / 2
        while f > h / 32 { add(c.point(1 - f), isCorner: false); f /= 2 }
    }

    mutating func run(_ path: Path, into out: inout FlatPath) {
        var cur = Point.zero, start = Point.zero
        var open = false, drew = false
        let els = path.elements
        for i in els.indices {
            switch els[i] {
            case .move(let p):
                if open { finish(closed: false, drew: drew, into: &out) }
                pts.removeAll(keepingCapacity: true)
                add(p, isCorner: true); cur = p; start = p; open = true; drew = false
                subpathClosed = endsClosed(els, from: i + 1)
            case .line(let p):
                if !open { begin(cur); start = cur; open = true; drew = false; subpathClosed = endsClosed(els, from: i) }
                add(p, isCorner: true); cur = p; drew = true
            case .quad(let c, let p):
                if !open { begin(cur); start = cur; open = true; drew = false; subpathClosed = endsClosed(els, from: i) }
                addCubic(Cubic(quad: cur, c, p), cutStart: cutsAtStart, cutEnd: cutsAtEnd(els, i, p)); cur = p; drew = true
            case .cubic(let a, let b, let p):
                if !open { begin(cur); start = cur; open = true; drew = false; subpathClosed = endsClosed(els, from: i) }
                addCubic(Cubic(cur, a, b, p), cutStart: cutsAtStart, cutEnd: cutsAtEnd(els, i, p)); cur = p; drew = true
            case .close:
                if open { finish(closed: true, drew: true, into: &out) }
                open = false; cur = start
            }
        }
        if open { finish(closed: false, drew: drew, into: &out) }
    }

    /// Whether any vertex can need `addCubic`'s end cuts, and any can go without them (then a
    /// vertex's kind is looked up; else the answer is the same for all of them).
    var endKindMatters: Bool { !allRound && (lineJoin == .round || lineCap == .round) }

    /// Whether the subpath whose elements start at `i` ends with a close (before the next move
    /// or the path's end). One scan per subpath, only where a vertex's kind matters.
    func endsClosed(_ els: [Path.Element], from i: Int) -> Bool {
        guard endKindMatters else { return false }
        var j = i
        while j < els.count {
            switch els[j] {
            case .move: return false
            case .close: return true
            default: j += 1
            }
        }
        return false
    }

    /// Whether the curve about to be added needs the end cuts at its start, the last point
    /// added: a join when a point came before it in the subpath or the subpath is closed,
    /// else the start cap.
    var cutsAtStart: Bool {
        if allRound { return false }
        if !endKindMatters { return true }
        return pts.count > 1 || subpathClosed ? lineJoin != .round : lineCap != .round
    }

    /// Most elements looked ahead for whether a curve's end is a join or the end cap (past
    /// them the cuts are kept: a run of points on top of each other).
    static let endLookahead = 8

    /// Whether the curve of element `i`, ending at `p`, needs the end cuts at its end: a join
    /// when a later element of the subpath ends away from `p` (or the subpath is closed), the
    /// end cap when the subpath ends before one does; cuts kept when that is not decided.
    func cutsAtEnd(_ els: [Path.Element], _ i: Int, _ p: Point) -> Bool {
        if allRound { return false }
        if !endKindMatters { return true }
        if subpathClosed { return lineJoin != .round }
        @inline(__always) func away(_ q: Point) -> Bool {
            let dx = q.x - p.x, dy = q.y - p.y
            return dx * dx + dy * dy > 4 * mergeDistance2
        }
        var j = i + 1
        while j < els.count && j <= i + Self.endLookahead {
            switch els[j] {
            case .move: return lineCap != .round
            case .close: return true
            case .line(let q), .quad(_, let q), .cubic(_, _, let q):
                if away(q) { return lineJoin != .round }
            }
            j += 1
        }
        return j < els.count ? true : lineCap != .round
    }

    mutating func begin(_ p: Point) {
        pts.removeAll(keepingCapacity: true)
        add(p, isCorner: true)
    }

    /// Emits the outline of the collected subpath.
    mutating func finish(closed: Bool, drew: Bool, into out: inout FlatPath) {
        for v in pts where !v.point.isFinite { return }
        var k = pts.count
        if closed && k > 1 {
            let dx = pts[k - 1].point.x - pts[0].point.x, dy = pts[k - 1].point.y - pts[0].point.y
            if dx * dx + dy * dy <= mergeDistance2 { pts.removeLast(); k -= 1 }
        }
        let mark = (points: out.points.count, contours: out.contourStarts.count)
        defer { keepFinite(from: mark, &out) }
        if k == 1 {
            if drew { dot(pts[0].point, into: &out) }
            return
        }
        guard k >= 2 else { return }
        // Each segment's unit direction and length, found once for both sides' walks: the
        // reversed walk's segment is the negated forward one, and a − b = −(b − a), the
        // length of (−x, −y) and (−x) / l = −(x / l) are exact, so these are the values the
        // walk would compute itself.
        let segments = closed ? k : k - 1
        withUnsafeTemporaryAllocation(of: Segment.self, capacity: segments) { seg in
            for i in 0..<segments {
                let d = pts[i + 1 == k ? 0 : i + 1].point - pts[i].point
                let len = d.length
                seg[i] = Segment(direction: d / len, length: len)
            }
            pts.withUnsafeBufferPointer { v in
                if closed {
                    out.contourStarts.append(out.points.count)
                    closedPass(ForwardWalk.self, v, seg, into: &out)
                    out.contourStarts.append(out.points.count)
                    closedPass(ReversedWalk.self, v, seg, into: &out)
                } else {
                    out.contourStarts.append(out.points.count)
                    openPass(ForwardWalk.self, v, seg, into: &out)
                    openPass(ReversedWalk.self, v, seg, into: &out)
                }
            }
        }
    }

    /// Keeps the subpath emitted from `mark` on and takes its points into the bounding box, or
    /// drops it when a point is not finite (coordinates near the limits of Double can overflow
    /// in the offsets).
    mutating func keepFinite(from mark: (points: Int, contours: Int), _ out: inout FlatPath) {
        // x and y side by side in one vector: the box's low and high corners, and the test.
        var lo = SIMD2(minX, minY), hi = SIMD2(maxX, maxY)
        // v − v is +0 for a finite v and NaN for an infinite or NaN one, and a NaN stays in the
        // sum: one test after the loop instead of two branches a point. (A subpath dropped for
        // a non-finite point leaves the box as it was, whatever the loop made of its points.)
        // The selects are Swift's min and max (`y < x ? y : x`, `y >= x ? y : x`), lane by lane.
        let finite = out.points.withUnsafeBufferPointer { p -> Bool in
            var nonFinite = SIMD2<Double>(repeating: 0)
            for i in mark.points..<p.count {
                let v = SIMD2(p[i].x, p[i].y)
                nonFinite += v - v
                lo.replace(with: v, where: v .< lo)
                hi.replace(with: v, where: v .>= hi)
            }
            return nonFinite.sum() == 0
        }
        if finite {
            minX = lo.x; minY = lo.y; maxX = hi.x; maxY = hi.y
        } else {
            out.points.removeSubrange(mark.points...)
            out.contourStarts.removeSubrange(mark.contours...)
        }
    }

    /// A segment of the centre polyline: pts[i] → pts[i + 1] (closed: the last one back to pts[0]).
    struct Segment {
        var direction: Point
        var length: Double
    }

    // MARK: Walking one side

    /// The order a side's walk visits the centre polyline in: forward (the +normal side), or
    /// reversed (the other side, as the +normal side of the reversed polyline). A type rather
    /// than a flag, so that each walk is compiled with its order a constant (no selects).
    protocol WalkOrder { static var reversed: Bool { get } }
    enum ForwardWalk: WalkOrder { static var reversed: Bool { false } }
    enum ReversedWalk: WalkOrder { static var reversed: Bool { true } }

    @inline(__always) func emit(_ p: Point, _ out: inout FlatPath) { out.points.append(t.apply(p)) }
    @inline(__always) static func perp(_ d: Point) -> Point { Point(-d.y, d.x) }

    /// Forward (or reversed) walk of an open polyline `pts` along its +normal side, then the
    /// end cap. `seg`: the k − 1 forward segments (finish). Compiled once for each order (the
    /// order a type), and kept out of `finish`.
    @inline(never)
    func openPass<Order: WalkOrder>(_: Order.Type, _ pts: UnsafeBufferPointer<Vertex>,
                                    _ seg: UnsafeMutableBufferPointer<Segment>, into out: inout FlatPath) {
        let rev = Order.reversed
        let k = pts.count
        @inline(__always) func P(_ j: Int) -> Vertex { rev ? pts[k - 1 - j] : pts[j] }
        /// The walk's segment j (P(j) → P(j + 1)): unit direction and length.
        @inline(__always) func S(_ j: Int) -> (Point, Double) {
            if rev { let g = seg[k - 2 - j]; return (-g.direction, g.length) }
            let g = seg[j]; return (g.direction, g.length)
        }
        var v1 = P(1)
        var (d, len) = S(0)
        emit(P(0).point + StrokeBuilder.perp(d) * hw, &out)
        if k > 2 {
            for j in 1..<(k - 1) {
                let v2 = P(j + 1)
                let (e, len2) = S(j)
                let isCorner = v1.isCorner
                joinAt(v1.point, d, e, len, len2, isCorner ? lineJoin : .round, smooth: !isCorner, &out)
                v1 = v2; d = e; len = len2
            }
        }
        let p1 = v1.point
        let n = StrokeBuilder.perp(d)
        emit(p1 + n * hw, &out)
        switch lineCap {
        case .butt: break
        case .square:
            emit(p1 + (n + d) * hw, &out)
            emit(p1 + (d - n) * hw, &out)
        case .round:
            var v = n
            for _ in 1..<capSteps {
                v = Point(v.x * capCos + v.y * capSin, -v.x * capSin + v.y * capCos)
                emit(p1 + v * capRadius, &out)
            }
        }
        // The other side's walk starts at p1 − n·hw.
    }

    /// Walk of a closed polyline `pts` along one side: a join at every vertex, no caps.
    /// `seg`: the k forward segments, the last one back to the first point (finish). Compiled
    /// once for each order, as `openPass`.
    @inline(never)
    func closedPass<Order: WalkOrder>(_: Order.Type, _ pts: UnsafeBufferPointer<Vertex>,
                                      _ seg: UnsafeMutableBufferPointer<Segment>, into out: inout FlatPath) {
        let rev = Order.reversed
        let k = pts.count
        @inline(__always) func P(_ j: Int) -> Vertex { rev ? pts[k - 1 - j] : pts[j] }
        /// The walk's segment P(j) → P(j + 1 mod k), j in 0…k − 1, or P(k − 1) → P(0) for j = −1.
        @inline(__always) func S(_ j: Int) -> (Point, Double) {
            if rev {
                let i = k - 2 - j
                let g = seg[i < 0 ? i + k : i >= k ? i - k : i]
                return (-g.direction, g.length)
            }
            let g = seg[j < 0 ? k - 1 : j]; return (g.direction, g.length)
        }
        var (d, len) = S(-1)
        for j in 0..<k {
            let v = P(j)
            let (e, len2) = S(j)
            let isCorner = v.isCorner
            joinAt(v.point, d, e, len, len2, isCorner ? lineJoin : .round, smooth: !isCorner, &out)
            d = e; len = len2
        }
    }

    /// The join at vertex `p` from direction `a` to `b` (unit vectors), on the +normal side.
    /// `smooth`: a vertex inside a flattened curve (not one of the path's own corners).
    @inline(__always)
    func joinAt(_ p: Point, _ a: Point, _ b: Point, _ lenA: Double, _ lenB: Double, _ kind: LineJoin,
                smooth: Bool, _ out: inout FlatPath) {
        let na = StrokeBuilder.perp(a), nb = StrokeBuilder.perp(b)
        let cross = a.cross(b), dot = a.dot(b)
        if cross > 0 && !(cross < 1e-12 && dot > 0) {
            // Inner side (turning towards +normal).
            if dot > 0 && hw * cross <= min(lenA, lenB) {
                // The two offset lines meet inside both segments: their intersection.
                emit(p + (na + nb) * (hw / (1 + dot)), &out)
                return
            }
            if smooth {
                // Inside a curve whose radius of curvature is below half the width: the inner
                // offset curve continues through the offset of this vertex along its normal
                // (the bisector of the two segment normals) and is left to loop. No pivot: a
                // detour through the centre here would add the segments' full rectangles on
                // the inner side, which the true offset curve does not sweep (radial teeth).
                let s = na + nb
                let l = s.length
                if l > 1e-9 {
                    emit(p + s * (hw / l), &out)
                    return
                }
            }
            // A corner of the path: through the pivot, as Cairo's and Skia's inner joins do.
            emit(p + na * hw, &out); emit(p, &out); emit(p + nb * hw, &out)
            return
        }
        if cross > -1e-12 && dot > 0 {
            // Straight on: one offset point.
            emit(p + na * hw, &out)
            return
        }
        // Outer side (or a 180° turn, which is outer on both sides).
        switch kind {
        case .miter:
            if 2 <= miterLimit2 * (1 + dot) && 1 + dot > 1e-12 {
                emit(p + (na + nb) * (hw / (1 + dot)), &out)
            } else {
                emit(p + na * hw, &out); emit(p + nb * hw, &out)
            }
        case .bevel:
            emit(p + na * hw, &out); emit(p + nb * hw, &out)
        case .round:
            if 1 + dot >= smoothDot {
                // A turn whose pen arc is within tolerance of one chord (every vertex inside a
                // flattened curve): one point on the pen circle at the bisecting normal, where
                // Cairo puts its offset point too, instead of two (half the outer edges).
                let s = na + nb
                let l = s.length
                emit(l > 0 ? p + s * (hw / l) : p + na * hw, &out)
                return
            }
            emit(p + na * hw, &out)
            if 1 + dot < smoothDot {
                // Intermediate pen points every `step` radians until the remaining angle is below a step.
                let theta = _atan2(-cross, dot) // in (0, π]
                let angle = theta < 0 ? theta + 2 * Double.pi : theta
                var v = na
                var done = step
                while done < angle - step * 0.25 {
                    v = Point(v.x * stepCos + v.y * stepSin, -v.x * stepSin + v.y * stepCos)
                    emit(p + v * stepRadius, &out)
                    done += step
                }
            }
            emit(p + nb * hw, &out)
        }
    }

    /// A zero-length subpath: a round dot or an axis-aligned square (nothing for butt caps).
    func dot(_ p: Point, into out: inout FlatPath) {
        switch lineCap {
        case .butt: return
        case .square:
            out.contourStarts.append(out.points.count)
            emit(Point(p.x + hw, p.y + hw), &out); emit(Point(p.x + hw, p.y - hw), &out)
            emit(Point(p.x - hw, p.y - hw), &out); emit(Point(p.x - hw, p.y + hw), &out)
        case .round:
            out.contourStarts.append(out.points.count)
            var v = Point(0, 1)
            emit(p + v * capRadius, &out)
            for _ in 1..<(2 * capSteps) {
                v = Point(v.x * capCos + v.y * capSin, -v.x * capSin + v.y * capCos)
                emit(p + v * capRadius, &out)
            }
        }
    }
}
