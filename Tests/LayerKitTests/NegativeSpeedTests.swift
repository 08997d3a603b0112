// Tests that a negative speed runs an animation or a layer's clock backwards, as
// CAMediaTiming.speed's parent-to-local time mapping implies.

import Testing
@testable import LayerKit
import TestSupport

/// A negative speed runs an animation (or a layer's clock) backwards.
@Suite(.freshAnimationContext) struct NegativeSpeedTests {
    typealias M = AnimationModelTests

    // "Specifies how time is mapped to receiver's time space from the parent time space."
    // (CAMediaTiming.speed) — speed −1 maps the animation's interval backwards: it plays from
    // its last value to its first over the same parent time.
    @Test func negativeSpeedPlaysTheAnimationFromItsEndToItsStart() {
        let (_, l) = M.tree(CALayer())
        let a = M.basic("position.x", from: 0, to: 100, dur: 1)
        a.speed = -1
        M.add(a, to: l, key: "back")
        #expect(abs(M.num(l, "position.x", at: 0) - 100) < 1e-9)
        #expect(abs(M.num(l, "position.x", at: 0.25) - 75) < 1e-9)
        #expect(abs(M.num(l, "position.x", at: 0.75) - 25) < 1e-9)
        // After its active interval a removed animation shows the model again.
        #expect(M.num(l, "position.x", at: 1.5) == 0)
        #expect(l.animation(forKey: "back")?.endTime == 1)
    }

    // The magnitude still scales time ("if rate is 2, local time progresses twice as fast as
    // parent time", CAMediaTiming.h), and a forwards fill holds where the backward run ends:
    // the first value.
    @Test func negativeSpeedKeepsItsMagnitudeAndFillsWithTheFirstValue() {
        let (_, l) = M.tree(CALayer())
        let a = M.basic("position.x", from: 0, to: 100, dur: 1)
        a.speed = -2; a.fillMode = .forwards; a.isRemovedOnCompletion = false
        a.beginTime = 1
        M.add(a, to: l, key: "back")
        #expect(M.num(l, "position.x", at: 0.5) == 0)                  // not begun, no backwards fill
        #expect(abs(M.num(l, "position.x", at: 1.25) - 50) < 1e-9)
        #expect(abs(M.num(l, "position.x", at: 2) - 0) < 1e-9)
        let b = M.basic("opacity", from: 0.2, to: 1, dur: 1)
        b.speed = -1; b.beginTime = 3; b.fillMode = .backwards
        M.add(b, to: l, key: "wait")
        #expect(abs(M.num(l, "opacity", at: 2.5) - 1) < 1e-9)         // before it: where it starts, the end
    }

    // A layer's clock with a negative speed runs backwards: its animations replay in reverse.
    // "t = (tp - begin) * speed + offset" (CAMediaTiming.h, timeOffset).
    @Test func negativeLayerSpeedRunsTheLayersClockBackwards() {
        let (root, l) = M.tree(CALayer())
        _ = root
        CATransaction.begin(); CATransaction.setDisableActions(true)
        l.speed = -1; l.timeOffset = 2   // local time = 2 − media time
        CATransaction.commit()
        let a = M.basic("position.x", from: 0, to: 100, dur: 1)
        a.beginTime = 0.0001 // in the layer's local time; an explicit begin needs no commit
        a.fillMode = .both; a.isRemovedOnCompletion = false
        M.add(a, to: l, key: "replay")
        #expect(abs(l.convertTime(0.5, from: nil) - 1.5) < 1e-12)
        #expect(abs(M.num(l, "position.x", at: 1.5) - (0.5 - 0.0001) * 100) < 1e-6)
        #expect(abs(M.num(l, "position.x", at: 1.25) - (0.75 - 0.0001) * 100) < 1e-6)
        #expect(abs(M.num(l, "position.x", at: 0.5) - 100) < 1e-9)     // local 1.5: past its end
    }

    // A negative speed in a document is read through `inspect` like any other.
    @Test func documentAnimationWithNegativeSpeedRunsBackwards() throws {
        let doc = try LayerDocument.parse("""
        {"width": 10, "height": 10, "layers": [{"name": "a", "animations": [
          {"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 2, "speed": -1}]}]}
        """)
        DocumentPlayback.prepare(doc)
        let l = try #require(doc.root.sublayers?.first)
        #expect(abs((l.presentation(at: 0.5).value(forKeyPath: "opacity")?.kpNumber ?? .nan) - 0.75) < 1e-9)
    }
}
