// Tests of CAEmitterLayer: particles determined by time and seed, counts from birth rates and
// lifetimes, the particle limit, damage tracking, and documents.

import Testing
import Foundation
@testable import LayerKit
import TestSupport

/// CAEmitterLayer: particles from time and seed alone, counts that follow from the birth rates
/// and lifetimes, the particle limit, damage tracking with particles moving, documents.
@Suite(.serialized, .freshAnimationContext) struct EmitterLayerTests {
    static let dot: ImageRef = {
        let b = Bitmap(width: 8, height: 8)
        Canvas(b).fill(.ellipse(in: Rect(0, 0, 8, 8)), color: .white)
        return ImageRef(b)
    }()

    func emitter(seed: UInt32 = 1, rate: Double = 10, lifetime: Double = 2) -> CAEmitterLayer {
        let e = CAEmitterLayer()
        e.bounds = Rect(0, 0, 160, 120); e.position = Point(80, 60)
        e.emitterPosition = Point(80, 40); e.emitterShape = .circle; e.emitterSize = Size(10, 10)
        e.seed = seed
        let c = CAEmitterCell()
        c.contents = Self.dot
        c.birthRate = rate; c.lifetime = lifetime
        c.velocity = 40; c.velocityRange = 30; c.emissionRange = 2 * .pi; c.yAcceleration = 30
        c.spin = 1; c.spinRange = 2; c.scaleRange = 0.5
        c.color = Color(0.9, 0.3, 0.2); c.greenRange = 0.5; c.alphaSpeed = -0.2
        e.emitterCells = [c]
        return e
    }

    /// n particles born at n / R, each living L: at time t those with t − L < n / R ≤ t
    /// (times chosen away from those boundaries).
    @Test func countsFollowBirthRateAndLifetime() {
        let e = emitter(rate: 10, lifetime: 2)
        #expect(e.particleCount(atLocalTime: 0) == 1)
        #expect(e.particleCount(atLocalTime: 1.05) == 11)
        #expect(e.particleCount(atLocalTime: 5.02) == 20)
        #expect(e.particleCount(atLocalTime: -1) == 0)
        e.birthRate = 2       // the layer's rate multiplies the cell's
        #expect(e.particleCount(atLocalTime: 5.02) == 40)
        e.lifetime = 0.5      // and its lifetime the cell's
        #expect(e.particleCount(atLocalTime: 5.02) == 20)
    }

    /// Sub-cells: each parent particle (2 a second, living 1 s, drawing nothing) emits 10
    /// children a second living 0.5 s; at t = 10.05 the children alive are those born in
    /// (9.55, 10.05]: 4 of the parent born at 9.0, 5 of the one at 9.5, 1 of the one at 10.
    @Test func subCellsEmitFromTheirParents() {
        let e = CAEmitterLayer()
        let parent = CAEmitterCell()
        parent.birthRate = 2; parent.lifetime = 1; parent.velocity = 20
        let child = CAEmitterCell()
        child.contents = Self.dot; child.birthRate = 10; child.lifetime = 0.5
        parent.emitterCells = [child]
        e.emitterCells = [parent]
        #expect(e.particleCount(atLocalTime: 10.05) == 10)
        // A cell's beginTime and duration bound when it emits.
        child.beginTime = 0.3; child.duration = 0.2
        // Children at parent ages 0.3 and 0.4 only: born 9.3, 9.4 (too old), 9.8, 9.9 (alive).
        #expect(e.particleCount(atLocalTime: 10.05) == 2)
    }

    @Test func sameSeedSameParticlesOtherSeedOthers() {
        let a = emitter(seed: 42).particles(atLocalTime: 3.3), b = emitter(seed: 42).particles(atLocalTime: 3.3)
        let c = emitter(seed: 43).particles(atLocalTime: 3.3)
        #expect(a.count == b.count && a.count == c.count)
        #expect(zip(a, b).allSatisfy { $0.x == $1.x && $0.y == $1.y && $0.color == $1.color && $0.angle == $1.angle })
        #expect(!zip(a, c).allSatisfy { $0.x == $1.x && $0.y == $1.y })
    }

    /// A frame depends on its time only: drawn after other frames, or fresh, it is the same.
    @Test func framesDependOnTimeNotHistory() {
        func frame(_ e: CAEmitterLayer, _ t: Double) -> Bitmap {
            let root = MoreLayersGoldens.root(160, 120)
            root.addSublayer(e)
            return MoreLayersGoldens.render(root.presentation(at: t), 160, 120, background: .black)
        }
        let e = emitter(seed: 5)
        for t in stride(from: 0.0, to: 2.0, by: 0.37) { _ = frame(e, t) }
        let after = frame(e, 2.5)
        let fresh = frame(emitter(seed: 5), 2.5)
        #expect(after.difference(from: fresh, threshold: 0)?.maxAbsolute == 0)
    }

    @Test func particleCountIsBoundedByTheLimit() {
        let e = emitter(rate: 1e9, lifetime: 1e6)
        #expect(e.particleCount(atLocalTime: 100) == CAEmitterLayer.maximumParticles)
    }

    /// Damage tracking with particles moving: every frame drawn incrementally equals the same
    /// frame drawn whole.
    @Test func damageTrackingEqualsFullRedrawWithEmitterRunning() {
        let root = MoreLayersGoldens.root(160, 120)
        root.addSublayer(emitter(seed: 9, rate: 30, lifetime: 1.5))
        let mover = CALayer()
        mover.bounds = Rect(0, 0, 20, 20); mover.backgroundColor = Color(0.2, 0.6, 0.9)
        root.addSublayer(mover)
        let incremental = Bitmap(width: 160, height: 120)
        let renderer = LayerRenderer(background: .black)
        var damaged = 0
        for i in 0..<60 {
            let t = Double(i) / 30
            mover.position = Point(20 + 4 * Double(i % 25), 90)
            let tree = root.presentation(at: t)
            if renderer.renderFrame(tree, into: Canvas(incremental)).damage != nil { damaged += 1 }
            let full = MoreLayersGoldens.render(tree, 160, 120, background: .black)
            #expect(incremental.difference(from: full, threshold: 0)?.maxAbsolute == 0, "frame \(i)")
        }
        #expect(damaged == 60)
    }

    @Test func emitterGolden() throws {
        let root = MoreLayersGoldens.root(160, 120)
        let e = emitter(seed: 3, rate: 40, lifetime: 2)
        root.addSublayer(e)
        let b = MoreLayersGoldens.render(root.presentation(at: 3), 160, 120, background: Color(0.1, 0.1, 0.15))
        #expect(e.particleCount(atLocalTime: 3) == 80)
        try expectGolden(b, "emitter_particles", in: MoreLayersGoldens.folder, tolerance: MoreLayersGoldens.tolerance)
    }

    @Test func documentsReadEmitterCells() throws {
        let doc = try LayerDocument.parse("""
        {"width": 100, "height": 100, "layers": [
          {"type": "emitter", "name": "e", "emitterPosition": [50, 10], "emitterSize": [80, 0], "emitterShape": "line",
           "emitterMode": "outline", "renderMode": "additive", "birthRate": 2, "lifetime": 0.5, "seed": 7,
           "emitterCells": [{"name": "spark", "birthRate": 30, "lifetime": 1, "lifetimeRange": 0.5, "velocity": 50,
             "emissionLongitude": 1.57, "emissionRange": 0.3, "yAcceleration": 9, "color": "#ffcc00",
             "alphaSpeed": -1, "contentsRect": [0, 0, 0.5, 0.5],
             "emitterCells": [{"name": "trail", "birthRate": 5, "lifetime": 0.2}]}]}
        ]}
        """)
        let e = try #require(doc.layersByName["e"] as? CAEmitterLayer)
        #expect(e.emitterShape == .line && e.emitterMode == .outline && e.renderMode == .additive && e.seed == 7)
        #expect(e.birthRate == 2 && e.lifetime == 0.5 && e.emitterSize == Size(80, 0))
        let spark = try #require(e.emitterCells?.first)
        #expect(spark.name == "spark" && spark.birthRate == 30 && spark.color == Color(1, 0.8, 0, 1))
        #expect(spark.contentsRect == Rect(0, 0, 0.5, 0.5) && spark.emitterCells?.first?.name == "trail")
        for (json, message) in [
            (#"[{"birthrate": 1}]"#, #"layers[0].emitterCells[0].birthrate: unknown key "birthrate" (an emitter cell takes CAEmitterCell's names)"#),
            (#"[{"birthRate": -1}]"#, "layers[0].emitterCells[0].birthRate: must not be negative (got -1.0)"),
            (#"[{"emitterCells": [{"emitterCells": [{"emitterCells": [{"emitterCells": []}]}]}]}]"#,
             "layers[0].emitterCells[0].emitterCells[0].emitterCells[0].emitterCells[0].emitterCells: emitter cells nested 5 deep exceeds the limit 4"),
        ] {
            do {
                _ = try LayerDocument.parse(#"{"width": 10, "height": 10, "layers": [{"type": "emitter", "emitterCells": \#(json)}]}"#)
                Issue.record("\(json) was accepted")
            } catch { #expect("\(error)" == message) }
        }
    }
}
