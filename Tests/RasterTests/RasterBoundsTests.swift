// The rasterizer never writes outside its buffers: the triangle whose clipped edge once
// landed on the row before the cell buffer, and a seeded sample of random fills and strokes
// across the target's edges (RasterFuzzCase). Debug builds check every cell index the
// accumulator writes (CoverageAccumulator.checkCells), so a stray index fails here as a trap.
import Testing
@testable import Raster
import RasterFuzzing

@Suite struct RasterBoundsTests {
    /// M −24 139 L 25 188 L 398 0 Z on 400 × 300: its left edge, clipped to the second band of
    /// rows, crossed x = 0 a rounding error above that band.
    @Test func triangleAcrossTheLeftEdgeAndABandBoundary() {
        let b = Bitmap(width: 400, height: 300)
        let c = Canvas(b)
        var p = Path()
        p.move(to: Point(-24, 139)); p.addLine(to: Point(25, 188)); p.addLine(to: Point(398, 0)); p.closeSubpath()
        c.fill(p, color: .black)
        // Inside the triangle near its left tip and near its bottom vertex, outside below it.
        #expect(b[2, 142] >> 24 == 0xFF)
        #expect(b[25, 185] >> 24 == 0xFF)
        #expect(b[200, 200] == 0)
        // Every row from the first to the last the triangle touches is drawn, band seam included.
        for y in [0, 100, 162, 163, 164, 187] {
            #expect((0..<400).contains { b[$0, y] != 0 }, "row \(y)")
        }
    }

    /// 3 000 seeded random cases (the long run is scripts/fuzz/raster-fuzz.sh under ASan).
    @Test func randomFillsAndStrokesAcrossTheEdges() {
        var rng = SplitMix64(seed: 0xB0_0D5)
        var canvases: [Int: Canvas] = [:]
        var strokes = 0, fills = 0, inked = 0
        for _ in 0..<3_000 {
            let c = RasterFuzzCase.random(&rng)
            let key = c.width << 20 | c.height
            let canvas = canvases[key] ?? Canvas(Bitmap(width: c.width, height: c.height))
            canvases[key] = canvas
            canvas.clear()
            c.draw(on: canvas)
            if c.stroke == nil { fills += 1 } else { strokes += 1 }
            let t = canvas.target
            if (0..<t.pixelCount).contains(where: { t.pixels[$0] != 0 }) { inked += 1 }
        }
        // The generator must reach both operations (about 7 fills to 1 stroke) and draw
        // something in most cases.
        print("bounds fuzz: \(fills) fills, \(strokes) strokes, \(inked) drew pixels")
        #expect(fills > 2_000 && strokes > 200)
        #expect(inked > 1_500)
    }
}
