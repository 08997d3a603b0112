// How renderFrame redraws a damage: the whole target when the damage is the target, the
// rectangles apart when they are small and far apart, their bounding rectangle when the items
// they share would be set up once per rectangle for little saved, or a blurred shadow would
// be blurred again for every rectangle it meets.

import Testing
@testable import LayerKit
import Raster

@Suite struct DamageRedrawPlanTests {
    final class Source {}
    let source = Source()

    func item(_ slot: Int, _ op: DisplayOperation, _ bounds: Rect) -> DisplayItem {
        DisplayItem(key: DisplayItemKey(source: ObjectIdentifier(source), slot: slot), operation: op, bounds: bounds)
    }
    func fill(_ slot: Int, _ r: Rect) -> DisplayItem {
        item(slot, .fill(.rect(r), transform: .identity, color: .red, rule: .nonZero, opacity: 1), r)
    }

    @Test func damageOverTheWholeTargetIsAFullRedraw() {
        let list = DisplayList(width: 100, height: 80, items: [fill(0, Rect(0, 0, 100, 80))])
        #expect(DamageRedrawPlan.choose(list, reach: list.itemReach(), damage: Rect(0, 0, 100, 80), region: [Rect(0, 0, 100, 80)]) == .whole)
        #expect(DamageRedrawPlan.choose(list, reach: list.itemReach(), damage: Rect(0, 0, 100, 79), region: [Rect(0, 0, 100, 79)])
                == .bounds(Rect(0, 0, 100, 79)))
    }

    @Test func smallChangesFarApartAreRedrawnApart() {
        let a = Rect(0, 0, 20, 20), b = Rect(460, 340, 20, 20)  // in a larger target
        let list = DisplayList(width: 640, height: 480, items: [fill(0, a), fill(1, b)])
        #expect(DamageRedrawPlan.choose(list, reach: list.itemReach(), damage: a.union(b), region: [a, b]) == .rects([a, b]))
    }

    @Test func itemsSharedByTheRectanglesCountOncePerRectangle() {
        // Two damaged strips of a large target with many items crossing both: redrawing them
        // apart saves the pixels between them but sets every crossing item up twice.
        let a = Rect(0, 0, 200, 10), b = Rect(0, 20, 200, 10)
        let crossing = (0..<40).map { fill($0, Rect(Double($0 * 5), 0, 5, 30)) }
        let list = DisplayList(width: 200, height: 30, items: crossing)
        #expect(DamageRedrawPlan.choose(list, reach: list.itemReach(), damage: Rect(0, 0, 200, 30), region: [a, b]) == .whole)
        let tall = DisplayList(width: 200, height: 300, items: crossing)
        #expect(DamageRedrawPlan.choose(tall, reach: tall.itemReach(), damage: Rect(0, 0, 200, 30), region: [a, b]) == .bounds(Rect(0, 0, 200, 30)))
        // With the same rectangles and no item crossing them, apart is cheaper.
        let own = DisplayList(width: 200, height: 300, items: [fill(0, a), fill(1, b)])
        #expect(DamageRedrawPlan.choose(own, reach: own.itemReach(), damage: Rect(0, 0, 200, 30), region: [a, b]) == .rects([a, b]))
    }

    @Test func aShadowedGroupMetByEveryRectangleIsBlurredOnce() {
        let a = Rect(0, 0, 30, 30), b = Rect(370, 270, 30, 30)
        let shadow = DisplayShadow(color: .black, sigma: 4, offset: Point(0, 4))
        let list = DisplayList(width: 500, height: 400, items: [
            item(0, .beginShadowedGroup(x: 0, y: 0, width: 400, height: 300, opacity: 1, shadow: shadow), Rect(0, 0, 400, 300)),
            fill(1, a), fill(2, b),
            item(3, .endGroup, Rect(0, 0, 400, 300))])
        #expect(DamageRedrawPlan.choose(list, reach: list.itemReach(), damage: a.union(b), region: [a, b]) == .bounds(a.union(b)))
        let apart = DisplayList(width: 500, height: 400, items: [fill(1, a), fill(2, b)])
        #expect(DamageRedrawPlan.choose(apart, reach: apart.itemReach(), damage: a.union(b), region: [a, b]) == .rects([a, b]))
    }
}
