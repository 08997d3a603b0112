// contentsRect outside the unit square extends the image's edge pixels.
import Testing
@testable import LayerKit
import TestSupport

@Suite(.freshAnimationContext) struct ContentsEdgeExtensionTests {
    // CALayer.h, contentsRect: "If pixels outside the unit rectangle are requested, the edge
    // pixels of the contents image will be extended outwards."
    @Test func pixelsOutsideTheUnitRectangleExtendTheEdgePixels() {
        let l = CALayer()
        l.frame = Rect(0, 0, 60, 20)
        l.contents = PixelScene.image(2, 1, [0xFFFF_0000, 0xFF00_FF00])     // red, green
        l.contentsRect = Rect(-1, 0, 3, 1)    // source x −2…4: 2 columns of red, the image, 2 of green
        let b = PixelScene.render(PixelScene.root(60, 20, [l]), 60, 20)
        // 10 points per source pixel: red extended over 0…20, the image 20…40, green 40…60.
        for x in [2, 12, 24] {
            let (r, g, _) = PixelScene.rgb(b[x, 10])
            #expect(r >= 235 && g <= 20, "x \(x): \(r), \(g)")
        }
        for x in [35, 45, 57] {
            let (r, g, _) = PixelScene.rgb(b[x, 10])
            #expect(g >= 235 && r <= 20, "x \(x): \(r), \(g)")
        }
        // The strips and the image meet without a seam: every pixel opaque.
        for x in 0..<60 { #expect(b[x, 10] >> 24 == 255, "x \(x)") }
        // The rows above and below extend too (the image is one row high, asked for three).
        l.contentsRect = Rect(-1, -1, 3, 3)
        let c = PixelScene.render(PixelScene.root(60, 20, [l]), 60, 20)
        #expect(PixelScene.rgb(c[3, 1]).0 >= 235 && PixelScene.rgb(c[57, 18]).1 >= 235)
    }
}
