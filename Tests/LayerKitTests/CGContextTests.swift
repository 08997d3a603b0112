// Tests of the Core Graphics-style context: a golden scene drawn through a layer delegate,
// and pixel checks of each drawing rule.

import Foundation
import Testing
@testable import LayerKit
import Media
import TestSupport

/// The Core Graphics-style context: one golden of a scene drawn through a layer delegate
/// (paths, even-odd fill, dashed stroke, CTM with save/restore, clip, gradients, image,
/// text), and pixel checks of each rule that hold whatever the golden says.
@Suite(.freshAnimationContext) struct CGContextTests {
    static let goldens = GoldenFolder(
        sourceDirectory: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens"),
        bundle: Bundle.module, bundleSubdirectory: "Goldens", failurePrefix: "layerkit")

    /// A context over a clear `w` × `h` bitmap.
    func context(_ w: Int, _ h: Int) -> CGContext { CGContext(bitmap: Bitmap(width: w, height: h)) }

    func rgba(_ b: Bitmap, _ x: Int, _ y: Int) -> (Int, Int, Int, Int) {
        let p = b[x, y]
        return (Int(p >> 16 & 0xff), Int(p >> 8 & 0xff), Int(p & 0xff), Int(p >> 24))
    }

    /// Draws the golden scene (120 × 90 points).
    final class SceneDelegate: CALayerDelegate {
        func draw(_ layer: CALayer, in ctx: CGContext) {
            // A vertical ramp over the whole clip.
            ctx.drawLinearGradient(CGGradient(colors: [Color(0.75, 0.85, 1), .white])!,
                                   start: Point(0, 0), end: Point(0, 90))
            // A pentagram filled even-odd: its centre stays empty.
            ctx.setFillColor(Color(0.95, 0.6, 0.1))
            for i in 0..<5 {
                let a = -Double.pi / 2 + Double(i) * 4 * Double.pi / 5
                let p = Point(25 + 18 * cos(a), 25 + 18 * sin(a))
                if i == 0 { ctx.move(to: p) } else { ctx.addLine(to: p) }
            }
            ctx.closePath()
            ctx.fillPath(using: .evenOdd)
            // A dashed, round-capped curve: a cubic then a quadratic.
            ctx.setStrokeColor(Color(0.1, 0.3, 0.8))
            ctx.setLineWidth(3)
            ctx.setLineCap(.round)
            ctx.setLineDash(phase: 0, lengths: [6, 5])
            ctx.move(to: Point(50, 10))
            ctx.addCurve(to: Point(105, 12), control1: Point(65, 40), control2: Point(90, -15))
            ctx.addQuadCurve(to: Point(108, 40), control: Point(125, 25))
            ctx.strokePath()
            // A rotated square with a mitred outline, inside save/restore.
            ctx.saveGState()
            ctx.translateBy(x: 25, y: 65)
            ctx.rotate(by: Double.pi / 6)
            ctx.setFillColor(Color(0.2, 0.7, 0.3))
            ctx.setStrokeColor(.black)
            ctx.setLineDash(phase: 0, lengths: [])
            ctx.setLineJoin(.miter)
            ctx.setLineWidth(2)
            ctx.fill(Rect(-12, -12, 24, 24))
            ctx.stroke(Rect(-12, -12, 24, 24))
            ctx.restoreGState()
            // A radial gradient clipped to a circle.
            ctx.saveGState()
            ctx.addEllipse(in: Rect(52, 50, 34, 34))
            ctx.clip()
            ctx.drawRadialGradient(CGGradient(colors: [.white, Color(0.8, 0.1, 0.3)], locations: [0, 1])!,
                                   startCenter: Point(62, 60), startRadius: 0, endCenter: Point(69, 67), endRadius: 17,
                                   options: [.drawsAfterEndLocation])
            ctx.restoreGState()
            // A checkerboard image, flipped around the call as UIImage.draw(in:) does.
            let image = Bitmap(width: 4, height: 4)
            for y in 0..<4 { for x in 0..<4 { image[x, y] = (x + y) % 2 == 0 ? 0xFF20_2020 : 0xFFF0_F0F0 } }
            image[0, 0] = 0xFFFF_0000
            ctx.saveGState()
            ctx.translateBy(x: 0, y: 90)
            ctx.scaleBy(x: 1, y: -1)
            ctx.draw(image, in: Rect(92, 4, 16, 16)) // top left of the image at (92, 70) on screen
            ctx.restoreGState()
            // Text at half alpha.
            ctx.setAlpha(0.8)
            ctx.setFillColor(Color(0.3, 0.1, 0.5))
            ctx.setFontSize(14)
            ctx.showText("CG", at: Point(90, 46 + ctx.textAscent()))   // the line box's top at y = 46
        }
    }

    @Test func drawnSceneGolden() throws {
        TTFTextRenderer.installAsDefault()
        let root = CALayer()
        root.bounds = Rect(0, 0, 120, 90)
        root.position = Point(60, 45)
        let delegate = SceneDelegate()
        let l = CALayer()
        l.bounds = Rect(0, 0, 120, 90)
        l.position = Point(60, 45)
        l.contentsScale = 2
        l.delegate = delegate
        l.setNeedsDisplay()
        root.addSublayer(l)
        let b = Bitmap(width: 240, height: 180)
        LayerRenderer(scale: 2, background: .white).draw(root, into: Canvas(b))
        #expect(rgba(b, 50, 50).0 > 200)              // the star's centre is the ramp, not orange
        #expect(rgba(b, 50, 130) == (51, 179, 77, 255)) // the rotated square's centre
        try expectGolden(b, "cgcontext_scene", in: Self.goldens,
                         tolerance: GoldenTolerance(threshold: 2, maxMeanAbsolute: 0.05.nextDown, maxShareOverThreshold: 0))
        withExtendedLifetime(delegate) {}
    }

    // MARK: Rules, pixel by pixel

    @Test func ctmMapsUserSpaceAndRestoreUndoesIt() {
        let ctx = context(40, 40)
        ctx.saveGState()
        ctx.translateBy(x: 10, y: 20)
        ctx.scaleBy(x: 2, y: 2)
        ctx.setFillColor(.red)
        ctx.fill(Rect(0, 0, 5, 5))                     // device (10, 20)–(20, 30)
        ctx.restoreGState()
        #expect(ctx.ctm == .identity)
        ctx.fill(Rect(0, 0, 4, 4))                     // black again after the restore
        #expect(rgba(ctx.bitmap, 15, 25) == (255, 0, 0, 255))
        #expect(rgba(ctx.bitmap, 21, 25).3 == 0)
        #expect(rgba(ctx.bitmap, 2, 2) == (0, 0, 0, 255))
        ctx.concatenate(.rotation(Double.pi / 2))      // +x becomes +y
        ctx.setFillColor(.blue)
        ctx.fill(Rect(30, -4, 4, 4))                   // device x 0…4, y 30…34
        #expect(rgba(ctx.bitmap, 2, 32) == (0, 0, 255, 255))
    }

    @Test func pathIsMappedWhenAddedNotWhenFilled() {
        let ctx = context(40, 40)
        ctx.move(to: Point(0, 0))
        ctx.addLine(to: Point(10, 0)); ctx.addLine(to: Point(10, 10)); ctx.addLine(to: Point(0, 10))
        ctx.closePath()
        ctx.translateBy(x: 20, y: 20)                  // after the path: it does not move it
        ctx.fillPath()
        #expect(rgba(ctx.bitmap, 5, 5) == (0, 0, 0, 255))
        #expect(rgba(ctx.bitmap, 25, 25).3 == 0)
        #expect(ctx.isPathEmpty)
    }

    @Test func strokeWidthIsInUserSpaceAtStrokeTime() {
        let ctx = context(60, 20)
        ctx.move(to: Point(5, 10)); ctx.addLine(to: Point(55, 10))
        ctx.setLineWidth(4)
        ctx.scaleBy(x: 1, y: 2)                        // width 4 user → 8 device pixels tall
        ctx.setStrokeColor(.black)
        ctx.strokePath()
        #expect(rgba(ctx.bitmap, 30, 7).3 == 255)
        #expect(rgba(ctx.bitmap, 30, 13).3 == 255)
        #expect(rgba(ctx.bitmap, 30, 15).3 == 0)
    }

    @Test func dashesLeaveGaps() {
        let ctx = context(60, 10)
        ctx.setLineWidth(4)
        ctx.setLineDash(phase: 0, lengths: [10, 10])
        ctx.move(to: Point(0, 5)); ctx.addLine(to: Point(60, 5))
        ctx.strokePath()
        #expect(rgba(ctx.bitmap, 5, 5).3 == 255)       // dash 0…10
        #expect(rgba(ctx.bitmap, 15, 5).3 == 0)        // gap 10…20
        #expect(rgba(ctx.bitmap, 25, 5).3 == 255)
    }

    @Test func arcClockwiseIsCoreGraphicsSense() {
        // In a y-down space Core Graphics' clockwise arc turns counterclockwise on screen.
        for clockwise in [false, true] {
            let ctx = context(40, 40)
            ctx.move(to: Point(20, 20))
            ctx.addArc(center: Point(20, 20), radius: 16, startAngle: 0, endAngle: Double.pi / 2, clockwise: clockwise)
            ctx.closePath()
            ctx.fillPath()
            let bottomRight = rgba(ctx.bitmap, 27, 27).3, topLeft = rgba(ctx.bitmap, 13, 13).3
            #expect(bottomRight == (clockwise ? 0 : 255))
            #expect(topLeft == (clockwise ? 255 : 0))
        }
    }

    @Test func mutablePathArcsAsTheContextDoes() {
        for clockwise in [false, true] {
            let viaContext = context(40, 40), viaPath = context(40, 40)
            viaContext.move(to: Point(20, 20))
            viaContext.addArc(center: Point(20, 20), radius: 16, startAngle: 0, endAngle: 2, clockwise: clockwise)
            viaContext.closePath()
            viaContext.fillPath()
            let p = CGMutablePath()
            p.move(to: Point(20, 20))
            p.addArc(center: Point(20, 20), radius: 16, startAngle: 0, endAngle: 2, clockwise: clockwise)
            p.closeSubpath()
            viaPath.addPath(p)
            viaPath.fillPath()
            #expect(viaContext.bitmap.difference(from: viaPath.bitmap)?.maxAbsolute == 0)
            #expect(rgba(viaPath.bitmap, 27, 27).3 == (clockwise ? 0 : 255))
        }
    }

    @Test func evenOddAndWindingDiffer() {
        for rule in [CGPathFillRule.winding, .evenOdd] {
            let ctx = context(30, 30)
            ctx.addRect(Rect(0, 0, 30, 30))
            ctx.addRect(Rect(10, 10, 10, 10))
            ctx.fillPath(using: rule)
            #expect(rgba(ctx.bitmap, 15, 15).3 == (rule == .winding ? 255 : 0))
            #expect(rgba(ctx.bitmap, 5, 5).3 == 255)
        }
    }

    @Test func clipToRectAndToPath() {
        let ctx = context(40, 40)
        ctx.saveGState()
        ctx.clip(to: Rect(0, 0, 20, 40))
        ctx.addEllipse(in: Rect(0, 0, 40, 40))
        ctx.clip()
        #expect(ctx.boundingBoxOfClipPath == Rect(0, 0, 20, 40))
        ctx.fill(Rect(0, 0, 40, 40))
        ctx.restoreGState()
        #expect(rgba(ctx.bitmap, 15, 20).3 == 255)     // inside both
        #expect(rgba(ctx.bitmap, 25, 20).3 == 0)       // outside the rectangle
        #expect(rgba(ctx.bitmap, 1, 1).3 == 0)         // outside the circle
        ctx.fill(Rect(30, 30, 5, 5))                   // the restore lifted the clip
        #expect(rgba(ctx.bitmap, 32, 32).3 == 255)
    }

    @Test func clipToRectDiscardsThePath() {
        let ctx = context(20, 20)
        ctx.addRect(Rect(0, 0, 20, 20))
        ctx.clip(to: Rect(0, 0, 10, 20))
        #expect(ctx.isPathEmpty)                       // as CGContextClipToRect resets it
    }

    @Test func clipsIntersectAndAntialias() {
        let ctx = context(40, 40)
        ctx.addEllipse(in: Rect(0, 0, 30, 30)); ctx.clip()
        ctx.addEllipse(in: Rect(10, 10, 30, 30)); ctx.clip()
        ctx.fill(Rect(0, 0, 40, 40))
        #expect(rgba(ctx.bitmap, 20, 20).3 == 255)     // in the lens
        #expect(rgba(ctx.bitmap, 5, 15).3 == 0)        // in the first circle only
        #expect(rgba(ctx.bitmap, 35, 25).3 == 0)       // in the second only
        // Somewhere on the lens rim coverage is partial.
        let rim = (0..<40).map { rgba(ctx.bitmap, $0, 20).3 }
        #expect(rim.contains { $0 > 0 && $0 < 255 })
    }

    @Test func linearGradientColourAtKnownPoints() {
        let ctx = context(256, 4)
        let g = CGGradient(colors: [.black, .white])!
        ctx.drawLinearGradient(g, start: Point(0, 0), end: Point(256, 0))
        for x in [0, 64, 128, 200, 255] {
            let (r, gg, b, a) = rgba(ctx.bitmap, x, 2)
            #expect(a == 255)
            #expect(abs(r - (x * 255 + 127) / 255) <= 1 && r == gg && gg == b)
        }
    }

    @Test func gradientExtendsOnlyWithOptions() {
        let g = CGGradient(colors: [.red, .blue])!
        let plain = context(40, 4), extended = context(40, 4)
        plain.drawLinearGradient(g, start: Point(10, 0), end: Point(30, 0))
        extended.drawLinearGradient(g, start: Point(10, 0), end: Point(30, 0),
                                    options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        #expect(rgba(plain.bitmap, 5, 2).3 == 0 && rgba(plain.bitmap, 35, 2).3 == 0)
        #expect(rgba(extended.bitmap, 5, 2) == (255, 0, 0, 255))
        #expect(rgba(extended.bitmap, 35, 2) == (0, 0, 255, 255))
    }

    @Test func radialGradientBetweenConcentricCircles() {
        let ctx = context(41, 41)
        let g = CGGradient(colors: [.white, .black], locations: [0, 1])!
        ctx.drawRadialGradient(g, startCenter: Point(20.5, 20.5), startRadius: 0,
                               endCenter: Point(20.5, 20.5), endRadius: 20)
        #expect(rgba(ctx.bitmap, 20, 20).0 >= 250)               // the centre: white
        let mid = rgba(ctx.bitmap, 30, 20).0                     // 10 of 20 out: grey
        #expect(abs(mid - 128) <= 3)
        #expect(rgba(ctx.bitmap, 0, 0).3 == 0)                   // beyond the end circle: unpainted
    }

    @Test func gradientsInterpolateUnpremultiplied() {
        let g = CGGradient(colors: [Color(1, 1, 1, 1), Color(1, 1, 1, 0)])!
        let mid = g.color(at: 0.5)
        #expect(mid == Color(1, 1, 1, 0.5))
        #expect(CGGradient(colors: [.red], locations: [0, 1]) == nil)
        #expect(CGGradient(colors: []) == nil)
    }

    @Test func imagesStandOnCoreGraphicsRows() {
        // Rows run towards −y of user space: unflipped, the first row lands at the bottom.
        let image = Bitmap(width: 1, height: 2)
        image[0, 0] = 0xFFFF_0000; image[0, 1] = 0xFF00_00FF
        let ctx = context(10, 20)
        ctx.draw(image, in: Rect(0, 0, 10, 20))
        #expect(rgba(ctx.bitmap, 5, 2) == (0, 0, 255, 255))
        #expect(rgba(ctx.bitmap, 5, 17) == (255, 0, 0, 255))
    }

    @Test func alphaAndClear() {
        let ctx = context(20, 20)
        ctx.setAlpha(0.5)
        ctx.setFillColor(.white)
        ctx.fill(Rect(0, 0, 20, 20))
        #expect(rgba(ctx.bitmap, 10, 10) == (128, 128, 128, 128))
        ctx.clear(Rect(0, 0, 10, 20))
        #expect(rgba(ctx.bitmap, 5, 10).3 == 0)
        #expect(rgba(ctx.bitmap, 15, 10).3 == 128)
    }

    @Test func clearUnderAPathClip() {
        let ctx = context(40, 40)
        ctx.fill(Rect(0, 0, 40, 40))
        ctx.addEllipse(in: Rect(0, 0, 40, 40))
        ctx.clip()
        ctx.clear(Rect(0, 0, 40, 40))
        #expect(rgba(ctx.bitmap, 20, 20).3 == 0)       // inside the clip: erased
        #expect(rgba(ctx.bitmap, 1, 1).3 == 255)       // outside it: kept
        ctx.setFillColor(.red)
        ctx.fill(Rect(0, 0, 40, 40))                   // the scratch was left clean: no stale pixels
        #expect(rgba(ctx.bitmap, 20, 20) == (255, 0, 0, 255))
        #expect(rgba(ctx.bitmap, 1, 1) == (0, 0, 0, 255))
    }

    @Test func textUsesTheTextLayerRenderer() throws {
        TTFTextRenderer.installAsDefault()
        let ctx = context(80, 30)
        ctx.setFontSize(20)
        let w = ctx.showText("Hi", at: Point(5, 2 + ctx.textAscent()))   // the line box's top at y = 2
        #expect(w > 10)
        var ink = 0
        for y in 0..<30 { for x in 0..<80 where ctx.bitmap[x, y] >> 24 > 0 { ink += 1 } }
        #expect(ink > 20)
        #expect(rgba(ctx.bitmap, 2, 15).3 == 0)        // nothing left of the text position
    }
}
