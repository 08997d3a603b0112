// The stroker's curve pieces by recursive halving: a cubic is cut at t = ½, each half again,
// until every piece lies within the tolerance of its chord (or, nearly flat, is cut into equal
// steps that do), so pieces are long where the curve is flat and short where it turns. Wang's formula (Cubic.segmentCount) takes uniform
// parameter steps bounded by the curve's largest second difference, the acceleration along the
// curve included; on a long cubic whose speed varies (the random strokes of a scene) that gives
// half again as many pieces as the chord errors need, and every extra piece is two more edges of
// the outline for the fill to deposit.
//
// The test of a piece (control points q0…q3) is the bound of the Bézier form: the distance of
// the piece from the line q0q3 is 3(1−t)²t·d1 + 3(1−t)t²·d2 ≤ ¾·max(|d1|, |d2|), d1 and d2 the
// signed distances of q1 and q2 from that line; when q1 and q2 also project inside the chord,
// every point of the piece does, so that is its distance from the chord itself. A piece whose
// chord is empty, or that is not finite, is halved until `maxDepth`.
//
// A piece whose bound b is within 64 times the tolerance is nearly a parabola, whose chord
// error falls with the square of the number of equal parameter steps: it is cut into
// m = ⌈√(b / tolerance)⌉ equal steps when each of them passes the test above (else halved as
// before), which saves the halving's overshoot (a halved piece's error lands anywhere between a
// quarter of the tolerance and all of it): on the many_strokes scene 25,474 pieces instead of
// 29,481 at the same tolerance.
//
// On a curve that bends evenly (`Cubic.bendsEvenly`: a circular or elliptical arc) the halving
// is not tried: there the curve's acceleration, which Wang's bound takes at its largest, is
// nearly as large everywhere and nearly all of it turns the curve, so the uniform steps are no
// more than the chord errors need, while the halving's pieces (held to 0.7 of the tolerance,
// each within a bound that overshoots) are more: a quarter circle of radius 250 at tolerance
// 0.1 takes 30 uniform steps and 40 halved pieces, found in 43 bound tests that were thrown
// away. The test is a prediction, not a proof: on 10,000 curves (the benchmark scenes'; circular
// and elliptical arcs of 5–1500 px, 0.3–π rad, axis ratios 1–0.1; the same perturbed by 3 px;
// random cubics across 800 × 600 and 60 × 60; tolerances 0.1 and 0.25) it never held where the
// halving has fewer pieces, and the nearest such curve was at 78 % of the thresholds. Where it
// were wrong, the curve would still be flattened within the tolerance, by more pieces.
//
// The pieces are visited in order without a stack: a piece is the dyadic interval
// index·2⁻ᵈᵉᵖᵗʰ…(index + 1)·2⁻ᵈᵉᵖᵗʰ, exact in Double, and the next one starts where it ends, as
// large as the halving allows (the index's trailing zero bits climbed back up).

/// The pieces of a cubic cut by halving until each is within a tolerance of its chord.
struct CubicHalving {
    /// Halvings at most (2¹⁶ pieces).
    static let maxDepth = 16

    let cubic: Cubic
    let tolerance: Double

    /// Equal steps are tried in a piece whose bound is within this many tolerances.
    static let nearlyFlat = 64.0

    /// The bound above of the piece t0…t1's distance from its chord, squared; infinity where
    /// the chord is empty, a control point projects outside it, or the piece is not finite.
    @inline(__always) func squaredBound(_ t0: Double, _ t1: Double) -> Double {
        squaredBound(t0, t1, start: cubic.point(t0), startDerivative: cubic.derivative(t0),
                     end: cubic.point(t1), endDerivative: cubic.derivative(t1))
    }

    /// The bound above with the curve's point and derivative at t0 and t1 given (the piece is
    /// `Cubic.sub`'s, from the same values: adjacent equal steps share them, `equalSteps`).
    @inline(__always) func squaredBound(_ t0: Double, _ t1: Double, start a: Point, startDerivative da: Point,
                                        end d: Point, endDerivative dd: Point) -> Double {
        let s = (t1 - t0) / 3
        let q = Cubic(a, a + da * s, d - dd * s, d)
        let chord = q.p3 - q.p0
        let l2 = chord.dot(chord)
        guard l2 > 0, l2.isFinite else { return .infinity }
        let a = q.p1 - q.p0, b = q.p2 - q.p0
        let pa = chord.dot(a), pb = chord.dot(b)
        guard pa >= 0 && pa <= l2 && pb >= 0 && pb <= l2 else { return .infinity }
        // (¾ |cross| / |chord|)²
        let ca = 0.75 * chord.cross(a), cb = 0.75 * chord.cross(b)
        let v = max(ca * ca, cb * cb) / l2
        return v.isNaN ? .infinity : v
    }

    /// Whether the piece t0…t1 lies within `tolerance` of its chord (the bound above).
    @inline(__always) func isFlat(_ t0: Double, _ t1: Double) -> Bool {
        squaredBound(t0, t1) <= tolerance * tolerance
    }

    /// The number of equal steps that bring the nearly flat piece t0…t1 (squared bound b2)
    /// within the tolerance, each step tested; 0 when the piece is not nearly flat or a step
    /// fails. `a`, `da`, `d`, `dd`: the curve's point and derivative at t0 and at t1. The
    /// curve's point at the end of step i (the one its test computed) is left in `ends[i]`:
    /// there are at most ⌈(b2 / t2)^¼⌉ ≤ ⌈(64²)^¼⌉ = 8 steps.
    @inline(__always) func equalSteps(_ t0: Double, _ t1: Double, squaredBound b2: Double,
                                      start a: Point, startDerivative da: Point,
                                      end d: Point, endDerivative dd: Point,
                                      ends: UnsafeMutablePointer<Point>) -> Int {
        let t2 = tolerance * tolerance
        guard b2 <= Self.nearlyFlat * Self.nearlyFlat * t2 else { return 0 }
        // ⌈r⌉ for r in 0…8 (b2 ≤ 64² t2) by truncation and one compare: `rounded(.up)` is a
        // call of libm's ceil here, once for every nearly flat piece tested.
        let r = (b2 / t2).squareRoot().squareRoot()
        let rt = Int(r)
        let m = max(2, Double(rt) < r ? rt + 1 : rt)
        // Each step starts where the one before ended: the point and derivative there are
        // computed once for both (the same values Cubic.sub would compute twice); the first
        // step starts at t0 and the last ends at t1 exactly (`step`).
        var s0 = t0, p0 = a, dp0 = da
        for i in 0..<m {
            let s1 = step(t0, t1, i + 1, m)
            let last = i + 1 == m
            let p1 = last ? d : cubic.point(s1), dp1 = last ? dd : cubic.derivative(s1)
            guard squaredBound(s0, s1, start: p0, startDerivative: dp0, end: p1, endDerivative: dp1) <= t2
            else { return 0 }
            ends[i] = p1
            s0 = s1; p0 = p1; dp0 = dp1
        }
        return m
    }

    /// Boundary i of m equal steps of t0…t1 (exactly t0 and t1 at the ends).
    @inline(__always) func step(_ t0: Double, _ t1: Double, _ i: Int, _ m: Int) -> Double {
        i == m ? t1 : t0 + (t1 - t0) * Double(i) / Double(m)
    }

    /// Visits the pieces in order (t0 < t1, from 0 to 1) until `body` returns false.
    @inline(__always) func forEachPiece(_ body: (_ t0: Double, _ t1: Double) -> Bool) {
        forEachPiece { t0, t1, _ in body(t0, t1) }
    }

    /// `forEachPiece` that also hands `body` the curve's point at t1, `cubic.point(t1)`, bit for
    /// bit: the value the piece's own test computed (the end of a halved piece or of an equal
    /// step; evaluated afresh only past `maxDepth`), which the stroker adds as a centre point.
    @inline(__always) func forEachPiece(_ body: (_ t0: Double, _ t1: Double, _ end: Point) -> Bool) {
        // The equal steps' ends (at most 8, equalSteps), on the stack.
        withUnsafeTemporaryAllocation(of: Point.self, capacity: 8) { stepEnds in
            forEachPiece(stepEnds: stepEnds.baseAddress!, body)
        }
    }

    /// `forEachPiece(_:)` with room for 8 equal steps' ends at `stepEnds`.
    @inline(__always) private func forEachPiece(stepEnds: UnsafeMutablePointer<Point>,
                                                _ body: (_ t0: Double, _ t1: Double, _ end: Point) -> Bool) {
        var index: UInt64 = 0, depth = 0
        // The curve's point and derivative at the current piece's start: a piece's first half
        // starts where it does, and the next piece where it ended (dyadic ends, exact), so
        // each piece tested computes them at its end only.
        var a = cubic.point(0), da = cubic.derivative(0)
        while true {
            var t0 = 0.0, t1 = 1.0, w = 1.0, m = 1
            var d = a, dd = da, endKnown = false
            while true {
                w = Double(sign: .plus, exponent: -depth, significand: 1)
                t0 = Double(index) * w; t1 = Double(index + 1) * w
                if depth >= Self.maxDepth { endKnown = false; break }
                d = cubic.point(t1); dd = cubic.derivative(t1); endKnown = true
                let b2 = squaredBound(t0, t1, start: a, startDerivative: da, end: d, endDerivative: dd)
                if b2 <= tolerance * tolerance { break }
                m = equalSteps(t0, t1, squaredBound: b2, start: a, startDerivative: da, end: d, endDerivative: dd,
                               ends: stepEnds)
                if m > 0 { break }
                m = 1
                index <<= 1; depth += 1
            }
            if m == 1 {
                if !body(t0, t1, endKnown ? d : cubic.point(t1)) { return }
            } else {
                for i in 0..<m where !body(step(t0, t1, i, m), step(t0, t1, i + 1, m), stepEnds[i]) { return }
            }
            index += 1
            while depth > 0 && index & 1 == 0 { index >>= 1; depth -= 1 }
            if depth == 0 { return }            // index 1 at depth 0: past t = 1
            if endKnown { a = d; da = dd } else { a = cubic.point(t1); da = cubic.derivative(t1) }
        }
    }

    /// The number of pieces, or `limit + 1` once it exceeds `limit`.
    func count(limit: Int) -> Int {
        var n = 0
        forEachPiece { _, _ in n += 1; return n <= limit }
        return n
    }
}

extension Cubic {
    /// Whether the curve bends evenly: its acceleration (linear in t, from 6(p0 − 2p1 + p2) to
    /// 6(p1 − 2p2 + p3)) is nowhere smaller than 3/4 of its largest size, and at t = 0, ½ and 1
    /// it is within 26° of the normal (|B′ × B″| ≥ 0.9 |B′| |B″|). Circular arcs up to a half
    /// turn and elliptical arcs of moderate eccentricity do; false for NaN.
    @inline(__always) var bendsEvenly: Bool {
        let ax = p0.x - 2 * p1.x + p2.x, ay = p0.y - 2 * p1.y + p2.y
        let bx = p1.x - 2 * p2.x + p3.x, by = p1.y - 2 * p2.y + p3.y
        let la2 = ax * ax + ay * ay, lb2 = bx * bx + by * by
        let largest2 = max(la2, lb2)
        guard largest2 > 0, largest2.isFinite else { return false }
        // The smallest |a + t (b − a)| over 0…1: the distance from the origin to that segment.
        let dx = bx - ax, dy = by - ay
        let dd = dx * dx + dy * dy
        let t = dd > 0 ? min(1, max(0, -(ax * dx + ay * dy) / dd)) : 0
        let mx = ax + t * dx, my = ay + t * dy
        guard mx * mx + my * my >= 0.5625 * largest2 else { return false }
        @inline(__always) func normal(_ v: Point, _ sx: Double, _ sy: Double) -> Bool {
            let cross = v.x * sy - v.y * sx
            return cross * cross >= 0.81 * (v.x * v.x + v.y * v.y) * (sx * sx + sy * sy)
                && v.x * v.x + v.y * v.y > 0
        }
        return normal(p1 - p0, ax, ay) && normal(p3 - p2, bx, by)
            && normal(derivative(0.5), 0.5 * (ax + bx), 0.5 * (ay + by))
    }
}
