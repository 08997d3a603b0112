// The masksToBounds clip is exactly the shape the layer's background fills: "When true an
// implicit mask matching the layer bounds is applied to the layer (including the effects of
// the `cornerRadius' property)" (CALayer.h, masksToBounds), and maskedCorners "Defines which
// of the four corners receives the masking when using `cornerRadius' property" (CALayer.h).
// Each case draws a layer's background alone (black on white) and, separately, the same layer
// with a clear background clipping a black sublayer that covers more than its bounds; the two
// images must agree pixel for pixel: exactly where the clip is a coverage mask of the
// background's own path (a corner subset, continuous corners, a rotated or stretched layer),
// and within the fill's flattening tolerance (0.1 px of edge, 26 of 255) where four circular
// corners of an axis-aligned layer clip through the raster's analytic rounded rectangle.
import Testing
@testable import LayerKit

@Suite(.freshAnimationContext) struct MasksToBoundsCornerShapeTests {
    /// The layer configured by `style` at (10, 10, 80, 60) on a 100 × 80 white root, under
    /// `transform`; its background black when `background`, else a black sublayer it clips.
    func draw(_ style: (CALayer) -> Void, transform: CATransform3D, background: Bool) -> Bitmap {
        let l = CALayer()
        l.frame = Rect(10, 10, 80, 60)
        style(l)
        l.transform = transform
        if background {
            l.backgroundColor = .black
        } else {
            l.masksToBounds = true
            let s = CALayer()
            s.frame = Rect(-20, -20, 120, 100)
            s.backgroundColor = .black
            l.addSublayer(s)
        }
        return PixelScene.render(PixelScene.root(100, 80, [l]), 100, 80)
    }

    /// The largest difference in green between the background and the clipped sublayer.
    func worstDifference(_ style: @escaping (CALayer) -> Void, transform: CATransform3D = CATransform3D.identity) -> Int {
        let a = draw(style, transform: transform, background: true)
        let b = draw(style, transform: transform, background: false)
        var worst = 0
        for y in 0..<80 { for x in 0..<100 {
            worst = max(worst, abs(PixelScene.rgb(a[x, y]).1 - PixelScene.rgb(b[x, y]).1))
        } }
        return worst
    }

    static let cornerSets: [CACornerMask] = [
        [.layerMinXMinYCorner], [.layerMaxXMaxYCorner], [.layerMinXMinYCorner, .layerMaxXMinYCorner],
        [.layerMinXMaxYCorner, .layerMaxXMinYCorner], .all, [],
    ]

    @Test(arguments: cornerSets)
    func clipRoundsOnlyTheMaskedCorners(_ corners: CACornerMask) {
        for curve in [CALayerCornerCurve.circular, .continuous] {
            let d = worstDifference { l in l.cornerRadius = 18; l.maskedCorners = corners; l.cornerCurve = curve }
            let analytic = corners == .all && curve == .circular
            #expect(d <= (analytic ? 26 : 2), "corners \(corners.rawValue) \(curve): differs by \(d)")
        }
    }

    @Test func aSquareCornerOfTheClipIsFilledToItsTip() {
        // Only the top-left corner masked: the top-right pixel of the bounds is inside the clip.
        let b = draw({ l in l.cornerRadius = 18; l.maskedCorners = [.layerMinXMinYCorner] },
                     transform: CATransform3D.identity, background: false)
        #expect(PixelScene.rgb(b[89, 10]).1 == 0, "top-right corner \(PixelScene.rgb(b[89, 10]))")
        #expect(PixelScene.rgb(b[10, 10]).1 == 255, "top-left corner \(PixelScene.rgb(b[10, 10]))")
    }

    @Test func clipUnderRotationAndStretchMatchesTheBackground() {
        // Rotated (a coverage mask, not a clip rectangle) and stretched unevenly.
        let rotated = CATransform3D.rotation(0.3)
        let stretched = CATransform3D.scale(1.1, 0.8)
        for t in [rotated, stretched] {
            for corners: CACornerMask in [[.layerMaxXMinYCorner], .all] {
                let d = worstDifference({ l in l.cornerRadius = 16; l.maskedCorners = corners; l.cornerCurve = .continuous },
                                        transform: t)
                #expect(d <= 2, "corners \(corners.rawValue): differs by \(d)")
            }
        }
    }
}
