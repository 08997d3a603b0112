// A layer with a flat (2D affine) transform maps into its superlayer without 4×4 products
// (`flatTransformToSuperlayer`): these tests hold that map to the 4×4 products it replaces,
// entry for entry and bit for bit (a zero may differ only in its sign), over rotations,
// scales (zero and negative among them), skews, translations, z scales and moves, anchors,
// bounds origins and positions, and check which layers keep the 4×4 products.
import Testing
@testable import LayerKit
#if canImport(Glibc)
import Glibc
#endif

@Suite(.freshAnimationContext) struct FlatTransformToSuperlayerTests {
    /// The 4×4 products `transformToSuperlayer` takes without the flat case.
    func products(_ l: CALayer) -> ProjectiveTransform {
        l.localTransform.concatenating(l.superlayerSublayerTransform).projective
    }

    func sameBits(_ a: ProjectiveTransform, _ b: ProjectiveTransform) -> Bool {
        let x = [a.m11, a.m12, a.m13, a.m21, a.m22, a.m23, a.m31, a.m32, a.m33]
        let y = [b.m11, b.m12, b.m13, b.m21, b.m22, b.m23, b.m31, b.m32, b.m33]
        return zip(x, y).allSatisfy { $0.bitPattern == $1.bitPattern || ($0 == 0 && $1 == 0) }
    }

    /// Flat transforms: scaled rotations with a translation, and a skew.
    var transforms: [CATransform3D] {
        var out: [CATransform3D] = []
        for angle in [0, 0.3, -1.2, Double.pi / 2, Double.pi, 2.5] {
            for (sx, sy) in [(1.0, 1.0), (0.0, 0.0), (-1.0, 2.5), (0.001, 37.5), (1e-9, 1e9)] {
                var t = CATransform3D.identity
                t.m11 = sx * cos(angle); t.m12 = sx * sin(angle)
                t.m21 = -sy * sin(angle); t.m22 = sy * cos(angle)
                t.m41 = 3.25; t.m42 = -7
                out.append(t)
            }
        }
        var skew = CATransform3D.identity
        skew.m21 = 0.4; skew.m12 = -0.25; skew.m41 = -0.0
        out.append(skew)
        // z scaled and moved (flattening drops both), and rotations about z by the axis-angle
        // formula, whose m33 is often a rounding away from 1.
        out.append(.translation(1, 2, 3))
        out.append(.scale(2, -1, 0.5))
        for angle in [0.3, 0.7, -1.2, 2.5, 4] { out.append(.rotation(angle)) }
        return out
    }

    @Test func theFlatMapIsTheProductsMap() {
        let parent = CALayer()
        parent.bounds = Rect(0, 0, 200, 100)
        for t in transforms {
            for anchor in [Point(0.5, 0.5), Point(0, 0), Point(1, 0.25), Point(-0.0, 2)] {
                for (origin, position) in [(Point(0, 0), Point(0, 0)), (Point(-3, 4.5), Point(10.125, -3)),
                                           (Point(1e6, 0), Point(-1e6, 1e-7))] {
                    let l = CALayer()
                    l.bounds = Rect(origin.x, origin.y, 33, 17.5)
                    l.anchorPoint = anchor
                    l.position = position
                    l.transform = t
                    parent.addSublayer(l)
                    let flat = l.flatTransformToSuperlayer
                    #expect(flat != nil)
                    if let flat { #expect(sameBits(flat, products(l)), "\(t) \(anchor) \(origin) \(position)") }
                    #expect(sameBits(l.transformToSuperlayer, products(l)))
                    l.removeFromSuperlayer()
                }
            }
        }
    }

    @Test func layersThatKeepTheProducts() {
        let l = CALayer()
        l.bounds = Rect(0, 0, 10, 10)
        var perspective = CATransform3D.identity
        perspective.m34 = -1 / 500
        var tilted = CATransform3D.identity
        tilted.m13 = 0.25
        for t in [CATransform3D.rotation(0.5, 1, 0, 0), .rotation(0.5, 0, 1, 0), perspective, tilted] {
            l.transform = t
            #expect(l.flatTransformToSuperlayer == nil)
            #expect(sameBits(l.transformToSuperlayer, products(l)))
        }
        // Non-finite geometry keeps the products, whatever they give.
        l.transform = .scale(2, 2)
        l.position = Point(.infinity, 0)
        #expect(l.flatTransformToSuperlayer == nil)
        l.position = Point(0, 0)
        l.anchorPointZ = .nan
        #expect(l.flatTransformToSuperlayer == nil)
        l.anchorPointZ = 0
        // Under a superlayer with a sublayerTransform or flipped geometry: the products.
        let parent = CALayer()
        parent.bounds = Rect(0, 0, 50, 50)
        parent.addSublayer(l)
        parent.sublayerTransform = .scale(2, 2)
        #expect(sameBits(l.transformToSuperlayer, products(l)))
        parent.sublayerTransform = .identity
        parent.isGeometryFlipped = true
        #expect(sameBits(l.transformToSuperlayer, products(l)))
    }
}
