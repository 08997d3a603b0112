// Boolean operations on paths (`PathOps`): random polygons — self-crossing, on a small
// lattice so edges coincide and vertices are shared — checked against a point-sampled
// winding oracle (at random points away from every edge, the result's inside-ness equals
// the operation applied to the operands' own inside-ness under their fill rules), exact
// cases with known areas and contour counts, empty and degenerate operands, and the limits.
import Foundation
import Testing
@testable import Raster

@Suite struct PathOpsTests {
    /// A small deterministic generator (SplitMix64), so a failure names its seed.
    struct Rng {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
        mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    /// A polygon of 1–2 random contours of 3–7 vertices: on the lattice 0…6 when `lattice`.
    static func polygon(_ r: inout Rng, lattice: Bool) -> Path {
        var p = Path()
        for _ in 0..<(1 + r.int(2)) {
            let n = 3 + r.int(5)
            for i in 0..<n {
                let q = lattice ? Point(Double(r.int(7)), Double(r.int(7))) : Point(r.unit() * 6, r.unit() * 6)
                if i == 0 { p.move(to: q) } else { p.addLine(to: q) }
            }
            p.closeSubpath()
        }
        return p
    }

    static func flat(_ p: Path) -> FlatPath {
        var f = FlatPath()
        p.flatten(transform: .identity, tolerance: PathOps.defaultTolerance, into: &f)
        return f
    }

    static func inside(_ f: FlatPath, _ p: Point, _ rule: FillRule) -> Bool {
        let w = winding(f, p)
        return rule == .nonZero ? w != 0 : w & 1 != 0
    }

    /// The distance from p to the nearest edge of f.
    static func distance(_ f: FlatPath, _ p: Point) -> Double {
        var d = Double.infinity
        for c in 0..<f.contourCount {
            let range = f.contour(c)
            var prev = f.points[range.upperBound - 1]
            for i in range {
                let q = f.points[i]
                let vx = q.x - prev.x, vy = q.y - prev.y
                let l = vx * vx + vy * vy
                let t = l > 0 ? min(max(((p.x - prev.x) * vx + (p.y - prev.y) * vy) / l, 0), 1) : 0
                d = min(d, hypot(p.x - (prev.x + t * vx), p.y - (prev.y + t * vy)))
                prev = q
            }
        }
        return d
    }

    /// Checks `result` against the oracle at `samples` random points; returns the mismatches.
    static func mismatches(_ result: Path, _ a: FlatPath, _ ruleA: FillRule, _ b: FlatPath, _ ruleB: FillRule,
                           _ contains: (Bool, Bool) -> Bool, _ r: inout Rng, samples: Int) -> Int {
        let fr = flat(result)
        var bad = 0
        for _ in 0..<samples {
            let p = Point(r.unit() * 7 - 0.5, r.unit() * 7 - 0.5)
            guard distance(a, p) > 1e-3 && distance(b, p) > 1e-3 else { continue }
            let expected = contains(inside(a, p, ruleA), inside(b, p, ruleB))
            // The result never overlaps itself: both rules must agree with the oracle.
            if inside(fr, p, .nonZero) != expected || inside(fr, p, .evenOdd) != expected { bad += 1 }
        }
        return bad
    }

    @Test(arguments: [false, true])
    func randomPolygonsMatchTheWindingOracle(lattice: Bool) throws {
        var r = Rng(state: lattice ? 28 : 2028)
        for trial in 0..<150 {
            let a = Self.polygon(&r, lattice: lattice), b = Self.polygon(&r, lattice: lattice)
            let ruleA: FillRule = r.int(2) == 0 ? .nonZero : .evenOdd, ruleB: FillRule = r.int(2) == 0 ? .nonZero : .evenOdd
            let fa = Self.flat(a), fb = Self.flat(b)
            for op in PathBooleanOperation.allCases {
                let result = try PathOps.combine(a, rule: ruleA, op, b, rule: ruleB)
                let bad = Self.mismatches(result, fa, ruleA, fb, ruleB, op.contains, &r, samples: 120)
                #expect(bad == 0, "trial \(trial) \(op) lattice \(lattice): \(bad) points disagree")
            }
            let normal = try PathOps.normalize(a, rule: ruleA)
            let bad = Self.mismatches(normal, fa, ruleA, FlatPath(), .nonZero, { a, _ in a }, &r, samples: 120)
            #expect(bad == 0, "trial \(trial) normalize lattice \(lattice): \(bad) points disagree")
        }
    }

    @Test func curvesAreFlattenedAndCombined() throws {
        let a = Path.ellipse(in: Rect(0, 0, 4, 4)), b = Path.ellipse(in: Rect(2, 1, 4, 4))
        var r = Rng(state: 7)
        for op in PathBooleanOperation.allCases {
            let result = try PathOps.combine(a, rule: .nonZero, op, b, rule: .nonZero)
            #expect(Self.mismatches(result, Self.flat(a), .nonZero, Self.flat(b), .nonZero, op.contains, &r, samples: 400) == 0, "\(op)")
        }
    }

    /// Two 2 × 2 squares overlapping in a 1 × 1 square: areas 7, 1, 3 and 6.
    @Test func overlappingSquaresHaveExactAreas() throws {
        let a = Path.rect(Rect(0, 0, 2, 2)), b = Path.rect(Rect(1, 1, 2, 2))
        let expected: [PathBooleanOperation: (Double, Int)] = [.union: (7, 1), .intersection: (1, 1), .difference: (3, 1), .symmetricDifference: (6, 2)]
        for (op, (area, contours)) in expected {
            let f = Self.flat(try PathOps.combine(a, rule: .nonZero, op, b, rule: .nonZero))
            #expect(abs(coveredArea(f) - area) < 1e-3, "\(op)")
            #expect(f.contourCount == contours, "\(op)")
        }
    }

    /// Squares sharing an edge unite into one rectangle of four vertices (the shared edge
    /// and the collinear vertices are gone); identical squares cancel in xor and difference.
    @Test func coincidentEdgesMerge() throws {
        let a = Path.rect(Rect(0, 0, 1, 1)), b = Path.rect(Rect(1, 0, 1, 1))
        let u = Self.flat(try PathOps.combine(a, rule: .nonZero, .union, b, rule: .nonZero))
        #expect(u.contourCount == 1 && u.points.count == 4)
        #expect(abs(coveredArea(u) - 2) < 1e-6)
        #expect(try PathOps.combine(a, rule: .nonZero, .intersection, b, rule: .nonZero).elements.isEmpty)
        #expect(try PathOps.combine(a, rule: .nonZero, .symmetricDifference, a, rule: .evenOdd).elements.isEmpty)
        #expect(try PathOps.combine(a, rule: .nonZero, .difference, a, rule: .nonZero).elements.isEmpty)
        let same = Self.flat(try PathOps.combine(a, rule: .nonZero, .union, a, rule: .nonZero))
        #expect(same.contourCount == 1 && same.points.count == 4)
    }

    /// Squares touching at one corner stay two simple contours.
    @Test func cornerTouchingSquaresStaySeparate() throws {
        let a = Path.rect(Rect(0, 0, 1, 1)), b = Path.rect(Rect(1, 1, 1, 1))
        let u = Self.flat(try PathOps.combine(a, rule: .nonZero, .union, b, rule: .nonZero))
        #expect(u.contourCount == 2 && u.points.count == 8)
    }

    /// A square with a hole (even-odd) normalizes to an outer contour and a hole that
    /// nonzero fills the same way; a doubly wound square normalizes to a single one.
    @Test func normalizeResolvesFillRules() throws {
        var p = Path.rect(Rect(0, 0, 4, 4))
        p.addRect(Rect(1, 1, 2, 2))
        let n = Self.flat(try PathOps.normalize(p, rule: .evenOdd))
        #expect(abs(coveredArea(n, rule: .nonZero) - 12) < 1e-3)
        var twice = Path.rect(Rect(0, 0, 1, 1))
        twice.addRect(Rect(0, 0, 1, 1))
        let t = Self.flat(try PathOps.normalize(twice, rule: .nonZero))
        #expect(t.contourCount == 1 && t.points.count == 4)
        #expect(try PathOps.normalize(twice, rule: .evenOdd).elements.isEmpty)
    }

    @Test func emptyAndDegenerateOperands() throws {
        let square = Path.rect(Rect(0, 0, 1, 1))
        var line = Path(); line.move(to: Point(0, 0)); line.addLine(to: Point(5, 5)); line.closeSubpath()
        var bad = Path(); bad.move(to: Point(.nan, 0)); bad.addLine(to: Point(1, .infinity)); bad.addLine(to: Point(2, 2))
        for other in [Path(), line, bad] {
            #expect(abs(coveredArea(Self.flat(try PathOps.combine(square, rule: .nonZero, .union, other, rule: .nonZero))) - 1) < 1e-6)
            #expect(try PathOps.combine(square, rule: .nonZero, .intersection, other, rule: .nonZero).elements.isEmpty)
            #expect(try PathOps.combine(other, rule: .nonZero, .difference, square, rule: .nonZero).elements.isEmpty)
        }
        #expect(try PathOps.combine(Path(), rule: .nonZero, .union, Path(), rule: .evenOdd).elements.isEmpty)
        #expect(try PathOps.normalize(line, rule: .nonZero).elements.isEmpty)
        // Far-apart operands snap to a grid of 2^24 steps across both: here 0.06 units, so
        // the two unit squares stay two (coarse) squares; at 1e12 apart they would vanish.
        let far = Path.rect(Rect(1e6, 1e6, 1, 1))
        let both = Self.flat(try PathOps.combine(square, rule: .nonZero, .union, far, rule: .nonZero))
        #expect(both.contourCount == 2)
        let tiny = try PathOps.combine(square, rule: .nonZero, .union, Path.rect(Rect(1e12, 1e12, 1, 1)), rule: .nonZero)
        #expect(Self.flat(tiny).contourCount <= 2)
    }

    /// Past the segment limit the operation refuses with a reason instead of growing.
    @Test func tooManySegmentsAreRefused() {
        var p = Path()
        p.move(to: Point(0, 0))
        for i in 0..<(PathOps.maximumSegments + 10) { p.addLine(to: Point(Double(i % 1000), Double(i / 1000 + (i % 2)))) }
        p.closeSubpath()
        #expect(throws: PathOpsError.self) { try PathOps.normalize(p, rule: .nonZero) }
    }
}
