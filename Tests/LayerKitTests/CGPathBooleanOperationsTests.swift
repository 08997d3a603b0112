// CGPath's boolean operations (iOS 16 / macOS 13 names) on LayerKit's `Path`: each one's
// filled region at probe points, the one fill rule applying to both operands (`.winding` by
// default), and a shape layer drawing a result.
import Testing
@testable import LayerKit
import Raster

@Suite struct CGPathBooleanOperationsTests {
    static let a = Path.rect(Rect(0, 0, 20, 20)), b = Path.rect(Rect(10, 0, 20, 20))

    /// Whether the path covers the probes in a only, in both, in b only (nonzero rule).
    static func probes(_ p: Path) -> [Bool] {
        var f = FlatPath()
        p.flatten(transform: .identity, tolerance: 0.01, into: &f)
        return [Point(5, 10), Point(15, 10), Point(25, 10)].map { q in
            var w = 0
            for c in 0..<f.contourCount {
                let r = f.contour(c)
                var prev = f.points[r.upperBound - 1]
                for i in r {
                    let s = f.points[i]
                    if (prev.y <= q.y) != (s.y <= q.y), prev.x + (q.y - prev.y) / (s.y - prev.y) * (s.x - prev.x) > q.x {
                        w += s.y > prev.y ? 1 : -1
                    }
                    prev = s
                }
            }
            return w != 0
        }
    }

    @Test func eachOperationKeepsItsRegion() {
        #expect(Self.probes(Self.a.union(Self.b)) == [true, true, true])
        #expect(Self.probes(Self.a.intersection(Self.b)) == [false, true, false])
        #expect(Self.probes(Self.a.subtracting(Self.b)) == [true, false, false])
        #expect(Self.probes(Self.b.subtracting(Self.a)) == [false, false, true])
        #expect(Self.probes(Self.a.symmetricDifference(Self.b)) == [true, false, true])
    }

    /// A square drawn twice: wound twice under `.winding` (kept), cancelled under `.evenOdd`.
    @Test func theRuleAppliesToBothOperands() {
        var twice = Self.a
        twice.addPath(Self.a)
        #expect(Self.probes(twice.normalized()) == [true, true, false])
        #expect(twice.normalized(using: .evenOdd).isEmpty)
        #expect(Self.probes(twice.union(Self.b, using: .evenOdd)) == [false, true, true])
    }
}
