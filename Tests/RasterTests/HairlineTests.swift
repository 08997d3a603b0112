// Hairlines (one straight butt-capped segment at most a device pixel wide, drawn by
// lk_hairline without an outline): against Cairo's render of the same document, against the
// outline path they replace, and across the target's edges.
//
// Cairo reference: python3 scripts/bench/peers.py Tests/RasterTests/Goldens/cases/geom_hairlines.json \
//     --frames 1 --peers cairo --refs Tests/RasterTests/Goldens
import Foundation
import Testing
@testable import Raster
import CRasterSIMD
import TestSupport
import RasterFuzzing

@Suite struct HairlineTests {
    /// The segments of Goldens/cases/geom_hairlines.json: x0, y0, x1, y1, width, colour. Four
    /// fans of 24 directions (widths 1, 0.75, 0.5, 0.25, opaque and translucent colours) and six
    /// segments crossing the target's edges.
    static let segments: [(Double, Double, Double, Double, Double, String)] = [
        (64.3, 60.6, 105.3, 60.6, 1.0, "#000000ff"),
        (65.487, 61.9899, 106.761, 73.0492, 1.0, "#1d3fd0ff"),
        (66.137, 63.97, 104.6405, 86.2, 1.0, "#d0301dcc"),
        (63.1284, 63.4284, 98.6959, 98.9959, 1.0, "#2a9d3a80"),
        (62.985, 65.2506, 89.0, 110.3099, 1.0, "#000000ff"),
        (62.0444, 67.1103, 71.9469, 104.0667, 1.0, "#1d3fd0ff"),
        (60.3, 64.6, 60.3, 108.7, 1.0, "#d0301dcc"),
        (58.9101, 65.787, 47.0485, 110.0554, 1.0, "#2a9d3a80"),
        (56.93, 66.437, 33.15, 107.6252, 1.0, "#000000ff"),
        (57.4716, 63.4284, 19.7121, 101.1879, 1.0, "#1d3fd0ff"),
        (55.6494, 63.285, 21.3289, 83.1, 1.0, "#d0301dcc"),
        (53.7897, 62.3444, 13.839, 73.0492, 1.0, "#2a9d3a80"),
        (56.3, 60.6, 9.1, 60.6, 1.0, "#000000ff"),
        (55.113, 59.2101, 7.8502, 46.5461, 1.0, "#1d3fd0ff"),
        (54.463, 57.23, 10.5901, 31.9, 1.0, "#d0301dcc"),
        (57.4716, 57.7716, 28.4802, 28.7802, 1.0, "#2a9d3a80"),
        (57.615, 55.9494, 36.25, 18.9442, 1.0, "#000000ff"),
        (58.5556, 54.0897, 47.0485, 11.1446, 1.0, "#1d3fd0ff"),
        (60.3, 56.6, 60.3, 6.3, 1.0, "#d0301dcc"),
        (61.6899, 55.413, 75.1562, 5.1559, 1.0, "#2a9d3a80"),
        (63.67, 54.763, 82.8, 21.6289, 1.0, "#000000ff"),
        (63.1284, 57.7716, 94.3118, 26.5882, 1.0, "#1d3fd0ff"),
        (64.9506, 57.915, 104.6405, 35.0, 1.0, "#d0301dcc"),
        (66.8103, 58.8556, 112.7498, 46.5461, 1.0, "#2a9d3a80"),
        (174.495, 60.4499, 215.4438, 62.4991, 0.75, "#1d3fd0ff"),
        (175.6111, 61.8974, 216.2808, 75.0057, 0.75, "#d0301dcc"),
        (176.1613, 63.9075, 213.5056, 88.0341, 0.75, "#2a9d3a80"),
        (173.1835, 63.2163, 206.9289, 100.5169, 0.75, "#000000ff"),
        (172.9492, 65.0289, 196.6797, 111.3321, 0.75, "#1d3fd0ff"),
        (171.9169, 66.8394, 179.9599, 104.2444, 0.75, "#d0301dcc"),
        (170.3001, 64.245, 168.096, 108.2899, 0.75, "#2a9d3a80"),
        (168.8526, 65.3611, 154.7933, 108.9813, 0.75, "#000000ff"),
        (166.8425, 65.9113, 141.0337, 105.8595, 0.75, "#1d3fd0ff"),
        (167.5337, 62.9335, 127.9342, 98.7587, 0.75, "#d0301dcc"),
        (165.7211, 62.6992, 130.453, 80.7741, 0.75, "#2a9d3a80"),
        (163.9106, 61.6669, 123.4748, 70.3616, 0.75, "#000000ff"),
        (166.505, 60.0501, 119.364, 57.6911, 0.75, "#1d3fd0ff"),
        (165.3889, 58.6026, 118.8182, 43.5923, 0.75, "#d0301dcc"),
        (164.8387, 56.5925, 122.2867, 29.1014, 0.75, "#2a9d3a80"),
        (167.8165, 57.2837, 140.3103, 26.8796, 0.75, "#000000ff"),
        (168.0508, 55.4711, 148.562, 17.4442, 0.75, "#1d3fd0ff"),
        (169.0831, 53.6606, 159.7368, 10.1941, 0.75, "#d0301dcc"),
        (170.6999, 56.255, 173.2139, 6.0179, 0.75, "#2a9d3a80"),
        (172.1474, 55.1389, 188.1087, 5.6176, 0.75, "#000000ff"),
        (174.1575, 54.5887, 194.9196, 22.4521, 0.75, "#1d3fd0ff"),
        (173.4663, 57.5665, 206.1692, 27.9806, 0.75, "#d0301dcc"),
        (175.2789, 57.8008, 216.0646, 36.8981, 0.75, "#2a9d3a80"),
        (177.0894, 58.8331, 223.5866, 48.8351, 0.75, "#000000ff"),
        (63.98, 160.8993, 104.7752, 164.9925, 0.5, "#d0301dcc"),
        (65.0224, 162.4008, 104.9861, 177.5254, 0.5, "#2a9d3a80"),
        (65.4714, 164.4359, 101.5632, 190.3988, 0.5, "#000000ff"),
        (62.5319, 163.5967, 94.3709, 202.5373, 0.5, "#1d3fd0ff"),
        (62.2073, 165.3954, 83.5939, 212.8267, 0.5, "#d0301dcc"),
        (61.0858, 167.152, 67.2492, 204.9123, 0.5, "#2a9d3a80"),
        (59.6007, 164.48, 55.198, 208.3597, 0.5, "#000000ff"),
        (58.0992, 165.5224, 41.8774, 208.3854, 0.5, "#1d3fd0ff"),
        (56.0641, 165.9714, 28.291, 204.5798, 0.5, "#d0301dcc"),
        (56.9033, 163.0319, 15.5628, 196.8331, 0.5, "#2a9d3a80"),
        (55.1046, 162.7073, 18.9773, 178.997, 0.5, "#000000ff"),
        (53.348, 161.5858, 12.5282, 168.2486, 0.5, "#1d3fd0ff"),
        (56.02, 160.1007, 9.0558, 155.3885, 0.5, "#d0301dcc"),
        (54.9776, 158.5992, 9.2153, 141.2801, 0.5, "#2a9d3a80"),
        (54.5286, 156.5641, 13.4037, 126.9807, 0.5, "#000000ff"),
        (57.4681, 157.4033, 31.5158, 125.6625, 0.5, "#1d3fd0ff"),
        (57.7927, 155.6046, 40.2288, 116.6513, 0.5, "#d0301dcc"),
        (58.9142, 153.848, 51.752, 109.9687, 0.5, "#2a9d3a80"),
        (60.3993, 156.52, 65.421, 106.4713, 0.5, "#000000ff"),
        (61.9008, 155.4776, 80.3172, 106.816, 0.5, "#1d3fd0ff"),
        (63.9359, 155.0286, 86.2782, 123.9698, 0.5, "#d0301dcc"),
        (63.0967, 157.9681, 97.2374, 130.0536, 0.5, "#2a9d3a80"),
        (64.8954, 158.2927, 106.6747, 139.4546, 0.5, "#000000ff"),
        (66.652, 159.4142, 113.5908, 151.7526, 0.5, "#1d3fd0ff"),
        (204.6551, 160.6978, 245.1947, 166.8247, 0.25, "#2a9d3a80"),
        (205.6211, 162.2494, 244.7789, 179.3525, 0.25, "#000000ff"),
        (205.9679, 164.3044, 240.717, 192.0387, 0.25, "#1d3fd0ff"),
        (203.074, 163.3193, 232.9269, 203.8026, 0.25, "#d0301dcc"),
        (202.6599, 165.0996, 221.6492, 213.5405, 0.25, "#2a9d3a80"),
        (201.452, 166.7979, 205.7205, 204.8191, 0.25, "#000000ff"),
        (200.1022, 164.0551, 193.512, 207.6599, 0.25, "#1d3fd0ff"),
        (198.5506, 165.0211, 180.2067, 207.0198, 0.25, "#d0301dcc"),
        (196.4956, 165.3679, 166.8275, 202.5399, 0.25, "#2a9d3a80"),
        (197.4807, 162.474, 154.5024, 194.1668, 0.25, "#000000ff"),
        (195.7004, 162.0599, 158.8041, 176.5236, 0.25, "#1d3fd0ff"),
        (194.0021, 160.852, 152.9003, 165.4664, 0.25, "#d0301dcc"),
        (196.7449, 159.5022, 150.0749, 152.4488, 0.25, "#2a9d3a80"),
        (195.7789, 157.9506, 150.9394, 138.3659, 0.25, "#000000ff"),
        (195.4321, 155.8956, 155.8372, 124.2937, 0.25, "#1d3fd0ff"),
        (198.326, 156.8807, 173.9926, 123.8824, 0.25, "#d0301dcc"),
        (198.7401, 155.1004, 183.145, 115.3179, 0.25, "#2a9d3a80"),
        (199.948, 153.4021, 194.9878, 109.2196, 0.25, "#000000ff"),
        (201.2978, 156.1449, 208.8145, 106.4097, 0.25, "#1d3fd0ff"),
        (202.8494, 155.1789, 223.6749, 107.4985, 0.25, "#d0301dcc"),
        (204.9044, 154.8321, 228.7711, 124.9288, 0.25, "#2a9d3a80"),
        (203.9193, 157.726, 239.4126, 131.5527, 0.25, "#000000ff"),
        (205.6996, 158.1401, 248.3682, 141.4136, 0.25, "#1d3fd0ff"),
        (207.3979, 159.348, 254.661, 154.0419, 0.25, "#d0301dcc"),
        (-20.5, 5.25, 40.75, -3.5, 1.0, "#000000ff"),
        (250.2, 210.6, 330.1, 240.9, 1.0, "#000000ff"),
        (295.5, -10.0, 299.4, 230.0, 0.5, "#000000ff"),
        (-3.0, 100.3, 303.0, 101.8, 0.75, "#1d3fd0ff"),
        (10.0, 215.75, 290.0, 218.25, 1.0, "#d0301dcc"),
        (140.0, 2.0, 141.0, 218.0, 1.0, "#2a9d3a80"),
    ]

    static func scene() -> GoldenScene {
        let shapes = segments.map { s -> GoldenShape in
            var p = Path()
            p.move(to: Point(s.0, s.1)); p.addLine(to: Point(s.2, s.3))
            return GoldenShape(path: p, stroke: Color(hex: s.5), style: StrokeStyle(lineWidth: s.4, lineCap: .butt))
        }
        return GoldenScene(name: "geom_hairlines", width: 300, height: 220, shapes: shapes)
    }

    /// Within the thresholds every stroke golden meets against Cairo 1.16 (mean ≤ 2/255 per
    /// channel, ≤ 1 % of pixels off by more than 16).
    @Test func matchesCairo() throws {
        try expectSimilar(Self.scene().render(), toPNGAt: rasterGoldens.readURL("geom_hairlines.cairo"),
                          name: "geom_hairlines vs Cairo",
                          tolerance: GoldenTolerance(maxMeanAbsolute: 2.0, maxShareOverThreshold: 0.01),
                          writingFailuresTo: rasterGoldens.actualURL("geom_hairlines-vs-cairo"))
    }

    /// The hairline covers what the stroke's outline covers (the outline filled by the general
    /// rasterizer): the same exact areas, except near the ends, where the hairline cuts the band
    /// across its major axis instead of square to the segment (the same area, moved by at most
    /// half a pixel).
    @Test func matchesTheOutlineItReplaces() throws {
        let scene = Self.scene()
        let viaHairline = scene.render()
        let viaOutline = Bitmap(width: scene.width, height: scene.height)
        let c = Canvas(viaOutline)
        c.clear(.white)
        var outline = FlatPath()
        for s in scene.shapes {
            outline.removeAll()
            Stroker.outline(s.path, style: s.style, transform: .identity, tolerance: c.tolerance, into: &outline)
            c.fill(outline, color: s.stroke!, rule: .nonZero)
        }
        var sum = 0, over16 = 0
        for i in 0..<viaHairline.pixelCount {
            let a = viaHairline.pixels[i], b = viaOutline.pixels[i]
            var worst = 0
            for shift in stride(from: 0, to: 32, by: 8) {
                let d = abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF))
                sum += d; worst = max(worst, d)
            }
            if worst > 16 { over16 += 1 }
        }
        let mean = Double(sum) / Double(4 * viaHairline.pixelCount)
        let share = Double(over16) / Double(viaHairline.pixelCount)
        #expect(mean < 0.25, "mean \(mean)")
        #expect(share < 0.002, "share over 16: \(share)")
    }

    /// Only one straight butt-capped segment at most a pixel wide under a similarity transform
    /// takes the hairline path; the rest is outlined.
    @Test func appliesOnlyToThinStraightButtSegments() {
        let c = Canvas(Bitmap(width: 20, height: 20))
        var segment = Path(); segment.move(to: Point(1, 1)); segment.addLine(to: Point(18, 7))
        var twoSegments = segment; twoSegments.addLine(to: Point(2, 18))
        let thin = StrokeStyle(lineWidth: 1, lineCap: .butt)
        #expect(c.drawHairline(segment, style: thin, transform: .identity, color: .black, opacity: 1))
        #expect(c.drawHairline(segment, style: thin, transform: .rotation(0.7), color: .black, opacity: 1))
        #expect(!c.drawHairline(segment, style: thin, transform: .scale(2, 2), color: .black, opacity: 1))
        #expect(!c.drawHairline(segment, style: thin, transform: .scale(1, 0.5), color: .black, opacity: 1))
        #expect(!c.drawHairline(segment, style: StrokeStyle(lineWidth: 1, lineCap: .round), transform: .identity,
                                color: .black, opacity: 1))
        #expect(!c.drawHairline(segment, style: StrokeStyle(lineWidth: 1.01), transform: .identity, color: .black, opacity: 1))
        #expect(!c.drawHairline(twoSegments, style: thin, transform: .identity, color: .black, opacity: 1))
        c.clip = .roundedRect(Rect(0, 0, 20, 20), cornerRadius: 4)
        #expect(!c.drawHairline(segment, style: thin, transform: .identity, color: .black, opacity: 1))
    }

    /// Segments with ends near, on, across and far beyond every edge of the target and of an
    /// integer clip: nothing is written outside the clip (the pixels around it stay clear).
    @Test func staysInsideTheClipAcrossEveryEdge() {
        let w = 37, h = 23
        let b = Bitmap(width: w, height: h)
        let c = Canvas(b)
        c.clip = .rect(Rect(3, 2, 30, 18))
        let xs: [Double] = [-1e6, -7.5, -0.25, 0, 2.5, 3, 3.4, 16.5, 32.6, 33, 36.9, 37, 40.2, 1e6]
        let ys: [Double] = [-1e6, -3.5, 0, 1.9, 2, 2.3, 11.5, 19.7, 20, 22.99, 23, 30.5, 1e6]
        var rng = SplitMix64(seed: 0x4A1F)
        for _ in 0..<4_000 {
            var p = Path()
            p.move(to: Point(xs[rng.int(xs.count)], ys[rng.int(ys.count)]))
            p.addLine(to: Point(xs[rng.int(xs.count)], ys[rng.int(ys.count)]))
            c.stroke(p, style: StrokeStyle(lineWidth: [0.2, 0.5, 1][rng.int(3)]), color: Color(0, 0, 0, 0.3))
        }
        var inside = 0
        for y in 0..<h {
            for x in 0..<w {
                let drawn = b[x, y] != 0
                if x >= 3 && x < 33 && y >= 2 && y < 20 { inside += drawn ? 1 : 0 } else { #expect(!drawn, "pixel \(x), \(y)") }
            }
        }
        #expect(inside > 300)
    }

    /// The SSE form of the kernel (whole columns inside the clip four at a time, one per lane;
    /// the other columns four rows at once) and the portable one (a row at a time) paint the same
    /// pixels: random segments of every direction and width up to a pixel, translucent colours
    /// over a translucent background, with and without an integer clip cutting the band.
    @Test func vectorAndPortableKernelsPaintTheSamePixels() {
        let w = 96, h = 72
        var rng = SplitMix64(seed: 0x7E11)
        var differing = 0, drawn = 0
        for round in 0..<300 {
            let vector = Canvas(Bitmap(width: w, height: h)), portable = Canvas(Bitmap(width: w, height: h))
            portable.kernels = .portable
            let background = Color(0.4, 0.5, 0.6, 0.5)
            for c in [vector, portable] {
                c.clear(background)
                if round % 2 == 1 { c.clip = .rect(Rect(7, 5, 80, 60)) }
            }
            var segments: [(Path, StrokeStyle, Color)] = []
            for _ in 0..<12 {
                var p = Path()
                p.move(to: Point(rng.unit() * 110 - 7, rng.unit() * 86 - 7))
                p.addLine(to: Point(rng.unit() * 110 - 7, rng.unit() * 86 - 7))
                let color = Color(rng.unit(), rng.unit(), rng.unit(), 0.2 + 0.8 * rng.unit())
                segments.append((p, StrokeStyle(lineWidth: 0.05 + 0.95 * rng.unit(), lineCap: .butt), color))
            }
            for (p, style, color) in segments {
                #expect(vector.drawHairline(p, style: style, transform: .identity, color: color, opacity: 1))
                #expect(portable.drawHairline(p, style: style, transform: .identity, color: color, opacity: 1))
            }
            let t = vector.target, u = portable.target
            differing += (0..<t.pixelCount).filter { t.pixels[$0] != u.pixels[$0] }.count
            drawn += (0..<t.pixelCount).filter { t.pixels[$0] != background.premultipliedARGB }.count
        }
        #expect(differing == 0)
        #expect(drawn > 100_000)
    }

    /// The three forms of the kernel called directly: `lk_hairline` (whole columns inside the
    /// clip eight at a time with AVX2 where this CPU has it), `lk_hairline_sse2` and
    /// `lk_hairline_portable` paint the same pixels. Long segments of every direction, so that
    /// runs of eight and more whole columns (and their ragged ends) occur in both orientations,
    /// opaque and translucent colours, widths up to a pixel, with and without a clip.
    @Test func avx2SSE2AndPortableKernelsPaintTheSamePixels() {
        let w = 160, h = 120
        var rng = SplitMix64(seed: 0x8A71)
        var differing = 0, drawn = 0
        for round in 0..<400 {
            let background = round % 2 == 0 ? Color.white.premultipliedARGB : Color(0.4, 0.5, 0.6, 0.5).premultipliedARGB
            let (left, top, right, bottom) = round % 3 == 0 ? (0, 0, w, h) : (1 + rng.int(30), 1 + rng.int(20), w - 1 - rng.int(30), h - 1 - rng.int(20))
            let kernels = ThreeKernels(width: w, height: h, clip: (left, top, right, bottom), background: background)
            for _ in 0..<10 {
                let x0 = rng.unit() * 190 - 15, y0 = rng.unit() * 150 - 15
                let x1 = rng.unit() * 190 - 15, y1 = rng.unit() * 150 - 15
                let width = rng.int(3) == 0 ? 1 : 0.05 + 0.95 * rng.unit()
                let color = Color(rng.unit(), rng.unit(), rng.unit(), rng.int(2) == 0 ? 1 : 0.1 + 0.9 * rng.unit()).premultipliedARGB
                kernels.draw(x0, y0, x1, y1, width: width, color: color)
            }
            let tally = kernels.tally()
            differing += tally.differing
            drawn += tally.drawn
        }
        #expect(differing == 0)
        #expect(drawn > 400_000)
    }

    /// The three forms of the kernel on three bitmaps of `background` with one clip: `draw`
    /// sends a segment to each (`lk_hairline`, `lk_hairline_sse2`, `lk_hairline_portable`),
    /// `tally` counts the pixels where either vector form differs from the portable one, and
    /// those the portable one changed.
    struct ThreeKernels {
        let bitmaps: [Bitmap]
        let width: Int
        let clip: (left: Int, top: Int, right: Int, bottom: Int)
        let background: UInt32

        init(width: Int, height: Int, clip: (Int, Int, Int, Int), background: UInt32) {
            bitmaps = (0..<3).map { _ in Bitmap(width: width, height: height) }
            for b in bitmaps { for i in 0..<b.pixelCount { b.pixels[i] = background } }
            self.width = width
            self.clip = clip
            self.background = background
        }

        func draw(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, width lineWidth: Double, color: UInt32) {
            let (l, t, r, b) = clip
            lk_hairline(bitmaps[0].pixels, width, l, t, r, b, x0, y0, x1, y1, lineWidth, color)
            lk_hairline_sse2(bitmaps[1].pixels, width, l, t, r, b, x0, y0, x1, y1, lineWidth, color)
            lk_hairline_portable(bitmaps[2].pixels, width, l, t, r, b, x0, y0, x1, y1, lineWidth, color)
        }

        func tally() -> (differing: Int, drawn: Int) {
            var differing = 0, drawn = 0
            for i in 0..<bitmaps[2].pixelCount {
                let reference = bitmaps[2].pixels[i]
                if bitmaps[0].pixels[i] != reference || bitmaps[1].pixels[i] != reference { differing += 1 }
                if reference != background { drawn += 1 }
            }
            return (differing, drawn)
        }
    }

    /// The kernel's 2h and d (floats) of a segment of slope `k` (minor over major) and `width`,
    /// as lk_hairline_columns computes them.
    static func band(slope k: Double, width: Double) -> (w2: Float, d: Float, invd: Float) {
        let du = 100.0, dv = k * du, ak = abs(k)
        let h = 0.5 * width * (du * du + dv * dv).squareRoot() / du
        return (Float(2 * h), Float(ak), Float(ak > 1e-20 ? 1 / ak : 1e20))
    }

    /// Where lk_hairline_three_rows holds, a whole column's fourth row gets coverage byte 0 from
    /// the portable kernel at every position L − b in 0…1 (1 included: the float of a double just
    /// below it), slopes and widths up to the bound from below; just past it (the band over 2
    /// rows high) the fourth row is covered at positions near 1, so the bound is near tight.
    @Test func fourthRowIsEmptyWhereThreeRowsHold() {
        var positions: [Float] = [0, 1e-30, 1e-7, 0.25, 0.5, 0.75, 0.9, 0.99, 0.999, 1 - 1e-7, Float(1).nextDown, 1]
        var rng = SplitMix64(seed: 0x3A0B)
        for _ in 0..<2_000 { positions.append(Float(rng.unit())) }
        var slopes: [Double] = [0, 1e-25, 1e-9, 0.001, 0.1, 0.5, 0.7, 0.74, 0.7416, 0.7425, 0.745, 0.75, 0.98, 0.99, 0.9901]
        for _ in 0..<200 { slopes.append(rng.unit()) }
        let widths: [Double] = [1, 0.999, 0.99, 0.9, 0.75, 0.5, 0.25, 0.05, 1e-6]
        var checked = 0, coveredPast = 0
        for k in slopes {
            for width in widths {
                let (w2, d, invd) = Self.band(slope: k, width: width)
                let three = lk_hairline_three_rows(w2, d) != 0
                for l in positions {
                    let bytes = lk_hairline_bytes4_portable(lk_hairline_column(l: l, w2: w2, d: d, invd: invd, half_fu: 0.5))
                    if three {
                        #expect(bytes >> 24 == 0, "slope \(k), width \(width), l \(l): bytes \(String(bytes, radix: 16))")
                        checked += 1
                    } else if Double(d) + Double(w2) > 2.01, bytes >> 24 != 0 {
                        coveredPast += 1
                    }
                }
            }
        }
        #expect(checked > 1_000_000)
        #expect(coveredPast > 1_000)
        // The bound itself: width 1 holds to a slope of about 0.74, and never past 0.99.
        #expect(lk_hairline_three_rows(Self.band(slope: 0.74, width: 1).w2, 0.74) != 0)
        #expect(lk_hairline_three_rows(Self.band(slope: 0.745, width: 1).w2, 0.745) == 0)
        #expect(lk_hairline_three_rows(Self.band(slope: 0.991, width: 0.01).w2, 0.991) == 0)
    }

    /// At and around the slopes where the AVX2 kernel changes form (three rows below about 0.74
    /// at width 1 and 0.99 at any width, x-major columns by fours up to 0.33 and by pairs above,
    /// the first row's lower term dropped at width 1), long
    /// segments in both orientations, rising and falling, at many sub-pixel offsets, opaque and
    /// translucent, clipped and not: `lk_hairline`, `lk_hairline_sse2` and `lk_hairline_portable`
    /// paint the same pixels, and both forms of the whole columns are taken.
    @Test func kernelsAgreeAroundTheRowBoundarySlopes() {
        let w = 180, h = 140
        var rng = SplitMix64(seed: 0x5107)
        let slopes: [Double] = [0, 0.05, 0.3, 0.32, 0.33, 0.3301, 0.335, 0.45, 0.55, 0.7, 0.74, 0.7416, 0.742, 0.7425, 0.745,
                                0.75, 0.8, 0.98, 0.9899, 0.99, 0.9901, 0.995, 1]
        let widths: [Double] = [1, 0.9999, 0.999, 0.5, 0.25, 0.01]
        var differing = 0, drawn = 0, three = 0, four = 0
        for (round, k) in slopes.enumerated() {
            for width in widths {
                let background = round % 2 == 0 ? Color.white.premultipliedARGB : Color(0.4, 0.5, 0.6, 0.5).premultipliedARGB
                let clipped = rng.int(2) == 0
                let (left, top, right, bottom) = clipped ? (3 + rng.int(10), 2 + rng.int(10), w - 3 - rng.int(10), h - 2 - rng.int(10)) : (0, 0, w, h)
                let kernels = ThreeKernels(width: w, height: h, clip: (left, top, right, bottom), background: background)
                let (w2, d, _) = Self.band(slope: k, width: width)
                if lk_hairline_three_rows(w2, d) != 0 { three += 1 } else { four += 1 }
                for n in 0..<16 {
                    // Major axis x for n even, y for n odd; rising for n % 4 < 2, else falling.
                    let length = 100 + 30 * rng.unit()
                    let sign: Double = n % 4 < 2 ? 1 : -1
                    let u0 = 5 + 20 * rng.unit(), v0 = (n % 2 == 0 ? 30 : 20) + 30 * rng.unit() + (sign < 0 ? 100 : 0)
                    let u1 = u0 + length, v1 = v0 + sign * k * length
                    let (x0, y0, x1, y1) = n % 2 == 0 ? (u0, v0, u1, v1) : (v0, u0, v1, u1)
                    let color = Color(rng.unit(), rng.unit(), rng.unit(), n % 3 == 0 ? 0.2 + 0.7 * rng.unit() : 1).premultipliedARGB
                    kernels.draw(x0, y0, x1, y1, width: width, color: color)
                }
                let tally = kernels.tally()
                differing += tally.differing
                drawn += tally.drawn
            }
        }
        #expect(differing == 0)
        #expect(three > 40 && four > 20)
        #expect(drawn > 100_000)
    }
}
