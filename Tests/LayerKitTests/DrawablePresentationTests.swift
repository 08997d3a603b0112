// The drawable presentation tree (`drawablePresentation(at:)`): a layer hidden, or at opacity
// 0, at the frame's time is copied without its subtree, and the frame drawn from that tree
// is the full presentation tree's frame, pixel for pixel, while animations hide, fade and
// reveal layers (the values at the frame's time decide, not the model's).
import Testing
@testable import LayerKit

@Suite(.freshAnimationContext) struct DrawablePresentationTests {
    func box(_ frame: Rect, _ color: Color) -> CALayer { PixelScene.box(frame, color) }

    @Test func undrawnSubtreesAreLeftOutAndTheFrameIsTheSame() throws {
        let context = CAAnimationContext.current
        context.clock.manualTime = 0
        let root = box(Rect(0, 0, 120, 80), .white)
        // Hidden in the model: never drawn.
        let hidden = box(Rect(4, 4, 40, 30), .red)
        hidden.addSublayer(box(Rect(2, 2, 10, 10), .blue))
        hidden.isHidden = true
        root.addSublayer(hidden)
        // Transparent in the model, but faded in by an animation: drawn, with its sublayer.
        let fadingIn = box(Rect(50, 4, 40, 30), .green)
        fadingIn.addSublayer(box(Rect(5, 5, 12, 12), .black))
        fadingIn.opacity = 0
        root.addSublayer(fadingIn)
        // Opaque in the model, faded out by an animation that ends at opacity 0.
        let fadingOut = box(Rect(4, 40, 40, 30), .blue)
        let inner = box(Rect(3, 3, 20, 20), .red)
        inner.mask = box(Rect(0, 0, 10, 10), .black)
        fadingOut.addSublayer(inner)
        root.addSublayer(fadingOut)
        for (layer, from, to) in [(fadingIn, 0.0, 1.0), (fadingOut, 1.0, 0.0)] {
            let a = CABasicAnimation(keyPath: "opacity")
            a.fromValue = .number(from)
            a.toValue = .number(to)
            a.duration = 1
            a.fillMode = .forwards
            a.isRemovedOnCompletion = false
            layer.add(a, forKey: "fade")
        }
        CATransaction.flush()

        for t in [0.0, 0.5, 1.0, 1.5] {
            context.clock.manualTime = t
            let full = root.presentation(at: t), drawable = root.drawablePresentation(at: t)
            let subs = try #require(drawable.sublayers)
            #expect(subs.count == 3)
            // The hidden layer is there, without its subtree.
            #expect(subs[0].isHidden && subs[0].sublayers == nil)
            #expect((subs[1].sublayers?.count ?? 0) == (t > 0 ? 1 : 0), "t \(t)")
            #expect((subs[2].sublayers?.count ?? 0) == (t < 1 ? 1 : 0), "t \(t)")
            // The full tree keeps every layer, as presentation(at:) always has.
            #expect(full.sublayers?.map { $0.sublayers?.count ?? 0 } == [1, 1, 1])
            let a = Bitmap(width: 120, height: 80), b = Bitmap(width: 120, height: 80)
            LayerRenderer(background: .white).draw(full, into: Canvas(a))
            LayerRenderer(background: .white).draw(drawable, into: Canvas(b))
            let diff = try #require(a.difference(from: b))
            #expect(diff.maxAbsolute == 0, "t \(t): \(diff)")
        }
    }
}
