// Tests of the display list stages: the builder's output per layer kind, the damage between
// two lists, and damage-only drawing equal to a full redraw.

import Testing
@testable import LayerKit

/// The display list stages: what the builder produces for each kind of layer, what the damage
/// tracker finds between two lists, and that drawing only the damage equals a full redraw.
@Suite(.serialized) struct DisplayListTests {
    func root(_ w: Double, _ h: Double) -> CALayer {
        let r = CALayer(); r.bounds = Rect(0, 0, w, h); r.position = Point(w / 2, h / 2); return r
    }

    /// The operation names of a list, in order.
    func ops(_ list: DisplayList) -> [String] {
        list.items.map { item in
            switch item.operation {
            case .fill: "fill"
            case .stroke: "stroke"
            case .image, .filteredImage: "image"
            case .beginClip: "beginClip"
            case .endClip: "endClip"
            case .beginGroup: "beginGroup"
            case .maskGroup: "maskGroup"
            case .endGroup: "endGroup"
            case .beginPlane: "beginPlane"
            case .endPlane: "endPlane"
            case .transition: "transition"
            case .invalidate: "invalidate"
            case .tintGroup: "tintGroup"
            case .blendGroup: "blendGroup"
            case .sprites: "sprites"
            case .gradient: "gradient"
            case .shadow: "shadow"
            case .beginShadowedGroup: "beginShadowedGroup"
            case .beginMask: "beginMask"
            case .endMask: "endMask"
            case .filterGroup: "filterGroup"
            case .backdrop: "backdrop"
            }
        }
    }

    func full(_ r: CALayer, _ w: Int, _ h: Int) -> Bitmap {
        let b = Bitmap(width: w, height: h)
        LayerRenderer(background: .white).draw(r, into: Canvas(b))
        return b
    }

    @Test func eachLayerKindProducesItsItemsInCoreAnimationsOrder() {
        CATransaction.setDisableActions(true)
        defer { CATransaction.setDisableActions(false) }
        let r = root(100, 100)
        let card = CALayer()
        card.bounds = Rect(0, 0, 60, 60); card.position = Point(50, 50)
        card.backgroundColor = .red; card.borderWidth = 2; card.borderColor = .black; card.masksToBounds = true
        let shape = CAShapeLayer()
        shape.path = .ellipse(in: Rect(0, 0, 20, 20)); shape.bounds = Rect(0, 0, 20, 20); shape.position = Point(30, 30)
        shape.fillColor = .blue; shape.strokeColor = .white; shape.lineWidth = 2
        card.addSublayer(shape)
        r.addSublayer(card)
        let builder = DisplayListBuilder(scale: 1)
        let list = builder.build(r, width: 100, height: 100)
        #expect(ops(list) == ["beginClip", "fill", "fill", "stroke", "endClip", "fill"])
        #expect(list.items.map(\.key.slot) == [DisplaySlot.clip, .background, .fill, .stroke, .endClip, .border].map(\.rawValue))
        // The shape's items are keyed by its (model) layer, the rest by the card.
        #expect(list.items[2].key.source == ObjectIdentifier(shape))
        #expect(list.items[1].key.source == ObjectIdentifier(card))
        // Device bounds: the card's pixels, grown by a pixel for anti-aliasing.
        #expect(list.items[1].bounds == Rect(19, 19, 62, 62))

        // Group opacity over more than one primitive: an offscreen group.
        card.opacity = 0.5
        #expect(ops(builder.build(r, width: 100, height: 100))
                == ["beginGroup", "beginClip", "fill", "fill", "stroke", "endClip", "fill", "endGroup"])
        // A rotated rounded mask: a masked group instead of a clip.
        card.opacity = 1; card.cornerRadius = 8; card.transform = .rotation(0.3, 0, 0, 1)
        #expect(ops(builder.build(r, width: 100, height: 100))
                == ["beginGroup", "fill", "fill", "stroke", "maskGroup", "fill", "endGroup"])
        // A plane that is not affine on screen: a projective plane.
        card.transform = CATransform3D.rotation(0.5, 0, 1, 0).concatenating(.perspective(200))
        card.masksToBounds = false
        #expect(ops(builder.build(r, width: 100, height: 100)).first == "beginPlane")
    }

    @Test func damageIsTheDifferenceBetweenLists() throws {
        CATransaction.setDisableActions(true)
        defer { CATransaction.setDisableActions(false) }
        let r = root(120, 80)
        let a = CALayer(), b = CALayer()
        a.bounds = Rect(0, 0, 40, 40); a.position = Point(40, 40); a.backgroundColor = .red
        b.bounds = Rect(0, 0, 40, 40); b.position = Point(60, 40); b.backgroundColor = .blue
        let far = CALayer()
        far.bounds = Rect(0, 0, 10, 10); far.position = Point(110, 10); far.backgroundColor = .black
        r.addSublayer(a); r.addSublayer(b); r.addSublayer(far)
        let renderer = LayerRenderer(background: .white)
        let target = Bitmap(width: 120, height: 80)
        let canvas = Canvas(target)
        #expect(renderer.renderFrame(r, into: canvas).damage == Rect(0, 0, 120, 80))
        #expect(renderer.renderFrame(r, into: canvas).damage == nil)
        // Reordering changes no item, only the order: the layer that moved relative to the
        // others is damaged (its overlap with the blue one included), the others are not.
        a.zPosition = 1
        let d = try #require(renderer.renderFrame(r, into: canvas).damage)
        #expect(d == Rect(19, 19, 42, 42))
        #expect(target.difference(from: full(r, 120, 80))!.maxAbsolute == 0)
        // A layer appearing before the others damages itself only.
        let dot = CALayer()
        dot.bounds = Rect(0, 0, 4, 4); dot.position = Point(6, 70); dot.backgroundColor = .green
        r.insertSublayer(dot, at: 0)
        #expect(renderer.renderFrame(r, into: canvas).damage == Rect(3, 67, 6, 6))
        // Removing one damages where it was.
        far.removeFromSuperlayer()
        #expect(renderer.renderFrame(r, into: canvas).damage == Rect(104, 4, 12, 12))
        #expect(target.difference(from: full(r, 120, 80))!.maxAbsolute == 0)
    }

    @Test func groupsDrawnIncrementallyEqualFullRedraws() throws {
        CATransaction.setDisableActions(true)
        defer { CATransaction.setDisableActions(false) }
        let r = root(120, 80)
        let group = CALayer()
        group.bounds = Rect(0, 0, 100, 60); group.position = Point(60, 40); group.opacity = 0.6
        group.backgroundColor = .red; group.cornerRadius = 10; group.masksToBounds = true
        let inner = CAShapeLayer()
        inner.path = .ellipse(in: Rect(0, 0, 30, 30)); inner.bounds = Rect(0, 0, 30, 30); inner.position = Point(20, 30)
        inner.fillColor = .blue
        group.addSublayer(inner)
        r.addSublayer(group)
        let renderer = LayerRenderer(background: .white)
        let target = Bitmap(width: 120, height: 80)
        _ = renderer.renderFrame(r, into: Canvas(target))
        // Clipped by masksToBounds (the group is drawn whole), then unclipped (only the
        // damaged part of the group is drawn).
        for masks in [true, false] {
            group.masksToBounds = masks
            _ = renderer.renderFrame(r, into: Canvas(target))
            for x in stride(from: 25.0, through: 85, by: 7.5) {
                inner.position.x = x
                let d = try #require(renderer.renderFrame(r, into: Canvas(target)).damage)
                #expect(d.width < 100)
                #expect(target.difference(from: full(r, 120, 80))!.maxAbsolute == 0, "inner at x \(x), masks \(masks)")
            }
        }
    }
}
