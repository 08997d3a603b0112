// Checks of allowsEdgeAntialiasing and edgeAntialiasingMask by calculation: a rotated layer's
// bounds edges are sampled at pixel centres unless it allows anti-aliasing, a partial mask
// anti-aliases the edges it names and no other, a layer on whole pixels draws the same
// either way, and documents carry the key into the display list.
import Foundation
import Testing
@testable import LayerKit

@Suite(.freshAnimationContext) struct EdgeAntialiasingTests {
    /// `l` over a transparent `w` × `h` target.
    func render(_ l: CALayer, _ w: Int = 200, _ h: Int = 200) -> Bitmap {
        let root = CALayer()
        root.bounds = Rect(0, 0, Double(w), Double(h))
        root.position = Point(Double(w) / 2, Double(h) / 2)
        root.addSublayer(l)
        let b = Bitmap(width: w, height: h)
        LayerRenderer().draw(root, into: Canvas(b))
        return b
    }

    /// An opaque 120 × 70 layer at the centre of a 200 × 200 target, turned by 30°.
    func rotatedLayer() -> CALayer {
        let l = CALayer()
        l.bounds = Rect(0, 0, 120, 70)
        l.position = Point(100.3, 99.8)
        l.backgroundColor = Color(0.9, 0.2, 0.1)
        l.transform = .rotation(.pi / 6)
        return l
    }

    /// The signed distances of pixel (x, y)'s centre from the rotated layer's four sides
    /// (minX, maxX, minY, maxY), positive inside, in device pixels.
    func sideDistances(_ x: Int, _ y: Int) -> [Double] {
        let c = cos(Double.pi / 6), s = sin(Double.pi / 6)
        let dx = Double(x) + 0.5 - 100.3, dy = Double(y) + 0.5 - 99.8
        // Into the layer's unrotated frame about its centre.
        let u = c * dx + s * dy, v = -s * dx + c * dy
        return [u + 60, 60 - u, v + 35, 35 - v]
    }

    func alpha(_ p: UInt32) -> Int { Int(p >> 24) }

    @Test func rotatedLayerWithoutEdgeAntialiasingHasOnlyWholeEdgePixels() {
        // "If no value is found, the default value is false." (allowsEdgeAntialiasing): a
        // pixel is the layer's when its centre is inside, else it is untouched.
        let l = rotatedLayer()
        #expect(!l.allowsEdgeAntialiasing)
        let b = render(l)
        var edgePixels = 0
        for y in 0..<200 {
            for x in 0..<200 {
                let a = alpha(b[x, y])
                #expect(a == 0 || a == 255, "(\(x), \(y)) alpha \(a)")
                let d = sideDistances(x, y)
                if d.contains(where: { abs($0) < 1e-9 }) { continue }
                let inside = d.allSatisfy { $0 > 0 }
                #expect((a == 255) == inside, "(\(x), \(y)) alpha \(a), centre inside \(inside)")
                if d.contains(where: { abs($0) < 0.7 }) { edgePixels += 1 }
            }
        }
        #expect(edgePixels > 300)
    }

    @Test func rotatedLayerAllowingEdgeAntialiasingHasPartialEdgePixels() {
        // "When the value is true, the layer is allowed to antialias its edges, as requested
        // by the value in the layer's edgeAntialiasingMask property."
        let l = rotatedLayer()
        l.allowsEdgeAntialiasing = true
        let b = render(l)
        var partial = 0
        for y in 0..<200 {
            for x in 0..<200 where alpha(b[x, y]) > 0 && alpha(b[x, y]) < 255 { partial += 1 }
        }
        #expect(partial > 300, "\(partial) partly covered pixels")
    }

    @Test func partialMaskAntialiasesOnlyTheNamedEdges() {
        // "For each of the four edges (left, right, bottom, top) if the corresponding bit is
        // set the edge will be antialiased." (CALayer.h, edgeAntialiasingMask)
        let l = rotatedLayer()
        l.allowsEdgeAntialiasing = true
        l.edgeAntialiasingMask = [.layerLeftEdge]
        let b = render(l)
        var partialOnLeft = 0
        for y in 0..<200 {
            for x in 0..<200 {
                let a = alpha(b[x, y]), d = sideDistances(x, y)
                // Pixels by the minX side, away from the corners: partly covered there.
                if abs(d[0]) < 0.5, d[2] > 2, d[3] > 2, a > 0, a < 255 { partialOnLeft += 1 }
                // Pixels by the other sides, two pixels or more from the minX side: whole.
                if d[0] >= 2, d[1...].contains(where: { abs($0) < 1.5 }) {
                    #expect(a == 0 || a == 255, "(\(x), \(y)) alpha \(a)")
                }
            }
        }
        #expect(partialOnLeft > 40, "\(partialOnLeft) partly covered pixels along the left edge")
    }

    @Test func partialMaskIsTheProductOfTheEdgeTerms() {
        // Along the anti-aliased side the coverage is the area inside it, as with every edge
        // anti-aliased; along an aliased side, 0 or all.
        let all = rotatedLayer()
        all.allowsEdgeAntialiasing = true
        let left = rotatedLayer()
        left.allowsEdgeAntialiasing = true
        left.edgeAntialiasingMask = [.layerLeftEdge]
        let a = render(all), b = render(left)
        for y in 0..<200 {
            for x in 0..<200 {
                let d = sideDistances(x, y)
                guard abs(d[0]) < 1.5, d[1] > 2, d[2] > 2, d[3] > 2 else { continue }
                #expect(abs(alpha(a[x, y]) - alpha(b[x, y])) <= 1, "(\(x), \(y))")
            }
        }
    }

    @Test func layerOnWholePixelsDrawsTheSameEitherWay() {
        // Axis-aligned edges on pixel boundaries cover whole pixels: nothing to alias.
        func scene(_ allows: Bool) -> Bitmap {
            let l = CALayer()
            l.frame = Rect(20, 30, 140, 90)
            l.backgroundColor = Color(0.2, 0.5, 0.9)
            l.cornerRadius = 17
            l.borderWidth = 3.5
            l.borderColor = Color(1, 1, 1, 0.8)
            l.masksToBounds = true
            l.allowsEdgeAntialiasing = allows
            let img = Bitmap(width: 4, height: 4)
            img.clear(Color(0, 1, 0, 0.5))
            l.contents = ImageRef(img)
            let s = CALayer()
            s.frame = Rect(-10.25, 40.5, 60.3, 80)
            s.backgroundColor = .black
            s.allowsEdgeAntialiasing = true
            l.addSublayer(s)
            let g = CAGradientLayer()
            g.frame = Rect(90, 10, 40, 40)
            g.colors = [.red, .blue]
            g.allowsEdgeAntialiasing = allows
            l.addSublayer(g)
            return render(l)
        }
        let a = scene(false), b = scene(true)
        var differing = 0
        for y in 0..<200 { for x in 0..<200 where a[x, y] != b[x, y] { differing += 1 } }
        #expect(differing == 0)
    }

    @Test func masksToBoundsClipOfARotatedLayerIsAliased() {
        // The clip is one of the layer's edges: its sublayer's pixels end at pixel centres.
        let l = rotatedLayer()
        l.backgroundColor = nil
        l.masksToBounds = true
        let s = CALayer()
        s.frame = Rect(-20, -20, 160, 110)
        s.backgroundColor = .white
        s.allowsEdgeAntialiasing = true
        l.addSublayer(s)
        let b = render(l)
        for y in 0..<200 {
            for x in 0..<200 {
                let a = alpha(b[x, y])
                #expect(a == 0 || a == 255, "(\(x), \(y)) alpha \(a)")
            }
        }
    }

    @Test func documentKeyReachesTheDisplayList() throws {
        func items(_ allows: Bool) throws -> [DisplayItem] {
            let doc = try LayerDocument.parse("""
                {"width": 100, "height": 100, "layers": [{"bounds": [0, 0, 40, 30], "position": [50, 50],
                  "transform": [{"rotate": 0.3}], "backgroundColor": [1, 0, 0, 1], "allowsEdgeAntialiasing": \(allows)}]}
                """)
            return LayerRenderer().displayList(doc.root, width: 100, height: 100).items
        }
        let aliased = try items(false).filter { $0.aliasing != nil }
        #expect(aliased.count == 1 && aliased.first?.aliasing?.sides == .all)
        #expect(try items(true).allSatisfy { $0.aliasing == nil })
        let doc = try LayerDocument.parse(#"{"width": 10, "height": 10, "layers": [{"allowsEdgeAntialiasing": true}]}"#)
        #expect(doc.root.sublayers?.first?.allowsEdgeAntialiasing == true)
    }

    @Test func maskDefaultsToAllEdgesAndIsCopied() {
        let l = CALayer()
        #expect(l.edgeAntialiasingMask == .all)
        l.edgeAntialiasingMask = [.layerTopEdge, .layerBottomEdge]
        l.allowsEdgeAntialiasing = true
        let c = CALayer(layer: l)
        #expect(c.edgeAntialiasingMask == [.layerTopEdge, .layerBottomEdge] && c.allowsEdgeAntialiasing)
        #expect(!CALayer.properties.isAnimatableKeyPath("edgeAntialiasingMask"))
        // Only while anti-aliasing is allowed does the mask say which edges: the others are aliased.
        #expect(c.aliasedSides == [.minX, .maxX])
        c.allowsEdgeAntialiasing = false
        #expect(c.aliasedSides == .all)
    }
}
