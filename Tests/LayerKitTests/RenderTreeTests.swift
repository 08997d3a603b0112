// The render tree kept across frames (`RenderTree`): every frame it gives is the drawable
// presentation tree's frame pixel for pixel, while animations run, start and stop and the
// model changes between frames (properties with and without implicit animations, sublayers,
// masks, animations removed); unchanged layers keep their copy; every property setter counts
// in `modelRevision`; drawing it incrementally equals full redraws; a layer hidden for a
// while gets its subtree's copies back when it shows again (and keeps its mask's while it
// draws nothing); and dropping it frees every copy and leaves the model tree free to go.
import Testing
@testable import LayerKit

@Suite(.freshAnimationContext) struct RenderTreeTests {
    /// Draws `kept` and the drawable presentation tree at `t` (120 × 80 on white); they must
    /// be equal.
    static func expectSameFrame(_ kept: CALayer, _ root: CALayer, at t: Double, _ note: String) throws {
        let a = Bitmap(width: 120, height: 80), b = Bitmap(width: 120, height: 80)
        LayerRenderer(background: .white).draw(kept, into: Canvas(a))
        LayerRenderer(background: .white).draw(root.drawablePresentation(at: t), into: Canvas(b))
        let diff = try #require(a.difference(from: b))
        #expect(diff.maxAbsolute == 0, "\(note): \(diff)")
    }

    func box(_ frame: Rect, _ color: Color) -> CALayer { PixelScene.box(frame, color) }

    /// A blue box whose `position.x` runs from `from` to `to` over 0.5 s and stays there.
    func movingBox(_ frame: Rect, from: Double, to: Double) -> CALayer {
        let l = box(frame, .blue)
        PixelScene.move(l, from: from, to: to, duration: 0.5)
        return l
    }

    /// A tree with animations of every kind the render tree restores: keyframes on a sub key
    /// path, an additive animation, a group, a fade to 0 that hides a subtree, a stroke trim.
    func scene() -> (root: CALayer, parts: [String: CALayer]) {
        let root = box(Rect(0, 0, 120, 80), .white)
        let spinner = box(Rect(10, 10, 30, 20), .blue)
        let spin = CAKeyframeAnimation(keyPath: "transform.rotation.z")
        spin.values = [.number(0), .number(1), .number(0.3)]
        spin.duration = 1
        spin.repeatCount = .infinity
        spinner.add(spin, forKey: "spin")
        root.addSublayer(spinner)
        let slider = box(Rect(50, 10, 20, 20), .green)
        let slide = CABasicAnimation(keyPath: "position")
        slide.fromValue = .point(Point(0, 0))
        slide.toValue = .point(Point(30, 20))
        slide.isAdditive = true
        slide.duration = 0.8
        slider.add(slide, forKey: "slide")
        root.addSublayer(slider)
        let grouped = box(Rect(80, 40, 30, 30), .red)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = .number(0.2); fade.toValue = .number(1)
        let widen = CABasicAnimation(keyPath: "bounds.size.width")
        widen.fromValue = .number(10); widen.toValue = .number(36)
        let group = CAAnimationGroup()
        group.animations = [fade, widen]
        group.duration = 1.2
        grouped.add(group, forKey: "group")
        root.addSublayer(grouped)
        let fading = box(Rect(4, 44, 40, 30), .black)
        fading.addSublayer(box(Rect(5, 5, 12, 12), .yellow))
        let out = CABasicAnimation(keyPath: "opacity")
        out.fromValue = .number(1); out.toValue = .number(0)
        out.duration = 0.6
        out.fillMode = .forwards
        out.isRemovedOnCompletion = false
        fading.add(out, forKey: "out")
        root.addSublayer(fading)
        let shape = CAShapeLayer()
        shape.frame = Rect(50, 40, 25, 35)
        shape.path = Path.rect(Rect(2, 2, 20, 30))
        shape.strokeColor = .blue
        shape.fillColor = nil
        shape.lineWidth = 3
        let trim = CABasicAnimation(keyPath: "strokeEnd")
        trim.fromValue = .number(0); trim.toValue = .number(1)
        trim.duration = 1.5
        shape.add(trim, forKey: "trim")
        root.addSublayer(shape)
        return (root, ["spinner": spinner, "slider": slider, "grouped": grouped, "fading": fading, "shape": shape])
    }

    /// Changes the model between frames `i` and `i + 1` in ways that reach the screen.
    func changeModel(before frame: Int, _ root: CALayer, _ parts: [String: CALayer]) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        switch frame {
        case 2: parts["grouped"]!.cornerRadius = 6; parts["grouped"]!.maskedCorners = [.layerMinXMinYCorner]
        case 3: (parts["shape"] as! CAShapeLayer).lineDashPattern = [4, 2]
        case 4: root.addSublayer(box(Rect(90, 5, 20, 20), Color(1, 0, 1)))
        case 5: parts["spinner"]!.removeAnimation(forKey: "spin")
        case 6: parts["slider"]!.mask = box(Rect(0, 0, 10, 10), .black)
        case 7: parts["fading"]!.removeFromSuperlayer()
        case 8: root.insertSublayer(parts["shape"]!, at: 0); parts["slider"]!.mask = nil
        case 9: parts["spinner"]!.isGeometryFlipped = true; parts["spinner"]!.zPosition = 5
        default: break
        }
    }

    @Test func everyFrameIsTheDrawablePresentationTreesFrame() throws {
        let context = CAAnimationContext.current
        context.clock.manualTime = 0
        let (root, parts) = scene()
        CATransaction.flush()
        let tree = RenderTree()
        for i in 0..<12 {
            changeModel(before: i, root, parts)
            CATransaction.flush()
            let t = Double(i) * 0.15
            context.clock.manualTime = t
            let kept = tree.update(root, at: t)
            try Self.expectSameFrame(kept, root, at: t, "frame \(i)")
            #expect(kept.presentationTime == t)
        }
    }

    @Test func unchangedLayersKeepTheirCopyAndChangedOnesTakeTheNewValues() throws {
        let context = CAAnimationContext.current
        context.clock.manualTime = 0
        let (root, parts) = scene()
        let still = box(Rect(100, 60, 10, 10), Color(0, 1, 1))
        root.addSublayer(still)
        CATransaction.flush()
        let tree = RenderTree()
        let first = tree.update(root, at: 0.1)
        let stillCopy = try #require(first.sublayers?.last), spinnerCopy = try #require(first.sublayers?.first)
        let second = tree.update(root, at: 0.2)
        #expect(second === first)
        #expect(second.sublayers?.last === stillCopy && second.sublayers?.first === spinnerCopy)
        // The animated copy shows the new time, the model value under it untouched.
        #expect(spinnerCopy.transform != parts["spinner"]!.transform)
        guard case .number(let z)? = spinnerCopy.value(forKeyPath: "transform.rotation.z") else {
            Issue.record("no rotation"); return
        }
        #expect(abs(z - 0.2 / 0.5) < 1e-9)
        // A property with no implicit animation, changed on the model, reaches the kept copy.
        still.contentsGravity = .topLeft
        still.allowsGroupOpacity = false
        _ = tree.update(root, at: 0.3)
        #expect(stillCopy.contentsGravity == .topLeft && !stillCopy.allowsGroupOpacity)
    }

    @Test func aCopyWhoseAnimationsKeepTheirStateIsNotWrittenAgain() throws {
        let context = CAAnimationContext.current
        context.clock.manualTime = 0
        let root = box(Rect(0, 0, 120, 80), .white)
        let mover = movingBox(Rect(10, 10, 20, 20), from: 20, to: 80)
        // Shown only while its one-value animation runs (as the Lottie importer's in and out
        // points): the same value at every time inside.
        let blinker = box(Rect(60, 40, 20, 20), .red)
        blinker.isHidden = true
        let show = CAKeyframeAnimation(keyPath: "hidden")
        show.values = [.bool(false)]
        show.calculationMode = .discrete
        show.beginTime = 1
        show.duration = 1
        show.isRemovedOnCompletion = false
        blinker.add(show, forKey: "show")
        root.addSublayer(mover)
        root.addSublayer(blinker)
        CATransaction.flush()
        let tree = RenderTree()
        let first = tree.update(root, at: 0.6)
        let moverCopy = try #require(first.sublayers?.first), blinkerCopy = try #require(first.sublayers?.last)
        #expect(moverCopy.position.x == 80 && blinkerCopy.isHidden)
        // Past its end the animation stays in one state, as does the one not begun: what the
        // copies show is not written again (a mark left on a written property stays).
        moverCopy.position.y = 55
        blinkerCopy.isHidden = false
        _ = tree.update(root, at: 0.8)
        #expect(moverCopy.position == Point(80, 55) && !blinkerCopy.isHidden)
        // The one-value animation begins: the copy takes its write, and keeps it while it runs.
        blinkerCopy.isHidden = true
        _ = tree.update(root, at: 1.2)
        #expect(!blinkerCopy.isHidden)
        blinkerCopy.isHidden = true
        _ = tree.update(root, at: 1.7)
        #expect(blinkerCopy.isHidden)
        // It ends: the model's value again.
        blinkerCopy.isHidden = false
        _ = tree.update(root, at: 2.3)
        #expect(blinkerCopy.isHidden)
        // The model changes under the finished animation: the copy takes every value again.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        mover.position.y = 30
        CATransaction.commit()
        _ = tree.update(root, at: 2.5)
        #expect(moverCopy.position == Point(80, 30))
        // Kept while the state stays, until the animations change.
        moverCopy.position.y = 70
        _ = tree.update(root, at: 2.6)
        #expect(moverCopy.position == Point(80, 70))
        context.clock.manualTime = 2.6
        mover.add(try #require(mover.animation(forKey: "move")), forKey: "move")
        CATransaction.flush()
        _ = tree.update(root, at: 2.7)
        #expect(moverCopy.position.y == 30)
    }

    @Test func aCopyInsideAHoldIsNotWrittenAgain() throws {
        let context = CAAnimationContext.current
        context.clock.manualTime = 0
        let root = box(Rect(0, 0, 120, 80), .white)
        let mover = box(Rect(10, 10, 20, 20), .blue)
        // Moves, holds at 40 from 0.25 to 0.75 of the way, moves on.
        let move = CAKeyframeAnimation(keyPath: "position.x")
        move.values = [.number(20), .number(40), .number(40), .number(90)]
        move.keyTimes = [0, 0.25, 0.75, 1]
        move.duration = 1
        mover.add(move, forKey: "move")
        root.addSublayer(mover)
        CATransaction.flush()
        let tree = RenderTree()
        let first = tree.update(root, at: 0.3)
        let copy = try #require(first.sublayers?.first)
        #expect(copy.position.x == 40)
        copy.position.y = 55
        _ = tree.update(root, at: 0.6)
        #expect(copy.position == Point(40, 55))
        // Out of the hold: written again, at the new value over the model's.
        _ = tree.update(root, at: 0.875)
        #expect(copy.position == Point(65, 20))
        // Moving: written every frame.
        copy.position.y = 55
        _ = tree.update(root, at: 0.9)
        #expect(copy.position.y == 20 && abs(copy.position.x - 70) < 1e-9)
    }

    @Test func aRenderTreeNoUpdateChangedIsNotDrawnAgain() throws {
        let context = CAAnimationContext.current
        context.clock.manualTime = 0
        let root = box(Rect(0, 0, 40, 40), .white)
        let mover = movingBox(Rect(0, 0, 10, 10), from: 5, to: 25)
        root.addSublayer(mover)
        CATransaction.flush()
        let tree = RenderTree(), renderer = LayerRenderer()
        let bitmap = Bitmap(width: 40, height: 40), canvas = Canvas(bitmap)
        #expect(renderer.renderFrame(tree.update(root, at: 0.3), into: canvas).damage != nil)
        #expect(renderer.renderFrame(tree.update(root, at: 0.6), into: canvas).damage != nil)
        let blue = bitmap[25, 5]
        // The animation has ended: an update changes nothing, and the list is not built again
        // (a mark left on a copy, which only the render tree may change, is not seen).
        let moverCopy = try #require(tree.root?.sublayers?.first)
        moverCopy.backgroundColor = .red
        #expect(renderer.renderFrame(tree.update(root, at: 0.9), into: canvas).damage == nil)
        #expect(bitmap[25, 5] == blue)
        // Another renderer, or the same one invalidated, draws the tree as it is.
        renderer.invalidate()
        #expect(renderer.renderFrame(tree.update(root, at: 1.0), into: canvas).damage != nil)
        #expect(bitmap[25, 5] != blue)
        // A model change reaches the copies, and the frame.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        mover.backgroundColor = .green
        CATransaction.commit()
        let green = try #require(renderer.renderFrame(tree.update(root, at: 1.1), into: canvas).damage)
        #expect(green.contains(Point(25, 5)))
        let full = Bitmap(width: 40, height: 40)
        LayerRenderer().draw(root.drawablePresentation(at: 1.1), into: Canvas(full))
        #expect(try #require(bitmap.difference(from: full)).maxAbsolute == 0)
    }

    /// Fills its bounds with `LampLayer.colour`, read when it draws.
    final class LampLayer: CALayer {
        nonisolated(unsafe) var colour = Color.blue
        override func draw(in ctx: CGContext) {
            ctx.setFillColor((modelLayer as? LampLayer ?? self).colour)
            ctx.fill(bounds)
        }
    }

    @Test func aTreeWithALayerDrawingItsOwnContentsIsDrawnEveryFrame() throws {
        // Nothing of the tree changes between the frames, but the lamp redraws its contents
        // when marked: the frame shows them, whatever other layers draw elsewhere.
        CAAnimationContext.current.clock.manualTime = 0
        let root = box(Rect(0, 0, 20, 20), .white)
        let lamp = LampLayer()
        lamp.frame = Rect(0, 0, 10, 10)
        lamp.setNeedsDisplay()
        root.addSublayer(lamp)
        CATransaction.flush()
        let tree = RenderTree(), renderer = LayerRenderer()
        let bitmap = Bitmap(width: 20, height: 20), canvas = Canvas(bitmap)
        _ = renderer.renderFrame(tree.update(root, at: 0.1), into: canvas)
        let blue = bitmap[5, 5]
        lamp.colour = .red
        lamp.setNeedsDisplay()
        #expect(renderer.renderFrame(tree.update(root, at: 0.2), into: canvas).damage != nil)
        #expect(bitmap[5, 5] != blue)
    }

    @Test func everyPropertySetterCountsInTheModelRevision() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let layers: [CALayer] = [CALayer(), CAShapeLayer(), CATextLayer(), CAGradientLayer(), CAEmitterLayer(),
                                 CAReplicatorLayer(), CATransformLayer()]
        for target in layers {
            let source = type(of: target).init(layer: target)
            for p in type(of: target).properties.all {
                let before = target.modelRevision
                p.copy(target, source)
                #expect(target.modelRevision != before, "\(type(of: target)).\(p.key)")
            }
            let before = target.modelRevision
            target.name = "n"
            target.addSublayer(CALayer())
            target.mask = CALayer()
            target.add(CABasicAnimation(keyPath: "opacity"), forKey: "o")
            #expect(target.modelRevision &- before >= 4, "\(type(of: target))")
        }
    }

    @Test func drawnThroughTheDamageEveryFrameEqualsAFullRedraw() throws {
        let context = CAAnimationContext.current
        context.clock.manualTime = 0
        let (root, parts) = scene()
        CATransaction.flush()
        let tree = RenderTree()
        let renderer = LayerRenderer(background: .white)
        let incremental = Bitmap(width: 120, height: 80)
        for i in 0..<12 {
            changeModel(before: i, root, parts)
            CATransaction.flush()
            let t = Double(i) * 0.15
            context.clock.manualTime = t
            _ = renderer.renderFrame(tree.update(root, at: t), into: Canvas(incremental))
            let full = Bitmap(width: 120, height: 80)
            LayerRenderer(background: .white).draw(root.presentation(at: t), into: Canvas(full))
            #expect(try #require(incremental.difference(from: full)).maxAbsolute == 0, "frame \(i)")
        }
    }

    /// A 120 × 80 root, committed at time 0, holding a layer switched on and off by a `hidden`
    /// keyframe animation (as the Lottie importer shows a layer between its in and out
    /// points), with a sublayer and a mask.
    func blinkingScene() -> CALayer {
        CAAnimationContext.current.clock.manualTime = 0
        let root = box(Rect(0, 0, 120, 80), .white)
        let l = box(Rect(10, 10, 60, 40), .red)
        let sub = box(Rect(5, 5, 20, 20), .blue)
        sub.addSublayer(box(Rect(2, 2, 6, 6), .green))
        l.addSublayer(sub)
        let mask = box(Rect(0, 0, 50, 30), .black)
        l.mask = mask
        let blink = CAKeyframeAnimation(keyPath: "hidden")
        blink.values = [.bool(false), .bool(true), .bool(false)]
        blink.keyTimes = [0, 0.3, 0.6, 1]
        blink.calculationMode = .discrete
        blink.duration = 1
        blink.fillMode = .both
        blink.isRemovedOnCompletion = false
        l.add(blink, forKey: "blink")
        root.addSublayer(l)
        CATransaction.flush()
        return root
    }

    @Test func aLayerShownAgainTakesBackTheCopiesItHadBeforeItWasHidden() throws {
        let context = CAAnimationContext.current
        let root = blinkingScene()
        let tree = RenderTree()
        // Held weakly: only the render tree may keep the copies alive while the layer is hidden.
        weak var lastSub: CALayer?, lastGrand: CALayer?, lastMask: CALayer?
        var shownBefore = false
        for (i, t) in [0.1, 0.2, 0.4, 0.5, 0.7, 0.8].enumerated() {
            context.clock.manualTime = t
            let kept = tree.update(root, at: t)
            try Self.expectSameFrame(kept, root, at: t, "frame \(i)")
            let copy = try #require(kept.sublayers?.first)
            if t > 0.3 && t < 0.6 {
                // Hidden: neither sublayers nor mask in the drawable tree.
                #expect(copy.isHidden && copy.sublayers == nil && copy.mask == nil)
                continue
            }
            let sub = try #require(copy.sublayers?.first), grand = try #require(sub.sublayers?.first)
            let mask = try #require(copy.mask)
            if shownBefore {
                #expect(lastSub != nil && sub === lastSub && grand === lastGrand && mask === lastMask, "frame \(i)")
            }
            lastSub = sub; lastGrand = grand; lastMask = mask
            shownBefore = true
        }
    }

    @Test func aMaskedLayerAtOpacityZeroKeepsItsMasksCopy() throws {
        // The mask is updated before the layer's own values; the layer then draws nothing
        // (opacity 0 until 0.5 s): the mask's copy is parked with it, not copied fresh again
        // at every update, and the frame that shows the layer draws what a fresh tree draws.
        let context = CAAnimationContext.current
        let root = box(Rect(0, 0, 120, 80), .white)
        let l = box(Rect(10, 10, 60, 40), .blue)
        let mask = box(Rect(0, 0, 50, 30), .black)
        l.mask = mask
        let fade = CAKeyframeAnimation(keyPath: "opacity")
        fade.values = [.number(0), .number(0), .number(1)]
        fade.keyTimes = [0, 0.5, 1]
        fade.duration = 1
        fade.fillMode = .both
        fade.isRemovedOnCompletion = false
        l.add(fade, forKey: "fade")
        root.addSublayer(l)
        CATransaction.flush()
        let tree = RenderTree()
        weak var maskCopy: CALayer?
        for (i, t) in [0.1, 0.2, 0.3, 0.4, 0.8].enumerated() {
            context.clock.manualTime = t
            let kept = tree.update(root, at: t)
            if i >= 2 { #expect(maskCopy != nil && mask.renderNode?.copy === maskCopy, "update \(i)") }
            if i >= 1 { maskCopy = mask.renderNode?.copy }
            try Self.expectSameFrame(kept, root, at: t, "frame \(i)")
        }
    }

    @Test func droppingTheRenderTreeWhileALayerIsHiddenFreesItsParkedCopies() {
        weak var model: CALayer?
        weak var subCopy: CALayer?
        weak var maskCopy: CALayer?
        do {
            let root = blinkingScene()
            let tree = RenderTree()
            let shown = tree.update(root, at: 0.1)
            subCopy = shown.sublayers?.first?.sublayers?.first
            maskCopy = shown.sublayers?.first?.mask
            _ = tree.update(root, at: 0.4)
            #expect(subCopy != nil && maskCopy != nil)
            model = root
        }
        #expect(model == nil && subCopy == nil && maskCopy == nil)
    }

    @Test func droppingTheRenderTreeFreesTheCopiesAndTheModelStaysFree() {
        weak var model: CALayer?
        weak var copy: CALayer?
        weak var subCopy: CALayer?
        do {
            let (root, _) = scene()
            CATransaction.flush()
            let tree = RenderTree()
            _ = tree.update(root, at: 0.1)
            _ = tree.update(root, at: 0.2)
            model = root
            copy = tree.root
            subCopy = tree.root?.sublayers?.first
            #expect(copy != nil && subCopy != nil)
        }
        #expect(model == nil && copy == nil && subCopy == nil)
    }
}
