// Emitter cells' animatable properties by key path through their layer.
import Testing
@testable import LayerKit
import TestSupport

@Suite(.serialized, .freshAnimationContext) struct EmitterCellKeyPathTests {
    func emitter() -> (CAEmitterLayer, CAEmitterCell, CAEmitterCell) {
        let e = EmitterLayerTests().emitter(rate: 10, lifetime: 2)
        let spark = e.emitterCells![0]
        spark.name = "spark"
        let child = CAEmitterCell()
        child.name = "ember"; child.velocity = 7
        spark.emitterCells = [child]
        return (e, spark, child)
    }

    // CAEmitterCell.name: "The name of the cell. Used to construct key paths." — the layer
    // reads and writes a cell's animatable properties as "emitterCells.NAME.KEY", nested
    // cells through more "emitterCells.NAME" steps; unknown names and keys are no key path.
    @Test func emitterCellPropertiesAreKeyPathsByName() {
        let (e, spark, child) = emitter()
        #expect(e.value(forKeyPath: "emitterCells.spark.birthRate") == .number(10))
        #expect(e.value(forKeyPath: "emitterCells.spark.emitterCells.ember.velocity") == .number(7))
        #expect(e.value(forKeyPath: "emitterCells.spark.color") == .color(Color(0.9, 0.3, 0.2)))
        #expect(e.setValue(.number(25), forKeyPath: "emitterCells.spark.velocity") && spark.velocity == 25)
        #expect(e.setValue(.number(3), forKeyPath: "emitterCells.spark.emitterCells.ember.scale") && child.scale == 3)
        #expect(e.value(forKeyPath: "emitterCells.nothing.velocity") == nil)
        #expect(e.value(forKeyPath: "emitterCells.spark.name") == nil)
        #expect(!e.setValue(.number(.nan), forKeyPath: "emitterCells.spark.velocity") && spark.velocity == 25)
        #expect(!e.setValue(.color(.white), forKeyPath: "emitterCells.spark.velocity"))
        #expect(e.isAnimatableKeyPath("emitterCells.spark.alphaSpeed"))
    }

    // The cell properties CAEmitterCell marks "Animatable" animate by those key paths: the
    // presentation copy shows the animated value (its own copies of the cells), the model's
    // cell keeps its own.
    @Test func emitterCellKeyPathsAnimateOnThePresentationCopyOnly() throws {
        let (e, spark, _) = emitter()
        let root = MoreLayersGoldens.root(160, 120)
        CATransaction.begin(); CATransaction.setDisableActions(true)
        root.addSublayer(e)
        CATransaction.commit()
        CAAnimationContext.current.clock.manualTime = 0
        CAAnimationEngine.current.tick(at: 0)
        let a = CABasicAnimation(keyPath: "emitterCells.spark.velocity")
        a.fromValue = .number(0); a.toValue = .number(100); a.duration = 1
        a.timingFunction = .linear
        CATransaction.begin()
        e.add(a, forKey: "v")
        CATransaction.commit()
        CAAnimationContext.current.clock.manualTime = 0.5
        CAAnimationEngine.current.tick(at: 0.5)
        let p = try #require(e.presentation())
        #expect(p.value(forKeyPath: "emitterCells.spark.velocity") == .number(50))
        #expect(spark.velocity == 40 && p.emitterCells![0] !== spark)
        #expect(e.value(forKeyPath: "emitterCells.spark.velocity") == .number(40))
    }
}
