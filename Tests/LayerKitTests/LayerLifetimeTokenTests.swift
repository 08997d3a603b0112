// Weak references to layers go through the layer's lifetime token (`WeakLayerReference`), so
// that layers keep their reference counts inline: the reference answers the layer while it
// lives and nil once it is gone, for the animation engine's name of an animation's layer.
import Testing
@testable import LayerKit

@Suite(.freshAnimationContext) struct LayerLifetimeTokenTests {
    @Test func aWeakLayerReferenceGoesNilWithTheLayer() {
        var reference = WeakLayerReference(nil)
        #expect(reference.layer == nil)
        do {
            let layer = CALayer()
            reference = WeakLayerReference(layer)
            #expect(reference.layer === layer)
            #expect(layer.lifetimeToken === layer.lifetimeToken)
        }
        #expect(reference.layer == nil)
    }

    @Test func theEngineForgetsALayerThatWentAway() {
        var stored: CAAnimation? = nil
        do {
            let layer = CALayer()
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = .number(0); fade.toValue = .number(1); fade.duration = 1
            layer.add(fade, forKey: "fade")
            stored = layer.animation(forKey: "fade")
            #expect(stored?.engineLayer === layer)
        }
        #expect(stored != nil && stored?.engineLayer == nil)
        // The engine's next frames drop the animation without touching the layer.
        CATransaction.flush()
        CAAnimationEngine.current.tick(at: 0.5)
        CAAnimationEngine.current.tick(at: 2)
        #expect(stored?.engineLayer == nil)
    }
}
