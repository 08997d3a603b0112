// Boolean operations on filled paths — union, intersection, difference, symmetric
// difference, and normalization of one path — the operations Core Graphics gives CGPath in
// iOS 16 / macOS 13 and Skia's PathOps (`SkPathOp`) give SkPath. Each operand is read as a
// filled region under its own fill rule; the result is a path whose filled region (under
// either fill rule: it never overlaps itself) is the operation's region.
//
// The algorithm is an exact-predicate arrangement of flattened edges, in the spirit of
// Clipper2's integer coordinates and Skia's coincident-edge handling, kept simple:
//
// 1. both paths are flattened at `tolerance` (Raster's fill flattening, `Path.flatten`) and
//    their vertices snapped to an integer grid of 2^24 steps across the operands' bounds;
// 2. every intersection and touching point between edges is found in a bucketed grid and
//    the edges are split there, the crossing points rounded to the grid; rounding can move
//    an edge across a neighbour, so this repeats until no edge crosses another
//    (`PathOpsArrangement`);
// 3. coincident pieces become one edge carrying each operand's winding change across it;
// 4. each edge's winding numbers on its two sides come from a ray cast with exact integer
//    orientation tests (`PathOpsWinding`); an edge is kept where the result's inside-ness
//    differs on its two sides, directed with the result on its left;
// 5. the kept edges are chained into closed contours, turning as far left as possible at
//    shared vertices so touching pieces stay separate contours (`PathOpsContours`).
//
// Every stage input can drive has a checked limit (`PathOps.maximumSegments`,
// `maximumIntersections`, `maximumWork`): past one the operation throws rather than grow.

/// A boolean operation between two filled regions (CGPath's `union`, `intersection`,
/// `subtracting`, `symmetricDifference`; SkPathOp's union, intersect, difference, xor).
public enum PathBooleanOperation: String, Sendable, CaseIterable {
    /// Inside either operand.
    case union
    /// Inside both operands.
    case intersection
    /// Inside the first operand and outside the second.
    case difference
    /// Inside exactly one operand (exclusive or).
    case symmetricDifference

    /// Whether a point inside `a` or not and inside `b` or not is inside the result.
    @inlinable public func contains(_ a: Bool, _ b: Bool) -> Bool {
        switch self {
        case .union: return a || b
        case .intersection: return a && b
        case .difference: return a && !b
        case .symmetricDifference: return a != b
        }
    }
}

/// Why a boolean operation on paths refused its operands.
public struct PathOpsError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Boolean operations on filled paths (see the file header for the algorithm).
public enum PathOps {
    /// The most edges both operands may flatten to, in all (before splitting).
    public static let maximumSegments = 1 << 19
    /// The most intersection and touching points the edges may have, in all.
    public static let maximumIntersections = 1 << 20
    /// The most pair tests and ray-crossing tests an operation may make (about 5 s of a
    /// release build at its worst: every edge crossing every other near one point).
    public static let maximumWork = 50_000_000
    /// The flattening tolerance when none is given, in the paths' units.
    public static let defaultTolerance = 0.025

    /// The region of `a` (filled by `ruleA`) combined with the region of `b` (filled by
    /// `ruleB`) by `operation`, as closed polygons flattened to `tolerance`.
    public static func combine(_ a: Path, rule ruleA: FillRule, _ operation: PathBooleanOperation,
                               _ b: Path, rule ruleB: FillRule,
                               tolerance: Double = defaultTolerance) throws(PathOpsError) -> Path {
        let rules = (ruleA, ruleB)
        return try run(a, b, tolerance: tolerance) { wa, wb in
            operation.contains(inside(wa, rules.0), inside(wb, rules.1))
        }
    }

    /// The region `path` fills under `rule`, as closed polygons that never overlap
    /// themselves (CGPath's `normalized(using:)`).
    public static func normalize(_ path: Path, rule: FillRule, tolerance: Double = defaultTolerance) throws(PathOpsError) -> Path {
        try run(path, Path(), tolerance: tolerance) { wa, _ in inside(wa, rule) }
    }

    @inline(__always) static func inside(_ winding: Int32, _ rule: FillRule) -> Bool {
        rule == .nonZero ? winding != 0 : winding & 1 != 0
    }

    static func run(_ a: Path, _ b: Path, tolerance: Double, keep: (Int32, Int32) -> Bool) throws(PathOpsError) -> Path {
        let tol = tolerance.isFinite && tolerance > 0 ? max(tolerance, 1e-6) : defaultTolerance
        var fa = FlatPath(), fb = FlatPath()
        a.flatten(transform: .identity, tolerance: tol, into: &fa)
        b.flatten(transform: .identity, tolerance: tol, into: &fb)
        guard fa.points.count + fb.points.count <= maximumSegments else {
            throw PathOpsError("the operands flatten to \(fa.points.count + fb.points.count) segments, more than the limit \(maximumSegments)")
        }
        guard let grid = PathOpsGrid(fa, fb) else { return Path() }
        var arrangement = PathOpsArrangement(grid: grid)
        arrangement.addEdges(fa, operand: 0)
        arrangement.addEdges(fb, operand: 1)
        try arrangement.resolveIntersections()
        let edges = arrangement.mergedEdges()
        let kept = try PathOpsWinding.keptEdges(edges, keep: keep)
        return PathOpsContours.chain(kept, grid: grid)
    }
}

/// The integer grid the operands' vertices snap to: 2^24 steps across their bounds, so
/// exact orientation tests (products of two coordinate differences) fit in 64 bits.
struct PathOpsGrid {
    static let steps: Double = 16_777_216
    let originX: Double, originY: Double, step: Double

    /// nil when the operands hold no polygon (nothing to combine) or no finite extent.
    init?(_ a: FlatPath, _ b: FlatPath) {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for p in a.points { x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y) }
        for p in b.points { x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y) }
        let extent = max(x1 - x0, y1 - y0)
        guard extent.isFinite, extent > 0 else { return nil }
        originX = x0; originY = y0
        step = extent / Self.steps
    }

    @inline(__always) func snap(_ p: Point) -> PathOpsPoint {
        PathOpsPoint(Int64(((p.x - originX) / step).rounded()), Int64(((p.y - originY) / step).rounded()))
    }
    @inline(__always) func point(_ p: PathOpsPoint) -> Point {
        Point(originX + Double(p.x) * step, originY + Double(p.y) * step)
    }
}

/// A grid point.
struct PathOpsPoint: Hashable, Comparable {
    var x: Int64, y: Int64
    @inline(__always) init(_ x: Int64, _ y: Int64) { self.x = x; self.y = y }
    /// Ordered by y then x: an edge runs from its smaller to its larger end upward, or
    /// rightward when horizontal.
    @inline(__always) static func < (l: PathOpsPoint, r: PathOpsPoint) -> Bool { l.y < r.y || (l.y == r.y && l.x < r.x) }
}

/// The sign of the turn a → b → c: positive left (counter-clockwise with y up), exact.
@inline(__always) func pathOpsOrient(_ a: PathOpsPoint, _ b: PathOpsPoint, _ c: PathOpsPoint) -> Int64 {
    (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
}
