// Small Bézier toolkit shared by flattening, bounds, trimming, dashing and stroking.
// Everything is on plain `Point` values (no allocation); curves are handled in cubic form
// where that is simpler (a quadratic is elevated exactly).

/// A cubic Bézier segment p0 → p3 with controls p1, p2 (quadratics are elevated exactly).
@usableFromInline struct Cubic: Sendable {
    @usableFromInline var p0: Point, p1: Point, p2: Point, p3: Point
    @inlinable init(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) {
        self.p0 = p0; self.p1 = p1; self.p2 = p2; self.p3 = p3
    }
    /// The exact cubic form of the quadratic p0, c, p2.
    @inlinable init(quad p0: Point, _ c: Point, _ p2: Point) {
        self.init(p0, p0 + (c - p0) * (2.0 / 3.0), p2 + (c - p2) * (2.0 / 3.0), p2)
    }
    /// A straight line as a cubic (controls at the thirds, so the parameter is uniform).
    @inlinable init(line p0: Point, _ p1: Point) {
        self.init(p0, p0.lerp(p1, 1.0 / 3.0), p0.lerp(p1, 2.0 / 3.0), p1)
    }

    /// Point at parameter t (Horner form of the power basis).
    @inlinable func point(_ t: Double) -> Point {
        let mt = 1 - t
        let a = mt * mt * mt, b = 3 * mt * mt * t, c = 3 * mt * t * t, d = t * t * t
        return Point(a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }
    /// First derivative at t. (Always inlined: arc lengths evaluate it eight times per
    /// Gauss–Legendre interval, and a call per node cost as much as the arithmetic.)
    @inlinable @inline(__always) func derivative(_ t: Double) -> Point {
        let mt = 1 - t
        let d0 = p1 - p0, d1 = p2 - p1, d2 = p3 - p2
        let a = 3 * mt * mt, b = 6 * mt * t, c = 3 * t * t
        return Point(a * d0.x + b * d1.x + c * d2.x, a * d0.y + b * d1.y + c * d2.y)
    }
    /// The piece between parameters t0 < t1, as a cubic (blossoming).
    @inlinable func sub(_ t0: Double, _ t1: Double) -> Cubic {
        let a = point(t0), d = point(t1)
        let s = (t1 - t0) / 3
        return Cubic(a, a + derivative(t0) * s, d - derivative(t1) * s, d)
    }
    /// Upper bound of the second difference norm used by Wang's formula.
    @inlinable var secondDifference: Double {
        let ax = p0.x - 2 * p1.x + p2.x, ay = p0.y - 2 * p1.y + p2.y
        let bx = p1.x - 2 * p2.x + p3.x, by = p1.y - 2 * p2.y + p3.y
        return max(ax * ax + ay * ay, bx * bx + by * by).squareRoot()
    }
    /// Wang's formula: uniform segments needed so the polyline stays within `tolerance`.
    @inlinable func segmentCount(tolerance: Double) -> Int {
        flatteningCount(0.75 * secondDifference / tolerance)
    }
    /// The tangent direction at the start (falling back to later controls when they coincide).
    @inlinable var startTangent: Point {
        if p1 != p0 { return p1 - p0 }
        if p2 != p0 { return p2 - p0 }
        return p3 - p0
    }
    @inlinable var endTangent: Point {
        if p3 != p2 { return p3 - p2 }
        if p3 != p1 { return p3 - p1 }
        return p3 - p0
    }
}

/// Most segments a single curve may flatten to: bounds work on absurd coordinates.
@usableFromInline let maxFlattenSegments = 4096

/// ceil(sqrt(x)) clamped to [1, maxFlattenSegments]; NaN gives 1.
@inlinable func flatteningCount(_ x: Double) -> Int {
    guard x > 1 else { return 1 }
    let n = x.squareRoot().rounded(.up)
    return n < Double(maxFlattenSegments) ? Int(n) : maxFlattenSegments
}

/// Wang's formula for a quadratic p0, c, p2.
@inlinable func quadSegmentCount(_ p0: Point, _ c: Point, _ p2: Point, tolerance: Double) -> Int {
    let dx = p0.x - 2 * c.x + p2.x, dy = p0.y - 2 * c.y + p2.y
    return flatteningCount((dx * dx + dy * dy).squareRoot() / (4 * tolerance))
}

/// Point on the quadratic p0, c, p2 at t.
@inlinable func quadPoint(_ p0: Point, _ c: Point, _ p2: Point, _ t: Double) -> Point {
    let mt = 1 - t
    let a = mt * mt, b = 2 * mt * t, d = t * t
    return Point(a * p0.x + b * c.x + d * p2.x, a * p0.y + b * c.y + d * p2.y)
}

// MARK: - Arc length

/// 8-point Gauss–Legendre nodes on [0, 1] and weights (sum 1).
@usableFromInline let glNodes: (Double, Double, Double, Double, Double, Double, Double, Double) = (
    0.019855071751231856, 0.10166676129318664, 0.2372337950418355, 0.4082826787521751,
    0.5917173212478249, 0.7627662049581645, 0.8983332387068134, 0.9801449282487681)
@usableFromInline let glWeights: (Double, Double, Double, Double, Double, Double, Double, Double) = (
    0.05061426814518813, 0.11119051722668724, 0.15685332293894363, 0.18134189168918100,
    0.18134189168918100, 0.15685332293894363, 0.11119051722668724, 0.05061426814518813)

extension Cubic {
    /// Arc length between parameters a and b (8-point Gauss–Legendre on that interval).
    @inlinable func lengthGL(_ a: Double, _ b: Double) -> Double {
        let h = b - a
        @inline(__always) func f(_ u: Double) -> Double { derivative(a + h * u).length }
        let s = glWeights.0 * f(glNodes.0) + glWeights.1 * f(glNodes.1) + glWeights.2 * f(glNodes.2)
            + glWeights.3 * f(glNodes.3) + glWeights.4 * f(glNodes.4) + glWeights.5 * f(glNodes.5)
            + glWeights.6 * f(glNodes.6) + glWeights.7 * f(glNodes.7)
        return s * h
    }

    /// Pieces the parameter range is cut into for length integration: more where the control
    /// polygon turns (Gauss–Legendre is exact for polynomials, speed varies fastest at turns).
    @inlinable var lengthPieces: Int {
        let a = p1 - p0, b = p2 - p1, c = p3 - p2
        let poly = a.length + b.length + c.length, chord = (p3 - p0).length
        guard poly > 0, poly.isFinite else { return 1 }
        // Nearly straight curves need one piece; a 90° arc (r ≈ 0.15) gets 4 (8-point
        // Gauss–Legendre per piece: ~1e-12 relative); curly or cusped ones up to 24.
        let r = (poly - chord) / poly
        if r < 1e-6 { return 1 }
        return min(24, 2 + Int(r * 16))
    }

    /// Total arc length.
    @inlinable var length: Double {
        let n = lengthPieces
        var s = 0.0
        let h = 1.0 / Double(n)
        for i in 0..<n { s += lengthGL(Double(i) * h, Double(i + 1) * h) }
        return s
    }

    /// The parameter t where the arc length from 0 reaches `s` (0 ≤ s ≤ length), by
    /// locating the integration piece and then safeguarded Newton steps on it.
    func parameter(atLength s: Double) -> Double {
        if s <= 0 { return 0 }
        let n = lengthPieces
        let h = 1.0 / Double(n)
        var acc = 0.0
        var lo = 0.0, hi = 1.0, base = 0.0, pieceLen = 0.0
        var found = false
        for i in 0..<n {
            let a = Double(i) * h, b = Double(i + 1) * h
            let l = lengthGL(a, b)
            // The piece's length is kept: lengthGL is a pure function of (a, b), so it is the
            // one a second evaluation would give.
            if acc + l >= s { lo = a; hi = b; base = acc; pieceLen = l; found = true; break }
            acc += l
        }
        if !found { return 1 }
        let target = s - base
        guard pieceLen > 0 else { return lo }
        var t = lo + (hi - lo) * (target / pieceLen)
        var a = lo, b = hi
        for _ in 0..<24 {
            let f = lengthGL(lo, t) - target
            if abs(f) <= 1e-12 * max(1, pieceLen) { break }
            if f > 0 { b = t } else { a = t }
            let d = derivative(t).length
            var next = d > 0 ? t - f / d : (a + b) / 2
            if !(next > a && next < b) { next = (a + b) / 2 }
            if abs(next - t) < 1e-15 { t = next; break }
            t = next
        }
        return t
    }
}

// MARK: - Tight bounds

extension Cubic {
    /// Parameters in (0, 1) where x' or y' vanish (up to 4), passed to `body`.
    @inlinable func forEachExtremum(_ body: (Double) -> Void) {
        func roots(_ a: Double, _ b: Double, _ c: Double, _ d: Double) {
            // Derivative of one coordinate / 3: A t² + B t + C.
            let A = -a + 3 * b - 3 * c + d, B = 2 * (a - 2 * b + c), C = b - a
            let scale = max(abs(A), abs(B), abs(C))
            guard scale > 0 else { return }
            if abs(A) <= 1e-12 * scale {
                if B != 0 { let t = -C / B; if t > 0 && t < 1 { body(t) } }
                return
            }
            let disc = B * B - 4 * A * C
            if disc < 0 { return }
            let q = -0.5 * (B + (B < 0 ? -disc.squareRoot() : disc.squareRoot()))
            let t1 = q / A
            if t1 > 0 && t1 < 1 { body(t1) }
            if q != 0 { let t2 = C / q; if t2 > 0 && t2 < 1 { body(t2) } }
        }
        roots(p0.x, p1.x, p2.x, p3.x)
        roots(p0.y, p1.y, p2.y, p3.y)
    }
}

// Foundation-free math used by the geometry code (the module depends on nothing).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
@usableFromInline func _atan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
@usableFromInline func _acos(_ x: Double) -> Double { acos(x) }
