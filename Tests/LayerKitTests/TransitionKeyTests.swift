// Tests of where a transition is stored (the "transition" key) and which old state it shows.

import Testing
@testable import LayerKit
import TestSupport

/// Where a transition is stored and which old state it shows.
@Suite(.freshAnimationContext) struct TransitionKeyTests {
    typealias M = AnimationModelTests

    // "The special key 'transition' is automatically used for transition animations."
    // (CALayer.h, addAnimation:forKey:)
    @Test func transitionIsStoredUnderTheTransitionKeyAndASecondReplacesTheFirst() {
        let (_, l) = M.tree(CALayer())
        let first = CATransition(type: .fade), second = CATransition(type: .push)
        first.duration = 1; second.duration = 1
        M.add(first, to: l, key: "mine")
        #expect(l.animationKeys() == ["transition"])
        M.add(second, to: l, key: nil)
        #expect(l.animationKeys() == ["transition"])
        #expect((l.animation(forKey: kCATransition) as? CATransition)?.type == .push)
    }

    // The old state is the tree as last committed: sublayers added, removed, reordered or
    // hidden earlier in the same transaction belong to the new state.
    @Test func treeChangesMadeBeforeTheTransitionInTheSameTransactionAnimateToo() throws {
        let (_, l) = M.tree(CALayer())
        let a = CALayer(), b = CALayer(), c = CALayer()
        a.name = "a"; b.name = "b"; c.name = "c"
        CATransaction.begin(); CATransaction.setDisableActions(true)
        l.addSublayer(a); l.addSublayer(b)
        CATransaction.commit()
        CAAnimationEngine.current.tick(at: 0)
        // One transaction: add c, remove a, hide b, then add the transition.
        CATransaction.begin()
        l.addSublayer(c)
        a.removeFromSuperlayer()
        b.isHidden = true
        let t = CATransition(type: .fade); t.duration = 1
        l.add(t, forKey: nil)
        CATransaction.commit()
        let stored = try #require(l.animation(forKey: kCATransition) as? CATransition)
        let old = try #require(stored.before?.tree)
        #expect(old.sublayers?.map(\.name) == ["a", "b"])
        #expect(old.sublayers?[1].isHidden == false)
        // The model keeps the new state.
        #expect(l.sublayers?.map(\.name) == ["b", "c"] && b.isHidden)
        // Reordering counts as well.
        CAAnimationEngine.current.tick(at: 2)
        CATransaction.begin()
        l.insertSublayer(c, at: 0)
        l.add(CATransition(type: .fade), forKey: nil)
        CATransaction.commit()
        let again = try #require((l.animation(forKey: kCATransition) as? CATransition)?.before?.tree)
        #expect(again.sublayers?.map(\.name) == ["b", "c"])
        #expect(l.sublayers?.map(\.name) == ["c", "b"])
    }
}
