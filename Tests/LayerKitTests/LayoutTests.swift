// Layout (CALayer+Layout.swift, CALayoutManager.swift, CAConstraintLayoutManager.swift): the
// marks, when layout runs, the delegate before the layout manager, constraints against the
// superlayer and siblings, and documents' "layoutManager" and "constraints". Each test quotes
// the rule it checks.
import Testing
@testable import LayerKit
import Raster

@Suite(.freshAnimationContext) struct LayoutTests {
    final class CountingManager: CALayoutManager {
        var laidOut = 0, invalidated = 0
        func layoutSublayers(of layer: CALayer) { laidOut += 1 }
        func invalidateLayout(of layer: CALayer) { invalidated += 1 }
        func preferredSize(of layer: CALayer) -> Size { Size(12, 34) }
    }

    final class LayingOutDelegate: CALayerDelegate {
        var calls = 0
        func layoutSublayers(of layer: CALayer) -> Bool { calls += 1; return true }
    }

    /// "setNeedsLayout: … The system typically calls this method automatically when the
    /// layer's bounds change or when sublayers are added or removed." and "needsLayout:
    /// Returns a Boolean indicating whether the layer has been marked as needing a layout
    /// update."; the commit lays it out (before the next frame) and clears the mark.
    @Test func boundsAndSublayerChangesMarkLayoutAndTheCommitRunsIt() {
        let l = CALayer()
        let m = CountingManager()
        l.layoutManager = m
        CATransaction.flush()
        #expect(!l.needsLayout() && m.laidOut == 1)
        l.bounds = Rect(0, 0, 50, 40)
        #expect(l.needsLayout())
        CATransaction.flush()
        #expect(!l.needsLayout() && m.laidOut == 2)
        l.bounds.origin = Point(5, 5)   // same size: no layout
        #expect(!l.needsLayout())
        l.addSublayer(CALayer())
        #expect(l.needsLayout())
        l.layoutIfNeeded()
        #expect(!l.needsLayout() && m.laidOut == 3)
        l.layoutIfNeeded()   // "if required": not again
        #expect(m.laidOut == 3)
    }

    /// "If the receiver's layout manager implements the invalidateLayoutOfLayer: method it
    /// will be called" (setNeedsLayout); "the default implementation … returns the size of
    /// the layer's bounds rectangle" unless the layout manager says (preferredFrameSize).
    @Test func invalidationAndPreferredSizeAskTheManager() {
        let l = CALayer()
        l.bounds = Rect(0, 0, 7, 8)
        #expect(l.preferredFrameSize() == Size(7, 8))
        let m = CountingManager()
        l.layoutManager = m
        l.setNeedsLayout()
        #expect(m.invalidated >= 1)
        #expect(l.preferredFrameSize() == Size(12, 34))
    }

    /// "The default implementation of this method calls the layoutSublayers(of:) method of
    /// the layer's delegate object. If there is no delegate object, or the delegate does not
    /// implement that method, this method calls the layoutSublayers(of:) method of the object
    /// in the layoutManager property." (layoutSublayers)
    @Test func delegateLaysOutBeforeTheManager() {
        let l = CALayer()
        let m = CountingManager(), d = LayingOutDelegate()
        l.layoutManager = m
        l.delegate = d
        l.setNeedsLayout()
        l.layoutIfNeeded()
        #expect(d.calls == 1 && m.laidOut == 0)
    }

    /// "layoutIfNeeded: … the layer's superlayers are traversed until a ancestor layer is
    /// found that does not require layout. Then layout is performed on the entire layer-tree
    /// beneath that ancestor."
    @Test func layoutIfNeededLaysOutFromTheTopmostMarkedAncestor() {
        let top = CALayer(), mid = CALayer(), leaf = CALayer()
        let mt = CountingManager(), mm = CountingManager()
        top.addSublayer(mid); mid.addSublayer(leaf)
        top.layoutManager = mt; mid.layoutManager = mm
        CATransaction.flush()
        let (t0, m0) = (mt.laidOut, mm.laidOut)
        top.setNeedsLayout(); mid.setNeedsLayout(); leaf.setNeedsLayout()
        leaf.layoutIfNeeded()
        #expect(mt.laidOut == t0 + 1 && mm.laidOut == m0 + 1)
        #expect(!top.needsLayout() && !mid.needsLayout() && !leaf.needsLayout())
    }

    /// "The value for the constraint is calculated as (srcAttr * scale) + offset" and "If you
    /// specify constraints for the left and right edges of a layer, the width will vary. If
    /// you specify constraints for the left edge and the width, the right edge of the layer
    /// will move relative to the superlayer's frame." (CAConstraint); "Sibling layers are
    /// referenced by name … The special name superlayer is used to refer to the layer's
    /// superlayer."
    @Test func constraintsPlaceSublayersAgainstTheSuperlayerAndSiblings() {
        let root = CALayer()
        root.bounds = Rect(0, 0, 200, 100)
        root.layoutManager = CAConstraintLayoutManager.layoutManager()
        let header = CALayer(); header.name = "header"
        header.bounds = Rect(0, 0, 10, 20)
        header.constraints = [
            CAConstraint(attribute: .minX, relativeTo: "superlayer", attribute: .minX, offset: 10),
            CAConstraint(attribute: .maxX, relativeTo: "superlayer", attribute: .maxX, offset: -10),
            CAConstraint(attribute: .maxY, relativeTo: "superlayer", attribute: .maxY),
        ]
        let body = CALayer()
        body.constraints = [
            CAConstraint(attribute: .midX, relativeTo: "superlayer", attribute: .midX),
            CAConstraint(attribute: .width, relativeTo: "superlayer", attribute: .width, scale: 0.5, offset: 0),
            CAConstraint(attribute: .minY, relativeTo: "superlayer", attribute: .minY),
            CAConstraint(attribute: .maxY, relativeTo: "header", attribute: .minY, offset: -5),
        ]
        // The body comes first but depends on the header: laid out after it.
        root.addSublayer(body)
        root.addSublayer(header)
        CATransaction.flush()
        #expect(header.frame == Rect(10, 80, 180, 20))
        #expect(body.frame == Rect(50, 0, 100, 75))
        // The window's resize drives it: the root's new size lays out again at the commit.
        root.bounds = Rect(0, 0, 300, 160)
        CATransaction.flush()
        #expect(header.frame == Rect(10, 140, 280, 20))
        #expect(body.frame == Rect(75, 0, 150, 135))
    }

    /// One relationship on an axis keeps the layer's size there ("midX" alone centres it).
    @Test func oneConstraintOnAnAxisKeepsTheSize() {
        let root = CALayer()
        root.bounds = Rect(0, 0, 100, 100)
        root.layoutManager = CAConstraintLayoutManager()
        let l = CALayer()
        l.bounds = Rect(0, 0, 30, 20)
        l.position = Point(5, 7)
        l.constraints = [CAConstraint(attribute: .midX, relativeTo: "superlayer", attribute: .midX)]
        root.addSublayer(l)
        root.layoutIfNeeded()
        #expect(l.frame == Rect(35, -3, 30, 20))
    }

    /// A document's `"layoutManager": "constraint"` and `"constraints"`; a sibling that does
    /// not exist is refused with its place.
    @Test func documentConstraints() throws {
        let doc = try LayerDocument.parse("""
        {"width": 120, "height": 80, "layoutManager": "constraint", "layers": [
          {"name": "bar", "bounds": [0, 0, 1, 10], "constraints": [
            {"attribute": "minX", "offset": 4}, {"attribute": "maxX", "offset": -4},
            {"attribute": "minY", "relativeTo": "superlayer", "sourceAttribute": "minY"}]},
          {"name": "box", "bounds": [0, 0, 20, 20], "constraints": [
            {"attribute": "minY", "relativeTo": "bar", "sourceAttribute": "maxY", "offset": 2},
            {"attribute": "midX", "scale": 0.5}]}]}
        """)
        CATransaction.flush()
        #expect(doc.layersByName["bar"]?.frame == Rect(4, 0, 112, 10))
        #expect(doc.layersByName["box"]?.frame == Rect(20, 12, 20, 20))
        #expect(throws: DocumentError.self) {
            try LayerDocument.parse("""
            {"width": 10, "height": 10, "layers": [{"constraints": [{"attribute": "minX", "relativeTo": "nobody"}]}]}
            """)
        }
        #expect(throws: DocumentError.self) {
            try LayerDocument.parse("""
            {"width": 10, "height": 10, "layers": [{"constraints": [{"attribute": "minX", "sourceAttribute": "height"}]}]}
            """)
        }
    }
}
