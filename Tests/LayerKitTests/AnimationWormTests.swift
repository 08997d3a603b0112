// Animation model tests of the worm demo's red worm: a repeating group whose toValue-only
// translations must crawl without jumps.

import Testing
@testable import LayerKit

/// The worm demo's red worm: a group of 2.4 s repeating forever whose toValue-only
/// translations start from the render-tree value; the crawl must have no jumps.
extension AnimationModelTests {
    static let W = 80.0
    static let endCurve = CAMediaTimingFunction(controlPoints: 0.42, 0, 1.0, 0.55)

    static func redWorm() -> (CALayer, CAShapeLayer) {
        let (root, worm) = tree(CAShapeLayer())
        worm.actions = ["strokeStart": nil, "strokeEnd": nil]
        func stroke(_ kp: String, _ from: Double, _ to: Double, _ begin: Double, _ dur: Double, _ tf: CAMediaTimingFunction, fill: Bool = true) -> CABasicAnimation {
            let a = basic(kp, from: from, to: to, dur: dur)
            a.beginTime = begin; a.timingFunction = tf
            if fill { a.fillMode = .forwards }
            return a
        }
        func move(_ to: Double, _ begin: Double) -> CABasicAnimation {
            let a = basic("transform.translation.x", to: to, dur: 1.18)
            a.beginTime = begin; a.timingFunction = .easeOut; a.fillMode = .forwards
            return a
        }
        let g = CAAnimationGroup()
        g.duration = 2.4; g.repeatCount = .infinity
        g.animations = [
            stroke("strokeEnd", 0, 0.5, 0, 0.75, endCurve),
            stroke("strokeStart", 0, 0.5, 0.75, 0.45, .easeInEaseOut),
            stroke("strokeEnd", 0.5, 1, 1.2, 0.75, endCurve),
            stroke("strokeStart", 0.5, 1, 1.95, 0.45, .easeInEaseOut, fill: false),
            move(-W / 2, 0), move(-W, 1.2),
        ]
        add(g, to: worm, key: "worm")
        return (root, worm)
    }

    @Test func wormHandValues() {
        let (_, w) = Self.redWorm()
        let tx = "transform.translation.x"
        #expect(abs(Self.num(w, "strokeEnd", at: 0.375) - 0.5 * Self.endCurve.evaluate(0.5)) < 1e-9)
        #expect(abs(Self.num(w, "strokeStart", at: 0.975) - 0.5 * CAMediaTimingFunction.easeInEaseOut.evaluate(0.5)) < 1e-9)
        #expect(abs(Self.num(w, tx, at: 0.59) - -40 * CAMediaTimingFunction.easeOut.evaluate(0.5)) < 1e-9)
        #expect(abs(Self.num(w, tx, at: 1.19) - -40) < 1e-9, "first move held by its forwards fill")
        let u = (2.0 - 1.2) / 1.18
        #expect(abs(Self.num(w, tx, at: 2.0) - (-40 + -40 * CAMediaTimingFunction.easeOut.evaluate(u))) < 1e-9)
        #expect(abs(Self.num(w, "strokeEnd", at: 1.575) - (0.5 + 0.5 * Self.endCurve.evaluate(0.5))) < 1e-9)
        // Second cycle repeats the first.
        for t in [0.1, 0.5, 0.9, 1.3, 2.0] {
            for kp in ["strokeStart", "strokeEnd", tx] {
                #expect(abs(Self.num(w, kp, at: t) - Self.num(w, kp, at: t + 2.4)) < 1e-9)
            }
        }
    }

    @Test func wormCrawlsWithoutJumps() {
        let (_, w) = Self.redWorm()
        let e = 1e-9   // the strokeEnd curve (0.42, 0, 1, 0.55) has an infinite slope at its end
        for kp in ["strokeStart", "strokeEnd", "transform.translation.x"] {
            for t in [1.2, 0.75, 1.95, 3.6] {
                let a = Self.num(w, kp, at: t - e), b = Self.num(w, kp, at: t + e)
                #expect(abs(a - b) < 1e-4, "\(kp) at \(t): \(a) → \(b)")
            }
        }
        // At the repeat (2.4) the stroke is empty on both sides: start = end.
        for t in [2.4 - e, 2.4 + e, 4.8 - e] {
            #expect(abs(Self.num(w, "strokeStart", at: t) - Self.num(w, "strokeEnd", at: t)) < 1e-4)
        }
        // Frame times accumulated in 1/60 steps land within rounding noise of child ends
        // (1.2, 1.95): no frame may show a child's start there.
        var t = 0.0, prevEnd = Self.num(w, "strokeEnd", at: 0), prevX = Self.num(w, "transform.translation.x", at: 0)
        while t < 5 {
            t += 1.0 / 60
            let e = Self.num(w, "strokeEnd", at: t), x = Self.num(w, "transform.translation.x", at: t)
            let wrapped = abs((t / 2.4).rounded() * 2.4 - t) < 1.0 / 60
            if !wrapped {
                #expect(abs(e - prevEnd) < 0.12, "strokeEnd jumps at \(t): \(prevEnd) → \(e)")
                #expect(abs(x - prevX) < 4, "translation jumps at \(t): \(prevX) → \(x)")
            }
            prevEnd = e; prevX = x
        }
        // Frame-by-frame run agrees with direct sampling and keeps the group.
        for i in 0...300 {
            CAAnimationContext.current.clock.manualTime = Double(i) / 60
            CAAnimationEngine.current.tick(at: Double(i) / 60)
        }
        #expect(w.animationKeys() == ["worm"])
    }
}

/// Document animations: loaded by the layers' loader, turned into CAAnimations here.
extension AnimationModelTests {
    @Test func documentAnimationsPlay() throws {
        let doc = try LayerDocument.parse("""
        {"width": 100, "height": 100, "layers": [
          {"name": "a", "type": "shape", "speed": 2, "actions": {"strokeEnd": null},
           "animations": [
             {"type": "basic", "keyPath": "strokeEnd", "fromValue": 0, "toValue": 1, "duration": 1, "beginTime": 1},
             {"type": "group", "duration": 2, "repeatCount": "infinity", "animations": [
                {"type": "keyframe", "keyPath": "position", "values": [[0,0],[10,0],[10,20]], "keyTimes": [0, 0.5, 1],
                 "calculationMode": "linear", "duration": 1, "fillMode": "forwards"}]},
             {"type": "spring", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "damping": 20},
             {"type": "basic", "keyPath": "transform.rotation.z", "toValue": 4.71238898038469, "duration": 6,
              "autoreverses": true, "repeatCount": "infinity", "timingFunction": [0.42, 0, 1.0, 0.55]}
           ]}]}
        """)
        CAAnimationContext.current.clock.manualTime = 0
        doc.attachAnimations()
        let a = doc.layersByName["a"]!
        #expect(a.animationKeys()?.count == 4)
        #expect(abs(Self.num(a, "strokeEnd", at: 0.75) - 0.5) < 1e-9, "speed 2: begins at document time 0.5")
        #expect(abs(Self.num(a, "position.x", at: 0.125) - 5) < 1e-9)
        #expect(abs(Self.num(a, "position.y", at: 0.75) - 20) < 1e-9, "held by fill until the group's cycle ends")
        #expect(abs(Self.num(a, "position.y", at: 1.0) - 0) < 1e-9, "the group repeats")
        let spring = 1 - CASpringAnimation.displacement(0.6, mass: 1, stiffness: 100, damping: 20, velocity: 0)
        #expect(abs(Self.num(a, "opacity", at: 0.3) - spring) < 1e-9)
        let f = CAMediaTimingFunction(controlPoints: 0.42, 0, 1.0, 0.55).evaluate(0.5)
        #expect(abs(Self.num(a, "transform.rotation.z", at: 1.5) - 4.71238898038469 * f) < 1e-6)
    }
}
