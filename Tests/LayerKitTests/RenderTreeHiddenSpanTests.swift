// A layer hidden by its own `hidden` animation is left as the last update left it until the
// animation's next key time (RenderHiddenSpan.swift): counted by `RenderWalk.hiddenSpanLayers`,
// its animations and subtree not evaluated, and the frame that shows it again draws it fresh —
// its own animated values, its sublayers' and its mask's at that time, a model change made
// while it was hidden — drawn whole or through the damage, played forward or scrubbed back.
import Testing
@testable import LayerKit

@Suite(.freshAnimationContext) struct RenderTreeHiddenSpanTests {
    func box(_ frame: Rect, _ color: Color) -> CALayer { PixelScene.box(frame, color) }

    /// Discrete `hidden` keyframes as the Lottie importer makes them: hidden, shown over
    /// [0.4, 0.6) of a second-long run, hidden again (filled both ways).
    func inOut() -> CAKeyframeAnimation {
        let a = CAKeyframeAnimation(keyPath: "hidden")
        a.values = [.bool(true), .bool(false), .bool(true)]
        a.keyTimes = [0, 0.4, 0.6, 1]
        a.calculationMode = .discrete
        a.duration = 1
        a.fillMode = .both
        a.isRemovedOnCompletion = false
        return a
    }

    /// A root holding `count` layers shown by `inOut`, each moving, with a moving sublayer and
    /// a mask, and one layer always shown.
    func scene(count: Int) -> (root: CALayer, blinkers: [CALayer]) {
        CAAnimationContext.current.clock.manualTime = 0
        let root = box(Rect(0, 0, 120, 80), .white)
        root.addSublayer(box(Rect(90, 50, 20, 20), .green))
        var blinkers: [CALayer] = []
        for i in 0..<count {
            let l = box(Rect(Double(i % 6) * 15, Double(i % 4) * 15, 24, 20), Color(1, 0, 0, 0.6))
            l.isHidden = true
            PixelScene.move(l, from: Double(i % 6) * 15, to: Double(i % 6) * 15 + 20)
            let child = box(Rect(2, 2, 8, 8), .blue)
            PixelScene.move(child, from: 2, to: 14)
            l.addSublayer(child)
            l.mask = box(Rect(0, 0, 20, 16), .black)
            l.add(inOut(), forKey: "hidden")
            root.addSublayer(l)
            blinkers.append(l)
        }
        CATransaction.flush()
        return (root, blinkers)
    }

    /// Updates `tree` at `t`, draws it through the damage over `played` and whole, and checks
    /// both against the drawable presentation tree's frame; returns the update's walk.
    func frame(_ tree: RenderTree, _ root: CALayer, _ renderer: LayerRenderer, _ played: Bitmap, at t: Double,
               _ note: String) throws -> RenderWalk {
        CAAnimationContext.current.clock.manualTime = t
        let kept = tree.update(root, at: t)
        _ = renderer.renderFrame(kept, into: Canvas(played))
        let whole = Bitmap(width: 120, height: 80), reference = Bitmap(width: 120, height: 80)
        LayerRenderer(background: .white).draw(kept, into: Canvas(whole))
        LayerRenderer(background: .white).draw(root.drawablePresentation(at: t), into: Canvas(reference))
        #expect(try #require(whole.difference(from: reference)).maxAbsolute == 0, "\(note) at \(t): whole")
        #expect(try #require(played.difference(from: reference)).maxAbsolute == 0, "\(note) at \(t): played")
        return tree.lastWalk
    }

    @Test func aLayerHiddenUntilItsNextKeyTimeIsNotEvaluatedAndShowsAgainFresh() throws {
        let count = 12
        let (root, _) = scene(count: count)
        let tree = RenderTree(), renderer = LayerRenderer(background: .white)
        let played = Bitmap(width: 120, height: 80)
        // Hidden before the in point: from the second frame on, taken as they are.
        for (n, t) in [0.05, 0.15, 0.25, 0.35].enumerated() {
            let walk = try frame(tree, root, renderer, played, at: t, "before")
            if n > 0 {
                #expect(walk.hiddenSpanLayers == count, "at \(t): \(walk.hiddenSpanLayers)")
                #expect(walk.evaluatedLayers <= 2, "at \(t): \(walk.evaluatedLayers)")
            }
        }
        // Shown: every layer, sublayer and mask evaluated at this time (the frame checks it).
        for t in [0.45, 0.5, 0.55] {
            let walk = try frame(tree, root, renderer, played, at: t, "shown")
            #expect(walk.hiddenSpanLayers == 0 && walk.evaluatedLayers >= 3 * count, "at \(t): \(walk)")
        }
        // Hidden after the out point, then scrubbed back into the shown span and before it.
        for (n, t) in [0.65, 0.8, 0.95].enumerated() {
            let walk = try frame(tree, root, renderer, played, at: t, "after")
            if n > 0 { #expect(walk.hiddenSpanLayers == count, "at \(t): \(walk.hiddenSpanLayers)") }
        }
        for t in [0.42, 0.1, 0.2, 0.58, 0.99] {
            _ = try frame(tree, root, renderer, played, at: t, "scrubbed")
        }
    }

    @Test func aModelChangeWhileHiddenIsDrawnWhenTheLayerShows() throws {
        let (root, blinkers) = scene(count: 3)
        let tree = RenderTree(), renderer = LayerRenderer(background: .white)
        let played = Bitmap(width: 120, height: 80)
        _ = try frame(tree, root, renderer, played, at: 0.1, "before")
        _ = try frame(tree, root, renderer, played, at: 0.2, "before")
        // The layer and its sublayer change while hidden: no longer taken as it was.
        CATransaction.begin(); CATransaction.setDisableActions(true)
        blinkers[1].backgroundColor = .black
        blinkers[1].sublayers?.first?.backgroundColor = .yellow
        CATransaction.commit()
        let changed = try frame(tree, root, renderer, played, at: 0.3, "changed while hidden")
        #expect(changed.hiddenSpanLayers == 2, "\(changed.hiddenSpanLayers)")
        _ = try frame(tree, root, renderer, played, at: 0.35, "changed while hidden")
        _ = try frame(tree, root, renderer, played, at: 0.5, "shown after the change")
        // Its `hidden` animation replaced by one that shows it now: drawn at once.
        _ = try frame(tree, root, renderer, played, at: 0.7, "hidden again")
        CATransaction.begin(); CATransaction.setDisableActions(true)
        let always = inOut()
        always.values = [.bool(false), .bool(false), .bool(false)]
        blinkers[2].add(always, forKey: "hidden")
        CATransaction.commit()
        let walk = try frame(tree, root, renderer, played, at: 0.8, "shown by a new animation")
        #expect(walk.hiddenSpanLayers == 2, "\(walk.hiddenSpanLayers)")
    }

    @Test func timingTheSpanCannotBeReadFromIsEvaluatedEveryFrame() throws {
        CAAnimationContext.current.clock.manualTime = 0
        let root = box(Rect(0, 0, 120, 80), .white)
        let l = box(Rect(10, 10, 40, 30), .red)
        l.isHidden = true
        // Repeating: the same key times come back every cycle.
        let a = inOut()
        a.duration = 0.25
        a.repeatCount = 4
        l.add(a, forKey: "hidden")
        root.addSublayer(l)
        CATransaction.flush()
        let tree = RenderTree(), renderer = LayerRenderer(background: .white)
        let played = Bitmap(width: 120, height: 80)
        for t in stride(from: 0.0, to: 1.0, by: 0.03) {
            let walk = try frame(tree, root, renderer, played, at: t, "repeating")
            #expect(walk.hiddenSpanLayers == 0)
        }
    }

    /// A plain moving layer (as the transform layer around a Lottie layer's content) over two
    /// layers shown by `inOut` over different spans and one hidden for good: undrawn while
    /// neither shows, taken as it is without visiting them until the earlier shows.
    func wrapped(count: Int) -> (root: CALayer, wrappers: [CALayer]) {
        CAAnimationContext.current.clock.manualTime = 0
        let root = box(Rect(0, 0, 120, 80), .white)
        var wrappers: [CALayer] = []
        for i in 0..<count {
            let w = CALayer()
            w.frame = Rect(Double(i % 6) * 15, Double(i % 4) * 15, 40, 30)
            PixelScene.move(w, from: Double(i % 6) * 15, to: Double(i % 6) * 15 + 10)
            for (k, shown) in [(0.4, 0.6), (0.5, 0.7)].enumerated() {
                let l = box(Rect(Double(k) * 8, 2, 24, 20), Color(1, 0, 0, 0.6))
                l.isHidden = true
                PixelScene.move(l, from: Double(k) * 8, to: Double(k) * 8 + 12)
                let a = inOut()
                a.keyTimes = [0, shown.0, shown.1, 1]
                l.add(a, forKey: "hidden")
                l.addSublayer(box(Rect(2, 2, 8, 8), .blue))
                w.addSublayer(l)
            }
            let never = box(Rect(0, 0, 10, 10), .black)
            never.isHidden = true
            w.addSublayer(never)
            root.addSublayer(w)
            wrappers.append(w)
        }
        CATransaction.flush()
        return (root, wrappers)
    }

    @Test func aPlainLayerOverLayersHiddenUntilTheirKeyTimesIsNotVisited() throws {
        let count = 6
        let (root, wrappers) = wrapped(count: count)
        let tree = RenderTree(), renderer = LayerRenderer(background: .white)
        let played = Bitmap(width: 120, height: 80)
        // Before either shows: from the second frame on, each wrapper taken as it is (one
        // count each), its sublayers not visited.
        for (n, t) in [0.05, 0.15, 0.25, 0.35].enumerated() {
            let walk = try frame(tree, root, renderer, played, at: t, "before")
            if n > 0 { #expect(walk.hiddenSpanLayers == count && walk.evaluatedLayers <= 1, "at \(t): \(walk)") }
        }
        // One or both shown, then after both: drawn at each time (the frame checks the pixels).
        for t in [0.45, 0.55, 0.65] {
            let walk = try frame(tree, root, renderer, played, at: t, "shown")
            #expect(walk.evaluatedLayers >= 2 * count, "at \(t): \(walk)")
        }
        for (n, t) in [0.75, 0.85, 0.95].enumerated() {
            let walk = try frame(tree, root, renderer, played, at: t, "after")
            if n > 0 { #expect(walk.hiddenSpanLayers == count, "at \(t): \(walk)") }
        }
        // A sublayer changed while hidden ends its wrapper's span (and only its).
        CATransaction.begin(); CATransaction.setDisableActions(true)
        wrappers[2].sublayers?[0].backgroundColor = .black
        CATransaction.commit()
        let changed = try frame(tree, root, renderer, played, at: 0.97, "changed while hidden")
        #expect(changed.hiddenSpanLayers == count - 1 + 1, "\(changed)")
        _ = try frame(tree, root, renderer, played, at: 0.98, "changed while hidden")
        // Scrubbed back into the shown spans and before them.
        for t in [0.42, 0.1, 0.2, 0.52, 0.68, 0.3] {
            _ = try frame(tree, root, renderer, played, at: t, "scrubbed")
        }
    }
}
