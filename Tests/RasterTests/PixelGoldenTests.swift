// Small golden images of the pixel pipeline (hand-built polygons, so they do not depend on the
// flattener or stroker): fill rules, a hairline fan, clips, images under perspective.
// Regenerate with LAYERKIT_UPDATE_GOLDENS=1 swift test --filter PixelGoldenTests.
import Foundation
import Testing
@testable import Raster
import Media

@Suite(.serialized) struct PixelGoldenTests {
    @Test func fillRulesAndHairlines() throws {
        let b = Bitmap(width: 160, height: 100)
        let c = Canvas(b)
        c.clear(.white)
        func star(_ cx: Double, _ cy: Double) -> FlatPath {
            polygon((0..<5).map { i in
                let a = -Double.pi / 2 + Double(i) * 4 * Double.pi / 5
                return Point(cx + 35 * cos(a), cy + 35 * sin(a))
            })
        }
        c.fill(star(40, 50), color: Color(0.2, 0.3, 0.9), rule: .nonZero)
        c.fill(star(120, 50), color: Color(0.9, 0.3, 0.2), rule: .evenOdd)
        // Hairline fan: widths 0.1 … 1.0 px.
        for i in 0..<10 {
            let w = Double(i + 1) * 0.1
            let a = Double(i) * 0.15
            let p0 = Point(80, 95), p1 = Point(80 + 75 * cos(-0.2 - a), 95 + 75 * sin(-0.2 - a))
            let d = (p1 - p0).normalized, n = Point(-d.y, d.x) * (w / 2)
            c.fill(polygon([p0 + n, p1 + n, p1 - n, p0 - n]), color: .black, rule: .nonZero, opacity: 0.9)
        }
        try expectGolden(b, "pix_fill_rules")
    }

    @Test func clipsAndImages() throws {
        let b = Bitmap(width: 160, height: 100)
        let c = Canvas(b)
        c.clear(Color(0.95, 0.95, 0.9))
        c.clip = .roundedRect(Rect(8.5, 8.5, 70, 80), cornerRadius: 16)
        var f = FlatPath()
        circlePolygon(40, 50, 45, sides: 180, into: &f)
        c.fill(f, color: Color(0.1, 0.6, 0.3, 0.8), rule: .nonZero)
        c.clip = .rect(Rect(84, 4, 72, 92))
        c.draw(patternImage(32, 32), projective: ProjectiveTransform(1.6, 0.3, 90, 0, 1.9, 10, 0, 0.008, 1), opacity: 0.9)
        c.clip = nil
        c.draw(patternImage(8, 8), transform: AffineTransform.rotation(0.4).concatenating(.translation(130, 60)))
        try expectGolden(b, "pix_clips_images")
    }
}
