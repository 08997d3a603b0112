// What an opaque rectangle hides is left out of a display list (DisplayList+Occlusion.swift):
// thousands of full-target fills under one opaque one leave one item (a file the Lottie
// fuzzer found drew 6,001 full-canvas solids, 27 s for one frame); translucent covers, covers
// inside brackets, and items reaching past the cover are kept; a bracket under a cover goes
// whole; and the pixels drawn are the same with and without the items left out.
import Testing
@testable import Raster

@Suite struct OcclusionTests {
    final class Source: Sendable { static let shared = Source() }

    static func item(_ op: DisplayOperation, _ bounds: Rect, _ n: Int) -> DisplayItem {
        DisplayItem(key: DisplayItemKey(source: ObjectIdentifier(Source.shared), slot: n), operation: op, bounds: bounds)
    }
    static func fill(_ r: Rect, _ c: Color, opacity: Double = 1, _ n: Int) -> DisplayItem {
        item(.fill(.rect(r), transform: .identity, color: c, rule: .nonZero, opacity: opacity), r.insetBy(dx: -1, dy: -1), n)
    }
    static func ellipse(_ r: Rect, _ c: Color, _ n: Int) -> DisplayItem {
        item(.fill(.ellipse(in: r), transform: .identity, color: c, rule: .nonZero, opacity: 1), r.insetBy(dx: -1, dy: -1), n)
    }
    static let target = Rect(0, 0, 64, 48)

    /// Draws `list` on a grey target.
    static func draw(_ list: DisplayList) -> Bitmap {
        let b = Bitmap(width: list.width, height: list.height)
        let canvas = Canvas(b)
        canvas.clear(Color(0.5, 0.5, 0.5, 1))
        DisplayListRasterizer().draw(list, into: canvas)
        return b
    }

    @Test func fillsUnderAnOpaqueCoverOfTheTargetAreLeftOut() throws {
        var items: [DisplayItem] = []
        for i in 0..<3000 { items.append(Self.fill(Rect(-2, -2, 70, 52), Color(0, 0.8, 0.9, 1), i)) }
        items.append(Self.ellipse(Rect(10, 10, 30, 20), Color(1, 0, 0, 1), 3000))
        var list = DisplayList(width: 64, height: 48, items: items)
        let before = list
        #expect(list.drawnPixels > 3000 * 64 * 48 - 1)
        #expect(list.removeOccludedItems() == 2999)
        #expect(list.items.count == 2)
        #expect(list.drawnPixels < 2 * 64 * 48)
        #expect(try #require(Self.draw(list).difference(from: Self.draw(before), threshold: 0)).maxAbsolute == 0)
    }

    @Test func translucentCoversAndPartialCoversHideNothing() {
        // Opacity below 1, a translucent colour, a rectangle short of the target by a pixel.
        for cover in [Self.fill(Rect(0, 0, 64, 48), Color(0, 0, 1, 1), opacity: 0.99, 1),
                      Self.fill(Rect(0, 0, 64, 48), Color(0, 0, 1, 0.99), 1),
                      Self.fill(Rect(0, 0, 64, 47), Color(0, 0, 1, 1), 1)] {
            var list = DisplayList(width: 64, height: 48, items: [Self.fill(Rect(0, 0, 64, 48), .white, 0), cover])
            #expect(list.removeOccludedItems() == 0)
            #expect(list.items.count == 2)
        }
        // The cover's anti-aliased edge does not hide what lies under it.
        var edge = DisplayList(width: 64, height: 48, items: [Self.fill(Rect(10, 10, 10, 10), .white, 0),
                                                              Self.fill(Rect(10.5, 0, 40, 48), .black, 1)])
        #expect(edge.removeOccludedItems() == 0)
    }

    @Test func bracketsUnderACoverGoWholeAndCoversInsideBracketsHideNothing() throws {
        var items: [DisplayItem] = []
        items.append(Self.item(.beginGroup(x: 0, y: 0, width: 20, height: 20, opacity: 0.5), Rect(0, 0, 20, 20), 0))
        items.append(Self.fill(Rect(2, 2, 10, 10), .white, 1))
        items.append(Self.item(.endGroup, Rect(0, 0, 20, 20), 2))
        // An opaque cover inside a clip hides nothing outside it.
        items.append(Self.item(.beginClip(.rect(Rect(30, 0, 30, 48))), Rect(30, 0, 30, 48), 3))
        items.append(Self.fill(Rect(0, 0, 64, 48), Color(0, 1, 0, 1), 4))
        items.append(Self.item(.endClip, Rect(30, 0, 30, 48), 5))
        items.append(Self.ellipse(Rect(40, 10, 10, 10), Color(1, 0, 0, 1), 6))
        var inner = DisplayList(width: 64, height: 48, items: items)
        #expect(inner.removeOccludedItems() == 0)
        // A cover of the left half after them hides the group, not the clip nor the ellipse.
        items.append(Self.fill(Rect(0, 0, 25, 48), Color(0, 0, 0, 1), 7))
        var list = DisplayList(width: 64, height: 48, items: items)
        let before = list
        #expect(list.removeOccludedItems() == 3)
        #expect(list.items.map(\.key.slot) == [3, 4, 5, 6, 7])
        #expect(try #require(Self.draw(list).difference(from: Self.draw(before), threshold: 0)).maxAbsolute == 0)
    }

    @Test func drawnPixelsCountItemsWithinTheTargetAndGroupBitmaps() {
        let list = DisplayList(width: 64, height: 48, items: [
            Self.fill(Rect(-100, -100, 400, 400), .white, 0),  // clipped to the target: 64 × 48
            Self.item(.beginGroup(x: 0, y: 0, width: 10, height: 10, opacity: 0.5), Rect(0, 0, 10, 10), 1),
            Self.item(.fill(.rect(Rect(0, 0, 4, 4)), transform: .identity, color: .white, rule: .nonZero, opacity: 1),
                      Rect(0, 0, 4, 4), 2),
            Self.item(.endGroup, Rect(0, 0, 10, 10), 3),
        ])
        #expect(list.drawnPixels == 64 * 48 + 100 + 16)
    }
}
