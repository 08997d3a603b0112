// CGContext: text placed by its baseline origin, gradients through Raster's span painter.
import Testing
@testable import LayerKit
import Media
import TestSupport

@Suite(.freshAnimationContext) struct CGContextBaselineAndGradientTests {
    // CGContext.showTextAtPoint "Displays a character string at a position you specify": the
    // text position is the origin of the first glyph on the baseline, so an "H" stands on it.
    @Test func showTextPlacesTheBaselineAtThePoint() throws {
        TTFTextRenderer.installAsDefault()
        let ctx = CGContext(bitmap: Bitmap(width: 80, height: 50))
        ctx.setFontSize(20)
        ctx.setFillColor(.black)
        #expect(ctx.showText("H", at: Point(5, 30)) > 5)
        func ink(row y: Int) -> Int { (0..<80).filter { ctx.bitmap[$0, y] >> 24 > 128 }.count }
        #expect(ink(row: 29) > 0)           // the stems reach the baseline
        #expect(ink(row: 22) > 0)           // and rise above it
        for y in 31..<50 { #expect(ink(row: y) == 0, "row \(y) below the baseline") }
    }

    // The context's gradients paint through Raster's gradient span painter, whose ordered
    // dither breaks a slow ramp's bands: a ramp constant down each column varies down it.
    @Test func linearGradientPaintsThroughTheDitheredSpanPainter() throws {
        let ctx = CGContext(bitmap: Bitmap(width: 64, height: 8))
        let g = try #require(CGGradient(colors: [Color(0, 0, 0), Color(0.02, 0.02, 0.02)]))
        ctx.drawLinearGradient(g, start: Point(0, 0), end: Point(64, 0))
        var varying = 0
        for x in 0..<64 where Set((0..<8).map { ctx.bitmap[x, $0] }).count > 1 { varying += 1 }
        #expect(varying > 8)
        // Without the extend options nothing is painted beyond the ends.
        let short = CGContext(bitmap: Bitmap(width: 64, height: 8))
        let h = try #require(CGGradient(colors: [.red, .blue]))
        short.drawLinearGradient(h, start: Point(16, 0), end: Point(48, 0))
        #expect(short.bitmap[8, 4] >> 24 == 0 && short.bitmap[56, 4] >> 24 == 0 && short.bitmap[32, 4] >> 24 == 255)
        short.drawLinearGradient(h, start: Point(16, 0), end: Point(48, 0), options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        #expect(PixelScene.rgb(short.bitmap[2, 4]) == (255, 0, 0) && PixelScene.rgb(short.bitmap[62, 4]) == (0, 0, 255))
    }

    // Concentric circles: t grows with the distance d from the centre, d = r0 + t(r1 − r0);
    // nothing inside the start circle or outside the end circle without the options.
    @Test func concentricRadialGradientFollowsTheCircles() throws {
        let ctx = CGContext(bitmap: Bitmap(width: 100, height: 100))
        let g = try #require(CGGradient(colors: [.red, .blue]))
        ctx.drawRadialGradient(g, startCenter: Point(50, 50), startRadius: 10, endCenter: Point(50, 50), endRadius: 40)
        #expect(ctx.bitmap[50, 50] >> 24 == 0)              // inside the start circle
        #expect(ctx.bitmap[50, 95] >> 24 == 0)              // outside the end circle
        let mid = PixelScene.rgb(ctx.bitmap[75, 50])         // d = 25.5: t ≈ 0.52
        #expect(abs(mid.0 - 123) <= 4 && abs(mid.2 - 132) <= 4, "\(mid)")
    }
}
