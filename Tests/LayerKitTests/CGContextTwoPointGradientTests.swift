// CGContext.drawRadialGradient between circles of different centres, against Cairo's
// RadialGradient(cx0, cy0, r0, cx1, cy1, r1) with the same stops (scripts/test/style-references.py,
// `two_point`): both options set against EXTEND_PAD, neither against EXTEND_NONE. The raster
// corpus's Cairo tolerance: mean |Δ| ≤ 2/255, at most 1 % of pixels off by more than 16.
import Testing
@testable import LayerKit
import TestSupport

@Suite(.freshAnimationContext) struct CGContextTwoPointGradientTests {
    /// A 160 × 80 white context with the two-point gradient of the reference stops drawn over it.
    func render(_ c0: Point, _ r0: Double, _ c1: Point, _ r1: Double, options: CGGradientDrawingOptions) -> Bitmap {
        let b = Bitmap(width: 160, height: 80)
        let ctx = CGContext(bitmap: b)
        ctx.setFillColor(.white)
        ctx.fill(Rect(0, 0, 160, 80))
        let g = CGGradient(colors: StyleReferenceTests.colors, locations: StyleReferenceTests.locations)!
        ctx.drawRadialGradient(g, startCenter: c0, startRadius: r0, endCenter: c1, endRadius: r1, options: options)
        return b
    }

    func compare(_ b: Bitmap, _ name: String) throws {
        try expectSimilar(b, toPNGAt: StyleReferenceTests.references.readURL(name), name: name,
                          tolerance: StyleReferenceTests.tolerance,
                          writingFailuresTo: StyleReferenceTests.references.actualURL(name))
    }

    // "Paints a gradient fill that varies along the area defined by the provided starting and
    // ending circles" (CGContext.drawRadialGradient), extended before the start and after the
    // end by drawsBeforeStartLocation and drawsAfterEndLocation.
    @Test func twoPointRadialGradientWithBothOptionsMatchesCairoPad() throws {
        try compare(render(Point(50, 40), 6, Point(95, 35), 40, options: [.drawsBeforeStartLocation, .drawsAfterEndLocation]),
                    "radial_two_point_extended.cairo")
    }

    // Without the options only the circles from t = 0 to t = 1 are painted: a cone from the
    // small circle to the large one, the rest left as it was.
    @Test func twoPointRadialGradientWithoutOptionsMatchesCairoNone() throws {
        try compare(render(Point(30, 40), 12, Point(120, 45), 28, options: []), "radial_two_point_cone.cairo")
    }

    // The options extend each side on its own: drawsBeforeStartLocation alone paints the
    // cone's continuation behind the start circle in the first colour, and nothing beyond the
    // end circle; drawsAfterEndLocation alone the opposite.
    @Test func twoPointRadialGradientOptionsExtendOneSideEach() {
        let before = render(Point(30, 40), 12, Point(120, 45), 28, options: [.drawsBeforeStartLocation])
        let after = render(Point(30, 40), 12, Point(120, 45), 28, options: [.drawsAfterEndLocation])
        // (12, 40): behind the start circle, on the cone's extension toward its apex.
        #expect(PixelScene.rgb(before[12, 40]).0 > 200 && PixelScene.rgb(before[12, 40]).2 < 90)
        #expect(before[12, 40] != 0xFFFF_FFFF && after[12, 40] == 0xFFFF_FFFF)
        // (155, 46): beyond the end circle (it reaches x = 148).
        #expect(PixelScene.rgb(after[155, 46]).2 > 200 && before[155, 46] == 0xFFFF_FFFF)
    }

    // The painter's parameter is the largest allowed root of the circle equation: on the
    // axis between the centres the circle through a point is found exactly.
    @Test func twoPointConicalParameterIsTheLargestAllowedRoot() {
        let g = TwoPointConicalGradient(stops: [GradientStop(location: 0, color: .black)],
                                        startCenter: Point(0, 0), startRadius: 10, endCenter: Point(100, 0), endRadius: 30,
                                        extendsBefore: false, extendsAfter: false)
        // (85, 0) lies on two circles: t = 0.625 (centre 62.5, radius 22.5) and t = 1.1875
        // (centre 118.75, radius 33.75). Without the extension after the end only the first is
        // allowed; with it the later circle, painted over the earlier one, wins.
        #expect(abs((g.parameter(at: Point(85, 0)) ?? -1) - 0.625) < 1e-12)
        var extended = g
        extended.extendsAfter = true
        #expect(abs((extended.parameter(at: Point(85, 0)) ?? -1) - 1.1875) < 1e-12)
        // (140, 0) lies only on circles after the end (t = 13/12 and t = 1.875).
        #expect(g.parameter(at: Point(140, 0)) == nil)
        #expect(abs((extended.parameter(at: Point(140, 0)) ?? -1) - 1.875) < 1e-12)
    }
}
