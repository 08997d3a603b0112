// A birth rate changed while an emitter runs re-times no particle already emitted.
import Testing
@testable import LayerKit
import TestSupport

@Suite(.serialized, .freshAnimationContext) struct EmitterBirthRateChangeTests {
    /// An emitter (cell: 10 a second, living 2 s) shown in one frame at media time 1.
    func runningEmitter() -> (e: CAEmitterLayer, now: Double) {
        let e = EmitterLayerTests().emitter(rate: 10, lifetime: 2)
        let root = MoreLayersGoldens.root(160, 120)
        root.addSublayer(e)
        CAAnimationContext.current.clock.manualTime = 1.0
        CAAnimationEngine.current.tick(at: 1.0)
        _ = LayerRenderer().displayList(root, width: 160, height: 120)
        return (e, e.convertTime(1.0, from: nil))
    }

    static func births(_ e: CAEmitterLayer, at t: Double, upTo limit: Double) -> [[Double]] {
        e.particles(atLocalTime: t).filter { $0.birth <= limit }.map { [$0.birth, $0.x, $0.y, $0.scale] }
    }

    // Particles keep what they are born with; a new birthRate ("Number of emitted objects
    // created every second") governs only the particles created after it is set: those
    // emitted before the change keep their birth times (and with them positions, lifetimes),
    // and the new ones follow 1/40 s apart from the change.
    @Test func cellBirthRateChangeKeepsEmittedParticlesBirthTimes() {
        let (e, now) = runningEmitter()
        let old = Self.births(e, at: now + 0.5, upTo: now)
        #expect(old.count == 11)
        CATransaction.begin(); CATransaction.setDisableActions(true)
        e.emitterCells![0].birthRate = 40
        CATransaction.commit()
        #expect(Self.births(e, at: now + 0.5, upTo: now) == old)
        let new = e.particles(atLocalTime: now + 0.5).map(\.birth).filter { $0 > now }.sorted()
        #expect(new.count == 20)
        for (a, b) in zip(new, new.dropFirst()) { #expect(abs(b - a - 1.0 / 40) < 1e-9) }
    }

    // The layer's birthRate ("The birth rate of each cell is multiplied by this number") set to
    // zero stops emission, but the particles already emitted live out their lifetimes.
    @Test func layerBirthRateZeroLetsEmittedParticlesLiveOut() {
        let (e, now) = runningEmitter()
        let old = Self.births(e, at: now + 0.5, upTo: now)
        CATransaction.begin(); CATransaction.setDisableActions(true)
        e.birthRate = 0
        CATransaction.commit()
        #expect(Self.births(e, at: now + 0.5, upTo: .infinity) == old)
        #expect(e.particleCount(atLocalTime: now + 2.5) == 0)    // all lived out
        // Set back to 1 half a second later, emission resumes with the old spacing, the pause
        // kept: the next particle is due a tenth of a second after the resumption.
        CAAnimationContext.current.clock.manualTime = 1.5
        CATransaction.begin(); CATransaction.setDisableActions(true)
        e.birthRate = 1
        CATransaction.commit()
        let resumed = e.particles(atLocalTime: now + 0.75).map(\.birth).filter { $0 > now }.sorted()
        #expect(resumed.count == 2 && abs(resumed[0] - (now + 0.6)) < 1e-9, "\(resumed)")
    }
}
