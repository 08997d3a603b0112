// The stroker's curve pieces by recursive halving: a cubic is cut at t = ½, each half again,
// until every piece lies within the tolerance of its chord, so pieces are long where the curve
// is flat and short where it turns. Wang's formula (Cubic.segmentCount) takes uniform
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
// The pieces are visited in order without a stack: a piece is the dyadic interval
// index·2⁻ᵈᵉᵖᵗʰ…(index + 1)·2⁻ᵈᵉᵖᵗʰ, exact in Double, and the next one starts where it ends, as
// large as the halving allows (the index's trailing zero bits climbed back up).

/// The pieces of a cubic cut by halving until each is within a tolerance of its chord.
struct CubicHalving {
    /// Halvings at most (2¹⁶ pieces).
    static let maxDepth = 16

    let cubic: Cubic
    let tolerance: Double

    /// Whether the piece t0…t1 lies within `tolerance` of its chord (the bound above).
    @inline(__always) func isFlat(_ t0: Double, _ t1: Double) -> Bool {
        let q = cubic.sub(t0, t1)
        let chord = q.p3 - q.p0
        let l2 = chord.dot(chord)
        guard l2 > 0 else { return false }
        let a = q.p1 - q.p0, b = q.p2 - q.p0
        // |cross| / |chord| · ¾ ≤ tol  ⇔  (¾ cross)² ≤ tol² · l2
        let ca = 0.75 * chord.cross(a), cb = 0.75 * chord.cross(b)
        let lim = tolerance * tolerance * l2
        guard ca * ca <= lim, cb * cb <= lim else { return false }
        let pa = chord.dot(a), pb = chord.dot(b)
        return pa >= 0 && pa <= l2 && pb >= 0 && pb <= l2
    }

    /// Visits the pieces in order (t0 < t1, from 0 to 1) until `body` returns false.
    @inline(__always) func forEachPiece(_ body: (_ t0: Double, _ t1: Double) -> Bool) {
        var index: UInt64 = 0, depth = 0
        while true {
            var t0 = 0.0, t1 = 1.0, w = 1.0
            while true {
                w = Double(sign: .plus, exponent: -depth, significand: 1)
                t0 = Double(index) * w; t1 = Double(index + 1) * w
                if depth >= Self.maxDepth || isFlat(t0, t1) { break }
                index <<= 1; depth += 1
            }
            if !body(t0, t1) { return }
            index += 1
            while depth > 0 && index & 1 == 0 { index >>= 1; depth -= 1 }
            if depth == 0 { return }            // index 1 at depth 0: past t = 1
        }
    }

    /// The number of pieces, or `limit + 1` once it exceeds `limit`.
    func count(limit: Int) -> Int {
        var n = 0
        forEachPiece { _, _ in n += 1; return n <= limit }
        return n
    }
}
