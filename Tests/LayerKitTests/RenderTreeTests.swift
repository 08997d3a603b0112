// The render tree kept across frames (`RenderTree`): every frame it gives is the drawable
// presentation tree's frame pixel for pixel, while animations run, start and stop and the
// model changes between frames (properties with and without implicit animations, sublayers,
// masks, animations removed); unchanged layers keep their copy; every property setter counts
// in `modelRevision`; drawing it incrementally equals full redraws; and dropping it frees
// every copy and leaves the model tree free to go.
import Testing
@testable import LayerKit

@Suite(.freshAnimationContext) struct RenderTreeTests {
    func box(_ frame: Rect, _ color: Color) -> CALayer {
        let l = CALayer()
        l.frame = frame
        l.backgroundColor = color
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
            let a = Bitmap(width: 120, height: 80), b = Bitmap(width: 120, height: 80)
            LayerRenderer(background: .white).draw(kept, into: Canvas(a))
            LayerRenderer(background: .white).draw(root.drawablePresentation(at: t), into: Canvas(b))
            let diff = try #require(a.difference(from: b))
            #expect(diff.maxAbsolute == 0, "frame \(i): \(diff)")
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
