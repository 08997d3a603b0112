// The damage tracker's comparison of two lists whose keys come in the same order (most
// frames of an animation): the damage of the items that changed, and a later frame whose
// order differs is still compared against the right items.
import Testing
import Raster

@Suite struct DamageTrackerSameKeysTests {
    final class Source {}
    let a = Source(), b = Source(), c = Source()

    func item(_ s: Source, x: Double, y: Double, color: Color = .white) -> DisplayItem {
        let r = Rect(x, y, 10, 10)
        return DisplayItem(key: DisplayItemKey(source: ObjectIdentifier(s), slot: 0),
                           operation: .fill(.rect(r), transform: .identity, color: color, rule: .nonZero, opacity: 1), bounds: r)
    }

    func list(_ items: [DisplayItem]) -> DisplayList { DisplayList(width: 400, height: 300, items: items) }

    @Test func sameKeysDamageTheItemsThatChanged() {
        var tracker = DamageTracker()
        _ = tracker.damage(for: list([item(a, x: 0, y: 0), item(b, x: 100, y: 100), item(c, x: 300, y: 200)]))
        // a moves by 5, b changes colour, c stays.
        let d = tracker.damage(for: list([item(a, x: 5, y: 0), item(b, x: 100, y: 100, color: .black),
                                          item(c, x: 300, y: 200)]))
        #expect(d == Rect(0, 0, 110, 110))
        #expect(tracker.lastRegion == [Rect(0, 0, 15, 10), Rect(100, 100, 10, 10)])
        #expect(tracker.damage(for: list([item(a, x: 5, y: 0), item(b, x: 100, y: 100, color: .black),
                                          item(c, x: 300, y: 200)])) == nil)
    }

    @Test func anOrderChangeAfterSameKeysIsFoundAgainstTheLastFrame() {
        var tracker = DamageTracker()
        _ = tracker.damage(for: list([item(a, x: 0, y: 0), item(b, x: 100, y: 100), item(c, x: 300, y: 200)]))
        _ = tracker.damage(for: list([item(a, x: 0, y: 0), item(b, x: 100, y: 100), item(c, x: 300, y: 200)]))
        // c is drawn first now: it changed its order against a and b, which keep theirs.
        let d = tracker.damage(for: list([item(c, x: 300, y: 200), item(a, x: 0, y: 0), item(b, x: 100, y: 100)]))
        #expect(d == Rect(300, 200, 10, 10))
        // An item gone and one back: the general comparison, then same keys again.
        #expect(tracker.damage(for: list([item(c, x: 300, y: 200), item(a, x: 0, y: 0)])) == Rect(100, 100, 10, 10))
        #expect(tracker.damage(for: list([item(c, x: 300, y: 200), item(a, x: 0, y: 0)])) == nil)
        #expect(tracker.damage(for: list([item(c, x: 300, y: 210), item(a, x: 0, y: 0)])) == Rect(300, 200, 10, 20))
    }
}
