// Adaptive flattening for fills: each subpath becomes one closed device-space polygon.
// Points are mapped to device space *before* flattening, so the tolerance is in device
// pixels and a scaled-up layer stays smooth. Curves are cut into the number of uniform
// parameter steps given by Wang's formula (a tight bound for the chord error of a
// polynomial curve), so there is no recursion and no allocation besides `out`'s growth.
// One fill's polygon holds at most `maxFlattenPoints` points from curves: once that many
// are made, every further curve is its chord (a path of a million curves with huge control
// points grew a 1 GB polygon otherwise). The paths of one display list share a budget of
// `maxListFlattenPoints` (the rasterizer's `curvePointsLeft`): otherwise a file repeating
// such a path in 199 layers flattened and filled 800 M points for one frame, ten seconds.

/// The most points the curves of one path flatten to, in all (64 MiB of points).
public let maxFlattenPoints = 4 * 1024 * 1024
/// The most points the curves of all the paths of one display list flatten to (a 4K frame
/// has 8 M pixels; a real frame's curves come to some thousands of points).
public let maxListFlattenPoints = 4 * maxFlattenPoints

/// The steps of a curve that Wang's formula cuts into `n` (≥ 1) when its `n − 1` inner points
/// come from `budget`: all of them while it lasts, then fewer, down to one (the chord). What
/// it adds is taken from `budget`, for fills here and for the stroker's centre lines.
@inlinable func budgetedSteps(_ n: Int, _ budget: inout Int) -> Int {
    let steps = min(n, budget + 1)
    budget -= steps - 1
    return steps
}

extension Path {
    /// Appends the path's subpaths, mapped by `transform`, as closed polygons in device
    /// pixels, with curves flattened so no point of the curve is farther than `tolerance`.
    /// Open subpaths are closed implicitly (fill semantics). A subpath with a non-finite
    /// coordinate is skipped whole; subpaths of fewer than three points are dropped.
    public func flatten(transform t: AffineTransform, tolerance: Double, into out: inout FlatPath) {
        var budget = maxFlattenPoints
        flatten(transform: t, tolerance: tolerance, into: &out, curvePointBudget: &budget)
    }

    /// `flatten(transform:tolerance:into:)` with the points curves may add taken from
    /// `budget` (and subtracted from it): past it each curve is its chord.
    public func flatten(transform t: AffineTransform, tolerance: Double, into out: inout FlatPath,
                        curvePointBudget budget: inout Int) {
        let tol = tolerance.isFinite && tolerance > 0 ? max(tolerance, 1e-6) : 0.1
        var sink = FillSink(out: out)
        out = FlatPath()   // hand the buffers to the sink without copying them
        forEachFlattened(transform: t, tolerance: tol, budget: &budget, sink: &sink)
        sink.end()
        out = sink.out
    }

    /// Walks the path mapped by `t`, flattening curves to `tolerance`, reporting
    /// subpath starts, points and closes to `sink`. Non-finite points are reported as they are.
    /// Curves add at most `budget` points in all (subtracted as they are made); past it each
    /// is its chord.
    @inlinable func forEachFlattened<S: FlattenSink>(transform t: AffineTransform, tolerance: Double,
                                                     budget: inout Int, sink: inout S) {
        var cur = Point.zero, start = Point.zero
        var open = false
        for e in elements {
            switch e {
            case .move(let p):
                let q = t.apply(p)
                sink.begin(q); cur = q; start = q; open = true
            case .line(let p):
                let q = t.apply(p)
                if !open { sink.begin(cur); start = cur; open = true }
                sink.point(q); cur = q
            case .quad(let c, let p):
                let c1 = t.apply(c), q = t.apply(p)
                if !open { sink.begin(cur); start = cur; open = true }
                let n = budgetedSteps(quadSegmentCount(cur, c1, q, tolerance: tolerance), &budget)
                if n > 1 {
                    let h = 1.0 / Double(n)
                    for i in 1..<n { sink.point(quadPoint(cur, c1, q, Double(i) * h)) }
                }
                sink.point(q); cur = q
            case .cubic(let a, let b, let p):
                let c = Cubic(cur, t.apply(a), t.apply(b), t.apply(p))
                if !open { sink.begin(cur); start = cur; open = true }
                let n = budgetedSteps(c.segmentCount(tolerance: tolerance), &budget)
                if n > 1 {
                    let h = 1.0 / Double(n)
                    for i in 1..<n { sink.point(c.point(Double(i) * h)) }
                }
                sink.point(c.p3); cur = c.p3
            case .close:
                if open { sink.close() }
                open = false; cur = start
            }
        }
    }
}

/// Receives the flattened path: `begin` a subpath, `point`s, and `close` (explicit close).
@usableFromInline protocol FlattenSink {
    mutating func begin(_ p: Point)
    mutating func point(_ p: Point)
    mutating func close()
}

/// Collects fill polygons into a FlatPath, dropping duplicate points, degenerate contours
/// and contours with non-finite points.
@usableFromInline struct FillSink: FlattenSink {
    @usableFromInline var out: FlatPath
    @usableFromInline var first = 0
    @usableFromInline var open = false
    @usableFromInline var finite = true
    @usableFromInline init(out: FlatPath) { self.out = out }

    @inlinable mutating func begin(_ p: Point) {
        end()
        first = out.points.count
        out.points.append(p)
        open = true
        finite = p.isFinite
    }
    @inlinable mutating func point(_ p: Point) {
        if !p.isFinite { finite = false; return }
        if out.points[out.points.count - 1] != p { out.points.append(p) }
    }
    @inlinable mutating func close() { end() }
    @inlinable mutating func end() {
        guard open else { return }
        open = false
        var n = out.points.count - first
        if n > 1 && out.points[out.points.count - 1] == out.points[first] { out.points.removeLast(); n -= 1 }
        if finite && n >= 3 {
            out.contourStarts.append(first)
        } else {
            out.points.removeSubrange(first...)
        }
    }
}
