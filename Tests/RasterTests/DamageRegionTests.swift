// Tests of the damage region's rectangles: far-apart changes stay apart, overlapping ones
// merge, and the union returns when splitting does not pay.

import Testing
@testable import Raster

/// The damage as a few rectangles: far-apart changes stay apart, overlapping ones merge, and
/// the union comes back when splitting does not pay.
@Suite struct DamageRegionTests {
    let target = Rect(0, 0, 800, 600)

    @Test func farApartChangesStayApart() {
        let parts = [Rect(10, 10, 50, 50), Rect(700, 500, 40, 40), Rect(12.5, 20, 10, 10)]
        let union = Rect(10, 10, 730, 530)
        let region = DamageRegion.cover(parts, within: target, union: union)
        #expect(region == [Rect(10, 10, 50, 50), Rect(700, 500, 40, 40)])
    }

    @Test func overlappingChangesMergeIntoTheirUnion() {
        let parts = [Rect(0, 0, 100, 100), Rect(50, 50, 100, 100), Rect(140, 140, 20, 20)]
        let region = DamageRegion.cover(parts, within: target, union: Rect(0, 0, 160, 160))
        // All three chain into one, which is the union itself.
        #expect(region == [Rect(0, 0, 160, 160)])
    }

    @Test func roundsOutAndCutsToTheTarget() {
        let parts = [Rect(-5, 10.5, 20, 10), Rect(790.2, 590.7, 30, 30)]
        let region = DamageRegion.cover(parts, within: target, union: Rect(0, 10, 800, 590))
        #expect(region == [Rect(0, 10, 15, 11), Rect(790, 590, 10, 10)])
    }

    @Test func tooManyPiecesGiveTheUnion() {
        let parts = (0..<40).map { Rect(Double($0 * 20), Double($0 * 14), 5, 5) }
        let union = Rect(0, 0, 785, 551)
        #expect(DamageRegion.cover(parts, within: target, union: union) == [union])
    }

    @Test func trackerKeepsTheRegionOfTheLastFrame() {
        final class Source {}
        let a = Source(), b = Source()
        func list(_ ax: Double, _ bx: Double) -> DisplayList {
            func fill(_ x: Double) -> DisplayOperation {
                .fill(.rect(Rect(x, 0, 10, 10)), transform: .identity, color: .white, rule: .nonZero, opacity: 1)
            }
            return DisplayList(width: 800, height: 600, items: [
                DisplayItem(key: DisplayItemKey(source: ObjectIdentifier(a), slot: 0), operation: fill(ax), bounds: Rect(ax, 0, 10, 10)),
                DisplayItem(key: DisplayItemKey(source: ObjectIdentifier(b), slot: 0), operation: fill(bx), bounds: Rect(bx, 500, 10, 10)),
            ])
        }
        var tracker = DamageTracker()
        _ = tracker.damage(for: list(0, 700))
        #expect(tracker.lastRegion == [Rect(0, 0, 800, 600)])
        let d = tracker.damage(for: list(5, 705))
        #expect(d == Rect(0, 0, 715, 510))
        #expect(tracker.lastRegion == [Rect(0, 0, 15, 10), Rect(700, 500, 15, 10)])
        #expect(tracker.damage(for: list(5, 705)) == nil)
        #expect(tracker.lastRegion.isEmpty)
    }
}
