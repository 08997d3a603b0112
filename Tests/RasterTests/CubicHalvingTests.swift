// The stroker's curve pieces (CubicHalving): the pieces run from 0 to 1 in order
// without gaps, every point of the curve lies within the tolerance of its piece's chord, and on
// the long random cubics of the many_strokes scene they are fewer than Wang's uniform steps.
import Testing
import RasterFuzzing
@testable import Raster

@Suite struct CubicHalvingTests {
    static func randomCubics(_ count: Int, size: Double) -> [Cubic] {
        var g = SplitMix64(seed: 11)
        func p() -> Point { Point(Double.random(in: 0...size, using: &g), Double.random(in: 0...size, using: &g)) }
        return (0..<count).map { _ in Cubic(p(), p(), p(), p()) }
    }

    /// Distance of q from the segment a…b.
    static func distance(_ q: Point, _ a: Point, _ b: Point) -> Double {
        let ab = b - a, aq = q - a
        let l2 = ab.dot(ab)
        let t = l2 > 0 ? max(0, min(1, aq.dot(ab) / l2)) : 0
        return (q - (a + ab * t)).length
    }

    @Test func piecesCoverTheCurveInOrderWithinTheTolerance() {
        for c in Self.randomCubics(300, size: 400) {
            for tol in [0.1, 0.025] {
                let h = CubicHalving(cubic: c, tolerance: tol)
                var next = 0.0, pieces = 0, worst = 0.0
                h.forEachPiece { t0, t1 in
                    #expect(t0 == next && t1 > t0)
                    next = t1; pieces += 1
                    let a = c.point(t0), b = c.point(t1)
                    for k in 1..<16 {
                        worst = max(worst, Self.distance(c.point(t0 + (t1 - t0) * Double(k) / 16), a, b))
                    }
                    return true
                }
                #expect(next == 1)
                #expect(worst <= tol * (1 + 1e-9))
                #expect(h.count(limit: Int.max) == pieces)
            }
        }
    }

    @Test func countStopsPastItsLimit() {
        let c = Cubic(Point(0, 0), Point(900, 0), Point(-500, 300), Point(400, 300))
        let all = CubicHalving(cubic: c, tolerance: 0.1).count(limit: .max)
        #expect(all > 8)
        #expect(CubicHalving(cubic: c, tolerance: 0.1).count(limit: 5) == 6)
    }

    /// A parabola 20 px high, at 0.15 px: halved once (bound 20 px, more than 64 tolerances),
    /// each half (bound 5 px) in ⌈√(5 / 0.15)⌉ = 6 equal steps, where halving alone takes 16.
    @Test func aNearlyFlatPieceTakesEqualSteps() {
        let c = Cubic(quad: Point(0, 0), Point(50, 40), Point(100, 0))
        let h = CubicHalving(cubic: c, tolerance: 0.15)
        #expect(h.count(limit: .max) == 12)
        var ends: [Double] = []
        h.forEachPiece { _, t1 in ends.append(t1); return true }
        #expect(abs(ends[5] - 0.5) < 1e-15 && abs(ends[2] - 0.25) < 1e-15)
    }

    @Test func aStraightCubicIsOnePiece() {
        let c = Cubic(line: Point(3, 4), Point(250, -90))
        #expect(CubicHalving(cubic: c, tolerance: 0.1).count(limit: .max) == 1)
    }

    /// Why the stroker takes these pieces: on long random cubics (the many_strokes scene's
    /// kind), fewer than Wang's uniform steps at the same tolerance.
    @Test func fewerPiecesThanWangOnLongRandomCubics() {
        var halving = 0, wang = 0
        for c in Self.randomCubics(200, size: 700) {
            halving += CubicHalving(cubic: c, tolerance: 0.07).count(limit: .max)
            wang += c.segmentCount(tolerance: 0.1)
        }
        #expect(Double(halving) < 0.9 * Double(wang))
    }
}
