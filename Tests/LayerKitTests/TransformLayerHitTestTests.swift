// Hit testing passes over transform layers to their sublayers in 3D (CATransformLayer.h).
import Testing
@testable import LayerKit
import TestSupport

@Suite(.serialized, .freshAnimationContext) struct TransformLayerHitTestTests {
    func hitName(_ root: CALayer, _ x: Double, _ y: Double) -> String? {
        root.hitTest(Point(x, y))?.name
    }

    // "CALayer will pass over transform layers directly to their sublayers, applying the
    // effects of the transform layer's geometry when hit-testing each sublayer": the face
    // nearest the eye is hit — the front face at the centre of an unturned cube, though the
    // back face (at z = −50, same outline) comes later in drawing order; turned half round,
    // the back face; turned 0.3 rad, the left face where it shows beside the front one.
    @Test func transformLayerPassesHitTestsToItsSublayersIn3D() {
        let s = TransformLayerTests()
        #expect(hitName(s.cube(turn: 0).root, 100, 100) == "front")
        #expect(hitName(s.cube(turn: .pi).root, 100, 100) == "back")
        let turned = s.cube(turn: 0.3).root
        #expect(hitName(turned, 100, 100) == "front")
        #expect(hitName(turned, 46, 100) == "left")
        #expect(hitName(turned, 160, 100) == "front")
    }

    // "the -hitTest: method should never be called on transform layers (they do not have a
    // 2D coordinate space into which to map the supplied point.)": a transform layer is never
    // the hit itself, and its masksToBounds (ignored, as all 2D image processing) cuts nothing.
    @Test func transformLayerIsNeverItselfHit() {
        let root = MoreLayersGoldens.root(200, 200)
        let t = CATransformLayer()
        t.name = "transform"
        t.bounds = Rect(0, 0, 100, 100); t.position = Point(100, 100); t.masksToBounds = true
        let face = CALayer()
        face.name = "face"
        face.bounds = Rect(0, 0, 20, 20); face.position = Point(130, 10)   // reaching past t's bounds
        t.addSublayer(face)
        root.addSublayer(t)
        #expect(root.hitTest(Point(100, 100)) === root)     // inside t's bounds, on no sublayer
        #expect(hitName(root, 175, 60) == "face")           // outside t's bounds, on the face
        let plain = CALayer()
        plain.bounds = t.bounds; plain.position = t.position
        #expect(plain.hitTest(Point(100, 100)) === plain)   // what a flat layer would do
    }
}
