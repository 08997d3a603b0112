import Testing
@testable import LayerKit
import TestSupport

/// The default action of `contents` crossfades between the two images.
@Suite(.freshAnimationContext) struct ContentsCrossfadeTests {
    typealias M = AnimationModelTests

    static func image(_ argb: UInt32) -> ImageRef {
        let b = Bitmap(width: 4, height: 4)
        for y in 0..<4 { for x in 0..<4 { b[x, y] = argb } }
        return ImageRef(b)
    }

    // Core Animation's implicit action for `contents` is a basic animation of the key, and
    // an animation of contents between two images interpolates the images (a crossfade),
    // not a switch at the midpoint.
    @Test func contentsAnimationCrossfadesTheTwoImages() {
        let (root, l) = M.tree(CALayer())
        let red = Self.image(0xffff_0000), blue = Self.image(0xff00_00ff)
        CATransaction.begin(); CATransaction.setDisableActions(true)
        root.bounds = Rect(0, 0, 40, 30); root.position = Point(20, 15)
        l.bounds = Rect(0, 0, 40, 30); l.position = Point(20, 15); l.contents = red
        CATransaction.commit()
        CAAnimationEngine.current.tick(at: 0)
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setAnimationTimingFunction(.linear)
        l.contents = blue                               // the implicit action
        CATransaction.commit()
        #expect(l.animation(forKey: "contents") is CABasicAnimation)
        let quarter = M.rgb(M.frame(root, at: 0.25)[20, 15])
        #expect(abs(quarter.0 - 191) <= 2 && quarter.1 == 0 && abs(quarter.2 - 64) <= 2, "\(quarter)")
        let half = M.rgb(M.frame(root, at: 0.5)[20, 15])
        #expect(abs(half.0 - 128) <= 2 && abs(half.2 - 128) <= 2, "\(half)")
        #expect(M.rgb(M.frame(root, at: 1.01)[20, 15]) == (0, 0, 255))
        // The presentation copy shows the image it goes to, with the fade beside it.
        CAAnimationContext.current.clock.manualTime = 0.25
        #expect(l.presentation(at: 0.25).contents == blue)
    }
}
