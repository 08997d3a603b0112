// The wide-row sweep by windows of eight-cell blocks (lk_sweep_row_windows in
// lk_sweep_windows.h) on the vector kernels against the portable ones, through the canvas:
// translucent stars and shallow polygons whose rows are much wider than the dense sweep's
// limit, and thick strokes of long curves, drawn with both kernels over the same background
// give identical pixels.
import Foundation
import Testing
@testable import Raster
import RasterFuzzing

@Suite struct WideRowSweepTests {
    /// A star of `points` tips around (cx, cy), radii r and r/2.5, rotated by `turn`.
    static func star(_ cx: Double, _ cy: Double, _ r: Double, points: Int, turn: Double) -> Path {
        var p = Path()
        for i in 0..<(2 * points) {
            let a = turn + Double(i) * Double.pi / Double(points)
            let q = Point(cx + (i % 2 == 0 ? r : r / 2.5) * cos(a), cy + (i % 2 == 0 ? r : r / 2.5) * sin(a))
            if i == 0 { p.move(to: q) } else { p.addLine(to: q) }
        }
        p.closeSubpath()
        return p
    }

    @Test func wideRowsEqualThePortableSweep() {
        var rng = SplitMix64(seed: 0xC1A5)
        var wideRows = 0
        for round in 0..<40 {
            let vector = Canvas(Bitmap(width: 420, height: 300))
            let portable = Canvas(Bitmap(width: 420, height: 300))
            portable.kernels = .portable
            let background = Color(0.9, 0.8, 0.7, 1)
            vector.clear(background); portable.clear(background)
            for _ in 0..<12 {
                let color = Color(rng.unit(), rng.unit(), rng.unit(), [1, 0.5, rng.unit()][rng.int(3)])
                let r = 20 + 200 * rng.unit()
                if r > 64 { wideRows += 1 }
                let path: Path
                if round % 2 == 0 {
                    path = Self.star(420 * rng.unit(), 300 * rng.unit(), r, points: 3 + rng.int(8), turn: 6 * rng.unit())
                } else {
                    var p = Path()
                    p.move(to: Point(-40 + 500 * rng.unit(), -40 + 380 * rng.unit()))
                    p.addCurve(to: Point(-40 + 500 * rng.unit(), -40 + 380 * rng.unit()),
                               control1: Point(500 * rng.unit(), 300 * rng.unit()),
                               control2: Point(500 * rng.unit(), 300 * rng.unit()))
                    path = p
                }
                let width = 0.5 + 12 * rng.unit()
                for c in [vector, portable] {
                    if round % 2 == 0 {
                        c.fill(path, color: color)
                    } else {
                        c.stroke(path, style: StrokeStyle(lineWidth: width), color: color)
                    }
                }
            }
            let t = vector.target, u = portable.target
            #expect((0..<t.pixelCount).allSatisfy { t.pixels[$0] == u.pixels[$0] }, "round \(round)")
        }
        #expect(wideRows > 100)
    }
}
