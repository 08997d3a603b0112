// What its mask or bounds keep off the canvas costs nothing in the render tree (issue 34, "a
// layer … fully masked costs nothing"): given the visible rect, an update leaves out the
// subtree of a layer whose mask lies outside it or paints nothing (an empty or zero-area
// path), of one that masks to bounds lying outside it, and of a track matte's holder whose
// matte lies outside it (RenderPlacement.swift), counted by `RenderTree.lastWalk` — while the
// ancestors' animated transforms that put it there are still evaluated, every frame stays the
// drawable presentation tree's frame pixel for pixel, and what reaches the canvas from
// elsewhere (a shadow's offset, a replicator's instances) is still drawn.
import Testing
@testable import LayerKit

@Suite(.freshAnimationContext) struct RenderTreeOffCanvasTests {
    static let width = 120, height = 80
    let visible = Rect(0, 0, Double(width), Double(height))

    func box(_ frame: Rect, _ color: Color) -> CALayer { PixelScene.box(frame, color) }

    /// A box with six moving children (the subtree a mask may keep from being evaluated).
    func leaf(_ i: Int) -> CALayer {
        let l = box(Rect(Double(i % 9) * 10, Double(i % 5) * 12, 16, 14), Color(1, 0, 0, 0.5))
        for k in 0..<6 {
            let child = box(Rect(Double(k), 2, 4, 4), Color(0, 0, 1, 0.4))
            PixelScene.move(child, from: Double(k), to: Double(k) + 6)
            l.addSublayer(child)
        }
        return l
    }

    /// A mask as the Lottie importer makes one: a plain layer holding a filled shape of `path`.
    func mask(_ path: Path?) -> (mask: CALayer, shape: CAShapeLayer) {
        let m = CALayer()
        m.anchorPoint = Point(0, 0); m.bounds = Rect(0, 0, 0, 0)
        let s = CAShapeLayer()
        s.anchorPoint = Point(0, 0); s.bounds = Rect(0, 0, 0, 0)
        s.fillColor = .black
        s.path = path
        m.addSublayer(s)
        return (m, s)
    }

    /// Draws `kept` and the drawable presentation tree at `t`; they must be equal. Returns
    /// whether the frame shows anything but the white background.
    @discardableResult
    func expectSameFrame(_ kept: CALayer, _ root: CALayer, at t: Double, _ note: String) throws -> Bool {
        let a = Bitmap(width: Self.width, height: Self.height), b = Bitmap(width: Self.width, height: Self.height)
        let blank = Bitmap(width: Self.width, height: Self.height)
        LayerRenderer(background: .white).draw(kept, into: Canvas(a))
        LayerRenderer(background: .white).draw(root.drawablePresentation(at: t), into: Canvas(b))
        LayerRenderer(background: .white).draw(CALayer(), into: Canvas(blank))
        #expect(try #require(a.difference(from: b)).maxAbsolute == 0, "\(note)")
        return try #require(a.difference(from: blank)).maxAbsolute > 0
    }

    /// Updates `tree` at `t` on the manual clock with the canvas as the visible rect (none
    /// when `placed` is false), checks its frame against the drawable presentation tree's,
    /// and returns the walk.
    @discardableResult
    func update(_ tree: RenderTree, _ root: CALayer, at t: Double, placed: Bool = true, _ note: String) throws -> RenderWalk {
        CAAnimationContext.current.clock.manualTime = t
        try expectSameFrame(tree.update(root, at: t, visibleRect: placed ? visible : nil), root, at: t, note)
        return tree.lastWalk
    }

    @Test func layersMaskedOffTheCanvasAreNotEvaluated() throws {
        CAAnimationContext.current.clock.manualTime = 0
        let root = box(visible, .white)
        let count = 100
        var shapes: [CAShapeLayer] = []
        for i in 0..<count {
            let l = leaf(i)
            // The mask lies far to the right and below of the canvas, wherever the wrapper moves.
            let (m, s) = mask(.rect(Rect(500, 500, 20, 20)))
            l.mask = m
            shapes.append(s)
            root.addSublayer(PixelScene.wrapped(l, from: Double(i % 7), to: Double(i % 7) + 30))
        }
        root.addSublayer(PixelScene.wrapped(leaf(3), from: 0, to: 40))
        CATransaction.flush()
        // Without the visible rect, every layer of every subtree: the root, and per masked
        // layer its two wrappers, itself, six children, the mask and its shape (11).
        let whole = try update(RenderTree(), root, at: 0.2, placed: false, "whole tree")
        #expect(whole.evaluatedLayers >= 11 * count && whole.culledLayers == 0, "whole: \(whole.evaluatedLayers)")
        let tree = RenderTree()
        for (n, t) in [0.1, 0.2, 0.35, 0.5].enumerated() {
            let walk = try update(tree, root, at: t, "frame \(n)")
            // First the wrappers (their animations place the layer), the layer, its mask and
            // shape, not the six children; then, the positions bounded whatever the time, not
            // even those: the root and the layer drawn (its wrappers and six children).
            if n == 0 { #expect(walk.culledLayers == count, "frame \(n): \(walk.culledLayers) culled") }
            #expect(walk.evaluatedLayers <= 5 * count + 12, "frame \(n): \(walk.evaluatedLayers) layers evaluated")
            if n >= 2 { #expect(walk.evaluatedLayers <= 10, "frame \(n): \(walk.evaluatedLayers) layers evaluated") }
        }
        // A mask moved onto the canvas shows its layer again, children and all.
        CATransaction.begin(); CATransaction.setDisableActions(true)
        shapes[10].path = .rect(Rect(0, 0, 12, 12))
        CATransaction.commit()
        for (n, t) in [0.6, 0.7].enumerated() {
            let walk = try update(tree, root, at: t, "mask moved in, frame \(n)")
            #expect(walk.culledLayers <= count - 1, "mask moved in, frame \(n): \(walk.culledLayers)")
            #expect(walk.evaluatedLayers >= 20, "mask moved in, frame \(n): \(walk.evaluatedLayers)")
        }
        // And away again.
        CATransaction.begin(); CATransaction.setDisableActions(true)
        shapes[10].path = .rect(Rect(-300, 0, 12, 12))
        CATransaction.commit()
        for (n, t) in [0.8, 0.85, 0.9].enumerated() {
            let walk = try update(tree, root, at: t, "mask moved away, frame \(n)")
            // Only that layer is placed again (the others' conclusions hang on nothing of it).
            if n == 0 { #expect(walk.culledLayers == 1, "mask moved away: \(walk.culledLayers) culled") }
            if n >= 2 { #expect(walk.evaluatedLayers <= 10, "mask moved away, frame \(n): \(walk.evaluatedLayers)") }
        }
    }

    @Test func layersOffTheCanvasWhateverTheTimeAreNotVisitedUntilSomethingTheyHangOnChanges() throws {
        CAAnimationContext.current.clock.manualTime = 0
        let root = box(visible, .white)
        let count = 60
        var wrappers: [CALayer] = []
        for i in 0..<count {
            let l = leaf(i)
            l.mask = mask(.rect(Rect(0, 0, 16, 14))).mask
            // Far right of the canvas, moving further by keyframes (the model at the first:
            // the model's position counts too, shown whenever no animation writes).
            let w = PixelScene.wrapped(l, from: 0, to: 0)
            w.position = Point(300, 10)
            let a = CAKeyframeAnimation(keyPath: "position")
            a.values = [.point(Point(300, 10)), .point(Point(400, 20)), .point(Point(350, 0))]
            a.timingFunctions = [.easeInEaseOut, CAMediaTimingFunction(controlPoints: 0.3, -0.4, 0.7, 1.4)]
            a.duration = 1
            a.fillMode = .both
            a.isRemovedOnCompletion = false
            w.add(a, forKey: "move")
            wrappers.append(w)
            root.addSublayer(w)
        }
        CATransaction.flush()
        let tree = RenderTree()
        for (n, t) in [0.1, 0.2, 0.3, 0.45, 0.6].enumerated() {
            let walk = try update(tree, root, at: t, "frame \(n)")
            // From the third frame on, only the root: the runs of wrappers are not visited.
            if n >= 2 { #expect(walk.evaluatedLayers <= 1, "frame \(n): \(walk.evaluatedLayers) layers evaluated") }
        }
        // An ancestor moved onto the canvas in the model: its layer is drawn again.
        CATransaction.begin(); CATransaction.setDisableActions(true)
        wrappers[7].removeAnimation(forKey: "move")
        wrappers[7].position = Point(10, 10)
        CATransaction.commit()
        for (n, t) in [0.7, 0.75].enumerated() {
            let walk = try update(tree, root, at: t, "ancestor moved in, frame \(n)")
            #expect(walk.evaluatedLayers >= 9 && walk.culledLayers <= count - 1, "ancestor moved in, frame \(n): \(walk.evaluatedLayers)")
            #expect(try expectSameFrame(tree.root!, root, at: t, "ancestor moved in, frame \(n)"), "the layer shows")
        }
        // A visible rect that holds them all: none is left out.
        CAAnimationContext.current.clock.manualTime = 0.8
        _ = tree.update(root, at: 0.8, visibleRect: Rect(0, 0, 1000, 1000))
        #expect(tree.lastWalk.culledLayers == 0, "wide canvas: \(tree.lastWalk.culledLayers) culled")
        #expect(tree.lastWalk.evaluatedLayers >= 10 * count, "wide canvas: \(tree.lastWalk.evaluatedLayers)")
        // Back to the canvas: left out again.
        for (n, t) in [0.85, 0.9, 0.95].enumerated() {
            let walk = try update(tree, root, at: t, "canvas again, frame \(n)")
            if n >= 2 { #expect(walk.evaluatedLayers <= 12, "canvas again, frame \(n): \(walk.evaluatedLayers)") }
        }
    }

    @Test func anOvershootingEaseThatReachesTheCanvasKeepsTheLayerPlacedEveryFrame() throws {
        CAAnimationContext.current.clock.manualTime = 0
        let root = box(visible, .white)
        let count = 20
        for i in 0..<count {
            let l = leaf(i % 3)
            l.mask = mask(.rect(Rect(0, 0, 16, 14))).mask
            // From x = 200 to 300, the ease dipping to about −110 % of the way on the way:
            // x ≈ 90 around a third of the time, on the canvas.
            let w = PixelScene.wrapped(l, from: 0, to: 0)
            let a = CAKeyframeAnimation(keyPath: "position.x")
            a.values = [.number(200 + Double(i)), .number(300)]
            a.timingFunctions = [CAMediaTimingFunction(controlPoints: 0.5, -3, 0.5, 1)]
            a.duration = 1
            a.fillMode = .both
            a.isRemovedOnCompletion = false
            w.add(a, forKey: "move")
            root.addSublayer(w)
        }
        CATransaction.flush()
        let tree = RenderTree()
        var shown = 0, left = 0
        for k in 0..<20 {
            let t = Double(k) / 20
            CAAnimationContext.current.clock.manualTime = t
            let kept = tree.update(root, at: t, visibleRect: visible)
            if try expectSameFrame(kept, root, at: t, "at \(t)") { shown += 1 }
            if tree.lastWalk.culledLayers == count { left += 1 }
        }
        // Shown for part of the time, left out (each frame) for the rest.
        #expect(shown > 0 && left > 0, "shown \(shown), left out \(left)")
    }

    @Test func anAncestorsAnimatedTransformBringsAMaskedLayerOntoTheCanvasInTime() throws {
        CAAnimationContext.current.clock.manualTime = 0
        let root = box(visible, .white)
        let count = 50
        for i in 0..<count {
            let l = leaf(i)
            // The mask covers the layer; the wrappers carry it from far right onto the canvas.
            l.mask = mask(.rect(Rect(0, 0, 16, 14))).mask
            root.addSublayer(PixelScene.wrapped(l, from: 400 + Double(i), to: Double(i % 5) * 4))
        }
        CATransaction.flush()
        let tree = RenderTree()
        var shown = false
        for (n, t) in [0.05, 0.1, 0.2, 0.5, 0.7, 0.8, 0.9, 1.0, 1.2].enumerated() {
            let walk = try update(tree, root, at: t, "frame \(n) at \(t)")
            // The wrapper at x = 400 + i − (400 + i − 4·(i mod 5))·t, the layer up to 80 points
            // right of it: off the canvas (x ≥ 121) while t ≤ 0.6, all of it on at t ≥ 1.
            if t <= 0.6 { #expect(walk.culledLayers == count, "at \(t): \(walk.culledLayers) culled") }
            if t >= 1 { #expect(walk.culledLayers == 0, "at \(t): \(walk.culledLayers) culled") }
            if t >= 1 { shown = true }
        }
        #expect(shown)
    }

    @Test func layersWhoseMaskPaintsNothingAreNotEvaluated() throws {
        CAAnimationContext.current.clock.manualTime = 0
        let root = box(visible, .white)
        var line = Path()
        line.move(to: Point(0, 5)); line.addLine(to: Point(16, 5)); line.closeSubpath()
        // No path, an empty path, a zero-area path (a closed line), a zero-size rectangle.
        let paths: [Path?] = [nil, Path(), line, .rect(Rect(4, 4, 0, 6))]
        let count = 80
        for i in 0..<count {
            let l = leaf(i)
            l.mask = mask(paths[i % paths.count]).mask
            root.addSublayer(PixelScene.wrapped(l, from: Double(i % 7), to: Double(i % 7) + 30))
        }
        root.addSublayer(PixelScene.wrapped(leaf(2), from: 0, to: 40))
        CATransaction.flush()
        let tree = RenderTree()
        for (n, t) in [0.1, 0.3, 0.6].enumerated() {
            let walk = try update(tree, root, at: t, "frame \(n)")
            // Left out, then (the mask being nothing whatever the time) not visited: the root
            // and the layer drawn, with its wrappers and six children.
            if n == 0 { #expect(walk.culledLayers == count, "frame \(n): \(walk.culledLayers) culled") }
            #expect(walk.evaluatedLayers <= 5 * count + 12, "frame \(n): \(walk.evaluatedLayers) layers evaluated")
            if n >= 2 { #expect(walk.evaluatedLayers <= 10, "frame \(n): \(walk.evaluatedLayers) layers evaluated") }
        }
    }

    @Test func layersMaskingToBoundsOffTheCanvasAreNotEvaluated() throws {
        CAAnimationContext.current.clock.manualTime = 0
        let root = box(visible, .white)
        let count = 60
        var clipped: [CALayer] = []
        for i in 0..<count {
            let l = leaf(i)
            l.masksToBounds = true
            clipped.append(l)
            // Below the canvas, moving sideways.
            let w = PixelScene.wrapped(l, from: Double(i % 7), to: Double(i % 7) + 30)
            w.position = Point(0, 90 + Double(i % 3))
            root.addSublayer(w)
        }
        root.addSublayer(PixelScene.wrapped(leaf(4), from: 0, to: 40))
        CATransaction.flush()
        let tree = RenderTree()
        for (n, t) in [0.1, 0.3, 0.6].enumerated() {
            let walk = try update(tree, root, at: t, "frame \(n)")
            // The wrappers and the layer, not its six children; then not even those.
            if n == 0 { #expect(walk.culledLayers == count, "frame \(n): \(walk.culledLayers) culled") }
            #expect(walk.evaluatedLayers <= 3 * count + 12, "frame \(n): \(walk.evaluatedLayers) layers evaluated")
            if n >= 2 { #expect(walk.evaluatedLayers <= 10, "frame \(n): \(walk.evaluatedLayers) layers evaluated") }
        }
        // Not masking to its bounds, a child of one that still reaches the canvas is drawn:
        // the layer is evaluated again (its extent is not bounded by its bounds).
        CATransaction.begin(); CATransaction.setDisableActions(true)
        clipped[5].masksToBounds = false
        clipped[5].sublayers![0].position = Point(10, -40)
        CATransaction.commit()
        let walk = try update(tree, root, at: 0.7, "one no longer clipped")
        #expect(walk.culledLayers == 0 && walk.evaluatedLayers >= 19, "one no longer clipped: \(walk.evaluatedLayers)")
    }

    @Test func trackMattesOffTheCanvasOrPaintingNothingHideTheirContent() throws {
        CAAnimationContext.current.clock.manualTime = 0
        let root = box(visible, .white)
        let count = 60
        for i in 0..<count {
            // The importer's matte: a holder of the content, masked by the matte layer's tree
            // (its own wrappers, moving it below the canvas, or a hidden shape).
            let holder = CALayer()
            holder.anchorPoint = Point(0, 0); holder.bounds = Rect(0, 0, 0, 0)
            holder.addSublayer(PixelScene.wrapped(leaf(i), from: Double(i % 7), to: Double(i % 7) + 30))
            let (m, s) = mask(.rect(Rect(0, 0, 40, 40)))
            let matte = PixelScene.wrapped(m, from: 0, to: 20)
            matte.position = Point(0, 200)
            if i % 4 == 0 { s.isHidden = true }
            holder.mask = matte
            root.addSublayer(holder)
        }
        CATransaction.flush()
        let tree = RenderTree()
        for (n, t) in [0.1, 0.3, 0.6].enumerated() {
            let walk = try update(tree, root, at: t, "frame \(n)")
            // From the second frame on, the matte that paints nothing hides its holder before
            // any placing (on the first, the holder is placed first and culled).
            if n >= 1 { #expect(walk.culledLayers == count - count / 4, "frame \(n): \(walk.culledLayers) culled") }
            #expect(walk.undrawnLayers >= count, "frame \(n): \(walk.undrawnLayers) undrawn")
            // The holder and its matte's four layers, not the content's nine.
            #expect(walk.evaluatedLayers <= 5 * count + 1, "frame \(n): \(walk.evaluatedLayers) layers evaluated")
        }
    }

    @Test func whatReachesTheCanvasFromElsewhereIsStillDrawn() throws {
        CAAnimationContext.current.clock.manualTime = 0
        let root = box(visible, .white)
        // A shadow cast 300 points to the left of a layer masked right of the canvas.
        let caster = CALayer()
        caster.anchorPoint = Point(0, 0); caster.bounds = Rect(0, 0, 0, 0)
        caster.shadowOpacity = 1
        caster.shadowColor = .black
        caster.shadowOffset = Size(-300, 0)
        caster.shadowRadius = 0
        let far = leaf(0)
        far.mask = mask(.rect(Rect(0, 0, 16, 14))).mask
        caster.addSublayer(PixelScene.wrapped(far, from: 310, to: 320))
        root.addSublayer(caster)
        // A replicator whose third instance comes 300 points left of a masked layer.
        let replicator = CAReplicatorLayer()
        replicator.anchorPoint = Point(0, 0); replicator.bounds = Rect(0, 0, 0, 0)
        replicator.instanceCount = 3
        replicator.instanceTransform = .translation(-150, 0, 0)
        let copied = leaf(3)
        copied.mask = mask(.rect(Rect(0, 0, 16, 14))).mask
        replicator.addSublayer(PixelScene.wrapped(copied, from: 320, to: 330))
        root.addSublayer(replicator)
        CATransaction.flush()
        let tree = RenderTree()
        for (n, t) in [0.1, 0.4].enumerated() {
            CAAnimationContext.current.clock.manualTime = t
            let kept = tree.update(root, at: t, visibleRect: visible)
            #expect(try expectSameFrame(kept, root, at: t, "frame \(n)"), "frame \(n) shows the shadow and the instance")
            #expect(tree.lastWalk.culledLayers == 0, "frame \(n): \(tree.lastWalk.culledLayers) culled")
        }
    }
}
