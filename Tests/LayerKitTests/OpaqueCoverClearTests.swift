// LayerRenderer.draw leaves out the clear of the target when an opaque rectangle of the
// list covers it whole (DisplayList.coversTargetOpaquely): the frame must be the same as
// over a cleared target, and a list that does not cover it whole must still be cleared.

import Testing
@testable import LayerKit

@Suite(.freshAnimationContext) struct OpaqueCoverClearTests {
    /// A 40 × 30 root with a box on it; its background opaque or not.
    func scene(background: Color?, inset: Double = 0) -> CALayer {
        let root = CALayer()
        root.bounds = Rect(0, 0, 40 - 2 * inset, 30 - 2 * inset)
        root.position = Point(20, 15)
        root.backgroundColor = background
        let box = CALayer()
        box.bounds = Rect(0, 0, 10.5, 7.25)
        box.position = Point(13.3, 11.7)
        box.backgroundColor = Color(0.2, 0.6, 1, 0.5)
        root.addSublayer(box)
        return root
    }

    /// The frame drawn over a target holding `prior` in every pixel.
    func frame(_ root: CALayer, over prior: UInt32) -> Bitmap {
        let b = Bitmap(width: 40, height: 30)
        for i in 0..<(40 * 30) { b.pixels[i] = prior }
        LayerRenderer(background: .clear).draw(root, into: Canvas(b))
        return b
    }

    func same(_ a: Bitmap, _ b: Bitmap) -> Bool { (0..<(40 * 30)).allSatisfy { a.pixels[$0] == b.pixels[$0] } }

    @Test func anOpaqueFullCoverDrawsAsOverAClearedTarget() {
        let root = scene(background: Color(0.9, 0.1, 0.3, 1))
        let list = DisplayListBuilder().build(root, width: 40, height: 30)
        #expect(list.coversTargetOpaquely)
        #expect(same(frame(root, over: 0xff00ff00), frame(root, over: 0)))
    }

    @Test func withoutAFullOpaqueCoverTheTargetIsCleared() {
        for root in [scene(background: Color(0.9, 0.1, 0.3, 0.99)), scene(background: Color(0.9, 0.1, 0.3, 1), inset: 0.5),
                     scene(background: nil)] {
            #expect(!DisplayListBuilder().build(root, width: 40, height: 30).coversTargetOpaquely)
            #expect(same(frame(root, over: 0xff00ff00), frame(root, over: 0)))
        }
    }
}
