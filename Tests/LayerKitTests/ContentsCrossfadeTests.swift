// The default action of `contents` crossfades between the two images.
import Testing
@testable import LayerKit
import TestSupport

@Suite(.freshAnimationContext) struct ContentsCrossfadeTests {
    static func frame(_ root: CALayer, at t: Double) -> Bitmap {
        CAAnimationContext.current.clock.manualTime = t
        CAAnimationEngine.current.tick(at: t)
        let b = Bitmap(width: 40, height: 30)
        LayerRenderer(scale: 1).draw(root.presentation()!, into: Canvas(b))
        return b
    }

    // Core Animation Programming Guide, Table B-1: contents "Uses the default implied
    // CABasicAnimation object"; an animation of contents between two images interpolates the
    // images (a cross-dissolve over its progress), not a switch at the midpoint.
    @Test func contentsAnimationCrossfadesTheTwoImages() {
        let root = CALayer(), l = CALayer()
        let red = PixelScene.image(1, 1, [0xFFFF_0000]), blue = PixelScene.image(1, 1, [0xFF00_00FF])
        CATransaction.begin(); CATransaction.setDisableActions(true)
        root.bounds = Rect(0, 0, 40, 30); root.position = Point(20, 15)
        l.bounds = Rect(0, 0, 40, 30); l.position = Point(20, 15); l.contents = red
        root.addSublayer(l)
        CATransaction.commit()
        CAAnimationEngine.current.tick(at: 0)
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setAnimationTimingFunction(.linear)
        l.contents = blue                               // the implicit action
        CATransaction.commit()
        #expect(l.animation(forKey: "contents") is CABasicAnimation)
        let quarter = PixelScene.rgb(Self.frame(root, at: 0.25)[20, 15])
        #expect(abs(quarter.0 - 191) <= 2 && quarter.1 == 0 && abs(quarter.2 - 64) <= 2, "\(quarter)")
        let half = PixelScene.rgb(Self.frame(root, at: 0.5)[20, 15])
        #expect(abs(half.0 - 128) <= 2 && abs(half.2 - 128) <= 2, "\(half)")
        #expect(PixelScene.rgb(Self.frame(root, at: 1.01)[20, 15]) == (0, 0, 255))
        // The presentation copy shows the image it goes to.
        CAAnimationContext.current.clock.manualTime = 0.25
        #expect(l.presentation()?.contents == blue)
    }
}
