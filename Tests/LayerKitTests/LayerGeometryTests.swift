// Tests of layer geometry (frame, position, anchor point, bounds, transforms) against
// hand-computed values.

import Testing
@testable import LayerKit
import TestSupport

/// Geometry of the layer model against hand-computed values.
@Suite(.freshAnimationContext) struct LayerGeometryTests {
    func close(_ a: Point, _ b: Point, _ eps: Double = 1e-9) -> Bool { abs(a.x - b.x) < eps && abs(a.y - b.y) < eps }

    @Test func frameFollowsPositionAnchorAndBounds() {
        let l = CALayer()
        l.bounds = Rect(0, 0, 100, 50)
        l.position = Point(200, 100)
        #expect(l.frame == Rect(150, 75, 100, 50))
        l.anchorPoint = Point(0, 0)
        #expect(l.frame == Rect(200, 100, 100, 50))
        l.frame = Rect(10, 20, 30, 40)
        #expect(l.position == Point(10, 20))
        #expect(l.bounds.size == Size(30, 40))
    }

    @Test func anchorPointAndTransformCompose() {
        // A 100×100 layer at (100, 100), anchor at its top-left, rotated 90° clockwise:
        // its local (100, 0) corner lands at (100, 200).
        let l = CALayer()
        l.bounds = Rect(0, 0, 100, 100)
        l.anchorPoint = Point(0, 0)
        l.position = Point(100, 100)
        l.transform = .rotation(.pi / 2)
        let p = l.transformToSuperlayer.apply(Point(100, 0))!
        #expect(close(p, Point(100, 200)))
        // Bounds origin shifts the content: local (10, 10) is the layer's top-left then.
        l.transform = .identity
        l.bounds.origin = Point(10, 10)
        #expect(close(l.transformToSuperlayer.apply(Point(10, 10))!, Point(100, 100)))
    }

    @Test func scaleAboutCentreAnchor() {
        let l = CALayer()
        l.bounds = Rect(0, 0, 40, 20)
        l.position = Point(50, 50)
        l.transform = .scale(2, 3)
        // Corner (0, 0) is (−20, −10) from the anchor; scaled to (−40, −30).
        #expect(close(l.transformToSuperlayer.apply(Point(0, 0))!, Point(10, 20)))
        #expect(l.frame == Rect(10, 20, 80, 60))
    }

    @Test func sublayerTransformActsAboutSuperlayerCentre() {
        let parent = CALayer()
        parent.bounds = Rect(0, 0, 200, 100)
        parent.position = Point(100, 50)
        parent.sublayerTransform = .scale(2, 2)
        let child = CALayer()
        child.bounds = Rect(0, 0, 10, 10)
        child.position = Point(100, 50)   // at the parent's centre: stays there
        parent.addSublayer(child)
        #expect(close(child.convert(Point(5, 5), to: parent), Point(100, 50)))
        #expect(close(child.convert(Point(10, 10), to: parent), Point(110, 60)))
    }

    @Test func convertBetweenSiblingsAndBack() {
        let root = CALayer(); root.bounds = Rect(0, 0, 400, 300); root.position = Point(200, 150)
        let a = CALayer(); a.bounds = Rect(0, 0, 100, 100); a.position = Point(100, 100)
        a.transform = .rotation(.pi / 4)
        let b = CALayer(); b.bounds = Rect(0, 0, 50, 50); b.position = Point(300, 200); b.anchorPoint = Point(0, 0)
        root.addSublayer(a); root.addSublayer(b)
        let p = Point(12, 34)
        let q = a.convert(p, to: b)
        #expect(close(b.convert(q, to: a), p, 1e-9))
        #expect(close(a.convert(q, from: b), p, 1e-9))
        // Centre of a is at (100, 100) in root = (−200, −100) in b.
        #expect(close(a.convert(Point(50, 50), to: b), Point(-200, -100), 1e-9))
        let r = b.convert(Rect(0, 0, 10, 10), to: root)
        #expect(r == Rect(300, 200, 10, 10))
    }

    @Test func hitTestFollowsCoreAnimationRules() {
        let root = CALayer(); root.bounds = Rect(0, 0, 200, 200); root.position = Point(100, 100)
        let box = CALayer(); box.bounds = Rect(0, 0, 100, 100); box.position = Point(50, 50)
        let outside = CALayer(); outside.bounds = Rect(0, 0, 20, 20); outside.position = Point(150, 150)
        box.addSublayer(outside)   // sticks out of box
        root.addSublayer(box)
        #expect(root.hitTest(Point(10, 10)) === box)
        #expect(root.hitTest(Point(150, 150)) === outside)
        box.masksToBounds = true
        #expect(root.hitTest(Point(150, 150)) === root)
        box.masksToBounds = false
        outside.isHidden = true
        #expect(root.hitTest(Point(150, 150)) === root)
        box.isHidden = true
        #expect(root.hitTest(Point(10, 10)) === root)
        #expect(root.hitTest(Point(500, 10)) == nil)
        // Top-most by zPosition wins over array order.
        box.isHidden = false
        let under = CALayer(); under.bounds = Rect(0, 0, 100, 100); under.position = Point(50, 50)
        root.addSublayer(under)
        #expect(root.hitTest(Point(10, 10)) === under)
        box.zPosition = 1
        #expect(root.hitTest(Point(10, 10)) === box)
    }

    @Test func hitTestThroughRotation() {
        let l = CALayer(); l.bounds = Rect(0, 0, 100, 10); l.position = Point(0, 0)
        l.transform = .rotation(.pi / 2)
        // Rotated: the bar now spans y −50…50 at x −5…5.
        #expect(l.hitTest(Point(0, 40)) === l)
        #expect(l.hitTest(Point(40, 0)) == nil)
    }

    @Test func sublayerOperations() {
        let p = CALayer(), a = CALayer(), b = CALayer(), c = CALayer(), d = CALayer()
        p.addSublayer(a); p.addSublayer(b)
        p.insertSublayer(c, below: b)
        #expect(p.sublayers!.map { ObjectIdentifier($0) } == [a, c, b].map { ObjectIdentifier($0) })
        p.insertSublayer(d, above: a)
        #expect(p.sublayers!.map { ObjectIdentifier($0) } == [a, d, c, b].map { ObjectIdentifier($0) })
        p.insertSublayer(b, at: 0)
        #expect(p.sublayers!.map { ObjectIdentifier($0) } == [b, a, d, c].map { ObjectIdentifier($0) })
        let e = CALayer()
        p.replaceSublayer(d, with: e)
        #expect(d.superlayer == nil && e.superlayer === p)
        #expect(p.sublayers!.map { ObjectIdentifier($0) } == [b, a, e, c].map { ObjectIdentifier($0) })
        let q = CALayer()
        q.addSublayer(a)   // moves
        #expect(p.sublayers!.count == 3 && a.superlayer === q)
        c.removeFromSuperlayer()
        #expect(p.sublayers!.count == 2 && c.superlayer == nil)
    }

    @Test func presentationEqualsModelWithoutAnimations() {
        let s = CAShapeLayer()
        s.path = .rect(Rect(0, 0, 5, 5)); s.strokeEnd = 0.5; s.lineDashPattern = [2, 1]; s.name = "s"
        s.bounds = Rect(0, 0, 10, 10); s.transform = .rotation(0.3)
        let child = CATextLayer(); child.string = "hi"
        s.addSublayer(child)
        CATransaction.flush() // committed: a layer has no presentation before its first commit
        let p = s.presentation()!
        #expect(p !== s)
        #expect(p.model() === s)
        for k in s.animatablePropertyKeys { #expect(p.value(forKeyPath: k) == s.value(forKeyPath: k), "\(k)") }
        #expect(p.lineDashPattern == [2, 1] && p.name == "s")
        #expect((p.sublayers?.first as? CATextLayer)?.string == "hi")
        #expect(p.sublayers?.first?.superlayer === p)
    }
}
