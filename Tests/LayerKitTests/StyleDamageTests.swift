// Damage tracking with shadows and masks moving: every frame drawn incrementally (only the
// damaged pixels redrawn) must equal a full redraw of the same presentation tree, pixel for
// pixel, while a shadow-casting card slides and grows its shadow, a shadowPath shadow
// moves, and an animated mask layer (its own sublayer animating) sweeps over a gradient.
import Foundation
import Testing
@testable import LayerKit

@Suite(.freshAnimationContext) struct StyleDamageTests {
    func full(_ r: CALayer, _ w: Int, _ h: Int) -> Bitmap {
        let b = Bitmap(width: w, height: h)
        LayerRenderer(background: .white).draw(r, into: Canvas(b))
        return b
    }

    /// What moves: the shadow-casting card (and a sublayer inside it), the shadowPath
    /// shadow, or the mask (its sublayer and its opacity). One at a time, so that the damage
    /// of each stays partial.
    enum Mover: String, CaseIterable { case card, pathShadow, mask }

    @Test(arguments: Mover.allCases)
    func incrementalFramesEqualFullRedraws(_ mover: Mover) throws {
        let context = CAAnimationContext.current
        context.clock.manualTime = 0
        let root = CALayer()
        root.bounds = Rect(0, 0, 240, 160)
        root.position = Point(120, 80)

        let card = CALayer()
        card.bounds = Rect(0, 0, 60, 40)
        card.position = Point(50, 50)
        card.backgroundColor = Color(0.2, 0.5, 0.9)
        card.cornerRadius = 8
        card.shadowOpacity = 0.6
        card.shadowRadius = 4
        let dot = CALayer()
        dot.frame = Rect(40, 10, 12, 12)
        dot.backgroundColor = .red
        card.addSublayer(dot)
        root.addSublayer(card)

        let pathShadow = CALayer()
        pathShadow.frame = Rect(150, 20, 50, 30)
        pathShadow.backgroundColor = Color(0.9, 0.8, 0.2)
        pathShadow.shadowOpacity = 0.8
        pathShadow.shadowRadius = 7
        pathShadow.shadowPath = .rect(Rect(0, 0, 50, 30))
        root.addSublayer(pathShadow)

        let g = CAGradientLayer()
        g.frame = Rect(20, 90, 200, 60)
        g.colors = [.red, .blue]
        g.startPoint = Point(0, 0.5)
        g.endPoint = Point(1, 0.5)
        let m = CALayer()
        m.frame = Rect(0, 0, 200, 60)
        let blob = CAShapeLayer()
        blob.frame = Rect(0, 0, 40, 40)
        blob.path = .ellipse(in: Rect(0, 0, 40, 40))
        blob.fillColor = .black
        m.addSublayer(blob)
        g.mask = m
        root.addSublayer(g)

        func animate(_ l: CALayer, _ key: String, _ from: AnimatableValue, _ to: AnimatableValue) {
            let a = CABasicAnimation(keyPath: key)
            a.fromValue = from
            a.toValue = to
            a.duration = 1
            l.add(a, forKey: key)
        }
        switch mover {
        case .card:
            animate(card, "position", .point(Point(50, 50)), .point(Point(90, 60)))
            animate(card, "shadowRadius", .number(2), .number(10))
            animate(card, "shadowOffset", .size(Size(0, -3)), .size(Size(8, 10)))
            animate(dot, "position.y", .number(16), .number(30))
        case .pathShadow:
            animate(pathShadow, "shadowOffset", .size(Size(0, 0)), .size(Size(-20, 25)))
        case .mask:
            animate(blob, "position", .point(Point(20, 20)), .point(Point(180, 40)))
            animate(m, "opacity", .number(1), .number(0.4))
        }

        CATransaction.flush()   // commit at document time 0: the animations begin now
        let renderer = LayerRenderer(background: .white)
        let target = Bitmap(width: 240, height: 160)
        var partial = 0
        for frame in 0...24 {
            let t = Double(frame) / 24
            context.clock.manualTime = t
            let p = root.presentation(at: t)
            let stats = renderer.renderFrame(p, into: Canvas(target))
            if frame > 0, let d = stats.damage, d.width * d.height < 240 * 160 { partial += 1 }
            let diff = try #require(target.difference(from: full(p, 240, 160)))
            #expect(diff.maxAbsolute == 0, "frame \(frame): \(diff)")
        }
        // The damage really was partial: the comparison tested the incremental path.
        #expect(partial >= 20, "\(mover): \(partial) partial frames")
    }
}
