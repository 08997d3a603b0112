// Tests of the open-font cache: bounded, least recently used closed first, and text drawn the
// same after its font was closed and opened again.

import Testing
@testable import Media
import Raster

@Suite struct OpenFontCacheTests {
    /// A fake font handle: the pointer's bits are the number.
    static func handle(_ n: Int) -> OpaquePointer { OpaquePointer(bitPattern: n)! }

    @Test func theLeastRecentlyUsedFontIsClosedWhenFull() {
        var closed: [Int] = []
        var cache = OpenFontCache<Int>(capacity: 3, close: { closed.append(Int(bitPattern: UnsafeRawPointer($0))) })
        for k in 1...3 { _ = cache.font(k) { Self.handle(k * 16) } }
        _ = cache.font(1) { Issue.record("1 is open"); return nil }  // 2 is now the oldest
        _ = cache.font(4) { Self.handle(64) }
        #expect(closed == [32])
        #expect(cache.count == 3)
        var opened = false
        _ = cache.font(2) { opened = true; return Self.handle(32) }
        #expect(opened && closed == [32, 48])
        cache.removeAll()
        #expect(Set(closed) == [16, 32, 48, 64] && closed.count == 5 && cache.count == 0)
    }

    @Test func aFontThatFailsToOpenIsNotKept() {
        var cache = OpenFontCache<Int>(capacity: 2, close: { _ in Issue.record("nothing to close") })
        #expect(cache.font(7) { nil } == nil)
        #expect(cache.count == 0)
    }

    /// A text layer whose size sweeps 200 pixel sizes keeps at most `maximumOpenFonts` open,
    /// and a string drawn after its font was closed and reopened is the same bitmap.
    @Test func textAtManySizesKeepsTheOpenFontsBounded() throws {
        let r = try #require(TTFTextRenderer(), "SDL_ttf or the DejaVu font is missing")
        let red = Color(r: 1, g: 0, b: 0, a: 1)
        let first = try #require(r.render("Core Animation", fontSize: 12, color: red))
        for size in 13...212 { _ = r.render("Core Animation", fontSize: Double(size), color: red) }
        #expect(r.fonts.count == TTFTextRenderer.maximumOpenFonts)
        let again = try #require(r.render("Core Animation", fontSize: 12, color: red))
        #expect(again.width == first.width && again.height == first.height)
        #expect((0..<first.pixelCount).allSatisfy { first.pixels[$0] == again.pixels[$0] })
    }
}
