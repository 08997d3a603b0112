import Testing
@testable import LayerKit
import TestSupport

/// What presentation() and model() return.
@Suite(.freshAnimationContext) struct PresentationSemanticsTests {
    typealias M = AnimationModelTests

    // "This method returns nil if the layer has not yet been committed."
    // (CALayer.presentation())
    @Test func presentationIsNilBeforeTheLayerWasFirstCommitted() {
        let l = CALayer()
        #expect(l.presentation() == nil)
        CATransaction.flush()
        #expect(l.presentation() != nil)
        CATransaction.begin()
        let m = CALayer()
        #expect(m.presentation() == nil)
        CATransaction.commit()
        #expect(m.presentation() != nil)
    }

    // "The layer object returned by this method provides a close approximation of the layer
    // that is currently being displayed onscreen." (CALayer.presentation()) — changes of the
    // open transaction are not on screen yet; the committed state with its animations is.
    @Test func presentationShowsTheStateAtTheStartOfTheOpenTransaction() {
        let (root, l) = M.tree(CALayer())
        CATransaction.begin(); CATransaction.setDisableActions(true)
        l.opacity = 0.5
        CATransaction.commit()
        let extra = CALayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        l.opacity = 0.2
        l.position = Point(9, 9)
        root.addSublayer(extra)
        #expect(l.presentation()?.opacity == 0.5)
        #expect(l.presentation()?.position == .zero)
        #expect(root.presentation()?.sublayers?.count == 1)
        #expect(l.opacity == 0.2 && root.sublayers?.count == 2)   // the model is untouched
        CATransaction.commit()
        #expect(l.presentation()?.opacity == 0.2)
        #expect(root.presentation()?.sublayers?.count == 2)
        // Active animations are applied.
        let a = M.basic("opacity", from: 0, to: 1, dur: 1)
        M.add(a, to: l, at: 0)
        #expect(abs(M.num(l, "opacity", at: 0.25) - 0.25) < 1e-9)
    }

    // model() "returns the model layer" when called on a presentation layer (CALayer.model():
    // "Calling this method on a layer in the presentation tree returns the corresponding
    // layer in the model tree.")
    @Test func modelOfAPresentationCopyIsTheModelLayer() throws {
        let (_, l) = M.tree(CALayer())
        let p = try #require(l.presentation())
        #expect(p !== l && p.model() === l && l.model() === l)
        #expect(p.sublayers == nil && p.presentation()?.model() === l)
    }
}
