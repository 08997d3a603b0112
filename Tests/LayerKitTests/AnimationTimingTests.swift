// Table tests of CAMediaTiming's time mapping: settings and a parent time against the
// expected basic local time and iteration.

import Testing
import Foundation
@testable import LayerKit
import TestSupport

/// CAMediaTiming math: one row per (settings, parent time) → expected basic time (nil: not
/// applied), iteration.
@Suite(.freshAnimationContext) struct AnimationTimingTests {
    struct Row: CustomStringConvertible {
        var name: String
        var begin = 0.0, dur = 1.0, speed = 1.0, offset = 0.0, count = 0.0, repDur = 0.0
        var rev = false, fill = CAMediaTimingFillMode.removed
        var t: Double
        var time: Double?
        var iteration = 0
        var description: String { "\(name) @\(t)" }
    }

    static let rows: [Row] = [
        // fillMode before / during / at end / after
        Row(name: "removed before", t: -0.1, time: nil),
        Row(name: "removed start", t: 0, time: 0),
        Row(name: "removed mid", t: 0.5, time: 0.5),
        Row(name: "removed at end", t: 1.0, time: nil),
        Row(name: "removed after", t: 2, time: nil),
        Row(name: "forwards before", fill: .forwards, t: -0.1, time: nil),
        Row(name: "forwards at end", fill: .forwards, t: 1.0, time: 1),
        Row(name: "forwards after", fill: .forwards, t: 5, time: 1),
        Row(name: "backwards before", begin: 1, fill: .backwards, t: 0.2, time: 0),
        Row(name: "backwards at end", begin: 1, fill: .backwards, t: 2, time: nil),
        Row(name: "both before", begin: 1, fill: .both, t: 0.5, time: 0),
        Row(name: "both after", begin: 1, fill: .both, t: 3, time: 1),
        Row(name: "begin mid", begin: 1, t: 1.25, time: 0.25),
        // repeats without autoreverse
        Row(name: "rep2 first", count: 2, t: 0.999, time: 0.999),
        Row(name: "rep2 boundary", count: 2, t: 1.0, time: 0, iteration: 1),
        Row(name: "rep2 second", count: 2, t: 1.5, time: 0.5, iteration: 1),
        Row(name: "rep2 end removed", count: 2, t: 2.0, time: nil),
        Row(name: "rep2 end forwards", count: 2, fill: .forwards, t: 2.0, time: 1, iteration: 1),
        Row(name: "rep1.5 forwards", count: 1.5, fill: .forwards, t: 9, time: 0.5, iteration: 1),
        Row(name: "rep0.5 forwards", count: 0.5, fill: .forwards, t: 9, time: 0.5),
        Row(name: "rep inf", count: .infinity, t: 1000.25, time: 0.25, iteration: 1000),
        Row(name: "repeatDuration", repDur: 2.5, t: 2.25, time: 0.25, iteration: 2),
        Row(name: "repeatDuration end fwd", repDur: 2.5, fill: .forwards, t: 2.5, time: 0.5, iteration: 2),
        Row(name: "fp boundary 0.3/0.1", dur: 0.1, count: 3, t: 0.2, time: 0, iteration: 2),
        Row(name: "fp end 0.3/0.1", dur: 0.1, count: 3, fill: .forwards, t: 0.3, time: 0.1, iteration: 2),
        Row(name: "just before end (fp noise)", dur: 0.75, fill: .forwards, t: 0.75 - 1e-12, time: 0.75),
        Row(name: "just before end, removed", dur: 0.75, t: 0.75 - 1e-12, time: nil),
        Row(name: "1e-10 before a child's end shows its end", dur: 0.75, fill: .forwards, t: 0.75 - 1e-10, time: 0.75),
        Row(name: "just before repeat end", dur: 0.5, count: 2, fill: .forwards, t: 1 - 1e-12, time: 0.5, iteration: 1),
        Row(name: "offset wrap just before end", offset: 0.5, t: 0.5 - 1e-12, time: 1),
        // autoreverses
        Row(name: "rev forward", rev: true, t: 0.25, time: 0.25),
        Row(name: "rev turn", rev: true, t: 1.0, time: 1),
        Row(name: "rev back", rev: true, t: 1.25, time: 0.75),
        Row(name: "rev end removed", rev: true, t: 2.0, time: nil),
        Row(name: "rev end forwards (start value)", rev: true, fill: .forwards, t: 2.0, time: 0),
        Row(name: "rev rep2 second cycle", count: 2, rev: true, t: 2.25, time: 0.25, iteration: 1),
        Row(name: "rev rep2 end fwd", count: 2, rev: true, fill: .forwards, t: 4, time: 0, iteration: 1),
        Row(name: "rev rep1.5 end fwd", count: 1.5, rev: true, fill: .forwards, t: 3, time: 1, iteration: 1),
        // speed and timeOffset
        Row(name: "speed 2", speed: 2, t: 0.25, time: 0.5),
        Row(name: "speed 2 end", speed: 2, t: 0.5, time: nil),
        Row(name: "speed 0.5", speed: 0.5, t: 1.5, time: 0.75),
        Row(name: "speed 2 begin 1", begin: 1, speed: 2, t: 1.2, time: 0.4),
        Row(name: "offset start", offset: 0.5, t: 0, time: 0.5),
        Row(name: "offset wraps", offset: 0.5, t: 0.6, time: 0.1),
        Row(name: "offset end removed", offset: 0.5, t: 1.0, time: nil),
        Row(name: "offset end forwards", offset: 0.5, fill: .forwards, t: 1.0, time: 0.5),
    ]

    @Test(arguments: rows) func timingTable(_ r: Row) {
        let p = CAMediaTimingMath.progress(parentTime: r.t, beginTime: r.begin, speed: r.speed, timeOffset: r.offset,
                                           duration: r.dur, repeatCount: r.count, repeatDuration: r.repDur,
                                           autoreverses: r.rev, fillMode: r.fill, timingFunction: nil)
        if let want = r.time {
            #expect(p != nil)
            if let p {
                #expect(abs(p.time - want) < 1e-9, "time \(p.time) want \(want)")
                #expect(p.iteration == r.iteration)
            }
        } else {
            #expect(p == nil, "expected not applied, got \(String(describing: p))")
        }
    }

    /// The iteration is the cycle count truncated, up to the conversion's fast range (±2^53)
    /// and past it, where it saturates (an endless repeat of a tiny duration far in).
    @Test func iterationsNearAndPastTheFastConversionRange() {
        func iteration(_ t: Double, duration: Double) -> Int? {
            CAMediaTimingMath.progress(parentTime: t, beginTime: 0, speed: 1, timeOffset: 0, duration: duration,
                                       repeatCount: .infinity, repeatDuration: 0, autoreverses: false,
                                       fillMode: .removed, timingFunction: nil)?.iteration
        }
        #expect(iteration(5.5, duration: 1) == 5)
        #expect(iteration(0x1p52 + 0.5, duration: 1) == 1 << 52)
        #expect(iteration(0x1p53, duration: 1) == 1 << 53)
        #expect(iteration(0x1p60, duration: 1) == 1 << 60)
        #expect(iteration(1e9, duration: 1e-15) == Int.max)
    }

    @Test func durationZeroMeansQuarterSecond() {
        let a = CABasicAnimation(keyPath: "opacity")
        #expect(a.basicDuration == 0.25)
        let g = CAAnimationGroup()
        #expect(g.basicDuration == 0.25)
        a.repeatCount = 2; a.autoreverses = true
        #expect(abs(a.activeDuration - 1.0) < 1e-12)
    }

    @Test func timingFunctionOnFraction() {
        let p = CAMediaTimingMath.progress(parentTime: 0.5, beginTime: 0, speed: 1, timeOffset: 0, duration: 1,
                                           repeatCount: 0, repeatDuration: 0, autoreverses: false,
                                           fillMode: .removed, timingFunction: .easeIn)!
        #expect(abs(p.fraction - CAMediaTimingFunction.easeIn.evaluate(0.5)) < 1e-12)
        #expect(p.time == 0.5)
    }

    /// An independent solver: 200 bisection steps on x(s), then y(s).
    static func reference(_ f: CAMediaTimingFunction, _ x: Double) -> Double {
        func bez(_ a: Double, _ b: Double, _ s: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 { let m = (lo + hi) / 2; if bez(f.c1x, f.c2x, m) < x { lo = m } else { hi = m } }
        return bez(f.c1y, f.c2y, (lo + hi) / 2)
    }

    @Test(arguments: [CAMediaTimingFunctionName.linear, .easeIn, .easeOut, .easeInEaseOut, .default])
    func namedTimingFunctions(_ name: CAMediaTimingFunctionName) {
        let f = CAMediaTimingFunction(name: name)
        for i in 0...100 {
            let x = Double(i) / 100
            #expect(abs(f.evaluate(x) - Self.reference(f, x)) < 1e-6, "\(name) at \(x)")
        }
        #expect(f.evaluate(0) == 0 && f.evaluate(1) == 1)
    }

    @Test func knownTimingValues() {
        // Published values of the same curves (CSS ease = CA default, ease-in, ease-out).
        #expect(abs(CAMediaTimingFunction.default.evaluate(0.5) - 0.8024033877) < 1e-6)
        #expect(abs(CAMediaTimingFunction.easeInEaseOut.evaluate(0.5) - 0.5) < 1e-9)
        #expect(abs(CAMediaTimingFunction.easeIn.evaluate(0.5) + CAMediaTimingFunction.easeOut.evaluate(0.5) - 1) < 1e-9)
        let c = CAMediaTimingFunction(controlPoints: 0.42, 0, 1.0, 0.55)
        for x in stride(from: 0.0, through: 1.0, by: 0.05) {
            #expect(abs(c.evaluate(x) - Self.reference(c, x)) < 1e-6)
        }
        #expect(c.controlPoint(at: 1) == Point(0.42, 0) && c.controlPoint(at: 2) == Point(1, 0.55))
    }

    @Test func springClosedFormMatchesIntegration() {
        // RK4 integration of m x'' + c x' + k x = 0 against the analytic solutions.
        for (m, k, c, v) in [(1.0, 100.0, 10.0, 0.0), (1.0, 100.0, 20.0, 0.0), (1.0, 100.0, 40.0, 3.0), (2.0, 50.0, 3.0, -2.0)] {
            var x = 1.0, xv = -v, t = 0.0
            let h = 1e-4
            func acc(_ x: Double, _ v: Double) -> Double { (-k * x - c * v) / m }
            while t < 1.5 - 1e-12 {
                let k1x = xv, k1v = acc(x, xv)
                let k2x = xv + h / 2 * k1v, k2v = acc(x + h / 2 * k1x, xv + h / 2 * k1v)
                let k3x = xv + h / 2 * k2v, k3v = acc(x + h / 2 * k2x, xv + h / 2 * k2v)
                let k4x = xv + h * k3v, k4v = acc(x + h * k3x, xv + h * k3v)
                x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x); xv += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
                t += h
                if Int((t / h).rounded()) % 1000 == 0 {
                    let exact = CASpringAnimation.displacement(t, mass: m, stiffness: k, damping: c, velocity: v)
                    #expect(abs(exact - x) < 1e-6, "m\(m) k\(k) c\(c) v\(v) t\(t)")
                }
            }
        }
    }

    @Test func springSettling() {
        // Apple's documentation: damping 5 settles in about 2.85 s, damping 15 in just over 1 s.
        let s = CASpringAnimation(keyPath: "position")
        s.damping = 5
        #expect(abs(s.settlingDuration - 2.855) < 0.01)
        s.damping = 15
        #expect(s.settlingDuration > 1.0 && s.settlingDuration < 1.1)
        // Default spring: closed form by hand.
        s.damping = 10
        let w = 10.0, z = 0.5
        let want = (-log(0.001) + log(1 + abs(w * z / (w * (1 - z * z).squareRoot())))) / (w * z)
        #expect(abs(s.settlingDuration - want) < 1e-12)
        // Added with duration 0 a spring takes the transaction's duration like any animation
        // (CALayer.h addAnimation:forKey:); documents give it its settling duration instead.
        #expect(s.basicDuration == 0.25)
        // Critically and over-damped: walk in 0.1 s steps (mass 1, stiffness 100).
        #expect(abs(CASpringAnimation.settlingTime(mass: 1, stiffness: 100, damping: 25, velocity: 15, epsilon: 0.001) - 0.9) < 1e-9)
        let c20 = CASpringAnimation.settlingTime(mass: 1, stiffness: 100, damping: 20, velocity: 0, epsilon: 0.001)
        let c26 = CASpringAnimation.settlingTime(mass: 1, stiffness: 100, damping: 26, velocity: 0, epsilon: 0.001)
        #expect(c20 == c26 && abs(c20 - 1.0) < 1e-9)   // (1 + 10t)e^(−10t): 1.2e-3 at 0.9, 5e-4 at 1.0
        #expect(CASpringAnimation.settlingTime(mass: 1, stiffness: 100, damping: 0, velocity: 0, epsilon: 0.001) == .infinity)
        // UIKit's damping-ratio form settles in the requested duration.
        let p = CASpringAnimation.parameters(duration: 5, dampingRatio: 0.1, velocity: 1)
        let t = CASpringAnimation.settlingTime(mass: p.mass, stiffness: p.stiffness, damping: p.damping, velocity: 1, epsilon: 0.001)
        #expect(abs(t - 5) < 1e-6)
        #expect(abs(p.damping / (2 * p.stiffness.squareRoot()) - 0.1) < 1e-9)
    }

    @Test func transformInterpolationRoundTrip() {
        let m = CATransform3D.rotation(0.7).scaledBy(2, 3).translatedBy(5, -4)
        let parts = InterpolatedTransformParts(m)!
        let back = parts.transform
        for (a, b) in zip(m.values, back.values) { #expect(abs(a - b) < 1e-9) }
        let a = CATransform3D.identity, b = CATransform3D.rotation(.pi / 2)
        let mid = CATransform3D.interpolate(a, b, 0.5)
        let r = CATransform3D.rotation(.pi / 4)
        for (x, y) in zip(mid.values, r.values) { #expect(abs(x - y) < 1e-9) }
        let s = CATransform3D.interpolate(.scale(1, 1), .scale(3, 5), 0.5)
        #expect(abs(s.m11 - 2) < 1e-12 && abs(s.m22 - 3) < 1e-12)
    }
}
