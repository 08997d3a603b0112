// Checks of the styling that hold by calculation, whatever any golden says: a gradient's
// colour at known points, unpremultiplied interpolation (white to clear passes through a
// translucent grey), the profile of a blurred step against the Gaussian's
// (½·erfc(x / (σ√2))) for the exact kernel, the three boxes and the half-resolution shadow,
// and the styling properties' defaults, key paths and animatability.
import Foundation
import Testing
@testable import LayerKit

@Suite(.freshAnimationContext) struct StyleAnalyticTests {
    func render(_ l: CALayer, _ w: Int, _ h: Int, background: Color = .clear) -> Bitmap {
        let root = CALayer()
        root.bounds = Rect(0, 0, Double(w), Double(h))
        root.position = Point(Double(w) / 2, Double(h) / 2)
        root.addSublayer(l)
        let b = Bitmap(width: w, height: h)
        LayerRenderer(background: background).draw(root, into: Canvas(b))
        return b
    }

    func channels(_ p: UInt32) -> [Int] { [Int(p >> 24), Int(p >> 16 & 255), Int(p >> 8 & 255), Int(p & 255)] }

    @Test func axialGradientColourAtKnownPoints() {
        let g = CAGradientLayer()
        g.frame = Rect(0, 0, 200, 20)
        g.colors = [Color(1, 0, 0), Color(0, 0, 1)]
        g.startPoint = Point(0, 0.5)
        g.endPoint = Point(1, 0.5)
        let b = render(g, 200, 20)
        for x in [0, 50, 99, 150, 199] {
            // Pixel centre x + 0.5 of 200: t = (x + 0.5) / 200, red falls, blue rises.
            let t = (Double(x) + 0.5) / 200
            let c = channels(b[x, 10])
            #expect(c[0] == 255)
            #expect(abs(Double(c[1]) - (1 - t) * 255) <= 1.01, "x \(x): \(c)")
            #expect(abs(Double(c[3]) - t * 255) <= 1.01, "x \(x): \(c)")
        }
    }

    @Test func diagonalOnAWideLayerIsPerpendicularToTheMappedDiagonal() {
        // On 200 × 50 the diagonal (0,0)→(1,1) maps to (0,0)→(200,50): t = (200x + 50y) / 42500.
        let g = CAGradientLayer()
        g.frame = Rect(0, 0, 200, 50)
        g.colors = [.black, .white]
        g.startPoint = Point(0, 0)
        g.endPoint = Point(1, 1)
        let b = render(g, 200, 50)
        for (x, y) in [(10, 40), (100, 25), (180, 5), (60, 45)] {
            let px = Double(x) + 0.5, py = Double(y) + 0.5
            let t = (200 * px + 50 * py) / 42_500
            #expect(abs(Double(channels(b[x, y])[1]) - t * 255) <= 1.01, "(\(x), \(y))")
        }
    }

    @Test func whiteToClearPassesThroughTranslucentGrey() {
        let g = CAGradientLayer()
        g.frame = Rect(0, 0, 101, 4)
        g.colors = [.white, .clear]
        g.startPoint = Point(0, 0.5)
        g.endPoint = Point(1, 0.5)
        let c = channels(render(g, 101, 4)[50, 2])
        // t = 50.5/101 = 0.5: straight (0.5, 0.5, 0.5, 0.5), premultiplied 64 grey at alpha 128.
        #expect(abs(c[0] - 128) <= 1 && abs(c[1] - 64) <= 1 && abs(c[2] - 64) <= 1, "\(c)")
    }

    @Test func radialAndConicGeometry() {
        let r = CAGradientLayer()
        r.frame = Rect(0, 0, 100, 100)
        r.type = .radial
        r.colors = [.black, .white]
        r.startPoint = Point(0.5, 0.5)
        r.endPoint = Point(1, 1)
        let br = render(r, 100, 100)
        // t = distance from the centre over the 50-point radius.
        for (x, y) in [(50, 50), (70, 50), (50, 80), (99, 50)] {
            let d = ((Double(x) + 0.5 - 50) * (Double(x) + 0.5 - 50) + (Double(y) + 0.5 - 50) * (Double(y) + 0.5 - 50)).squareRoot()
            #expect(abs(Double(channels(br[x, y])[1]) - min(1, d / 50) * 255) <= 1.01, "radial (\(x), \(y))")
        }
        let c = CAGradientLayer()
        c.frame = Rect(0, 0, 100, 100)
        c.type = .conic
        c.colors = [.black, .white]
        c.startPoint = Point(0.5, 0.5)
        c.endPoint = Point(1, 0.5)
        let bc = render(c, 100, 100)
        // Angles grow from +x toward +y: a quarter turn below the centre, half to its left.
        #expect(abs(channels(bc[50, 90])[1] - 64) <= 2)
        #expect(abs(channels(bc[10, 50])[1] - 128) <= 2)
        #expect(abs(channels(bc[50, 10])[1] - 191) <= 2)
    }

    /// The blur of a step (1 left of column `edge`, 0 right) against ½·erfc((x − edge)/(σ√2)).
    func stepError(sigma: Double) -> Double {
        // Identical rows: the middle row of a tall plane is the one-dimensional blur.
        let w = 200, tall = 200, edge = 100
        let p2 = UnsafeMutablePointer<Float>.allocate(capacity: w * tall)
        let s2 = UnsafeMutablePointer<Float>.allocate(capacity: w * tall + max(w, tall))
        defer { p2.deallocate(); s2.deallocate() }
        for y in 0..<tall { for x in 0..<w { p2[y * w + x] = x < edge ? 1 : 0 } }
        GaussianBlur.blur(p2, width: w, height: tall, sigma: sigma, scratch: s2)
        var worst = 0.0
        for x in 40..<160 {
            let expected = 0.5 * erfc((Double(x) + 0.5 - Double(edge)) / (sigma * 2.0.squareRoot()))
            worst = max(worst, abs(Double(p2[(tall / 2) * w + x]) - expected))
        }
        return worst
    }

    @Test(arguments: [0.8, 1.5, 2.0, 3.0, 6.0, 12.0])
    func blurredStepFollowsTheGaussian(sigma: Double) {
        // Within 2 % of full scale (5/255): the sampled kernel's own discreteness for small σ,
        // the three boxes' departure from the Gaussian for larger ones.
        let e = stepError(sigma: sigma)
        #expect(e < 0.02, "σ \(sigma): max |Δ| \(e)")
    }

    @Test func boxWidthsMatchTheVariance() {
        for sigma in [2.0, 3.3, 7.5, 20.0] {
            let ws = GaussianBlur.boxWidths(sigma: sigma)
            let variance = ws.reduce(0.0) { $0 + (Double($1 * $1) - 1) / 12 }
            #expect(abs(variance.squareRoot() - sigma) / sigma < 0.1, "σ \(sigma): \(ws)")
        }
    }

    @Test func reducedResolutionShadowKeepsTheProfile() {
        // A half-plane casting a σ = 12 shadow (blurred at half resolution): the shadow's
        // alpha across the edge follows the Gaussian step within 3/255 … 5/255.
        let l = CALayer()
        l.frame = Rect(-400, -100, 500, 400)
        l.backgroundColor = Color(0, 0, 0, 0)
        let caster = CALayer()
        caster.frame = Rect(0, 0, 500, 400)
        caster.backgroundColor = .white
        l.addSublayer(caster)
        l.shadowOpacity = 1
        l.shadowRadius = 12
        l.shadowOffset = Size(0, 0)
        let b = render(l, 200, 200)
        var worst = 0.0
        for x in 101..<160 {
            let expected = 0.5 * erfc((Double(x) + 0.5 - 100) / (12 * 2.0.squareRoot()))
            worst = max(worst, abs(Double(b[x, 100] >> 24) / 255 - expected))
        }
        #expect(worst < 0.02, "max |Δ| \(worst)")
    }

    @Test func defaultsKeyPathsAndAnimatability() {
        let l = CALayer()
        #expect(l.shadowColor == .black && l.shadowOpacity == 0 && l.shadowOffset == Size(0, -3) && l.shadowRadius == 3)
        #expect(l.shadowPath == nil && l.mask == nil)
        #expect(l.contentsRect == Rect(0, 0, 1, 1) && l.contentsCenter == Rect(0, 0, 1, 1) && l.contentsScale == 1)
        #expect(l.maskedCorners == .all && l.cornerCurve == .circular)
        #expect(l.isDoubleSided && l.anchorPointZ == 0 && !l.isGeometryFlipped && l.allowsGroupOpacity && !l.allowsEdgeAntialiasing)
        let table = CALayer.properties
        for k in ["shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius", "shadowPath", "contentsRect",
                  "contentsCenter", "contentsScale", "doubleSided", "anchorPointZ", "shadowOffset.height", "contentsRect.size.width"] {
            #expect(table.isAnimatableKeyPath(k), "\(k)")
        }
        for k in ["maskedCorners", "cornerCurve", "geometryFlipped", "allowsGroupOpacity", "allowsEdgeAntialiasing"] {
            #expect(!table.isAnimatableKeyPath(k), "\(k)")
        }
        #expect(l.setValue(.number(0.5), forKeyPath: "shadowOpacity") && l.shadowOpacity == 0.5)
        #expect(l.setValue(.number(7), forKeyPath: "shadowOffset.height") && l.shadowOffset == Size(0, 7))
        let g = CAGradientLayer()
        #expect(g.colors.isEmpty && g.locations == nil && g.startPoint == Point(0.5, 0) && g.endPoint == Point(0.5, 1) && g.type == .axial)
        #expect(g.setValue(.list([.color(.red), .color(.blue)]), forKeyPath: "colors") && g.colors == [.red, .blue])
        #expect(g.setValue(.list([.number(0), .number(0.25)]), forKeyPath: "locations") && g.locations == [0, 0.25])
        #expect(g.value(forKeyPath: "startPoint.y") == .number(0))
        #expect(!CAGradientLayer.properties.isAnimatableKeyPath("type"))
    }

    @Test func colorsInterpolateElementByElement() {
        let a = AnimatableValue.list([.color(.black), .color(.white)])
        let b = AnimatableValue.list([.color(.white), .color(.black)])
        #expect(Interpolation.lerp(a, b, 0.5) == .list([.color(Color(0.5, 0.5, 0.5, 1)), .color(Color(0.5, 0.5, 0.5, 1))]))
        // Lists of other lengths switch at the midpoint.
        let c = AnimatableValue.list([.color(.red)])
        #expect(Interpolation.lerp(a, c, 0.4) == a && Interpolation.lerp(a, c, 0.6) == c)
    }
}
