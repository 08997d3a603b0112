// A rendered text bitmap is kept cut to its painted pixels and two transparent ones around
// them, placed where they were (CATextLayer+Display.swift, `TextImage`).
import Testing
import Raster
@testable import LayerKit

@Suite struct TextImageTests {
    @Test func keepsThePaintedPixelsAndAMargin() {
        let b = Bitmap(width: 60, height: 40)
        b[10, 7] = 0x8000_0000
        b[31, 20] = 0xFF11_2233
        let t = TextImage(b)
        #expect(t.width == 60 && t.height == 40)
        #expect(t.x == 8 && t.y == 5)
        let p = try! #require(t.painted)
        #expect(p.width == 31 - 10 + 1 + 4 && p.height == 20 - 7 + 1 + 4)
        #expect(p[10 - t.x, 7 - t.y] == 0x8000_0000 && p[31 - t.x, 20 - t.y] == 0xFF11_2233)
        // Every pixel cut away was transparent.
        var cut = 0
        for y in 0..<40 { for x in 0..<60 where !(x >= t.x && x < t.x + p.width && y >= t.y && y < t.y + p.height) {
            cut += b[x, y] == 0 ? 0 : 1
        } }
        #expect(cut == 0)
    }

    @Test func theMarginStopsAtTheEdges() {
        let b = Bitmap(width: 8, height: 6)
        b[0, 0] = 0xFF00_0000
        b[7, 5] = 0xFF00_0000
        let t = TextImage(b)
        #expect(t.x == 0 && t.y == 0 && t.painted === b)
    }

    @Test func nothingPaintedKeepsNoPixels() {
        let t = TextImage(Bitmap(width: 12, height: 9))
        #expect(t.painted == nil && t.width == 12 && t.height == 9)
    }
}
