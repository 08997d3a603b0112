// Tests of view-style block animations as UIKit runs them since iOS 8: additive in-flight
// changes and the options for inheritance, layout and interaction.

import Testing
@testable import LayerKit
import TestSupport

/// View-style block animations as UIKit runs them since iOS 8: additive changes in flight,
/// the options that decide inheritance, layout and interaction.
@Suite(.freshAnimationContext) struct ViewAnimationAdditiveTests {
    typealias M = AnimationModelTests

    static func move(_ l: CALayer, to x: Double, at t: Double, duration: Double = 1,
                     options: ViewAnimationOptions = [.curveLinear], done: @escaping (Bool) -> Void = { _ in }) {
        CAAnimationContext.current.clock.manualTime = t
        CAAnimationEngine.current.tick(at: t)
        CALayer.animate(withDuration: duration, delay: 0, options: options, animations: {
            l.position = Point(x, 0)
        }, completion: done)
        CAAnimationEngine.current.tick(at: t)
    }

    // UIKit since iOS 8: a change of a property already animating adds to the in-flight
    // motion (additive from old − new to zero) instead of replacing it, so there is no jump
    // and no loss of velocity, and both completions report finished.
    @Test func changeInFlightAddsToTheMotionAndBothFinish() {
        let (_, l) = M.tree(CALayer())
        var first: Bool?, second: Bool?
        Self.move(l, to: 100, at: 0, done: { first = $0 })
        #expect(abs(M.num(l, "position.x", at: 0.5) - 50) < 1e-9)
        Self.move(l, to: 200, at: 0.5, done: { second = $0 })
        #expect(l.animationKeys()?.count == 2)
        #expect(abs(M.num(l, "position.x", at: 0.5) - 50) < 1e-9)     // no jump
        // Velocity right after: both motions (100/s each) add up.
        #expect(abs(M.num(l, "position.x", at: 0.6) - 70) < 1e-9)
        #expect(abs(M.num(l, "position.x", at: 1.0) - 150) < 1e-9)
        #expect(abs(M.num(l, "position.x", at: 1.5) - 200) < 1e-9)
        CAAnimationEngine.current.tick(at: 1.0)
        #expect(first == true && second == nil)
        CAAnimationEngine.current.tick(at: 1.5)
        #expect(second == true)
    }

    // "Start the animation from the current setting associated with an already in-flight
    // animation." (UIView.AnimationOptions.beginFromCurrentState) — it replaces what is in
    // flight, starting from the value on screen.
    @Test func beginFromCurrentStateStartsFromTheScreenAndReplaces() {
        let (_, l) = M.tree(CALayer())
        var first: Bool?
        Self.move(l, to: 100, at: 0, done: { first = $0 })
        Self.move(l, to: 200, at: 0.5, options: [.curveLinear, .beginFromCurrentState])
        #expect(l.animationKeys() == ["position"])
        #expect(abs(M.num(l, "position.x", at: 0.5) - 50) < 1e-9)
        #expect(abs(M.num(l, "position.x", at: 1.0) - 125) < 1e-9)
        CAAnimationEngine.current.tick(at: 0.6)
        #expect(first == false)
    }

    // "If this key is not present, the animation inherits the remaining duration of the
    // in-flight animation, if any." (overrideInheritedDuration) and "If this key is not
    // present, the animation inherits the curve of the in-flight animation, if any."
    // (overrideInheritedCurve) — a block nested in another block.
    @Test func nestedBlockInheritsDurationAndCurveUnlessOverridden() {
        let (_, l) = M.tree(CALayer())
        let m = CALayer(), n = CALayer()
        CATransaction.begin(); CATransaction.setDisableActions(true)
        l.addSublayer(m); l.addSublayer(n)
        CATransaction.commit()
        CALayer.animate(withDuration: 2, delay: 0, options: [.curveLinear], animations: {
            CALayer.animate(withDuration: 0.5, delay: 0, options: [.curveEaseIn], animations: {
                l.opacity = 0
            })
            CALayer.animate(withDuration: 0.5, delay: 0, options: [.curveEaseIn, .overrideInheritedDuration], animations: {
                m.opacity = 0
            })
            CALayer.animate(withDuration: 0.5, delay: 0, options: [.curveEaseIn, .overrideInheritedCurve], animations: {
                n.opacity = 0
            })
        })
        let a = l.animation(forKey: "opacity"), b = m.animation(forKey: "opacity"), c = n.animation(forKey: "opacity")
        #expect(a?.duration == 2 && a?.timingFunction == .linear)
        #expect(b?.duration == 0.5 && b?.timingFunction == .linear)
        #expect(c?.duration == 2 && c?.timingFunction == .easeIn)
    }

    /// A layer that lays out its one sublayer to fill its bounds.
    final class FillingLayer: CALayer {
        override func layoutSublayers() {
            for s in sublayers ?? [] { s.bounds = bounds; s.position = Point(bounds.midX, bounds.midY) }
        }
    }

    // "Lay out subviews at commit time so that they are animated along with their parent."
    // (UIView.AnimationOptions.layoutSubviews)
    @Test func layoutSubviewsAnimatesTheLayoutWithTheChange() {
        let (_, l) = M.tree(FillingLayer())
        let child = CALayer()
        CATransaction.begin(); CATransaction.setDisableActions(true)
        l.addSublayer(child)
        CATransaction.commit()
        CALayer.animate(withDuration: 1, delay: 0, options: [.layoutSubviews, .curveLinear], animations: {
            l.bounds = Rect(0, 0, 100, 50)
        })
        #expect(child.bounds == Rect(0, 0, 100, 50))
        #expect(child.animation(forKey: "bounds") != nil)
        CALayer.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: {
            l.bounds = Rect(0, 0, 10, 10)
        })
        #expect(child.bounds == Rect(0, 0, 100, 50)) // without the option no layout runs
    }

    // "Allow the user to interact with views while they are being animated."
    // (UIView.AnimationOptions.allowUserInteraction) — otherwise an animating layer receives
    // no clicks; hits are tested where the layer is on screen.
    @Test func allowUserInteractionDecidesWhetherAnAnimatingLayerIsHit() {
        let (root, l) = M.tree(CALayer())
        CATransaction.begin(); CATransaction.setDisableActions(true)
        root.bounds = Rect(0, 0, 400, 100); root.anchorPoint = .zero
        l.bounds = Rect(0, 0, 20, 20); l.position = Point(10, 10)
        CATransaction.commit()
        CAAnimationEngine.current.tick(at: 0)
        let go = { (options: ViewAnimationOptions) in
            CALayer.animate(withDuration: 1, delay: 0, options: options.union(.curveLinear), animations: {
                l.position = Point(210, 10)
            })
            CAAnimationEngine.current.tick(at: CAAnimationContext.current.clock.manualTime!)
        }
        go([])
        CAAnimationContext.current.clock.manualTime = 0.5   // on screen at x 110
        #expect(root.interactiveHitTest(Point(110, 10)) === root)
        CAAnimationEngine.current.tick(at: 1.0)
        CAAnimationContext.current.clock.manualTime = 1.0
        #expect(root.interactiveHitTest(Point(210, 10)) === l)   // the animation ended
        CATransaction.begin(); CATransaction.setDisableActions(true); l.position = Point(10, 10); CATransaction.commit()
        go([.allowUserInteraction])
        CAAnimationContext.current.clock.manualTime = 1.5
        #expect(root.interactiveHitTest(Point(110, 10)) === l)   // where it is on screen
        #expect(root.interactiveHitTest(Point(210, 10)) === root) // not where the model is
    }
}
