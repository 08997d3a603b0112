// Births under an animated birth rate follow the running integral of the presentation rate.
import Foundation
import Testing
@testable import LayerKit
import TestSupport

@Suite(.serialized, .freshAnimationContext) struct EmitterAnimatedBirthRateTests {
    /// An emitter (cell "spark": 10 a second, living 5 s) whose `keyPath` is animated linearly
    /// from `from` to `to` over 2 s from media time 0.
    static func animatedEmitter(_ keyPath: String, from: Double, to: Double) -> CAEmitterLayer {
        let e = EmitterLayerTests().emitter(rate: 10, lifetime: 5)
        e.emitterCells![0].name = "spark"
        e.emitterCells![0].alphaSpeed = 0
        let root = MoreLayersGoldens.root(160, 120)
        CAAnimationContext.current.clock.manualTime = 0
        CATransaction.begin(); CATransaction.setDisableActions(true)
        root.addSublayer(e)
        let a = CABasicAnimation(keyPath: keyPath)
        a.fromValue = .number(from); a.toValue = .number(to)
        a.duration = 2; a.timingFunction = .linear
        e.add(a, forKey: "ramp")
        CATransaction.commit()
        CAAnimationEngine.current.tick(at: 0)
        return e
    }

    static func births(_ e: CAEmitterLayer, at t: Double) -> [Double] { e.particles(atLocalTime: t).map(\.birth).sorted() }

    // "The birth rate of each cell is multiplied by this number to give the actual number of
    // particles created every second" (CAEmitterLayer.h, birthRate): under a layer birthRate
    // ramp 1 → 5 over 2 s the cell emits 10 + 20·t a second, so ∫ = 10·t + 10·t², and the n-th
    // particle is born at t = (−10 + √(100 + 40 n)) / 20.
    @Test func animatedLayerBirthRateBirthsFollowTheIntegralOfTheRamp() {
        let e = Self.animatedEmitter("birthRate", from: 1, to: 5)
        for (t, due) in [(0.35, 4.725), (1.05, 21.525), (1.95, 57.525)] {
            let b = Self.births(e, at: t)
            #expect(b.count == Int(due.rounded(.down)) + 1, "t = \(t): \(b.count)")
            for (n, birth) in b.enumerated() {
                #expect(abs(birth - (-10 + (100 + 40 * Double(n)).squareRoot()) / 20) < 1e-5, "n = \(n)")
            }
        }
        // After the ramp the model's rate (1 × 10 a second) holds again: ∫ = 60 + 10·(t − 2).
        #expect(Self.births(e, at: 2.55).count == 66)
    }

    // The same rule for a cell's rate animated through its key path,
    // "emitterCells.spark.birthRate" 0 → 20 over 2 s: ∫ = 5·t².
    @Test func animatedCellBirthRateBirthsFollowTheIntegralOfTheRamp() {
        let e = Self.animatedEmitter("emitterCells.spark.birthRate", from: 0, to: 20)
        for (t, due) in [(0.5, 1.25), (1.3, 8.45), (1.9, 18.05)] {
            let b = Self.births(e, at: t)
            #expect(b.count == Int(due.rounded(.down)) + 1, "t = \(t): \(b.count)")
            for (n, birth) in b.enumerated() { #expect(abs(birth - (Double(n) / 5).squareRoot()) < 1e-5, "n = \(n)") }
        }
    }

    // Particles born while the rate animates keep their birth times (and with them where they
    // are) from frame to frame: each frame shows every particle of the frame before with the
    // same birth, only new ones added.
    @Test func particlesBornUnderAnAnimatedRateKeepTheirBirthTimes() {
        let e = Self.animatedEmitter("birthRate", from: 1, to: 5)
        var previous: [Double] = []
        var t = 0.0
        while t < 2.4 {
            t += 1.0 / 60
            let now = Self.births(e, at: t)
            #expect(Array(now.prefix(previous.count)) == previous, "t = \(t)")
            previous = now
        }
        #expect(previous.count > 60)
    }

    // The births are a function of the time: the particles at T are the same whether T is
    // reached in one step or a hundred, and going back in time recomputes the same particles.
    @Test func renderingAtATimeIsTheSameInOneStepOrMany() {
        func snapshot(_ e: CAEmitterLayer, at t: Double) -> [[Double]] {
            e.particles(atLocalTime: t).map { [$0.birth, $0.x, $0.y, $0.scale, $0.angle] }
        }
        let direct = Self.animatedEmitter("birthRate", from: 1, to: 5)
        let stepped = Self.animatedEmitter("birthRate", from: 1, to: 5)
        let target = 1.7
        for i in 1...100 { _ = snapshot(stepped, at: target * Double(i) / 100) }
        #expect(snapshot(stepped, at: target) == snapshot(direct, at: target))
        // Back to an earlier time, against a fresh emitter rendered there at once.
        let fresh = Self.animatedEmitter("birthRate", from: 1, to: 5)
        #expect(snapshot(stepped, at: 0.6) == snapshot(fresh, at: 0.6))
        #expect(snapshot(direct, at: 0.6) == snapshot(fresh, at: 0.6))
    }

    // An emitter played for longer than the remembered sums can hold keeps emitting: the
    // marks thin out (every other one goes, the spacing doubles) and the integral stays what
    // it was with every mark. Here at most 8 marks, read every 5 s to 200 s (48,000 grid
    // nodes), then back at 37.3 s, recomputed from the thinned marks. (∫ = 60 + 10·(t − 2)
    // after the 2 s ramp, to the grid's 20·h where the rate drops at its end.)
    @Test func theIntegralGoesOnPastItsRememberedSums() {
        let e = Self.animatedEmitter("birthRate", from: 1, to: 5)
        let thin = EmitterRateIntegral(model: e, cells: e.emitterCells!, maximumMarks: 8)
        let full = EmitterRateIntegral(model: e, cells: e.emitterCells!)
        var t = 5.0
        while t <= 200 {
            let v = thin.integral(0, to: t)
            #expect(abs(v - full.integral(0, to: t)) < 1e-9, "t = \(t)")
            #expect(abs(v - (60 + 10 * (t - 2))) < 0.1, "t = \(t)")
            t += 5
        }
        #expect(thin.spacing > 256 && full.spacing == 256)
        for t in [37.3, 199.9] { #expect(abs(thin.integral(0, to: t) - full.integral(0, to: t)) < 1e-9, "t = \(t)") }
    }

    // One call extends the integral by at most `maximumJump`: a first frame 100 s ahead with a
    // 10 s jump sees the births of the first 10 s only (the rest would mean integrating the
    // whole way in one frame); frames after it catch up a jump at a time.
    @Test func oneFrameExtendsTheIntegralByAtMostTheJump() {
        let e = Self.animatedEmitter("birthRate", from: 1, to: 5)
        let g = EmitterRateIntegral(model: e, cells: e.emitterCells!, maximumJump: 10)
        let first = g.integral(0, to: 100)
        #expect(first > 60 + 10 * (9.9 - 2) && first < 60 + 10 * (10.1 - 2), "\(first)")
        var v = first
        for _ in 0..<9 { v = g.integral(0, to: 100) }
        let full = EmitterRateIntegral(model: e, cells: e.emitterCells!)
        #expect(abs(v - full.integral(0, to: 100)) < 1e-9)
    }
}
