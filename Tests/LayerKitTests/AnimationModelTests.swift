// Tests of the animation model: values, timing, the engine, transactions and delegates, each
// in its own animation context.

import Foundation
import Testing
@testable import LayerKit
import TestSupport

/// The animation model: values, timing, the engine, transactions and delegates. Each test
/// runs in its own animation context (engine, transactions, clock at 0).
@Suite(.freshAnimationContext) struct AnimationModelTests {
    init() {
        CAAnimationEngine.current.reset()
        CAAnimationContext.current.clock.manualTime = 0
    }

    /// A root with one sublayer (so implicit animations apply), committed at time 0.
    /// Roots stay alive for the whole run (a layer's superlayer is weak); tests add to the
    /// list from several threads at once.
    nonisolated(unsafe) static var roots: [CALayer] = []
    static let rootsLock = NSLock()
    static func tree<L: CALayer>(_ l: L) -> (CALayer, L) {
        let root = CALayer()
        rootsLock.withLock { roots.append(root) }
        CATransaction.begin(); CATransaction.setDisableActions(true)
        root.addSublayer(l)
        CATransaction.commit()
        return (root, l)
    }
    static func num(_ l: CALayer, _ kp: String, at t: Double) -> Double {
        CAAnimationContext.current.clock.manualTime = t
        return l.presentation()!.value(forKeyPath: kp)?.kpNumber ?? .nan
    }
    static func add(_ a: CAAnimation, to l: CALayer, key: String? = nil, at t: Double = 0) {
        CAAnimationContext.current.clock.manualTime = t
        l.add(a, forKey: key)
        CATransaction.flush()
    }
    static func basic(_ kp: String, from: Double? = nil, to: Double? = nil, by: Double? = nil, dur: Double = 1) -> CABasicAnimation {
        let a = CABasicAnimation(keyPath: kp)
        a.fromValue = from.map { .number($0) }; a.toValue = to.map { .number($0) }; a.byValue = by.map { .number($0) }
        a.duration = dur
        return a
    }

    // MARK: from / to / by

    @Test(arguments: [
        ("from+to", 0.0 as Double?, 1.0 as Double?, nil as Double?, false, 0.5),
        ("from+by", 0.0, nil, 0.4, false, 0.2),
        ("by+to", nil, 1.0, 0.4, false, 0.8),
        ("from only → current", 0.6, nil, nil, false, 0.4),
        ("to only ← current", nil, 1.0, nil, false, 0.6),
        ("by only", nil, nil, 0.4, false, 0.4),
        ("none", nil, nil, nil, false, 0.2),
        ("additive from+to", 0.0, 1.0, nil, true, 0.7),
        ("additive by", nil, nil, 0.4, true, 0.4),
    ])
    func fromToBy(_ c: (String, Double?, Double?, Double?, Bool, Double)) {
        let (_, l) = Self.tree(CALayer())
        CATransaction.begin(); CATransaction.setDisableActions(true); l.opacity = 0.2; CATransaction.commit()
        let a = Self.basic("opacity", from: c.1, to: c.2, by: c.3)
        a.isAdditive = c.4
        Self.add(a, to: l)
        #expect(abs(Self.num(l, "opacity", at: 0.5) - c.5) < 1e-9, "\(c.0)")
        #expect(abs(Self.num(l, "opacity", at: 1.0) - 0.2) < 1e-9, "removed at its end")
    }

    @Test func noneSetRunsFromThePreviousValue() {
        let (_, l) = Self.tree(CALayer())
        CAAnimationContext.current.clock.manualTime = 0
        CATransaction.begin(); CATransaction.setDisableActions(true)
        l.opacity = 0.2
        CATransaction.commit()
        CATransaction.begin(); CATransaction.setDisableActions(true)
        l.opacity = 1
        l.add(Self.basic("opacity"), forKey: "fade")
        CATransaction.commit()
        #expect(abs(Self.num(l, "opacity", at: 0.5) - 0.6) < 1e-9)
    }

    @Test func cumulativeRepeats() {
        let (_, l) = Self.tree(CALayer())
        let a = Self.basic("position.x", from: 0, to: 10)
        a.isCumulative = true; a.repeatCount = 3
        Self.add(a, to: l)
        #expect(abs(Self.num(l, "position.x", at: 0.5) - 5) < 1e-9)
        #expect(abs(Self.num(l, "position.x", at: 1.5) - 15) < 1e-9)
        #expect(abs(Self.num(l, "position.x", at: 2.25) - 22.5) < 1e-9)
    }

    @Test func toOnlyStartsFromTheRenderTreeValue() {
        let (_, l) = Self.tree(CALayer())
        let first = Self.basic("opacity", from: 1, to: 0.8)
        first.fillMode = .forwards; first.isRemovedOnCompletion = false
        Self.add(first, to: l, key: "a")
        let second = Self.basic("opacity", to: 0)
        second.beginTime = 2
        Self.add(second, to: l, key: "b")
        #expect(abs(Self.num(l, "opacity", at: 1.5) - 0.8) < 1e-9)
        #expect(abs(Self.num(l, "opacity", at: 2.5) - 0.4) < 1e-9)
    }

    @Test func layerTimeSpeedAndPause() {
        let (root, l) = Self.tree(CALayer())
        l.speed = 2
        // Document rule: on a layer with speed 2 an animation with beginTime 1 starts at 0.5.
        let a = Self.basic("opacity", from: 0, to: 1)
        a.beginTime = 1
        Self.add(a, to: l)
        #expect(Self.num(l, "opacity", at: 0.49) == 1)
        #expect(abs(Self.num(l, "opacity", at: 0.75) - 0.5) < 1e-9)
        // Nested: root beginTime 1, timeOffset 3.
        root.beginTime = 1; root.timeOffset = 3
        #expect(abs(l.convertTime(2, from: nil) - ((2 - 1) + 3) * 2) < 1e-12)
        #expect(abs(l.convertTime(l.convertTime(2.5, from: nil), to: nil) - 2.5) < 1e-12)
        #expect(abs(root.convertTime(4, from: l) - 2) < 1e-12)
    }

    @Test func layerWithDurationRepeatsItsTime() {
        let (_, l) = Self.tree(CALayer())
        l.duration = 2; l.autoreverses = true; l.repeatCount = .infinity
        #expect(abs(l.convertTime(0.5, from: nil) - 0.5) < 1e-12)
        #expect(abs(l.convertTime(2.5, from: nil) - 1.5) < 1e-12)
        #expect(abs(l.convertTime(4.25, from: nil) - 0.25) < 1e-12)
    }

    @Test func pauseAndResumeLikeTheSeed() {
        let (_, l) = Self.tree(CALayer())
        let a = Self.basic("position.x", from: 0, to: 100, dur: 4)
        Self.add(a, to: l)
        CAAnimationContext.current.clock.manualTime = 1
        l.pauseAnimations()
        #expect(abs(Self.num(l, "position.x", at: 3) - 25) < 1e-9)
        CAAnimationContext.current.clock.manualTime = 3
        l.resumeAnimations()
        #expect(abs(Self.num(l, "position.x", at: 3) - 25) < 1e-9)
        #expect(abs(Self.num(l, "position.x", at: 4) - 50) < 1e-9)
    }

    /// An animation added to a paused layer. A begin time of 0 is replaced by the current time:
    /// AVCoreAnimationBeginTimeAtZero "prevents CoreAnimation from replacing 0.0 with
    /// CACurrentMediaTime()", taken in the layer's time. A paused layer's time stands at its
    /// timeOffset, so the animation waits at its start while the layer is paused and plays
    /// from there when it resumes.
    @Test func anAnimationAddedToAPausedLayerWaitsAtItsStart() {
        let (_, l) = Self.tree(CALayer())
        CAAnimationContext.current.clock.manualTime = 2
        l.pauseAnimations()
        CATransaction.flush()
        Self.add(Self.basic("position.x", from: 0, to: 100, dur: 4), to: l, at: 3)
        #expect(abs(Self.num(l, "position.x", at: 3) - 0) < 1e-9)
        #expect(abs(Self.num(l, "position.x", at: 9) - 0) < 1e-9)
        CAAnimationContext.current.clock.manualTime = 10
        l.resumeAnimations()
        CATransaction.flush()
        #expect(abs(Self.num(l, "position.x", at: 10) - 0) < 1e-9)
        #expect(abs(Self.num(l, "position.x", at: 11) - 25) < 1e-9)
        #expect(abs(Self.num(l, "position.x", at: 13) - 75) < 1e-9)
    }

    @Test func timeOffsetOnAnimation() {
        let (_, l) = Self.tree(CALayer())
        let a = Self.basic("opacity", from: 0, to: 1)
        a.timeOffset = 0.25
        Self.add(a, to: l)
        #expect(abs(Self.num(l, "opacity", at: 0) - 0.25) < 1e-9)
        #expect(abs(Self.num(l, "opacity", at: 0.85) - 0.1) < 1e-9)
    }

    // MARK: Keyframes

    static func keyframe(_ vals: [Double], _ times: [Double]? = nil, mode: CAAnimationCalculationMode = .linear) -> CAKeyframeAnimation {
        let k = CAKeyframeAnimation(keyPath: "position.x")
        k.values = vals.map { .number($0) }; k.keyTimes = times; k.calculationMode = mode; k.duration = 1
        return k
    }

    @Test func keyframeModes() {
        let (_, l) = Self.tree(CALayer())
        Self.add(Self.keyframe([0, 10, 30], [0, 0.25, 1]), to: l, key: "k")
        #expect(abs(Self.num(l, "position.x", at: 0.125) - 5) < 1e-9)
        #expect(abs(Self.num(l, "position.x", at: 0.625) - 20) < 1e-9)
        Self.add(Self.keyframe([0, 10, 30], mode: .discrete), to: l, key: "k")
        #expect(Self.num(l, "position.x", at: 0.32) == 0)
        #expect(Self.num(l, "position.x", at: 0.34) == 10)
        #expect(Self.num(l, "position.x", at: 0.99) == 30)
        Self.add(Self.keyframe([0, 10, 30], [0, 0.9, 1], mode: .paced), to: l, key: "k")
        #expect(abs(Self.num(l, "position.x", at: 1.0 / 6) - 5) < 1e-9)
        #expect(abs(Self.num(l, "position.x", at: 2.0 / 3) - 20) < 1e-9)
        // Cubic (Catmull-Rom): through the values at their key times, smooth between.
        Self.add(Self.keyframe([0, 10, 0, 10], mode: .cubic), to: l, key: "k")
        #expect(abs(Self.num(l, "position.x", at: 1.0 / 3) - 10) < 1e-9)
        // Segment 1 (10 → 0): tangents m1 = (0−0)/2 = 0, m2 = (10−10)/2 = 0 → smoothstep.
        #expect(abs(Self.num(l, "position.x", at: 0.5) - 5) < 1e-9)
        let u = 0.25, h00 = 2 * u * u * u - 3 * u * u + 1, h01 = -2 * u * u * u + 3 * u * u
        #expect(abs(Self.num(l, "position.x", at: (1 + u) / 3) - (10 * h00 + 0 * h01)) < 1e-9)
        // Tension 1 gives zero tangents too.
        let kb = Self.keyframe([0, 10, 20], mode: .cubic)
        kb.tensionValues = [1, 1, 1]
        Self.add(kb, to: l, key: "k")
        #expect(abs(Self.num(l, "position.x", at: 0.125) - 10 * (3 * 0.0625 - 2 * 0.015625)) < 1e-9)
        // Per-segment timing functions.
        let tf = Self.keyframe([0, 10, 20])
        tf.timingFunctions = [.easeIn, .linear]
        Self.add(tf, to: l, key: "k")
        #expect(abs(Self.num(l, "position.x", at: 0.25) - 10 * CAMediaTimingFunction.easeIn.evaluate(0.5)) < 1e-9)
        #expect(abs(Self.num(l, "position.x", at: 0.75) - 15) < 1e-9)
    }

    @Test func keyframePathAndRotation() {
        let (_, l) = Self.tree(CALayer())
        var p = Path(); p.move(to: Point(0, 0)); p.addLine(to: Point(100, 0)); p.addLine(to: Point(100, 100))
        let k = CAKeyframeAnimation(keyPath: "position")
        k.path = p; k.duration = 1; k.rotationMode = .auto
        Self.add(k, to: l, key: "k")
        CAAnimationContext.current.clock.manualTime = 0.25
        var pr = l.presentation()!
        #expect(abs(pr.position.x - 50) < 1e-9 && abs(pr.position.y) < 1e-9)
        CAAnimationContext.current.clock.manualTime = 0.75
        pr = l.presentation()!
        #expect(abs(pr.position.x - 100) < 1e-9 && abs(pr.position.y - 50) < 1e-9)
        #expect(abs(pr.transform.m12 - 1) < 1e-9, "rotated to the tangent (π/2)")
        k.calculationMode = .paced
        k.path = { var q = Path(); q.move(to: .zero); q.addLine(to: Point(10, 0)); q.addLine(to: Point(10, 30)); return q }()
        k.rotationMode = nil
        Self.add(k, to: l, key: "k")
        CAAnimationContext.current.clock.manualTime = 0.5
        pr = l.presentation()!
        #expect(abs(pr.position.x - 10) < 1e-6 && abs(pr.position.y - 10) < 1e-6)
    }

    // MARK: Groups

    @Test func groupClipsAndOverrides() {
        let (_, l) = Self.tree(CALayer())
        let child = Self.basic("opacity", from: 0, to: 1)
        child.beginTime = 0.5
        let g = CAAnimationGroup()
        g.animations = [child]; g.duration = 1
        Self.add(g, to: l)
        #expect(Self.num(l, "opacity", at: 0.25) == 1, "child not begun")
        #expect(abs(Self.num(l, "opacity", at: 0.75) - 0.25) < 1e-9)
        #expect(Self.num(l, "opacity", at: 1.2) == 1, "clipped by the group")
        // Duration 0 → 0.25; later children override, additive ones add.
        let a = Self.basic("position.x", from: 0, to: 100)
        let b = Self.basic("position.x", from: 50, to: 50)
        let c = Self.basic("position.x", from: 0, to: 8); c.isAdditive = true
        let g2 = CAAnimationGroup(); g2.animations = [a, b, c]
        Self.add(g2, to: l, at: 10)
        #expect(abs(Self.num(l, "position.x", at: 10.125) - 51) < 1e-9)
        #expect(Self.num(l, "position.x", at: 10.25) == 0, "group of duration 0 lasts 0.25")
        // Nested groups with repeats: inner repeat inside outer repeat.
        let inner = CAAnimationGroup(); inner.duration = 0.5; inner.beginTime = 0.5
        inner.animations = [Self.basic("position.y", from: 0, to: 10, dur: 0.5)]
        let outer = CAAnimationGroup(); outer.duration = 1; outer.repeatCount = 2; outer.animations = [inner]
        Self.add(outer, to: l, key: "o", at: 20)
        #expect(abs(Self.num(l, "position.y", at: 21.75) - 5) < 1e-9)
        #expect(Self.num(l, "position.y", at: 21.25) == 0)
    }

    // MARK: Engine, delegates, transactions

    final class Recorder: CAAnimationDelegate {
        var log: [String] = []
        let name: String
        let shared: Recorder?
        init(_ name: String, _ shared: Recorder? = nil) { self.name = name; self.shared = shared }
        func animationDidStart(_ anim: CAAnimation) { (shared ?? self).log.append("start \(name)") }
        func animationDidStop(_ anim: CAAnimation, finished: Bool) { (shared ?? self).log.append("stop \(name) \(finished)") }
    }

    @Test func delegatesInOrderAndCompletion() {
        let (_, l) = Self.tree(CALayer())
        let log = Recorder("")
        let a = Self.basic("opacity", from: 0, to: 1, dur: 1); a.delegate = Recorder("A", log)
        let b = Self.basic("position.x", from: 0, to: 1, dur: 0.5); b.delegate = Recorder("B", log)
        let c = Self.basic("position.y", from: 0, to: 1, dur: 0.5); c.delegate = Recorder("C", log)
        c.beginTime = 0.2
        c.isRemovedOnCompletion = false; c.fillMode = .forwards
        CAAnimationContext.current.clock.manualTime = 0
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.log.append("completion") }
        l.add(a, forKey: "a"); l.add(b, forKey: "b")
        CATransaction.commit()
        l.add(c, forKey: "c")     // implicit transaction, committed by the next tick
        CAAnimationEngine.current.tick(at: 0)
        #expect(log.log == ["start A", "start B"])
        CAAnimationEngine.current.tick(at: 0.4)
        #expect(log.log == ["start A", "start B", "start C"])
        CAAnimationEngine.current.tick(at: 1.2)
        #expect(log.log == ["start A", "start B", "start C", "stop B true", "stop C true", "stop A true", "completion"])
        #expect(l.animationKeys() == ["c"], "removedOnCompletion false keeps c")
        #expect(l.animation(forKey: "c") !== c, "add copies")
        #expect(abs(l.animation(forKey: "c")!.beginTime - 0.2) < 1e-12)
        // Early removal: didStop(false) at the next frame; completion then.
        log.log = []
        let d = Self.basic("opacity", from: 0, to: 1, dur: 5); d.delegate = Recorder("D", log)
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.log.append("completion 2") }
        l.add(d, forKey: "d")
        CATransaction.commit()
        CAAnimationEngine.current.tick(at: 1.3)
        l.removeAnimation(forKey: "d")
        #expect(l.animation(forKey: "d") == nil)
        CAAnimationEngine.current.tick(at: 1.4)
        #expect(log.log == ["start D", "stop D false", "completion 2"])
        log.log = []
        l.removeAllAnimations()
        CAAnimationEngine.current.tick(at: 1.5)
        #expect(log.log == [], "c had already stopped")
        #expect(l.animationKeys() == nil)
        // Transaction without animations completes at the next frame.
        CATransaction.begin(); CATransaction.setCompletionBlock { log.log.append("empty") }; CATransaction.commit()
        CAAnimationEngine.current.tick(at: 1.6)
        #expect(log.log == ["empty"])
    }

    @Test func beginTimeZeroResolvesAtCommit() {
        let (_, l) = Self.tree(CALayer())
        l.timeOffset = 10
        Self.add(Self.basic("opacity", from: 0, to: 1), to: l, key: "x", at: 3)
        #expect(abs(l.animation(forKey: "x")!.beginTime - 13) < 1e-12)
        #expect(abs(Self.num(l, "opacity", at: 3.5) - 0.5) < 1e-9)
    }

    // MARK: Implicit animations

    @Test func implicitAnimations() {
        let (root, l) = Self.tree(CAShapeLayer())
        CAAnimationContext.current.clock.manualTime = 0
        l.opacity = 0
        CATransaction.flush()
        let a = l.animation(forKey: "opacity") as? CABasicAnimation
        #expect(a != nil && a?.fromValue == .number(1) && a?.duration == 0.25)
        #expect(Self.num(l, "opacity", at: 0.25) == 0)
        let mid = Self.num(l, "opacity", at: 0.125)
        #expect(abs(mid - (1 - CAMediaTimingFunction.default.evaluate(0.5))) < 1e-9)
        // Interrupting starts from the on-screen value.
        CAAnimationContext.current.clock.manualTime = 0.125
        l.opacity = 1
        CATransaction.flush()
        #expect(abs(Self.num(l, "opacity", at: 0.125) - mid) < 1e-9)
        // Suppressed: disabled actions, a nil action, the root layer.
        CATransaction.begin(); CATransaction.setDisableActions(true); l.strokeEnd = 0.5; CATransaction.commit()
        #expect(l.animation(forKey: "strokeEnd") == nil)
        l.actions = ["strokeStart": nil]
        l.strokeStart = 0.3
        #expect(l.animation(forKey: "strokeStart") == nil)
        root.opacity = 0.5
        #expect(root.animation(forKey: "opacity") == nil)
        // Transaction duration and timing function.
        CATransaction.begin(); CATransaction.setAnimationDuration(2); CATransaction.setAnimationTimingFunction(.linear)
        l.lineWidth = 11
        CATransaction.commit()
        let w = l.animation(forKey: "lineWidth")
        #expect(w?.duration == 2 && w?.timingFunction == .linear)
        CATransaction.flush()
    }

    // MARK: View-style API

    @Test func viewStyleAnimations() {
        let (_, l) = Self.tree(CALayer())
        var finished: Bool?
        CAAnimationContext.current.clock.manualTime = 0
        CALayer.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: {
            l.position = Point(100, 0)
        }, completion: { finished = $0 })
        CAAnimationEngine.current.tick(at: 0)
        #expect(l.position == Point(100, 0))
        #expect(abs(Self.num(l, "position.x", at: 0.25) - 25) < 1e-9)
        CAAnimationEngine.current.tick(at: 1.0)
        #expect(finished == true)
        // Keyframes as the petal demo (relative start/duration).
        l.actions = ["position": nil]
        l.position = Point(50, 150)
        l.actions = [:]
        CAAnimationContext.current.clock.manualTime = 2
        CALayer.animateKeyframes(withDuration: 4, delay: 0, options: [.calculationModeLinear], animations: {
            CALayer.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { l.position = Point(80, 220) }
            CALayer.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.25) { l.position = Point(45, 300) }
            CALayer.addKeyframe(withRelativeStartTime: 0.75, relativeDuration: 0.25) { l.position = Point(55, 400) }
        }, completion: nil)
        CATransaction.flush()
        let k = l.animation(forKey: "position") as? CAKeyframeAnimation
        #expect(k?.keyTimes == [0, 0.5, 0.75, 1])
        #expect(k?.values == [.point(Point(50, 150)), .point(Point(80, 220)), .point(Point(45, 300)), .point(Point(55, 400))])
        CAAnimationContext.current.clock.manualTime = 2 + 4 * 0.625
        #expect(abs(l.presentation()!.position.y - 260) < 1e-9)
        // Spring: overshoots with damping ratio 0.1 and settles at the model value.
        CAAnimationContext.current.clock.manualTime = 10
        CALayer.animate(withDuration: 5, delay: 0, usingSpringWithDamping: 0.1, initialSpringVelocity: 1,
                        options: [], animations: { l.position = Point(0, 0) }, completion: nil)
        CATransaction.flush()
        let s = l.animation(forKey: "position") as? CASpringAnimation
        #expect(s != nil && s?.duration == 5)
        var minY = Double.infinity
        for i in 0...100 { minY = min(minY, Self.num(l, "position.y", at: 10 + Double(i) * 0.05)) }
        #expect(minY < -100, "overshoots past the target")
        #expect(abs(Self.num(l, "position.y", at: 14.99)) < 0.5)
    }
}
