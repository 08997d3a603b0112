// Tests of the duration an animation added with duration 0 gets: the transaction's
// animationDuration, else 0.25 s (CALayer.h, addAnimation:forKey:).

import Testing
@testable import LayerKit
import TestSupport

/// The duration an animation gets when it is added with duration 0.
@Suite(.freshAnimationContext) struct AnimationDurationDefaultTests {
    // "If the `duration' property of the animation is zero or negative it is given the default
    // duration, either the value of the 'animationDuration' transaction property or .25
    // seconds otherwise." (CALayer.h, addAnimation:forKey:)
    @Test func zeroDurationTakesTheTransactionsAnimationDuration() {
        let (_, l) = AnimationModelTests.tree(CALayer())
        CAAnimationContext.current.clock.manualTime = 0
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        let a = AnimationModelTests.basic("opacity", from: 0, to: 1, dur: 0)
        l.add(a, forKey: "fade")
        CATransaction.begin()     // a nested transaction inherits the outer one's duration
        l.add(AnimationModelTests.basic("position.x", from: 0, to: 100, dur: -1), forKey: "move")
        CATransaction.commit()
        CATransaction.commit()
        #expect(a.duration == 0)                                   // the caller's object is untouched
        #expect(l.animation(forKey: "fade")?.duration == 2)
        #expect(l.animation(forKey: "move")?.duration == 2)
        #expect(abs(AnimationModelTests.num(l, "opacity", at: 1) - 0.5) < 1e-9)
    }

    @Test func zeroDurationOutsideATransactionDurationIsAQuarterSecond() {
        let (_, l) = AnimationModelTests.tree(CALayer())
        AnimationModelTests.add(AnimationModelTests.basic("opacity", from: 0, to: 1, dur: 0), to: l, key: "fade")
        #expect(l.animation(forKey: "fade")?.duration == 0.25)
        let g = CAAnimationGroup()
        g.animations = [AnimationModelTests.basic("position.x", from: 0, to: 10, dur: 0)]
        AnimationModelTests.add(g, to: l, key: "group")
        #expect(l.animation(forKey: "group")?.duration == 0.25)
    }

    // In the Swift API a spring follows the same rule; its settlingDuration is for the caller.
    @Test func springAddedWithZeroDurationTakesTheTransactionsDuration() {
        let (_, l) = AnimationModelTests.tree(CALayer())
        CATransaction.begin()
        CATransaction.setAnimationDuration(0.6)
        let s = CASpringAnimation(keyPath: "position.x")
        s.fromValue = .number(0); s.toValue = .number(100)
        l.add(s, forKey: "spring")
        CATransaction.commit()
        #expect(l.animation(forKey: "spring")?.duration == 0.6)
        #expect(s.settlingDuration > 1)
    }

    // Documents keep their rule: a spring with duration 0 runs for its settling duration,
    // anything else for 0.25 s.
    @Test func documentSpringWithZeroDurationRunsForItsSettlingDuration() throws {
        let doc = try LayerDocument.parse("""
        {"width": 10, "height": 10, "layers": [{"animations": [
          {"type": "spring", "keyPath": "position.x", "fromValue": 0, "toValue": 10, "damping": 5},
          {"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1},
          {"type": "group", "animations": [{"type": "spring", "keyPath": "position.y", "fromValue": 0, "toValue": 1}]}]}]}
        """)
        let made = doc.animationSpecs.map { $0.spec.makeAnimation() }
        let spring = try #require(made[0] as? CASpringAnimation)
        #expect(spring.duration == spring.settlingDuration && abs(spring.duration - 2.855) < 0.01)
        #expect(made[1].duration == 0)
        let child = try #require((made[2] as? CAAnimationGroup)?.animations?.first as? CASpringAnimation)
        #expect(child.duration == child.settlingDuration)
        doc.attachAnimations()
        let layer = doc.root.sublayers![0]
        let durations = layer.animationKeys()!.compactMap { layer.animation(forKey: $0)?.duration }
        #expect(durations.contains(0.25))
    }
}
