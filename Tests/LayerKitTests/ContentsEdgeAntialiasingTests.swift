// Checks of aliased edges on contents drawn in parts and on flipped contents, by calculation:
// a turned nine-part image (contentsCenter) has aliased outer edges as the layer's and
// seamless inner seams (every pixel inside painted exactly once), and under a geometry-flipped
// superlayer edgeAntialiasingMask names the layer's sides, not the mirrored image's.
import Foundation
import Testing
@testable import LayerKit

@Suite(.freshAnimationContext) struct ContentsEdgeAntialiasingTests {
    /// `l` (inside a holder, flipped when `flipped`) over a transparent 200 × 200 target, with
    /// the distances from its sides and whether its contents were flipped (worked out while
    /// the tree, which holds its superlayers weakly, is alive).
    func render(_ l: CALayer, flipped: Bool = false) -> (Bitmap, (Int, Int) -> [Double], Bool) {
        let root = CALayer()
        root.bounds = Rect(0, 0, 200, 200)
        root.position = Point(100, 100)
        let holder = CALayer()
        holder.frame = Rect(0, 0, 200, 200)
        holder.isGeometryFlipped = flipped
        holder.addSublayer(l)
        root.addSublayer(holder)
        let b = Bitmap(width: 200, height: 200)
        LayerRenderer().draw(root, into: Canvas(b))
        return withExtendedLifetime(root) { (b, LayerSideDistances.of(l), l.contentsAreFlipped()) }
    }

    /// A 9 × 9 image in nine 3 × 3 blocks of different colours, every pixel at `alpha`
    /// (`uniform`: one colour throughout).
    func ninePartImage(alpha: Double = 1, uniform: Bool = false) -> ImageRef {
        let img = Bitmap(width: 9, height: 9)
        for y in 0..<9 {
            for x in 0..<9 {
                let k = Double((y / 3) * 3 + x / 3) / 8
                img[x, y] = (uniform ? Color(0.3, 0.5, 0.7, alpha) : Color(k, 1 - k, 0.5, alpha)).premultipliedARGB
            }
        }
        return ImageRef(img)
    }

    /// A 130 × 90 layer turned 45° showing `image` stretched in nine parts (its middle third
    /// stretched).
    func ninePartLayer(_ image: ImageRef) -> CALayer {
        let l = CALayer()
        l.bounds = Rect(0, 0, 130, 90)
        l.position = Point(100.2, 99.7)
        l.transform = .rotation(.pi / 4)
        l.contents = image
        l.contentsCenter = Rect(1.0 / 3, 1.0 / 3, 1.0 / 3, 1.0 / 3)
        return l
    }

    func alpha(_ p: UInt32) -> Int { Int(p >> 24) }

    @Test func ninePartSeamsOfATurnedLayerLeaveNoPixelUncovered() {
        // Core Animation draws the nine parts as one mesh sharing its inner sides: where the
        // image is opaque the layer is opaque throughout, seams included ("The center part is
        // stretched in both dimensions; the top and bottom parts are only stretched
        // horizontally; the left and right parts are only stretched vertically", CALayer.h).
        let l = ninePartLayer(ninePartImage())
        l.allowsEdgeAntialiasing = true
        let (b, d, _) = render(l)
        var interior = 0
        for y in 0..<200 {
            for x in 0..<200 where d(x, y).allSatisfy({ $0 > 1.5 }) {
                interior += 1
                #expect(alpha(b[x, y]) == 255, "(\(x), \(y)) alpha \(alpha(b[x, y]))")
            }
        }
        #expect(interior > 8000)
    }

    @Test func ninePartSeamsPaintEachPixelOnce() {
        // A translucent image: a seam pixel painted by both parts would be more opaque, one
        // painted by neither partly, less; every pixel inside takes the image's alpha once.
        let l = ninePartLayer(ninePartImage(alpha: 0.5, uniform: true))
        l.allowsEdgeAntialiasing = true
        let (b, d, _) = render(l)
        let expected = alpha(Color(0.3, 0.5, 0.7, 0.5).premultipliedARGB)
        for y in 0..<200 {
            for x in 0..<200 where d(x, y).allSatisfy({ $0 > 1.5 }) {
                #expect(abs(alpha(b[x, y]) - expected) <= 1, "(\(x), \(y)) alpha \(alpha(b[x, y])), not \(expected)")
            }
        }
    }

    @Test func ninePartOuterEdgesAreAliasedAsTheLayers() {
        // The stretched image's outline is the layer's edge: "If no value is found, the
        // default value is false." (allowsEdgeAntialiasing) — a pixel is the layer's when its
        // centre lies inside, fully.
        let l = ninePartLayer(ninePartImage())
        let (b, d, _) = render(l)
        var edgePixels = 0
        for y in 0..<200 {
            for x in 0..<200 {
                let a = alpha(b[x, y]), s = d(x, y)
                #expect(a == 0 || a == 255, "(\(x), \(y)) alpha \(a)")
                guard !s.contains(where: { abs($0) < 1e-6 }) else { continue }
                #expect((a == 255) == s.allSatisfy { $0 > 0 }, "(\(x), \(y)) alpha \(a)")
                if s.contains(where: { abs($0) < 0.7 }) { edgePixels += 1 }
            }
        }
        #expect(edgePixels > 300)
    }

    @Test func edgeMaskNamesTheLayersSidesUnderAFlippedSuperlayer() {
        // CAEdgeAntialiasingMask: "layerBottomEdge: Bottom edge of the layer" — of the layer,
        // whichever way its contents are mirrored to show upright under a geometry-flipped
        // superlayer. Only the layer's minY side is anti-aliased; the other three are whole.
        for ninePart in [false, true] {
            let l = ninePartLayer(ninePartImage())
            if !ninePart { l.contentsCenter = Rect(0, 0, 1, 1) }
            l.transform = .rotation(.pi / 6)
            l.allowsEdgeAntialiasing = true
            l.edgeAntialiasingMask = [.layerBottomEdge]
            let (b, d, contentsFlipped) = render(l, flipped: true)
            #expect(contentsFlipped)
            var partialOnBottom = 0
            for y in 0..<200 {
                for x in 0..<200 {
                    let a = alpha(b[x, y]), s = d(x, y)
                    if abs(s[2]) < 0.5, s[0] > 2, s[1] > 2, a > 0, a < 255 { partialOnBottom += 1 }
                    if s[2] >= 2, [s[0], s[1], s[3]].contains(where: { abs($0) < 1.5 }) {
                        #expect(a == 0 || a == 255, "nine-part \(ninePart): (\(x), \(y)) alpha \(a)")
                    }
                }
            }
            #expect(partialOnBottom > 40, "nine-part \(ninePart): \(partialOnBottom) partly covered pixels along minY")
        }
    }
}
