// Checks of aliased edges by calculation: pixel-centre sampling of a transformed rectangle's
// sides, the top-left rule on shared sides (no pixel painted twice, none missed), rounded
// corners and anti-aliased sides left to the exact-area coverage, and sides on pixel
// boundaries drawn exactly as the plain fill draws them.
import Foundation
import Testing
@testable import Raster

@Suite struct AliasedFillTests {
    func alpha(_ b: Bitmap, _ x: Int, _ y: Int) -> Int { Int(b[x, y] >> 24) }

    /// The rectangle (0, 0, 50, 30) turned by `angle` about the origin, then moved to (40.3, 20.7).
    func transform(_ angle: Double) -> Raster.AffineTransform {
        Raster.AffineTransform(a: cos(angle), b: sin(angle), c: -sin(angle), d: cos(angle), tx: 40.3, ty: 20.7)
    }

    @Test func aPixelIsInsideWhenItsCentreIs() {
        let rect = Rect(0, 0, 50, 30), t = transform(0.4)
        let b = Bitmap(width: 100, height: 100)
        Canvas(b).fill(.rect(rect), transform: t, color: .black, aliasing: EdgeAliasing(rect: rect, sides: .all))
        let inv = t.inverted!
        var inside = 0
        for y in 0..<100 {
            for x in 0..<100 {
                let p = inv.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                let centreInside = p.x > 0 && p.x < 50 && p.y > 0 && p.y < 30
                #expect(alpha(b, x, y) == (centreInside ? 255 : 0), "(\(x), \(y))")
                if centreInside { inside += 1 }
            }
        }
        // As many pixels as the area, give or take the outline.
        #expect(abs(Double(inside) - 1500) < 60)
    }

    @Test func sharedSidesPaintEveryPixelOnce() {
        // "Typically, you would use this property to disable antialiasing for edges that abut
        // edges of other layers, to eliminate the seams that would otherwise occur."
        // (CALayer.h): two translucent halves meeting on a slanted side, and on a vertical and
        // a horizontal side through pixel centres (the top-left rule decides those).
        for (cosine, sine, split) in [(cos(0.4), sin(0.4), 20.0), (1, 0, 20.2), (0, 1, 25)] {
            let t = Raster.AffineTransform(a: cosine, b: sine, c: -sine, d: cosine, tx: 40.5, ty: 20.5)
            let b = Bitmap(width: 100, height: 100)
            let c = Canvas(b)
            let left = Rect(0, 0, split, 30), right = Rect(split, 0, 50 - split, 30)
            let grey = Color(0, 0, 0, 0.5)
            c.fill(.rect(left), transform: t, color: grey, aliasing: EdgeAliasing(rect: left, sides: .all))
            c.fill(.rect(right), transform: t, color: grey, aliasing: EdgeAliasing(rect: right, sides: .all))
            let whole = Bitmap(width: 100, height: 100)
            let all = Rect(0, 0, 50, 30)
            Canvas(whole).fill(.rect(all), transform: t, color: grey, aliasing: EdgeAliasing(rect: all, sides: .all))
            for y in 0..<100 {
                for x in 0..<100 {
                    #expect(b[x, y] == whole[x, y], "rotation (\(cosine), \(sine)): (\(x), \(y))")
                }
            }
        }
    }

    @Test func centresOnASideFollowTheTopLeftRule() {
        // Sides through pixel centres: x = 10.5 and 20.5, y = 5.5 and 15.5. The left and top
        // sides take the pixels whose centres they pass through, the right and bottom ones not.
        let r = Rect(10.5, 5.5, 10, 10)
        let b = Bitmap(width: 30, height: 30)
        Canvas(b).fill(.rect(r), color: .black, aliasing: EdgeAliasing(rect: r, sides: .all))
        for y in 0..<30 {
            for x in 0..<30 {
                let inside = x >= 10 && x < 20 && y >= 5 && y < 15
                #expect(alpha(b, x, y) == (inside ? 255 : 0), "(\(x), \(y))")
            }
        }
    }

    @Test func sidesOnPixelBoundariesDrawAsThePlainFill() {
        let r = Rect(10, 6, 60, 41)
        for path in [Path.rect(r), Path.roundedRect(r, cornerRadius: 12)] {
            let a = Bitmap(width: 80, height: 60), b = Bitmap(width: 80, height: 60)
            Canvas(a).fill(path, color: Color(0.2, 0.4, 0.9, 0.7))
            Canvas(b).fill(path, color: Color(0.2, 0.4, 0.9, 0.7),
                           aliasing: EdgeAliasing(rect: r, sides: .all, minXMinYInset: 12, maxXMinYInset: 12,
                                                  minXMaxYInset: 12, maxXMaxYInset: 12))
            for y in 0..<60 { for x in 0..<80 { #expect(a[x, y] == b[x, y], "(\(x), \(y))") } }
        }
    }

    @Test func roundedCornersKeepTheirCoverage() {
        // Only the straight part of a side is aliased: the arcs are the plain fill's.
        let r = Rect(10.3, 6.6, 60, 40), radius = 12.0
        let path = Path.roundedRect(r, cornerRadius: radius)
        let a = Bitmap(width: 80, height: 60), b = Bitmap(width: 80, height: 60)
        Canvas(a).fill(path, color: .black)
        Canvas(b).fill(path, color: .black, aliasing: EdgeAliasing(rect: r, sides: .all, minXMinYInset: radius,
                                                                   maxXMinYInset: radius, minXMaxYInset: radius,
                                                                   maxXMaxYInset: radius))
        var partialInCorners = 0
        for y in 0..<60 {
            for x in 0..<80 {
                let px = Double(x) + 0.5, py = Double(y) + 0.5
                // Centres over a pixel short of the straight parts, or over a pixel into them.
                let deepInCorner = (px < r.minX + radius - 1 || px > r.maxX - radius + 1)
                    && (py < r.minY + radius - 1 || py > r.maxY - radius + 1)
                let alongASide = (px > r.minX + radius + 1 && px < r.maxX - radius - 1)
                    || (py > r.minY + radius + 1 && py < r.maxY - radius - 1)
                if deepInCorner {
                    #expect(a[x, y] == b[x, y], "corner (\(x), \(y))")
                    if alpha(a, x, y) > 0 && alpha(a, x, y) < 255 { partialInCorners += 1 }
                } else if alongASide {
                    #expect(alpha(b, x, y) == 0 || alpha(b, x, y) == 255, "side (\(x), \(y)) \(alpha(b, x, y))")
                }
            }
        }
        #expect(partialInCorners > 20)
    }

    @Test func imagesAndGradientsTakeTheSameRule() {
        let rect = Rect(0, 0, 50, 30), t = transform(-0.3)
        let img = Bitmap(width: 50, height: 30)
        img.clear(.white)
        let b = Bitmap(width: 100, height: 100), g = Bitmap(width: 100, height: 100), f = Bitmap(width: 100, height: 100)
        Canvas(b).draw(img, transform: t, aliasing: EdgeAliasing(rect: rect, sides: .all))
        let gradient = Gradient(kind: .axial, stops: [GradientStop(location: 0, color: .white), GradientStop(location: 1, color: .white)],
                                start: Point(0, 0), end: Point(50, 0))
        Canvas(g).fill(.rect(rect), transform: t, gradient: gradient, aliasing: EdgeAliasing(rect: rect, sides: .all))
        Canvas(f).fill(.rect(rect), transform: t, color: .white, aliasing: EdgeAliasing(rect: rect, sides: .all))
        for y in 0..<100 {
            for x in 0..<100 {
                #expect(alpha(b, x, y) == alpha(f, x, y), "image (\(x), \(y))")
                #expect(alpha(g, x, y) == alpha(f, x, y), "gradient (\(x), \(y))")
            }
        }
    }

    /// The axis-aligned rectangle painted without the sweep (`fillAliasedRectangle`) against the
    /// sweep with the centre-cut painter it skips, pixel for pixel: fractional, half-pixel and
    /// whole-pixel sides, flipped and scaled transforms, opaque and translucent colours over a
    /// patterned background, no clip and whole-pixel clips.
    @Test func axisAlignedRectanglesEqualTheSweep() {
        var seed: UInt64 = 0x51D_5011D
        func unit() -> Double { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return Double(seed >> 11) / Double(1 << 53) }
        func coordinate(_ span: Double) -> Double {
            switch Int(unit() * 3) {
            case 0: return (unit() * span).rounded()
            case 1: return (unit() * span).rounded() + 0.5
            default: return unit() * span
            }
        }
        var fast = 0
        for round in 0..<300 {
            let rect = Rect(coordinate(20) - 5, coordinate(20) - 5, 1 + coordinate(30), 1 + coordinate(30))
            let sx = (round % 3 == 0 ? -1.0 : 1.0) * (0.5 + unit() * 1.5), sy = (round % 4 == 0 ? -1.0 : 1.0) * (0.5 + unit() * 1.5)
            let t = Raster.AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: sx < 0 ? 50 + coordinate(4) : coordinate(4),
                                           ty: sy < 0 ? 50 + coordinate(4) : coordinate(4))
            let color: Color = round % 2 == 0 ? Color(r: 0.2, g: 0.5, b: 0.9) : Color(r: 0.8, g: 0.3, b: 0.1, a: 0.6)
            let clip: ClipShape? = round % 5 == 0 ? .rect(Rect(3, 4, 30, 29)) : nil
            let aliasing = EdgeAliasing(rect: rect, sides: .all)
            let fastPath = Bitmap(width: 52, height: 52), sweep = Bitmap(width: 52, height: 52)
            for y in 0..<52 { for x in 0..<52 { let v: UInt32 = (x ^ y) & 4 == 0 ? 0xFF10_2030 : 0x4020_1008; fastPath[x, y] = v; sweep[x, y] = v } }
            let a = Canvas(fastPath), b = Canvas(sweep)
            a.clip = clip; b.clip = clip
            a.scratch.removeAll()
            Path.rect(rect).flatten(transform: t, tolerance: a.tolerance, into: &a.scratch)
            if a.fillAliasedRectangle(aliasing, transform: t, color: color.premultipliedARGB) { fast += 1 }
            else { a.fill(.rect(rect), transform: t, color: color, aliasing: aliasing) }
            b.scratch.removeAll()
            Path.rect(rect).flatten(transform: t, tolerance: b.tolerance, into: &b.scratch)
            b.rasterize(&b.scratch, rule: .nonZero, painter: SolidPainter(color: color.premultipliedARGB), aliasing: aliasing,
                        transform: t)
            var same = true
            for y in 0..<52 { for x in 0..<52 where fastPath[x, y] != sweep[x, y] { same = false } }
            #expect(same, "round \(round): \(rect) under \(t)")
        }
        // Most rounds have a side off the pixel grid, so take the rectangle path.
        #expect(fast > 150)
    }
}
