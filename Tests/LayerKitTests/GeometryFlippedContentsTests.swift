// Under a geometry-flipped superlayer, contents keep their orientation while drawing of a
// layer's own follows the flipped geometry.
import Testing
@testable import LayerKit
import TestSupport

@Suite(.freshAnimationContext) struct GeometryFlippedContentsTests {
    // CALayer.h, geometryFlipped: "Note that even when geometry is flipped, image orientation
    // remains the same (i.e. a CGImageRef stored in the `contents' property will display the
    // same with both flipped=NO and flipped=YES, assuming no transform on the layer)."
    @Test func contentsOfSublayersStayUpright() {
        for flipped in [false, true] {
            let holder = CALayer()
            holder.frame = Rect(0, 0, 40, 40)
            holder.isGeometryFlipped = flipped
            let l = CALayer()
            l.frame = Rect(0, 0, 40, 40)
            l.contents = PixelScene.image(1, 2, [0xFFFF_0000, 0xFF00_00FF])   // red above blue
            holder.addSublayer(l)
            let b = PixelScene.render(PixelScene.root(40, 40, [holder]), 40, 40)
            #expect(PixelScene.rgb(b[20, 3]) == (255, 0, 0), "flipped \(flipped)")
            #expect(PixelScene.rgb(b[20, 36]) == (0, 0, 255), "flipped \(flipped)")
            #expect(l.contentsAreFlipped() == flipped)
        }
    }

    final class TopBand: CALayerDelegate {
        func draw(_ layer: CALayer, in ctx: CGContext) {
            ctx.setFillColor(.red)
            ctx.fill(Rect(0, 0, 40, 10))
        }
    }

    // CALayer.h, contentsAreFlipped: "When this method returns true the CGContextRef object
    // passed to -drawInContext: by the default -display method will have been y-flipped":
    // what a layer draws at y 0 sits at the bottom under a flipped superlayer, like a
    // sublayer at y 0.
    @Test func drawingFollowsTheFlippedGeometry() {
        let holder = CALayer()
        holder.frame = Rect(0, 0, 40, 40)
        holder.isGeometryFlipped = true
        let delegate = TopBand()
        let l = CALayer()
        l.frame = Rect(0, 0, 40, 40)
        l.delegate = delegate
        l.setNeedsDisplay()
        holder.addSublayer(l)
        let b = PixelScene.render(PixelScene.root(40, 40, [holder]), 40, 40)
        #expect(PixelScene.rgb(b[20, 35]) == (255, 0, 0))
        #expect(PixelScene.rgb(b[20, 4]) == (255, 255, 255))
    }
}
