// Tests of CATransaction's completion block, as setCompletionBlock: documents it, and of the
// nested scope of its settings.

import Testing
@testable import LayerKit
import TestSupport

/// CATransaction's completion block and the nested scope of its settings.
@Suite(.freshAnimationContext) struct TransactionCompletionTests {
    final class Log: @unchecked Sendable { var entries: [String] = [] }

    // "The completion block object that is guaranteed to be called (on the main thread) as
    // soon as all animations subsequently added by this transaction group have completed (or
    // have been removed.)" (CATransaction setCompletionBlock:)
    @Test func completionWaitsOnlyForAnimationsAddedAfterItWasSet() {
        let (_, l) = AnimationModelTests.tree(CALayer())
        let log = Log()
        CAAnimationContext.current.clock.manualTime = 0
        CATransaction.begin()
        l.add(AnimationModelTests.basic("opacity", from: 0, to: 1, dur: 2), forKey: "before")
        CATransaction.setCompletionBlock { log.entries.append("done") }
        l.add(AnimationModelTests.basic("position.x", from: 0, to: 1, dur: 0.5), forKey: "after")
        CATransaction.begin()     // animations of nested transactions count too
        l.add(AnimationModelTests.basic("position.y", from: 0, to: 1, dur: 1), forKey: "nested")
        CATransaction.commit()
        CATransaction.commit()
        CAAnimationEngine.current.tick(at: 0)
        CAAnimationEngine.current.tick(at: 0.6)
        #expect(log.entries.isEmpty)
        CAAnimationEngine.current.tick(at: 1.1)
        #expect(log.entries == ["done"], "not waiting for the 2 s animation added before the block")
    }

    // "If no animations are added before the current transaction group is committed (or the
    // completion block is set to a different value,) the block will be invoked immediately."
    @Test func completionWithoutAnimationsOrReplacedRunsAtOnce() {
        let (_, l) = AnimationModelTests.tree(CALayer())
        let log = Log()
        CAAnimationContext.current.clock.manualTime = 0
        CATransaction.begin()
        l.add(AnimationModelTests.basic("opacity", from: 0, to: 1, dur: 2), forKey: "before")
        CATransaction.setCompletionBlock { log.entries.append("nothing added after") }
        CATransaction.commit()
        CAAnimationEngine.current.tick(at: 0)
        #expect(log.entries == ["nothing added after"])

        log.entries = []
        CAAnimationContext.current.clock.manualTime = 0.1
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.entries.append("replaced") }
        CATransaction.setCompletionBlock { log.entries.append("second") }
        l.add(AnimationModelTests.basic("position.x", from: 0, to: 1, dur: 1), forKey: "x")
        CATransaction.commit()
        CAAnimationEngine.current.tick(at: 0.1)
        #expect(log.entries == ["replaced"])
        CAAnimationEngine.current.tick(at: 1.2)
        #expect(log.entries == ["replaced", "second"])

        // A replaced block that had animations added in its time still waits for them.
        log.entries = []
        CAAnimationContext.current.clock.manualTime = 1.3
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.entries.append("first") }
        l.add(AnimationModelTests.basic("position.y", from: 0, to: 1, dur: 1), forKey: "y")
        CATransaction.setCompletionBlock { log.entries.append("second") }
        CATransaction.commit()
        CAAnimationEngine.current.tick(at: 1.3)
        #expect(log.entries == ["second"])
        CAAnimationEngine.current.tick(at: 2.4)
        #expect(log.entries == ["second", "first"])
    }

    // "Nested transactions have nested data scope, i.e. reading a key returns the value of the
    // innermost scope that has set it, setting a key always sets it in the innermost scope."
    // (CATransaction.h)
    @Test func nestedTransactionsInheritAndRestoreTheirSettings() {
        let ease = CAMediaTimingFunction(name: .easeIn), linear = CAMediaTimingFunction(name: .linear)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        CATransaction.setAnimationDuration(3)
        CATransaction.setAnimationTimingFunction(ease)
        CATransaction.begin()
        #expect(CATransaction.disableActions() && CATransaction.animationDuration() == 3)
        #expect(CATransaction.animationTimingFunction() == ease)
        CATransaction.setDisableActions(false)
        CATransaction.setAnimationDuration(0.5)
        CATransaction.setAnimationTimingFunction(linear)
        #expect(!CATransaction.disableActions() && CATransaction.animationDuration() == 0.5)
        #expect(CATransaction.animationTimingFunction() == linear)
        CATransaction.commit()
        #expect(CATransaction.disableActions() && CATransaction.animationDuration() == 3)
        #expect(CATransaction.animationTimingFunction() == ease)
        CATransaction.commit()
        #expect(!CATransaction.disableActions() && CATransaction.animationDuration() == 0.25)
        #expect(CATransaction.animationTimingFunction() == nil)
    }
}
