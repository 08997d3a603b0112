// The default action of `contents` crossfades between the two images.
import Testing
@testable import LayerKit
import TestSupport

@Suite(.freshAnimationContext) struct ContentsCrossfadeTests {
    /// The 40 × 30 frame at media time `t` (after the engine's tick for it).
    static func frame(_ root: CALayer, at t: Double) -> Bitmap {
        CAAnimationContext.current.clock.manualTime = t
        CAAnimationEngine.current.tick(at: t)
        let b = Bitmap(width: 40, height: 30)
        LayerRenderer(scale: 1).draw(root.presentation()!, into: Canvas(b))
        return b
    }

    // Core Animation Programming Guide, Table B-1: contents "Uses the default implied
    // CABasicAnimation object"; an animation of contents between two images interpolates the
    // images (a cross-dissolve over its progress), not a switch at the midpoint.
    @Test func contentsAnimationCrossfadesTheTwoImages() {
        let red = PixelScene.image(1, 1, [0xFFFF_0000]), blue = PixelScene.image(1, 1, [0xFF00_00FF])
        let root = Self.crossfading(red, to: blue)      // the implicit action
        let l = root.sublayers![0]
        #expect(l.animation(forKey: "contents") is CABasicAnimation)
        let quarter = PixelScene.rgb(Self.frame(root, at: 0.25)[20, 15])
        #expect(abs(quarter.0 - 191) <= 2 && quarter.1 == 0 && abs(quarter.2 - 64) <= 2, "\(quarter)")
        let half = PixelScene.rgb(Self.frame(root, at: 0.5)[20, 15])
        #expect(abs(half.0 - 128) <= 2 && abs(half.2 - 128) <= 2, "\(half)")
        #expect(PixelScene.rgb(Self.frame(root, at: 1.01)[20, 15]) == (0, 0, 255))
        // The presentation copy shows the image it goes to.
        CAAnimationContext.current.clock.manualTime = 0.25
        #expect(l.presentation()?.contents == blue)
    }

    /// A 40 × 30 layer whose contents animate linearly from `a` to `b` over one second, set up
    /// by `configure` first.
    static func crossfading(_ a: ImageRef, to b: ImageRef, _ configure: (CALayer) -> Void = { _ in }) -> CALayer {
        let root = CALayer(), l = CALayer()
        CATransaction.begin(); CATransaction.setDisableActions(true)
        root.bounds = Rect(0, 0, 40, 30); root.position = Point(20, 15)
        l.bounds = Rect(0, 0, 40, 30); l.position = Point(20, 15); l.contents = a
        configure(l)
        root.addSublayer(l)
        CATransaction.commit()
        CAAnimationEngine.current.tick(at: 0)
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setAnimationTimingFunction(.linear)
        l.contents = b
        CATransaction.commit()
        return root
    }

    static func argb(_ p: UInt32) -> [Int] { [Int(p >> 24), Int(p >> 16 & 0xff), Int(p >> 8 & 0xff), Int(p & 0xff)] }

    // The cross-dissolve is the per-pixel interpolation of the premultiplied images,
    // (1 − p)·A + p·B, not B composited at p over A composited at 1 − p: half-transparent red
    // to half-transparent blue is, halfway, a quarter of each at half coverage (B over A would
    // give coverage 0x70, not 0x80).
    @Test func crossDissolveInterpolatesPremultipliedTranslucentImages() {
        let red = PixelScene.image(1, 1, [0x8080_0000]), blue = PixelScene.image(1, 1, [0x8000_0080])
        let root = Self.crossfading(red, to: blue)
        #expect(Self.argb(Self.frame(root, at: 0.5)[20, 15]) == [0x80, 0x40, 0, 0x40])
        #expect(Self.argb(Self.frame(root, at: 0.25)[20, 15]) == [0x80, 0x60, 0, 0x20])
    }

    // Under the same rule two translucent images with equal pixels dissolve into each other
    // without any change: coverage stays at half through the whole animation.
    @Test func crossDissolveOfEqualTranslucentImagesKeepsTheirCoverage() {
        let a = PixelScene.image(2, 1, [0x8000_8000, 0x4040_4040]), b = PixelScene.image(2, 1, [0x8000_8000, 0x4040_4040])
        let root = Self.crossfading(a, to: b)
        for t in [0.2, 0.5, 0.8] {
            let f = Self.frame(root, at: t)
            #expect(Self.argb(f[5, 15]) == [0x80, 0, 0x80, 0], "t = \(t)")
            #expect(Self.argb(f[35, 15]) == [0x40, 0x40, 0x40, 0x40], "t = \(t)")
        }
    }
}
