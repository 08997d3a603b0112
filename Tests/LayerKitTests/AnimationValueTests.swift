// Animation model tests of value kinds: how each kind interpolates, nested transactions'
// inherited settings, and keyframe animations' extras.

import Testing
import Foundation
@testable import LayerKit

extension AnimationModelTests {
    @Test func valueKindsInterpolate() {
        let (_, l) = Self.tree(CAShapeLayer())
        func anim(_ kp: String, _ f: AnimatableValue, _ t: AnimatableValue) -> CABasicAnimation {
            let a = CABasicAnimation(keyPath: kp); a.fromValue = f; a.toValue = t; a.duration = 1; return a
        }
        Self.add(anim("backgroundColor", .color(Color(1, 0, 0, 1)), .color(Color(0, 0, 1, 0.5))), to: l, key: "c")
        Self.add(anim("bounds", .rect(Rect(0, 0, 10, 20)), .rect(Rect(10, 20, 30, 40))), to: l, key: "b")
        Self.add(anim("position", .point(Point(0, 0)), .point(Point(8, -4))), to: l, key: "p")
        var p1 = Path(); p1.move(to: .zero); p1.addLine(to: Point(10, 0))
        var p2 = Path(); p2.move(to: Point(0, 10)); p2.addLine(to: Point(20, 10))
        Self.add(anim("path", .path(p1), .path(p2)), to: l, key: "path")
        Self.add(anim("hidden", .bool(false), .bool(true)), to: l, key: "h")
        // Demo 2: transform.rotation.z to 3π/2 turns through 3π/2 (numbers, not matrices).
        let r = CABasicAnimation(keyPath: "transform.rotation.z"); r.toValue = .number(3 * .pi / 2); r.duration = 6
        Self.add(r, to: l, key: "r")
        CAAnimationContext.current.clock.manualTime = 0.25
        let pr = l.presentation()!
        #expect(pr.backgroundColor == Color(0.75, 0, 0.25, 0.875))
        #expect(pr.bounds == Rect(2.5, 5, 15, 25))
        #expect(pr.position == Point(2, -1))
        #expect(pr.path?.elements == [.move(Point(0, 2.5)), .line(Point(12.5, 2.5))])
        #expect(pr.isHidden == false)
        CAAnimationContext.current.clock.manualTime = 0.75
        #expect(l.presentation()!.isHidden == true)
        // At t = 4 the angle is π (half way through 3π/2 … plus a third): the matrix reads cos = −1.
        CAAnimationContext.current.clock.manualTime = 4
        let m = l.presentation()!.transform
        #expect(abs(m.m11 - -1) < 1e-9 && abs(m.m12) < 1e-9)
        CAAnimationContext.current.clock.manualTime = 5
        let m5 = l.presentation()!.transform
        let angle = 3 * Double.pi / 2 * 5 / 6
        #expect(abs(m5.m11 - cos(angle)) < 1e-9 && abs(m5.m12 - sin(angle)) < 1e-9)
    }

    @Test func transactionsNestAndInherit() {
        let (_, l) = Self.tree(CALayer())
        var log: [String] = []
        CAAnimationContext.current.clock.manualTime = 0
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setCompletionBlock { log.append("outer") }
        l.opacity = 0.5
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.append("inner") }
        #expect(CATransaction.animationDuration() == 1, "inherited from the outer transaction")
        l.position = Point(10, 0)
        CATransaction.setAnimationDuration(2)
        l.bounds = Rect(0, 0, 5, 5)
        CATransaction.commit()
        #expect(l.animation(forKey: "position")?.duration == 1)
        #expect(l.animation(forKey: "bounds")?.duration == 2)
        CATransaction.commit()
        CAAnimationEngine.current.tick(at: 0)
        CAAnimationEngine.current.tick(at: 1.5)
        // inner holds position (1 s) and bounds (2 s); outer also opacity (1 s): neither is done.
        #expect(log.isEmpty)
        CAAnimationEngine.current.tick(at: 2.0)
        #expect(log.last == "outer")
        #expect(log == ["inner", "outer"])
    }

    @Test func keyframeExtras() {
        let (_, l) = Self.tree(CALayer())
        // HUD start: scale 0.1 → 1.3 → 1.0 over 0.6 (first half, second half).
        let k = CAKeyframeAnimation(keyPath: "transform.scale")
        k.values = [.number(0.1), .number(1.3), .number(1.0)]; k.keyTimes = [0, 0.5, 1]; k.duration = 0.6
        Self.add(k, to: l, key: "hud")
        #expect(abs(Self.num(l, "transform.scale", at: 0.15) - 0.7) < 1e-9)
        #expect(abs(Self.num(l, "transform.scale", at: 0.45) - 1.15) < 1e-9)
        // cubicPaced: constant speed along the spline; equal time steps cover equal lengths.
        let c = CAKeyframeAnimation(keyPath: "position")
        c.values = [.point(Point(0, 0)), .point(Point(100, 0)), .point(Point(100, 10))]
        c.calculationMode = .cubicPaced; c.duration = 1
        c.fillMode = .forwards; c.isRemovedOnCompletion = false
        Self.add(c, to: l, key: "cp")
        // Arc length covered in each twentieth of the time (measured on 400 samples).
        var prev = Point(0, 0), steps = [Double](repeating: 0, count: 20)
        for i in 1...400 {
            CAAnimationContext.current.clock.manualTime = Double(i) / 400
            let p = l.presentation()!.position
            steps[(i - 1) / 20] += (p - prev).length; prev = p
        }
        let mean = steps.reduce(0, +) / Double(steps.count)
        #expect(steps.allSatisfy { abs($0 - mean) < 0.01 * mean }, "\(steps)")
        #expect(prev == Point(100, 10))
        // Cumulative keyframes add (last − first) each repeat; discrete along a path jumps to vertices.
        let cu = CAKeyframeAnimation(keyPath: "position.y")
        cu.values = [.number(0), .number(5), .number(10)]; cu.isCumulative = true; cu.repeatCount = 2; cu.duration = 1
        Self.add(cu, to: l, key: "cu")
        #expect(abs(Self.num(l, "position.y", at: 1.25) - 12.5) < 1e-9)
        let d = CAKeyframeAnimation(keyPath: "position")
        var p = Path(); p.move(to: .zero); p.addLine(to: Point(10, 0)); p.addLine(to: Point(10, 10))
        d.path = p; d.calculationMode = .discrete; d.duration = 1
        Self.add(d, to: l, key: "cp")
        CAAnimationContext.current.clock.manualTime = 0.3
        #expect(l.presentation()!.position == Point(0, 0))
        CAAnimationContext.current.clock.manualTime = 0.7
        #expect(l.presentation()!.position == Point(10, 0))
    }
}
