// One fill's flattening is bounded: a path of many curves with huge control points (100
// paths of 20,000 vertices under one Lottie fill grew a polygon past 1 GB) makes at most
// `maxFlattenPoints` points from curves, the rest of its curves becoming their chords, while
// an ordinary path is flattened exactly as before.
import Testing
@testable import Raster

@Suite struct FlattenBudgetTests {
    /// 1,100 cubics, each of which Wang's formula cuts into the most segments (4,096).
    @Test func manyHugeCurvesStayWithinTheBudget() {
        var p = Path()
        p.move(to: Point(0, 0))
        for i in 0..<1_100 {
            let x = Double(i)
            p.addCurve(to: Point(x + 1, 0), control1: Point(x, 1e9), control2: Point(x + 1, -1e9))
        }
        p.closeSubpath()
        var flat = FlatPath()
        p.flatten(transform: .identity, tolerance: 0.25, into: &flat)
        #expect(flat.points.count <= maxFlattenPoints + 1_101)
        #expect(flat.points.count >= maxFlattenPoints)
    }

    /// A small curve is flattened as Wang's formula says, budget or not.
    @Test func anOrdinaryCurveIsUnchanged() {
        var p = Path()
        p.move(to: Point(0, 0))
        p.addCurve(to: Point(100, 0), control1: Point(0, 100), control2: Point(100, 100))
        p.closeSubpath()
        var flat = FlatPath()
        p.flatten(transform: .identity, tolerance: 0.25, into: &flat)
        let c = Cubic(Point(0, 0), Point(0, 100), Point(100, 100), Point(100, 0))
        #expect(flat.points.count == c.segmentCount(tolerance: 0.25) + 1)
    }
}
