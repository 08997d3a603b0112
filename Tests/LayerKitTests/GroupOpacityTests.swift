// Group opacity over a subtree that draws a single item: no offscreen group, the item drawn
// with its alpha times the opacity, the pixels of the group within a rounding step; a subtree
// whose items could overlap, or a sublayer that would not pass the opacity on, keeps the group.

import Testing
@testable import LayerKit

@Suite(.serialized) struct GroupOpacityTests {
    /// A 100 × 100 root holding `parent` (at 0.5 opacity) over a sublayer holding a filled ellipse.
    func scene() -> (root: CALayer, parent: CALayer, holder: CALayer) {
        let root = CALayer(); root.bounds = Rect(0, 0, 100, 100); root.position = Point(50, 50)
        let parent = CALayer(); parent.bounds = Rect(0, 0, 80, 80); parent.position = Point(50, 50)
        parent.opacity = 0.5
        let holder = CALayer(); holder.bounds = Rect(0, 0, 60, 60); holder.position = Point(40, 40)
        let shape = CAShapeLayer(); shape.bounds = Rect(0, 0, 50, 40); shape.position = Point(30, 30)
        shape.path = .ellipse(in: Rect(0.3, 0.6, 49.2, 38.5)); shape.fillColor = Color(0.2, 0.4, 0.9, 0.8)
        holder.addSublayer(shape)
        parent.addSublayer(holder)
        root.addSublayer(parent)
        return (root, parent, holder)
    }

    func groups(_ root: CALayer) -> Int {
        DisplayListBuilder(scale: 1).build(root, width: 100, height: 100).items.filter {
            if case .beginGroup = $0.operation { return true }
            return false
        }.count
    }

    @Test func oneItemTakesTheOpacityWithoutAGroup() throws {
        CATransaction.setDisableActions(true)
        defer { CATransaction.setDisableActions(false) }
        let (root, parent, _) = scene()
        let list = DisplayListBuilder(scale: 1).build(root, width: 100, height: 100)
        #expect(groups(root) == 0)
        let fills = list.items.compactMap { item -> Double? in
            if case let .fill(_, _, _, _, opacity) = item.operation { return opacity }
            return nil
        }
        #expect(fills == [0.5])
        // The pixels of the group: the subtree drawn opaque into a bitmap of its own, then
        // composited once at the opacity.
        let folded = Bitmap(width: 100, height: 100)
        LayerRenderer(background: .white).draw(root, into: Canvas(folded))
        parent.opacity = 1
        let subtree = Bitmap(width: 100, height: 100)
        LayerRenderer(background: .clear).draw(root, into: Canvas(subtree))
        let grouped = Bitmap(width: 100, height: 100)
        let canvas = Canvas(grouped)
        canvas.clear(.white)
        canvas.draw(subtree, transform: .identity, opacity: 0.5)
        let d = try #require(folded.difference(from: grouped, threshold: 1))
        #expect(d.maxAbsolute <= 1)
        #expect(folded.difference(from: subtree)!.maxAbsolute > 100)   // the shape is drawn
    }

    @Test func overlappingItemsAndOpaqueSublayersKeepTheGroup() {
        CATransaction.setDisableActions(true)
        defer { CATransaction.setDisableActions(false) }
        // A second item that could overlap the first.
        var s = scene()
        let other = CAShapeLayer(); other.bounds = Rect(0, 0, 20, 20); other.position = Point(10, 10)
        other.path = .rect(Rect(0, 0, 20, 20)); other.fillColor = .red
        s.holder.addSublayer(other)
        #expect(groups(s.root) == 1)
        // The parent's own background and one sublayer item.
        s = scene()
        s.parent.backgroundColor = .green
        #expect(groups(s.root) == 1)
        // A sublayer drawing in a group of its own (a mask), and one that applies its own
        // opacity to each of its sublayers (a transform layer).
        s = scene()
        let m = CAShapeLayer(); m.path = .rect(Rect(0, 0, 30, 30)); m.fillColor = .black
        s.holder.mask = m
        #expect(groups(s.root) == 2)
        s = scene()
        let t = CATransformLayer()
        s.holder.addSublayer(t)
        #expect(groups(s.root) == 1)
        // A sublayer that blends with what lies behind it: inside the group that is the
        // group's own pixels, not the parent's backdrop (its own group, and the parent's).
        s = scene()
        s.holder.compositingFilter = .multiplyBlendMode
        #expect(groups(s.root) == 2)
        s = scene()
        s.holder.backgroundFilters = [.colorControls(saturation: 0.5, name: "tone")]
        #expect(groups(s.root) == 1)
        // The parent not allowed to group: its sublayer takes the opacity on its own, and
        // groups its two items itself.
        s = scene()
        s.parent.allowsGroupOpacity = false
        s.holder.addSublayer(other)
        #expect(groups(s.root) == 1)
    }
}
