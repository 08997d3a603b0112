// Checks of aliased sides on images drawn through a perspective map, by calculation: a pixel
// is inside an aliased side when its centre is (the projected side a straight line through
// the projected corners), samples along aliased sides read only the texels inside the
// rectangle, and a rectangle reaching behind the eye is drawn as without aliasing.
import Foundation
import Testing
@testable import Raster

@Suite struct ProjectiveAliasedEdgesTests {
    /// Image pixels to device pixels: a perspective with depth growing to the right and down.
    let m = ProjectiveTransform(1.4, 0.3, 20.4, -0.2, 1.3, 15.7, 0.004, 0.002, 1)

    /// Whether pixel (x, y)'s centre maps (back through `m`) inside `r`, nil when it lies
    /// within 1e-6 of a side.
    func centreInside(_ x: Int, _ y: Int, _ r: Rect) -> Bool? {
        let p = m.inverted!.apply(Point(Double(x) + 0.5, Double(y) + 0.5))!
        let d = [p.x - r.minX, r.maxX - p.x, p.y - r.minY, r.maxY - p.y]
        if d.contains(where: { abs($0) < 1e-6 }) { return nil }
        return d.allSatisfy { $0 > 0 }
    }

    @Test func aPixelIsInsideAProjectedAliasedSideWhenItsCentreIs() {
        let img = Bitmap(width: 60, height: 40)
        img.clear(Color(0.2, 0.4, 0.8))
        let b = Bitmap(width: 120, height: 90)
        let r = Rect(0, 0, 60, 40)
        Canvas(b).draw(img, projective: m, aliasing: EdgeAliasing(rect: r, sides: .all))
        var inside = 0
        for y in 0..<90 {
            for x in 0..<120 {
                guard let c = centreInside(x, y, r) else { continue }
                #expect(b[x, y] == (c ? Color(0.2, 0.4, 0.8).premultipliedARGB : 0), "(\(x), \(y))")
                if c { inside += 1 }
            }
        }
        #expect(inside > 2000)
    }

    @Test func samplesAlongAliasedSidesStayOnTheTexelsInside() {
        // A rectangle whose sides fall inside texels that hold it partly (as a layer drawn
        // anti-aliased in its plane): every pixel inside the projected rectangle is opaque.
        let img = Bitmap(width: 64, height: 44)
        let r = Rect(1.3, 2.6, 60.2, 38.9)
        Canvas(img).fill(.rect(r), color: .black)
        let b = Bitmap(width: 120, height: 90)
        Canvas(b).draw(img, projective: m, aliasing: EdgeAliasing(rect: r, sides: .all))
        for y in 0..<90 {
            for x in 0..<120 {
                guard let c = centreInside(x, y, r) else { continue }
                #expect(b[x, y] >> 24 == (c ? 255 : 0), "(\(x), \(y)) alpha \(b[x, y] >> 24)")
            }
        }
    }

    @Test func aRectangleReachingBehindTheEyeIsDrawnAsWithoutAliasing() {
        // Its projection is no quadrilateral: the cut at the near plane is not one of its sides.
        let behind = ProjectiveTransform(1, 0, 10, 0, 1, 10, -0.03, 0, 1)   // w < 0 beyond x = 33
        let img = Bitmap(width: 60, height: 40)
        img.clear(.black)
        let a = Bitmap(width: 120, height: 90), b = Bitmap(width: 120, height: 90)
        Canvas(a).draw(img, projective: behind)
        Canvas(b).draw(img, projective: behind, aliasing: EdgeAliasing(rect: Rect(0, 0, 60, 40), sides: .all))
        var painted = 0
        for y in 0..<90 { for x in 0..<120 where a[x, y] != 0 { painted += 1 } }
        #expect(painted > 500)
        for y in 0..<90 { for x in 0..<120 { #expect(a[x, y] == b[x, y], "(\(x), \(y))") } }
    }
}
