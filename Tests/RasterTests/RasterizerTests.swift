// Analytic checks of the coverage rasterizer: exact rectangles, areas of circles and
// polygons, fill rules, hairlines, clipping, and hostile coordinates.
import Foundation
import Testing
@testable import Raster

@Suite struct RasterizerTests {
    @Test func pixelAlignedRectangleIsExact() {
        let b = Bitmap(width: 40, height: 40)
        let c = Canvas(b)
        c.fill(polygon([Point(10, 5), Point(30, 5), Point(30, 25), Point(10, 25)]), color: .red, rule: .nonZero)
        for y in 0..<40 {
            for x in 0..<40 {
                let inside = x >= 10 && x < 30 && y >= 5 && y < 25
                #expect(b[x, y] == (inside ? 0xFFFF_0000 : 0), "pixel \(x),\(y)")
            }
        }
    }

    @Test func halfPixelEdgesGiveHalfCoverage() {
        let b = Bitmap(width: 20, height: 20)
        Canvas(b).fill(polygon([Point(2.5, 2), Point(10.5, 2), Point(10.5, 10), Point(2.5, 10)]), color: .black, rule: .nonZero)
        #expect(alpha(b, 2, 5) == 128)
        #expect(alpha(b, 10, 5) == 128)
        #expect(alpha(b, 5, 5) == 255)
        #expect(alpha(b, 11, 5) == 0)
        #expect(alpha(b, 1, 5) == 0)
    }

    @Test func circleCoverageMatchesArea() {
        for (cx, cy, r) in [(50.0, 50.0, 40.0), (33.3, 61.7, 17.25), (64.1, 64.9, 3.3), (0.0, 50.0, 30.0)] {
            let b = Bitmap(width: 128, height: 128)
            var f = FlatPath()
            circlePolygon(cx, cy, r, sides: 512, into: &f)
            Canvas(b).fill(f, color: .black, rule: .nonZero)
            // A circle centred on the left edge: half of it is inside.
            let expected = Double.pi * r * r * (cx == 0 ? 0.5 : 1)
            let got = coveredArea(b)
            #expect(abs(got - expected) / expected < 0.005, "r=\(r): \(got) vs \(expected)")
        }
    }

    @Test func largePolygonsSpanningSeveralBandsAreExact() {
        // Wide polygons are accumulated in bands of rows; band seams must not show.
        let b = Bitmap(width: 1200, height: 900)
        let c = Canvas(b)
        c.fill(polygon([Point(3, 2), Point(1190, 2), Point(1190, 897), Point(3, 897)]), color: .red, rule: .nonZero)
        #expect(coveredArea(b) == 1187 * 895)
        for y in [2, 80, 81, 82, 160, 161, 162, 500, 896] { #expect(b[600, y] == 0xFFFF_0000 && b[3, y] == 0xFFFF_0000) }
        b.clear()
        var f = FlatPath()
        circlePolygon(600.3, 450.7, 440, sides: 2048, into: &f)
        c.fill(f, color: .black, rule: .nonZero)
        let expected = Double.pi * 440 * 440
        #expect(abs(coveredArea(b) - expected) / expected < 0.005)
    }

    @Test func randomConvexPolygonsMatchShoelaceArea() {
        var rng = SplitMix(seed: 7)
        for _ in 0..<40 {
            let cx = rng.next(20, 80), cy = rng.next(20, 80)
            // Star-shaped about the centre with angular gaps < π, so the polygon is simple.
            let n = Int(rng.next(4, 12))
            let step = 2 * Double.pi / Double(n)
            let angles = (0..<n).map { i in Double(i) * step + rng.next(0, 0.8 * step) }
            let pts = angles.map { a in let r = rng.next(5, 19); return Point(cx + r * cos(a), cy + r * sin(a)) }
            let b = Bitmap(width: 100, height: 100)
            Canvas(b).fill(polygon(pts), color: .black, rule: .evenOdd)
            let expected = polygonArea(pts), got = coveredArea(b)
            #expect(abs(got - expected) <= max(0.005 * expected, 0.02), "\(got) vs \(expected) \(pts)")
        }
    }

    /// A five-pointed star drawn in one stroke overlaps itself in the middle.
    func star() -> FlatPath {
        polygon((0..<5).map { i in
            let a = -Double.pi / 2 + Double(i) * 4 * Double.pi / 5
            return Point(50 + 40 * cos(a), 50 + 40 * sin(a))
        })
    }

    @Test func fillRulesOnSelfOverlappingStar() {
        let nz = Bitmap(width: 100, height: 100), eo = Bitmap(width: 100, height: 100)
        Canvas(nz).fill(star(), color: .black, rule: .nonZero)
        Canvas(eo).fill(star(), color: .black, rule: .evenOdd)
        #expect(alpha(nz, 50, 50) == 255)
        #expect(alpha(eo, 50, 50) == 0)
        // A point tip is inside under both rules.
        #expect(alpha(nz, 50, 20) == 255 && alpha(eo, 50, 20) == 255)
    }

    @Test func fillRulesOnNestedSquares() {
        var f = FlatPath()
        for (x0, x1) in [(10.0, 90.0), (30.0, 70.0)] {      // both clockwise
            f.move(to: Point(x0, x0)); f.line(to: Point(x1, x0)); f.line(to: Point(x1, x1)); f.line(to: Point(x0, x1))
        }
        let nz = Bitmap(width: 100, height: 100), eo = Bitmap(width: 100, height: 100)
        Canvas(nz).fill(f, color: .blue, rule: .nonZero)
        Canvas(eo).fill(f, color: .blue, rule: .evenOdd)
        #expect(nz[50, 50] == 0xFF00_00FF && eo[50, 50] == 0)
        #expect(nz[20, 20] == 0xFF00_00FF && eo[20, 20] == 0xFF00_00FF)
        #expect(coveredArea(eo) == 80 * 80 - 40 * 40)
        #expect(coveredArea(nz) == 80 * 80)
        // Three windings: even-odd folds 3 to 1 (a triangle wave of the winding number).
        var g = f
        g.move(to: Point(40, 40)); g.line(to: Point(60, 40)); g.line(to: Point(60, 60)); g.line(to: Point(40, 60))
        let eo3 = Bitmap(width: 100, height: 100)
        Canvas(eo3).fill(g, color: .blue, rule: .evenOdd)
        #expect(eo3[50, 50] == 0xFF00_00FF && eo3[35, 35] == 0)
    }

    @Test func hugeAndNonFiniteCoordinates() {
        let b = Bitmap(width: 64, height: 48)
        let c = Canvas(b)
        // NaN or infinity anywhere: nothing drawn.
        c.fill(polygon([Point(0, 0), Point(.nan, 10), Point(10, 10)]), color: .black, rule: .nonZero)
        c.fill(polygon([Point(0, 0), Point(.infinity, 10), Point(10, 10)]), color: .black, rule: .nonZero)
        #expect(coveredArea(b) == 0)
        // A huge triangle around the canvas covers every pixel exactly.
        c.fill(polygon([Point(-1e12, -1e12), Point(1e12, -1e12), Point(0, 1e12)]), color: .green, rule: .nonZero)
        for i in 0..<b.pixelCount { #expect(b.pixels[i] == 0xFF00_FF00) }
        // Extreme finite values must finish quickly and not crash.
        b.clear()
        let start = ContinuousClock.now
        for v in [1e300, -1e300, Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude, 1e18] {
            c.fill(polygon([Point(-v, 3), Point(v, 7), Point(5, v), Point(-v, -v)]), color: .black, rule: .nonZero)
            c.fill(polygon([Point(v, v), Point(-v, v), Point(3, 4)]), color: .black, rule: .evenOdd)
        }
        #expect(ContinuousClock.now - start < .seconds(1))
        // Entirely off-canvas: untouched.
        b.clear()
        c.fill(polygon([Point(-500, -500), Point(-100, -500), Point(-100, -100)]), color: .black, rule: .nonZero)
        c.fill(polygon([Point(1000, 10), Point(2000, 10), Point(2000, 40)]), color: .black, rule: .nonZero)
        #expect(coveredArea(b) == 0)
        // Left of the canvas contributes cover: a rectangle from x = -100 to 10 covers 0..<10.
        c.fill(polygon([Point(-100, 0), Point(10, 0), Point(10, 10), Point(-100, 10)]), color: .black, rule: .nonZero)
        #expect(coveredArea(b) == 100 && alpha(b, 0, 0) == 255 && alpha(b, 9, 9) == 255)
    }

    @Test func fuzzedPolygonsAndImagesNeverCrashOrHang() {
        // 20 000 random polygons whose coordinates span every magnitude (and some NaN/inf),
        // with random clips, plus random affine/projective image draws, in bounded time.
        var rng = SplitMix(seed: 2026)
        let b = Bitmap(width: 64, height: 48)
        let c = Canvas(b)
        let img = Bitmap(width: 5, height: 3)
        img.clear(.red)
        func value() -> Double {
            switch rng.nextUInt() % 10 {
            case 0: return [Double.nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
                            .leastNonzeroMagnitude, 0][Int(rng.nextUInt() % 7)]
            case 1, 2: return rng.next(-1, 1) * pow(10, rng.next(-300, 300))
            default: return rng.next(-20, 90)
            }
        }
        let start = ContinuousClock.now
        for i in 0..<20_000 {
            var f = FlatPath()
            for k in 0..<Int(rng.nextUInt() % 12) {
                let p = Point(value(), value())
                if k == 0 || rng.nextUInt() % 5 == 0 { f.move(to: p) } else { f.line(to: p) }
            }
            c.clip = i % 4 == 0 ? .roundedRect(Rect(value(), value(), value(), value()), cornerRadius: value()) : nil
            c.fill(f, color: .blue, rule: i % 2 == 0 ? .nonZero : .evenOdd, opacity: rng.next(0, 1.2))
            if i % 10 == 0 {
                c.draw(img, transform: AffineTransform(a: value(), b: value(), c: value(), d: value(), tx: value(), ty: value()))
                c.draw(img, projective: ProjectiveTransform(value(), value(), value(), value(), value(), value(),
                                                            rng.next(-0.1, 0.1), rng.next(-0.1, 0.1), value()))
            }
        }
        #expect(ContinuousClock.now - start < .seconds(60))
    }

    @Test func hairlinesScaleCoverageWithoutGaps() {
        // A 0.25-px-wide line at 30°, as the stroker would emit it: a thin quad.
        let b = Bitmap(width: 120, height: 80)
        let p0 = Point(5, 5), p1 = Point(105, 62.7)
        let d = (p1 - p0).normalized, n = Point(-d.y, d.x) * 0.125
        Canvas(b).fill(polygon([p0 + n, p1 + n, p1 - n, p0 - n]), color: .black, rule: .nonZero)
        let expected = 0.25 * (p1 - p0).length
        #expect(abs(coveredArea(b) - expected) / expected < 0.01)
        for x in 7..<103 {     // every column along the line is touched: no gaps
            var col = 0
            for y in 0..<80 { col += alpha(b, x, y) }
            #expect(col > 0, "column \(x) empty")
        }
    }

    @Test func strokedHairlinesThroughTheStrokerHaveNoGaps() {
        // Widths under a pixel from Canvas.stroke (the real stroker): coverage scales with the
        // width, every column along the line is touched.
        for w in [0.1, 0.3, 0.5, 0.9] {
            let b = Bitmap(width: 140, height: 60)
            var path = Path()
            path.move(to: Point(10.3, 8.1)); path.addLine(to: Point(130.6, 51.2))
            Canvas(b).stroke(path, style: StrokeStyle(lineWidth: w), color: .black)
            let expected = w * (Point(130.6, 51.2) - Point(10.3, 8.1)).length
            #expect(abs(coveredArea(b) - expected) / expected < 0.02, "width \(w): \(coveredArea(b)) vs \(expected)")
            for x in 11..<130 {
                var col = 0
                for y in 0..<60 { col += alpha(b, x, y) }
                #expect(col > 0, "width \(w): column \(x) empty")
            }
        }
    }

    @Test func rectClip() {
        let b = Bitmap(width: 50, height: 50)
        let c = Canvas(b)
        c.clip = .rect(Rect(10, 10, 20, 20))
        c.fill(polygon([Point(-5, -5), Point(60, -5), Point(60, 60), Point(-5, 60)]), color: .red, rule: .nonZero)
        #expect(coveredArea(b) == 400)
        #expect(b[10, 10] == 0xFFFF_0000 && b[29, 29] == 0xFFFF_0000 && b[9, 10] == 0 && b[30, 29] == 0)
        b.clear()
        c.clip = .rect(Rect(10.5, 10, 20, 20.25))
        c.fill(polygon([Point(-5, -5), Point(60, -5), Point(60, 60), Point(-5, 60)]), color: .red, rule: .nonZero)
        #expect(alpha(b, 10, 15) == 128 && alpha(b, 30, 15) == 128 && alpha(b, 15, 30) == 64 && alpha(b, 10, 30) == 32)
        #expect(abs(coveredArea(b) - 20 * 20.25) < 0.2)     // 8-bit rounding of 80 rim pixels
    }

    @Test func roundedRectClip() {
        let b = Bitmap(width: 80, height: 80)
        let c = Canvas(b)
        c.clip = .roundedRect(Rect(10, 10, 60, 50), cornerRadius: 12)
        c.fill(polygon([Point(0, 0), Point(80, 0), Point(80, 80), Point(0, 80)]), color: .black, rule: .nonZero)
        let expected = 60.0 * 50 - (4 - Double.pi) * 144
        #expect(abs(coveredArea(b) - expected) / expected < 0.005)
        #expect(alpha(b, 10, 10) == 0 && alpha(b, 40, 35) == 255 && alpha(b, 10, 35) == 255 && alpha(b, 69, 59) == 0)
        // Corner rim is anti-aliased: some partial pixels along the arc.
        var partial = 0
        for y in 10..<22 { for x in 10..<22 { let a = alpha(b, x, y); if a > 0 && a < 255 { partial += 1 } } }
        #expect(partial >= 10)
    }

    @Test func reusedScratchMatchesFreshCanvas() {
        // Fills of different sizes, partly off-canvas and clipped, in one canvas (reusing the
        // cell buffers with a different layout each time) equal the same fills each drawn by a
        // fresh canvas and composited.
        var rng = SplitMix(seed: 99)
        let shared = Bitmap(width: 90, height: 70), fresh = Bitmap(width: 90, height: 70)
        let sc = Canvas(shared)
        for i in 0..<60 {
            let pts = (0..<Int(rng.next(3, 9))).map { _ in Point(rng.next(-40, 130), rng.next(-30, 100)) }
            let rule: FillRule = i % 2 == 0 ? .nonZero : .evenOdd
            let color = Color(rng.next(0, 1), rng.next(0, 1), rng.next(0, 1), rng.next(0.2, 1))
            sc.clip = i % 3 == 0 ? .rect(Rect(5, 7, 70, 50)) : nil
            sc.fill(polygon(pts), color: color, rule: rule)
            let fc = Canvas(fresh)
            fc.clip = sc.clip
            fc.fill(polygon(pts), color: color, rule: rule)
        }
        for i in 0..<shared.pixelCount { #expect(shared.pixels[i] == fresh.pixels[i]) }
    }

    @Test func scratchGrowingSomeBuffersKeepsTheOthersClean() {
        // Layouts chosen so that each fill outgrows only some of the scratch's buffers (wide
        // and short: cells and bits; tall and narrow: the row ranges only; then larger again):
        // the buffers kept from before must be as clean as new ones. Each fill equals the same
        // fill drawn by a fresh canvas.
        let shared = Bitmap(width: 320, height: 320), fresh = Bitmap(width: 320, height: 320)
        let sc = Canvas(shared)
        let shapes: [[Point]] = [
            [Point(2.5, 3), Point(9.5, 3.2), Point(6, 11.7)],
            [Point(1.3, 40.2), Point(318.6, 41), Point(300, 57.4), Point(4, 55)],
            [Point(150.2, 1.5), Point(158.7, 2), Point(155, 318.3), Point(151, 300)],
            [Point(20, 100), Point(40.5, 90), Point(30, 130.5)],
            [Point(0.5, 0.5), Point(319.5, 10), Point(310, 319.5), Point(5, 300)],
            [Point(100.3, 60), Point(104.1, 61), Point(102, 319)],
        ]
        for (i, pts) in shapes.enumerated() {
            let color = Color(0.2 + 0.1 * Double(i), 0.9 - 0.1 * Double(i), 0.5, 0.6)
            sc.fill(polygon(pts), color: color, rule: .nonZero)
            Canvas(fresh).fill(polygon(pts), color: color, rule: .nonZero)
        }
        var differing = 0
        for i in 0..<shared.pixelCount where shared.pixels[i] != fresh.pixels[i] { differing += 1 }
        #expect(differing == 0)
    }

    @Test func accumulationBufferIsCleanBetweenFills() {
        // A fill clipped on the right leaves cover beyond the drawn columns; it must not leak
        // into the next fill.
        let b = Bitmap(width: 30, height: 30)
        let c = Canvas(b)
        c.fill(polygon([Point(20, 0), Point(100, 0), Point(100, 30), Point(20, 30)]), color: .black, rule: .nonZero)
        b.clear()
        c.fill(polygon([Point(0, 0), Point(5, 0), Point(5, 5), Point(0, 5)]), color: .black, rule: .nonZero)
        #expect(coveredArea(b) == 25)
    }
}

/// Deterministic random numbers for the tests.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func nextUInt() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func next(_ lo: Double, _ hi: Double) -> Double {
        lo + (hi - lo) * Double(nextUInt() >> 11) / Double(1 << 53)
    }
}
