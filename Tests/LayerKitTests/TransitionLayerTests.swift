// Animation model tests of CATransition on layers: old state, effect and new state, the
// delegate and completions, view-style transitions, and documents.

import Testing
@testable import LayerKit

/// CATransition on layers: old state before, effect during, only the new state after; the
/// delegate and completions; view-style transitions; documents. They use the animation model
/// suite's helpers and, like it, run each test in its own animation context.
extension AnimationModelTests {
    final class StopRecorder: CAAnimationDelegate {
        var started = 0
        var stops: [Bool] = []
        func animationDidStart(_ anim: CAAnimation) { started += 1 }
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stops.append(flag) }
    }

    /// A 40×30 root holding one 40×30 layer filled with `color`, committed at time 0.
    static func transitionScene(_ color: Color) -> (CALayer, CALayer) {
        let (root, l) = tree(CALayer())
        CATransaction.begin(); CATransaction.setDisableActions(true)
        root.bounds = Rect(0, 0, 40, 30); root.position = Point(20, 15)
        l.bounds = Rect(0, 0, 40, 30); l.position = Point(20, 15); l.backgroundColor = color
        CATransaction.commit()
        CAAnimationEngine.current.tick(at: 0)
        return (root, l)
    }

    static func rgb(_ p: UInt32) -> (Int, Int, Int) { (Int((p >> 16) & 0xff), Int((p >> 8) & 0xff), Int(p & 0xff)) }

    @Test func transitionAddedAfterTheChangeShowsTheOldStateFirst() {
        let (root, l) = Self.transitionScene(.red)
        // The seed's order: change the content, then add the transition, in one transaction.
        CATransaction.setDisableActions(true)
        l.backgroundColor = .blue
        let t = CATransition(type: .fade)
        t.duration = 1
        let rec = StopRecorder()
        t.delegate = rec
        Self.add(t, to: l, key: "fade", at: 0)
        let f0 = ContentsCrossfadeTests.frame(root, at: 0)
        #expect(Self.rgb(f0[20, 15]) == (255, 0, 0), "old state at the start")
        let mid = Self.rgb(ContentsCrossfadeTests.frame(root, at: 0.5)[20, 15])
        #expect(abs(mid.0 - 128) <= 3 && mid.1 == 0 && abs(mid.2 - 128) <= 3, "half faded: \(mid)")
        #expect(rec.started == 1 && rec.stops.isEmpty)
        let end = ContentsCrossfadeTests.frame(root, at: 1.0001)
        #expect(Self.rgb(end[20, 15]) == (0, 0, 255), "new state after the end")
        #expect(rec.stops == [true])
        #expect(l.animation(forKey: "fade") == nil, "removed on completion")
        #expect(l.backgroundColor == .blue, "the model keeps the new state")
    }

    @Test func transitionAddedBeforeTheChangeAlsoAnimatesIt() {
        let (root, l) = Self.transitionScene(.red)
        CATransaction.begin(); CATransaction.setDisableActions(true)
        let t = CATransition(type: .push, subtype: .fromRight)
        t.duration = 2
        l.add(t, forKey: nil)
        l.backgroundColor = .green
        CATransaction.commit()
        let f = ContentsCrossfadeTests.frame(root, at: 1) // halfway: old on the left half, new on the right
        #expect(Self.rgb(f[5, 15]) == (255, 0, 0))
        #expect(Self.rgb(f[35, 15]) == (0, 255, 0))
        #expect(Self.rgb(ContentsCrossfadeTests.frame(root, at: 2.5)[5, 15]) == (0, 255, 0))
    }

    @Test func progressRangeAndTimingFunction() {
        let t = CATransition(type: .fade)
        t.startProgress = 0.2; t.endProgress = 0.6
        let p = CAAnimationProgress(time: 0.5, duration: 1, iteration: 0, fraction: 0.5, isFilling: false)
        #expect(abs(t.effectProgress(p) - 0.4) < 1e-12)
        t.timingFunction = .easeIn
        t.duration = 1
        let q = t.progress(atParentTime: 0.5)!
        #expect(q.fraction < 0.5, "easeIn is behind linear at the middle")
        #expect(t.copy() is CATransition)
        #expect((t.copy() as! CATransition).startProgress == 0.2)
    }

    @Test func viewTransitionWithBlockAndCompletion() {
        let (root, l) = Self.transitionScene(.red)
        var finished: [Bool] = []
        CALayer.transition(with: l, duration: 0.5, options: [.transitionFlipFromLeft, .curveLinear],
                           animations: { l.backgroundColor = .blue }, completion: { finished.append($0) })
        CATransaction.flush()
        #expect(l.animation(forKey: "transition") is CATransition)
        #expect(l.animation(forKey: "backgroundColor") == nil, "changes in the block are not animated one by one")
        let a = ContentsCrossfadeTests.frame(root, at: 0.1), b = ContentsCrossfadeTests.frame(root, at: 0.4)
        // A flip: early the red card narrows (background shows at the sides), later the blue one.
        #expect(Self.rgb(a[20, 15]).0 > 100 && a[1, 15] >> 24 == 0)
        #expect(Self.rgb(b[20, 15]).2 > 100 && b[1, 15] >> 24 == 0)
        #expect(finished.isEmpty)
        _ = ContentsCrossfadeTests.frame(root, at: 0.6)
        #expect(finished == [true])
    }

    @Test func viewTransitionFromToWithShowHide() {
        let root = CALayer()
        let from = CALayer(), to = CALayer()
        CATransaction.begin(); CATransaction.setDisableActions(true)
        root.bounds = Rect(0, 0, 40, 30); root.position = Point(20, 15)
        for (l, c) in [(from, Color.red), (to, Color.blue)] {
            l.bounds = Rect(0, 0, 40, 30); l.position = Point(20, 15); l.backgroundColor = c
            root.addSublayer(l)
        }
        to.isHidden = true
        CATransaction.commit()
        _ = ContentsCrossfadeTests.frame(root, at: 0)
        var done = false
        CALayer.transition(from: from, to: to, duration: 1, options: [.transitionCrossDissolve, .showHideTransitionViews],
                           completion: { done = $0 })
        #expect(from.isHidden && !to.isHidden)
        #expect(Self.rgb(ContentsCrossfadeTests.frame(root, at: 0)[20, 15]) == (255, 0, 0))
        let mid = Self.rgb(ContentsCrossfadeTests.frame(root, at: 0.5)[20, 15])
        #expect(mid.0 > 60 && mid.2 > 60, "cross-dissolving: \(mid)")
        #expect(Self.rgb(ContentsCrossfadeTests.frame(root, at: 1.2)[20, 15]) == (0, 0, 255))
        #expect(done)
        // Without showHide the old layer leaves the tree.
        let other = CALayer()
        CALayer.transition(from: to, to: other, duration: 0.3, options: .transitionCurlUp)
        #expect(to.superlayer == nil && other.superlayer === root)
    }

    /// The new state is drawn once while it stays still (the same bitmap frame after frame),
    /// and again whenever it changes during the transition: a sublayer animating across is
    /// seen where it is now, not where it was when last drawn.
    @Test func transitionNewStateIsReusedWhileStillAndRedrawnWhenItChanges() throws {
        let (root, l) = Self.transitionScene(.red)
        let dot = CALayer()
        CATransaction.begin(); CATransaction.setDisableActions(true)
        dot.bounds = Rect(0, 0, 10, 30); dot.position = Point(5, 15); dot.backgroundColor = Color(0, 1, 0)
        l.addSublayer(dot)
        CATransaction.commit()
        CAAnimationEngine.current.tick(at: 0)
        CATransaction.setDisableActions(true)
        l.backgroundColor = .blue
        let t = CATransition(type: .fade)
        t.duration = 1
        Self.add(t, to: l, at: 0)
        _ = ContentsCrossfadeTests.frame(root, at: 0.1)
        let snapshot = try #require(l.activeTransition?.before)
        let builder = DisplayListBuilder(scale: 1)
        func newState() -> DisplaySnapshot {
            let p = l.presentation()!
            return snapshot.newState(of: p, width: 40, height: 30, transform: .identity,
                                     list: builder.stateList(p, .identity, width: 40, height: 30))
        }
        let s1 = newState(), s2 = newState()
        #expect(s1 === s2, "a still new state is drawn once")
        // The dot crosses the layer from x = 5 to x = 35 during the transition.
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = .number(5); move.toValue = .number(35); move.duration = 0.8; move.beginTime = 0.2
        Self.add(move, to: dot, at: 0.2)
        let mid = ContentsCrossfadeTests.frame(root, at: 0.6)       // dot at x 20 (15…25), fade half way
        let late = ContentsCrossfadeTests.frame(root, at: 0.9)      // dot at x 31.25 (26.25…36.25)
        let g = { (b: Bitmap, x: Int) in Self.rgb(b[x, 15]).1 }
        #expect(g(mid, 20) > 100, "the moving dot shows in the new state: \(Self.rgb(mid[20, 15]))")
        #expect(g(late, 20) == 0, "and is gone from where it was: \(Self.rgb(late[20, 15]))")
        #expect(g(late, 31) > 150, "\(Self.rgb(late[31, 15]))")
    }

    @Test func documentTransitionPlaysAndRenders() throws {
        let text = """
        {"width": 40, "height": 30, "layers": [
          {"name": "card", "bounds": [0, 0, 40, 30], "position": [20, 15], "backgroundColor": "#ff0000",
           "animations": [{"type": "transition", "transitionType": "push", "subtype": "fromRight",
                           "beginTime": 1, "duration": 1, "to": {"backgroundColor": "#0000ff"}}]}]}
        """
        let doc = try LayerDocument.parse(text)
        DocumentPlayback.prepare(doc)
        func frame(_ t: Double) -> Bitmap {
            DocumentPlayback.setDocumentTime(t)
            CAAnimationEngine.current.tick(at: t)
            let b = Bitmap(width: 40, height: 30)
            LayerRenderer(scale: 1).draw(doc.root.presentation()!, into: Canvas(b))
            return b
        }
        let before = frame(0.5)
        #expect(Self.rgb(before[5, 15]) == (255, 0, 0) && Self.rgb(before[35, 15]) == (255, 0, 0), "old until it begins")
        let mid = frame(1.5)
        #expect(Self.rgb(mid[5, 15]) == (255, 0, 0) && Self.rgb(mid[35, 15]) == (0, 0, 255), "pushed halfway")
        let after = frame(2.5)
        #expect(Self.rgb(after[5, 15]) == (0, 0, 255) && Self.rgb(after[35, 15]) == (0, 0, 255))
        let card = doc.root.sublayers![0]
        #expect(card.presentation()!.value(forKeyPath: "backgroundColor") == .color(Color(0, 0, 1)))
    }

    /// Documents also accept UIKit's view-transition names (an addition to the format), so
    /// every type can be played, rendered and benchmarked from a document.
    @Test func documentsAcceptViewTransitionNames() throws {
        for name in ["flipFromLeft", "flipFromTop", "curlUp", "curlDown", "crossDissolve"] {
            let doc = try LayerDocument.parse("""
            {"width": 40, "height": 30, "layers": [{"bounds": [0, 0, 40, 30], "position": [20, 15],
              "animations": [{"type": "transition", "transitionType": "\(name)", "duration": 1,
                              "to": {"backgroundColor": "#0000ff"}}]}]}
            """)
            let spec = try #require(doc.animationSpecs.first?.spec)
            #expect(spec.transitionType == name)
        }
    }

    @Test func incrementalRenderingRedrawsEveryTransitionFrame() {
        let (root, l) = Self.transitionScene(.red)
        let renderer = LayerRenderer(scale: 1)
        let target = Bitmap(width: 40, height: 30)
        func frame(_ t: Double) -> (LayerRenderStats, (Int, Int, Int)) {
            CAAnimationContext.current.clock.manualTime = t
            CAAnimationEngine.current.tick(at: t)
            let s = renderer.renderFrame(root.presentation()!, into: Canvas(target))
            return (s, Self.rgb(target[20, 15]))
        }
        _ = frame(0)
        CATransaction.setDisableActions(true)
        l.backgroundColor = .blue
        let t = CATransition(type: .fade)
        t.duration = 1
        Self.add(t, to: l, at: 0)
        #expect(frame(0).1 == (255, 0, 0))
        let (s1, c1) = frame(0.25), (s2, c2) = frame(0.75)
        #expect(s1.damage != nil && s2.damage != nil, "the layer is redrawn while the transition runs")
        #expect(c1.0 > c2.0 && c1.2 < c2.2, "\(c1) then \(c2)")
        #expect(frame(1.2).1 == (0, 0, 255))
    }
}

