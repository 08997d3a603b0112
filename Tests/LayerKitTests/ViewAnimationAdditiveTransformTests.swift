// View-style animations of `transform` add to an in-flight transform animation, as UIKit's
// do since iOS 8.
import Testing
@testable import LayerKit
import TestSupport

@Suite(.freshAnimationContext) struct ViewAnimationAdditiveTransformTests {
    typealias M = AnimationModelTests

    static func scale(_ l: CALayer, to s: Double, at t: Double, done: @escaping (Bool) -> Void) {
        CAAnimationContext.current.clock.manualTime = t
        CAAnimationEngine.current.tick(at: t)
        CALayer.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: {
            l.transform = .scale(s, s, 1)
        }, completion: done)
        CAAnimationEngine.current.tick(at: t)
    }

    static func shownScale(_ l: CALayer, at t: Double) -> Double {
        CAAnimationContext.current.clock.manualTime = t
        return l.presentation()!.transform.m11
    }

    // UIKit since iOS 8: starting an animation of a property already animating adds to it;
    // for `transform` the additive composition is concatenation with (old)·(new)⁻¹ → identity
    // (here new⁻¹·old, in the order our additive transforms compose): no jump, the motion
    // keeps its velocity, and both completions run with finished = true.
    @Test func transformChangeInFlightComposesWithTheRunningAnimation() {
        let (_, l) = M.tree(CALayer())
        var first: Bool?, second: Bool?
        Self.scale(l, to: 3, at: 0, done: { first = $0 })
        #expect(abs(Self.shownScale(l, at: 0.5) - 2) < 1e-9)        // 1 → 3, halfway
        Self.scale(l, to: 6, at: 0.5, done: { second = $0 })
        #expect(l.animationKeys()?.count == 2)
        #expect(abs(Self.shownScale(l, at: 0.5) - 2) < 1e-9)        // no jump
        // Shown: 6 · s₁(t) · s₂(t), s₁ from 1/3 to 1 over 0…1, s₂ from 1/2 to 1 over 0.5…1.5.
        let at = 0.75, s1 = 1.0 / 3 + (2.0 / 3) * 0.75, s2 = 0.5 + 0.5 * 0.25
        #expect(abs(Self.shownScale(l, at: at) - 6 * s1 * s2) < 1e-9)
        #expect(abs(Self.shownScale(l, at: 1.6) - 6) < 1e-9)
        CAAnimationEngine.current.tick(at: 1.0)
        CAAnimationEngine.current.tick(at: 1.6)
        #expect(first == true && second == true)
    }
}
