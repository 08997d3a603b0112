// Checks of allowsEdgeAntialiasing on layers drawn in a projected plane (perspective, 3D), by
// calculation: the projected bounds of a layer turned under sublayerTransform.m34 are sampled
// at pixel centres unless the layer allows anti-aliasing, a partial mask anti-aliases only the
// sides it names, rounded corners keep their coverage, and a layer painting beyond its bounds
// keeps its plane's outline.
import Foundation
import Media
import Testing
@testable import LayerKit

@Suite(.freshAnimationContext) struct ProjectedEdgeAntialiasingTests {
    /// A stage with perspective (m34 = −1/250) holding an opaque 110 × 80 card turned 0.7 rad
    /// about y and 0.25 about x, over a transparent 200 × 160 target.
    func scene(_ configure: (CALayer) -> Void = { _ in }) -> (root: CALayer, card: CALayer) {
        let root = CALayer()
        root.bounds = Rect(0, 0, 200, 160)
        root.position = Point(100, 80)
        let stage = CALayer()
        stage.frame = Rect(0, 0, 200, 160)
        stage.sublayerTransform = .perspective(250)
        let card = CALayer()
        card.bounds = Rect(0, 0, 110, 80)
        card.position = Point(100.3, 79.6)
        card.backgroundColor = Color(0.9, 0.2, 0.1)
        card.transform = CATransform3D.rotation(0.7, 0, 1, 0).concatenating(.rotation(0.25, 1, 0, 0))
        configure(card)
        stage.addSublayer(card)
        root.addSublayer(stage)
        return (root, card)
    }

    func render(_ root: CALayer) -> Bitmap {
        let b = Bitmap(width: 200, height: 160)
        LayerRenderer().draw(root, into: Canvas(b))
        return b
    }

    func sideDistances(_ l: CALayer) -> (Int, Int) -> [Double] { LayerSideDistances.of(l) }

    func alpha(_ p: UInt32) -> Int { Int(p >> 24) }

    @Test func projectedLayerWithoutEdgeAntialiasingHasOnlyWholeEdgePixels() {
        // "If no value is found, the default value is false." (allowsEdgeAntialiasing): a layer
        // turned in 3D is drawn with jagged edges unless it allows anti-aliasing — what people
        // see on iOS and fix with allowsEdgeAntialiasing = true. A pixel is the layer's when its
        // centre lies inside the projected bounds, fully.
        let (root, card) = scene()
        let d = sideDistances(card)
        let b = render(root)
        var edgePixels = 0
        for y in 0..<160 {
            for x in 0..<200 {
                let a = alpha(b[x, y]), s = d(x, y)
                #expect(a == 0 || a == 255, "(\(x), \(y)) alpha \(a)")
                guard !s.contains(where: { abs($0) < 1e-6 }) else { continue }
                let inside = s.allSatisfy { $0 > 0 }
                #expect((a == 255) == inside, "(\(x), \(y)) alpha \(a), centre inside \(inside)")
                if s.contains(where: { abs($0) < 0.7 }) { edgePixels += 1 }
            }
        }
        #expect(edgePixels > 200, "\(edgePixels) pixels along the edges")
    }

    @Test func projectedLayerAllowingEdgeAntialiasingHasPartialEdgePixels() {
        // "When the value is true, the layer is allowed to antialias its edges, as requested by
        // the value in the layer's edgeAntialiasingMask property."
        let (root, _) = scene { $0.allowsEdgeAntialiasing = true }
        let b = render(root)
        var partial = 0
        for y in 0..<160 { for x in 0..<200 where alpha(b[x, y]) > 0 && alpha(b[x, y]) < 255 { partial += 1 } }
        #expect(partial > 200, "\(partial) partly covered pixels")
    }

    @Test func projectedLayerPartialMaskAntialiasesOnlyTheNamedEdges() {
        // "For each of the four edges (left, right, bottom, top) if the corresponding bit is
        // set the edge will be antialiased." (CALayer.h, edgeAntialiasingMask)
        let (root, card) = scene {
            $0.allowsEdgeAntialiasing = true
            $0.edgeAntialiasingMask = [.layerLeftEdge]
        }
        let d = sideDistances(card)
        let b = render(root)
        var partialOnLeft = 0
        for y in 0..<160 {
            for x in 0..<200 {
                let a = alpha(b[x, y]), s = d(x, y)
                if abs(s[0]) < 0.5, s[2] > 2, s[3] > 2, a > 0, a < 255 { partialOnLeft += 1 }
                if s[0] >= 2, s[1...].contains(where: { abs($0) < 1.5 }) {
                    #expect(a == 0 || a == 255, "(\(x), \(y)) alpha \(a)")
                }
            }
        }
        #expect(partialOnLeft > 20, "\(partialOnLeft) partly covered pixels along the left edge")
    }

    @Test func projectedLayerKeepsItsRoundedCornersSmooth() {
        // Only the straight part of each side is aliased: the corners cornerRadius rounds keep
        // their coverage, in 3D as in 2D.
        let (root, card) = scene { $0.cornerRadius = 16 }
        let d = sideDistances(card)
        let b = render(root)
        var partialInCorners = 0
        for y in 0..<160 {
            for x in 0..<200 {
                let a = alpha(b[x, y]), s = d(x, y)
                // Near two sides at once: a corner, where the rounding lies.
                if s.filter({ $0 < 12 }).count == 2, a > 0, a < 255 { partialInCorners += 1 }
                // Along the straight parts, well away from the corners: whole.
                if s.filter({ abs($0) < 1.5 }).count == 1, s.filter({ $0 < 30 }).count == 1 {
                    #expect(a == 0 || a == 255, "(\(x), \(y)) alpha \(a)")
                }
            }
        }
        #expect(partialInCorners > 12, "\(partialInCorners) partly covered corner pixels")
    }

    @Test func projectedContentsAreOpaqueUpToTheAliasedEdges() {
        // The plane holds the layer drawn anti-aliased; along an aliased side the composite
        // samples the texels wholly inside the bounds, so an opaque image reaches the edge
        // opaque (and its colour), as a GPU samples a layer's quad clamped to its edge.
        let (root, card) = scene { l in
            l.backgroundColor = nil
            let img = Bitmap(width: 7, height: 5)
            img.clear(Color(0.1, 0.6, 0.3))
            l.contents = ImageRef(img)
        }
        let d = sideDistances(card)
        let b = render(root)
        var inside = 0
        for y in 0..<160 {
            for x in 0..<200 {
                let s = d(x, y)
                guard s.allSatisfy({ $0 > 1e-6 }) else { continue }
                inside += 1
                #expect(b[x, y] == Color(0.1, 0.6, 0.3).premultipliedARGB, "(\(x), \(y)) \(String(b[x, y], radix: 16))")
            }
        }
        #expect(inside > 2000)
    }

    @Test func projectedLayerWithATextLabelInsideItsBoundsIsAliased() {
        // What decides is what the plane shows, not what a sublayer might draw: a text layer
        // allows for its string overflowing its bounds, but a label that fits leaves the
        // card's outline its bounds (a cube face with its number).
        TTFTextRenderer.installAsDefault()
        let (root, card) = scene { l in
            let label = CATextLayer()
            label.string = "3"
            label.fontSize = 30
            label.alignmentMode = .center
            label.bounds = Rect(0, 0, 110, 50)
            label.position = Point(55, 40)
            label.foregroundColor = .white
            l.addSublayer(label)
            l.cornerRadius = 12
        }
        let d = sideDistances(card)
        let b = render(root)
        var white = 0
        for y in 0..<160 {
            for x in 0..<200 {
                let a = alpha(b[x, y]), s = d(x, y)
                if (b[x, y] >> 8) & 0xff > 160 { white += 1 }   // the card's green is 51
                // Nothing beyond the card, its rounded corners included.
                if s.contains(where: { $0 < -1 }) { #expect(a == 0, "(\(x), \(y)) alpha \(a) outside") }
                // Along the straight parts, clear of the rounded corners.
                guard s.filter({ abs($0) < 1.5 }).count == 1, s.filter({ $0 < 20 }).count == 1,
                      !s.contains(where: { abs($0) < 1e-6 }) else { continue }
                #expect(a == (s.allSatisfy { $0 > 0 } ? 255 : 0), "(\(x), \(y)) alpha \(a)")
            }
        }
        #expect(white > 20, "\(white) light pixels of the label")
    }

    @Test func projectedLayerPaintingBeyondItsBoundsKeepsItsPlaneOutline() {
        // A sublayer reaching past the bounds (no masksToBounds) is drawn whole: the bounds
        // are then not the outline of what the plane shows, and nothing is cut at them.
        let (root, card) = scene { l in
            let s = CALayer()
            s.frame = Rect(-20, 30, 40, 20)
            s.backgroundColor = .black
            l.addSublayer(s)
        }
        let d = sideDistances(card)
        let b = render(root)
        var beyond = 0
        for y in 0..<160 {
            for x in 0..<200 where d(x, y)[0] < -3 && alpha(b[x, y]) == 255 { beyond += 1 }
        }
        #expect(beyond > 30, "\(beyond) opaque pixels of the sublayer beyond the left edge")
    }
}
