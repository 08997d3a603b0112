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

/// The paths of one display list share `maxListFlattenPoints` (a file repeating a path of
/// huge curves in 199 layers flattened 800 M points for one frame): once the list's budget is
/// spent, each further curve of any path in it, filled or stroked, is its chord; the next
/// list starts afresh.
@Suite struct ListFlattenBudgetTests {
    static let first = Path.ellipse(in: Rect(4, 4, 40, 30))
    static let second = Path.ellipse(in: Rect(50, 10, 44, 36))

    static func list() -> DisplayList {
        var b = GroupRegionTests.ListBuilder(whole: false)
        b.fill(first, Color(0.9, 0.2, 0.1))
        b.fill(second, Color(0.1, 0.3, 0.9, 0.8))
        b.stroke(second, Color(0.1, 0.6, 0.2), width: 3)
        return DisplayList(width: 100, height: 50, items: b.items)
    }

    static func draw(_ list: DisplayList, with rasterizer: DisplayListRasterizer) -> Bitmap {
        let bitmap = Bitmap(width: list.width, height: list.height)
        rasterizer.draw(list, into: Canvas(bitmap))
        return bitmap
    }

    /// The polygon through a path's on-curve points: what its curves become past the budget.
    static func chords(_ path: Path) -> Path {
        var p = Path()
        for e in path.elements {
            switch e {
            case .move(let q): p.move(to: q)
            case .line(let q), .quad(_, let q), .cubic(_, _, let q): p.addLine(to: q)
            case .close: p.closeSubpath()
            }
        }
        return p
    }

    @Test func theSecondPathIsItsChordsOnceTheFirstSpentTheBudget() {
        // The points the first ellipse's curves make, with the canvas's tolerance.
        var unlimited = Int.max / 2
        let given = unlimited
        var flat = FlatPath()
        Self.first.flatten(transform: .identity, tolerance: Canvas(Bitmap(width: 1, height: 1)).tolerance,
                           into: &flat, curvePointBudget: &unlimited)
        let used = given - unlimited
        #expect(used > 16)

        let rasterizer = DisplayListRasterizer()
        rasterizer.curvePointsPerList = used
        let limited = Self.draw(Self.list(), with: rasterizer)

        let expected = Bitmap(width: 100, height: 50)
        let canvas = Canvas(expected)
        canvas.fill(Self.first, color: Color(0.9, 0.2, 0.1))
        canvas.fill(Self.chords(Self.second), color: Color(0.1, 0.3, 0.9, 0.8))
        var outline = FlatPath(), none = 0
        _ = Stroker.outlineWithBounds(Self.second, style: StrokeStyle(lineWidth: 3), transform: .identity,
                                      tolerance: canvas.tolerance, into: &outline, curvePointBudget: &none)
        canvas.fill(outline, color: Color(0.1, 0.6, 0.2), rule: .nonZero, opacity: 1)
        #expect(limited.difference(from: expected)?.maxAbsolute == 0)

        // With the whole budget the second ellipse is round, not its chords.
        let whole = Self.draw(Self.list(), with: DisplayListRasterizer())
        #expect((whole.difference(from: expected)?.maxAbsolute ?? 0) > 0)
        // Each list starts with the whole budget: drawing it again (the strokes now through the
        // outline cache) draws the same pixels.
        let again = Self.draw(Self.list(), with: rasterizer)
        #expect(again.difference(from: limited)?.maxAbsolute == 0)
    }
}
