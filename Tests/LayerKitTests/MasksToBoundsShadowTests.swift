// masksToBounds with a shadow: the shadow is clipped with the rest of the layer, not dropped.
import Testing
@testable import LayerKit
import TestSupport

@Suite(.freshAnimationContext) struct MasksToBoundsShadowTests {
    /// A 60 × 60 layer at (20, 20) without background, masking to its bounds, casting a
    /// black shadow offset (10, 10); a red sublayer inside, another half outside.
    static func scene(rotation: Double) -> CALayer {
        let l = CALayer()
        l.frame = Rect(20, 20, 60, 60)
        l.masksToBounds = true
        l.shadowOpacity = 1
        l.shadowRadius = 1
        l.shadowOffset = Size(10, 10)
        l.transform = .rotation(rotation, 0, 0, 1)
        let inside = CALayer(); inside.frame = Rect(0, 0, 20, 20); inside.backgroundColor = .red
        let across = CALayer(); across.frame = Rect(50, 0, 20, 20); across.backgroundColor = .red
        l.addSublayer(inside); l.addSublayer(across)
        return PixelScene.root(100, 100, [l])
    }

    // CALayer.h: masksToBounds — "When true an implicit mask matching the layer bounds is
    // applied to the layer"; shadowOpacity — the shadow of "the layer's composited alpha
    // channel". The sublayers' shadow over the transparent background shows inside the bounds.
    @Test func shadowInsideTheBoundsShowsAndOutsideIsClipped() {
        let b = PixelScene.render(Self.scene(rotation: 0), 100, 100)
        let (r, g, bl) = PixelScene.rgb(b[20 + 25, 20 + 25])      // the inside sublayer's shadow
        #expect(r < 20 && g < 20 && bl < 20, "\(r) \(g) \(bl)")
        #expect(PixelScene.rgb(b[20 + 65, 20 + 15]) == (255, 255, 255))   // the across one's, beyond the bounds
        #expect(PixelScene.rgb(b[20 + 55, 20 + 5]) == (255, 0, 0))        // its clipped part
        #expect(PixelScene.rgb(b[20 + 65, 20 + 5]) == (255, 255, 255))
    }

    @Test func rotatedLayerClipsItsShadowToItsBounds() {
        let b = PixelScene.render(Self.scene(rotation: 0.3), 100, 100)
        // Local (25, 25) and (65, 15) mapped through the rotation about the centre (50, 50).
        func screen(_ x: Double, _ y: Double) -> (Int, Int) {
            let dx = x - 30, dy = y - 30, c = 0.955336489125606, s = 0.29552020666133955
            return (Int((50 + c * dx - s * dy).rounded(.down)), Int((50 + s * dx + c * dy).rounded(.down)))
        }
        let p = screen(25, 25), q = screen(66, 15)
        let (r, g, bl) = PixelScene.rgb(b[p.0, p.1])
        #expect(r < 30 && g < 30 && bl < 30, "\(r) \(g) \(bl)")
        #expect(PixelScene.rgb(b[q.0, q.1]) == (255, 255, 255))
    }
}
