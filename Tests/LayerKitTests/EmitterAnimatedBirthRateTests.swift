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
}
