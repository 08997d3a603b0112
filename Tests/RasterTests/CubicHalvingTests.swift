// The stroker's curve pieces (CubicHalving): the pieces run from 0 to 1 in order
// without gaps, every point of the curve lies within the tolerance of its piece's chord, and on
// the long random cubics of the many_strokes scene they are fewer than Wang's uniform steps;
// and the centre points the stroker makes of curves (end cuts, the path's curve-point budget).
import Foundation
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

    /// The cubic of an elliptical arc a0…a1 (radii rx, ry, rotated by rot) by the ⁴⁄₃ tan(θ/4) rule.
    static func arc(_ rx: Double, _ ry: Double, _ a0: Double, _ a1: Double, rotation rot: Double = 0) -> Cubic {
        let k = 4.0 / 3.0 * Foundation.tan((a1 - a0) / 4)
        let (c0, s0, c1, s1) = (Foundation.cos(a0), Foundation.sin(a0), Foundation.cos(a1), Foundation.sin(a1))
        func m(_ x: Double, _ y: Double) -> Point {
            let (u, v) = (x * rx, y * ry)
            return Point(400 + u * Foundation.cos(rot) - v * Foundation.sin(rot), 300 + u * Foundation.sin(rot) + v * Foundation.cos(rot))
        }
        return Cubic(m(c0, s0), m(c0 - k * s0, s0 + k * c0), m(c1 + k * s1, s1 - k * c1), m(c1, s1))
    }

    /// `Cubic.bendsEvenly` sends a curve to Wang's steps without counting its halving: it must
    /// hold on arcs (the ring's quarter circles, the worms' arcs) and only where the halving
    /// would not have had fewer pieces than Wang's steps (the stroker's 0.7 of the tolerance).
    @Test func curvesThatBendEvenlyAreOnlyThoseWhoseHalvingLoses() {
        var curves: [Cubic] = Self.randomCubics(600, size: 800) + Self.randomCubics(300, size: 60)
        var g = SplitMix64(seed: 5)
        for r in [5.0, 20, 50, 150, 400, 1500] {
            for sweep in [0.3, 0.8, Double.pi / 2, 2.2, Double.pi] { curves.append(Self.arc(r, r, 1.1, 1.1 + sweep)) }
        }
        for rx in [20.0, 100, 400] {
            for q in [1, 0.8, 0.6, 0.4, 0.2, 0.1] {
                for a in [0, Double.pi / 4, 1.0] { curves.append(Self.arc(rx, rx * q, a, a + Double.pi / 2, rotation: 0.5)) }
            }
        }
        for _ in 0..<300 {   // arcs moved by up to ±6 px at each control point
            let c = Self.arc(Double.random(in: 10...400, using: &g), Double.random(in: 10...400, using: &g), 0,
                             Double.random(in: 0.3...(Double.pi / 2), using: &g), rotation: Double.random(in: 0...6, using: &g))
            func j(_ p: Point) -> Point { p + Point(Double.random(in: -6...6, using: &g), Double.random(in: -6...6, using: &g)) }
            curves.append(Cubic(j(c.p0), j(c.p1), j(c.p2), j(c.p3)))
        }
        var even = 0
        for c in curves where c.bendsEvenly {
            for tol in [0.1, 0.25] {
                let n = c.segmentCount(tolerance: tol)
                guard n > 1 else { continue }
                even += 1
                #expect(CubicHalving(cubic: c, tolerance: tol * 0.7).count(limit: n - 1) >= n)
            }
        }
        #expect(even > 60)
        // The ring's quarter circle (r = 250): 30 uniform steps, 40 halved pieces.
        let quarter = Cubic(Point(650, 300), Point(650, 438.0712), Point(538.0712, 550), Point(400, 550))
        #expect(quarter.bendsEvenly)
        #expect(quarter.segmentCount(tolerance: 0.1) == 30)
        #expect(CubicHalving(cubic: quarter, tolerance: 0.07).count(limit: .max) == 40)
        #expect(!Cubic(Point(0, 0), Point(900, 0), Point(-500, 300), Point(400, 300)).bendsEvenly)
        #expect(!Cubic(Point(0, 0), Point(0, 0), Point(1, 1), Point(.nan, 1)).bendsEvenly)
    }

    /// The centre points of a stroke (StrokeBuilder.pts after the last subpath): a quarter circle
    /// takes Wang's n steps, plus the four end cuts at each end that is a butt or square cap or
    /// a miter or bevel join, none at a round cap or join.
    @Test func endCutsOnlyWhereTheEndTangentMatters() {
        let quarter = Cubic(Point(650, 300), Point(650, 438.0712), Point(538.0712, 550), Point(400, 550))
        let n = quarter.segmentCount(tolerance: 0.1)
        func centrePoints(_ path: Path, _ cap: LineCap, _ join: LineJoin) -> Int {
            var b = StrokeBuilder(style: StrokeStyle(lineWidth: 40, lineCap: cap, lineJoin: join), transform: .identity,
                                  tolerance: 0.1)
            var out = FlatPath()
            b.run(path, into: &out)
            #expect(!out.points.isEmpty)
            return b.pts.count
        }
        var open = Path()
        open.move(to: quarter.p0)
        open.addCurve(to: quarter.p3, control1: quarter.p1, control2: quarter.p2)
        #expect(centrePoints(open, .round, .round) == n + 1)
        #expect(centrePoints(open, .round, .miter) == n + 1)
        #expect(centrePoints(open, .butt, .round) == n + 1 + 8)
        #expect(centrePoints(open, .square, .bevel) == n + 1 + 8)
        // A line after the curve makes its end a join: butt caps cut only the start.
        var joined = open
        joined.addLine(to: Point(100, 550))
        #expect(centrePoints(joined, .butt, .round) == n + 2 + 4)
        #expect(centrePoints(joined, .round, .miter) == n + 2 + 4)
        // A closed subpath has joins only: the ring (four quarters, butt caps, round joins).
        var ring = Path()
        ring.addEllipse(in: Rect(150, 50, 500, 500))
        guard case .cubic(let c1, let c2, let c3) = ring.elements[1] else { Issue.record("not a cubic"); return }
        let m = Cubic(Point(650, 300), c1, c2, c3).segmentCount(tolerance: 0.1)
        #expect(centrePoints(ring, .butt, .round) == 4 * m)
        #expect(centrePoints(ring, .butt, .miter) == 4 * (m + 8))
    }

    /// Past the path's curve-point budget (`StrokeBuilder.curvePointBudget`, `maxFlattenPoints`
    /// in all, as a fill's) each curve is its chord: five curves that each ask Wang's most steps
    /// (4096) under a budget of 6000 take 4096, then what is left, then one step each, where
    /// without the budget all five are flattened (a fuzzed file asked 4 GB of centre points).
    @Test func curvesPastThePointBudgetAreChords() {
        var path = Path()
        path.move(to: Point(0, 0))
        for i in 1...5 { path.addCurve(to: Point(Double(i), 0), control1: Point(-1e7, 1e7), control2: Point(1e7, 1e7)) }
        guard case .cubic(let a, let b, let p) = path.elements[1] else { Issue.record("not a cubic"); return }
        #expect(Cubic(Point(0, 0), a, b, p).segmentCount(tolerance: 0.1) == maxFlattenSegments)
        func centrePoints(budget: Int?) -> [Point] {
            var builder = StrokeBuilder(style: StrokeStyle(lineWidth: 2, lineCap: .round, lineJoin: .round),
                                        transform: .identity, tolerance: 0.1)
            if let budget { builder.curvePointBudget = budget }
            var out = FlatPath()
            builder.run(path, into: &out)
            #expect(!out.points.isEmpty)
            return builder.pts.map(\.point)
        }
        let limited = centrePoints(budget: 6000), unlimited = centrePoints(budget: nil)
        #expect(limited.count <= 1 + 6000 + 5)
        #expect(unlimited.count > limited.count + 3 * 100)
        // The last three curves are their chords: their ends follow each other.
        #expect(Array(limited.suffix(3)) == [Point(3, 0), Point(4, 0), Point(5, 0)])
        #expect(Array(unlimited.suffix(3)) != [Point(3, 0), Point(4, 0), Point(5, 0)])
    }
}
