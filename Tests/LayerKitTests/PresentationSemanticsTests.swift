// Tests of what presentation() and model() return, as CALayer.h documents them.

import Testing
@testable import LayerKit
import TestSupport

/// What presentation() and model() return.
@Suite(.freshAnimationContext) struct PresentationSemanticsTests {
    typealias M = AnimationModelTests

    // "Returns nil if the layer has not yet been committed." (CALayer.h, -presentationLayer)
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

    // "Returns a copy of the layer containing all properties as they were at the start of the
    // current transaction, with any active animations applied." (CALayer.h, -presentationLayer)
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

    // "Calling this method on a layer in the presentation tree returns the corresponding layer
    // object in the model tree." (CALayer.model())
    @Test func modelOfAPresentationCopyIsTheModelLayer() throws {
        let (_, l) = M.tree(CALayer())
        let p = try #require(l.presentation())
        #expect(p !== l && p.model() === l && l.model() === l)
        #expect(p.sublayers == nil && p.presentation()?.model() === l)
    }
}
