// Golden images of the geometry (stroker, dashes, trims, curves, fill rules) drawn through the
// whole Canvas pipeline, and the same scenes checked against Cairo's renders.
//
// Regenerate: LAYERKIT_UPDATE_GOLDENS=1 swift test --filter StrokeGoldenTests
//   (writes Goldens/<name>.png and the scene documents Goldens/cases/<name>.json), then the
//   Cairo references: python3 scripts/bench/peers.py Tests/RasterTests/Goldens/cases/*.json \
//       --frames 1 --peers cairo --refs Tests/RasterTests/Goldens
//   (writes Goldens/<name>.cairo.png). Trims are baked into the documents' paths.
import Foundation
import Testing
@testable import Raster
import Media
import TestSupport

/// One shape of a golden scene (a CAShapeLayer without the layer).
struct GoldenShape {
    var path: Path
    var fill: Color? = nil
    var rule: FillRule = .nonZero
    var stroke: Color? = nil
    var style = StrokeStyle()
    var start = 0.0, end = 1.0
}

struct GoldenScene {
    var name: String
    var width: Int, height: Int
    var shapes: [GoldenShape]

    func render() -> Bitmap {
        let b = Bitmap(width: width, height: height)
        let c = Canvas(b)
        c.clear(.white)
        for s in shapes {
            if let f = s.fill { c.fill(s.path, color: f, rule: s.rule) }
            if let k = s.stroke { c.stroke(s.path, style: s.style, color: k, strokeStart: s.start, strokeEnd: s.end) }
        }
        return b
    }

    /// The scene as a static document of docs/document-format.md (paths pre-trimmed).
    func document() -> String {
        func hex(_ c: Color?) -> String {
            guard let c else { return "null" }
            func h(_ v: Double) -> String {
                let i = Int((max(0, min(1, v)) * 255).rounded())
                let s = String(i, radix: 16)
                return s.count == 1 ? "0" + s : s
            }
            return "\"#" + h(c.r) + h(c.g) + h(c.b) + h(c.a) + "\""
        }
        var layers: [String] = []
        for s in shapes {
            let p = (s.start > 0 || s.end < 1) ? s.path.trimmed(from: s.start, to: s.end) : s.path
            var l = "{\"type\":\"shape\",\"path\":\"\(p.svgString)\",\"fillColor\":\(hex(s.fill)),"
            l += "\"fillRule\":\"\(s.rule.rawValue)\",\"strokeColor\":\(hex(s.stroke)),"
            l += "\"lineWidth\":\(s.style.lineWidth),\"lineCap\":\"\(s.style.lineCap.rawValue)\","
            l += "\"lineJoin\":\"\(s.style.lineJoin.rawValue)\",\"miterLimit\":\(s.style.miterLimit)"
            if !s.style.dashPattern.isEmpty {
                l += ",\"lineDashPattern\":[\(s.style.dashPattern.map { "\($0)" }.joined(separator: ","))],\"lineDashPhase\":\(s.style.dashPhase)"
            }
            layers.append(l + "}")
        }
        return "{\"width\":\(width),\"height\":\(height),\"background\":\"#ffffffff\",\"layers\":[\n"
            + layers.joined(separator: ",\n") + "\n]}\n"
    }
}

private func svg(_ s: String) -> Path { (try? Path(svg: s)) ?? Path() }

enum GeometryGoldens {
    static let ink = Color(0.1, 0.2, 0.6, 0.8)

    /// Caps (rows) × joins (columns) on a zig-zag with a sharp and a wide corner.
    static func capsJoins(_ name: String, width w: Double, cell: Double) -> GoldenScene {
        var shapes: [GoldenShape] = []
        for (row, cap) in LineCap.allCases.enumerated() {
            for (col, join) in LineJoin.allCases.enumerated() {
                let x = Double(col) * cell + 0.2 * cell, y = Double(row) * cell * 0.75 + 0.22 * cell
                var p = Path()
                p.move(to: Point(x, y + 0.3 * cell))
                p.addLine(to: Point(x + 0.2 * cell, y))
                p.addLine(to: Point(x + 0.35 * cell, y + 0.35 * cell))   // sharp (≈ 30°) turn: miter limit 10 keeps it
                p.addLine(to: Point(x + 0.6 * cell, y + 0.05 * cell))
                shapes.append(GoldenShape(path: p, stroke: ink,
                                          style: StrokeStyle(lineWidth: w, lineCap: cap, lineJoin: join, miterLimit: 10)))
            }
        }
        return GoldenScene(name: name, width: Int(3 * cell), height: Int(2.25 * cell + 0.2 * cell), shapes: shapes)
    }

    static var thin: GoldenScene {
        var shapes: [GoldenShape] = []
        for (row, w) in [0.5, 1, 1.5].enumerated() {
            for (col, (cap, join)) in [(LineCap.butt, LineJoin.miter), (.round, .round), (.square, .bevel)].enumerated() {
                let x = 10 + Double(col) * 70, y = 10 + Double(row) * 40
                let p = svg("M\(x) \(y + 25) L\(x + 20) \(y + 2) L\(x + 30) \(y + 28) L\(x + 60) \(y + 10) M\(x + 5) \(y + 32) H\(x + 55)")
                shapes.append(GoldenShape(path: p, stroke: .black, style: StrokeStyle(lineWidth: w, lineCap: cap, lineJoin: join)))
            }
        }
        return GoldenScene(name: "geom_thin", width: 220, height: 130, shapes: shapes)
    }

    static var curves: GoldenScene {
        let paths = [
            "M10 60 C60 -10 0 -10 50 60",               // cusp-like turn
            "M70 50 C170 10 70 10 170 50",              // loop crossing
            "M190 60 Q230 -30 270 60",                  // tight quad apex
            "M290 35 A25 20 30 1 1 330 50",             // rotated arc
        ]
        var shapes: [GoldenShape] = []
        for (row, w) in [1.0, 8, 30].enumerated() {
            for (i, d) in paths.enumerated() {
                var p = svg(d).applying(.translation(0, Double(row) * 75 + 10))
                if row == 2 { p = p.applying(.translation(0, 5)) }
                let cap: LineCap = i % 2 == 0 ? .round : .butt
                shapes.append(GoldenShape(path: p, stroke: Color(0.6, 0.1, 0.2, 0.7),
                                          style: StrokeStyle(lineWidth: w, lineCap: cap, lineJoin: .round)))
            }
        }
        return GoldenScene(name: "geom_curves", width: 360, height: 250, shapes: shapes)
    }

    static var dashes: GoldenScene {
        let s: [GoldenShape] = [
            GoldenShape(path: svg("M10 15 H250"), stroke: .black, style: StrokeStyle(lineWidth: 4, dashPattern: [12, 6])),
            GoldenShape(path: svg("M10 35 H250"), stroke: .black, style: StrokeStyle(lineWidth: 4, lineCap: .round, dashPattern: [0, 10])),
            GoldenShape(path: svg("M10 55 H250"), stroke: .black, style: StrokeStyle(lineWidth: 5, lineCap: .square, dashPattern: [10, 5, 2], dashPhase: 7)),
            GoldenShape(path: svg("M20 80 C80 150 160 40 250 110"), stroke: ink, style: StrokeStyle(lineWidth: 6, lineCap: .round, dashPattern: [20, 10])),
            GoldenShape(path: svg("M20 150 h80 v40 h-80 z"), stroke: ink, style: StrokeStyle(lineWidth: 6, lineJoin: .miter, dashPattern: [30, 12], dashPhase: 5)),
            GoldenShape(path: Path.ellipse(in: Rect(140, 140, 70, 50)), stroke: ink, style: StrokeStyle(lineWidth: 5, lineCap: .butt, dashPattern: [15, 8], dashPhase: -3)),
        ]
        return GoldenScene(name: "geom_dashes", width: 260, height: 205, shapes: s)
    }

    static var trims: GoldenScene {
        var s: [GoldenShape] = []
        let ranges: [(Double, Double)] = [(0, 0.25), (0.1, 0.6), (0.5, 1), (0.8, 0.95)]
        for (i, r) in ranges.enumerated() {
            let c = Path.ellipse(in: Rect(10 + Double(i) * 65, 10, 50, 50))
            s.append(GoldenShape(path: c, stroke: Color(0.1, 0.5, 0.2), style: StrokeStyle(lineWidth: 6, lineCap: .round), start: r.0, end: r.1))
        }
        let two = svg("M15 80 h100 v30 h-100 z M140 80 C180 140 220 60 250 110")
        s.append(GoldenShape(path: two, stroke: ink, style: StrokeStyle(lineWidth: 5, lineCap: .square, lineJoin: .round), start: 0.15, end: 0.85))
        return GoldenScene(name: "geom_trims", width: 270, height: 130, shapes: s)
    }

    static var fills: GoldenScene {
        let star = "M60 10 L75 95 L10 40 L110 40 L45 95 Z"
        let rings = "M180 50 A40 40 0 1 1 180 49.99 Z M180 30 A20 20 0 1 0 180 30.01 Z M260 50 A40 40 0 1 1 260 49.99 Z M260 30 A20 20 0 1 1 260 30.01 Z"
        let s: [GoldenShape] = [
            GoldenShape(path: svg(star), fill: Color(0.2, 0.3, 0.9), rule: .nonZero),
            GoldenShape(path: svg(star).applying(.translation(0, 100)), fill: Color(0.9, 0.3, 0.2), rule: .evenOdd),
            GoldenShape(path: svg(rings).applying(.translation(-40, 10)), fill: Color(0.2, 0.6, 0.3, 0.8), rule: .nonZero),
            GoldenShape(path: svg(rings).applying(.translation(-40, 110)), fill: Color(0.6, 0.2, 0.6, 0.8), rule: .evenOdd),
            GoldenShape(path: svg("M20 170 q40 -60 80 0 t80 0 c20 20 60 20 80 0"), fill: Color(0.9, 0.7, 0.1, 0.6),
                        stroke: .black, style: StrokeStyle(lineWidth: 1.5, lineJoin: .bevel)),
        ]
        return GoldenScene(name: "geom_fills", width: 280, height: 200, shapes: s)
    }

    /// Butt strokes wider than twice the radius of curvature of their path, where the inner
    /// offset curve loops behind the centre of curvature: a 120-wide small quadratic, a
    /// 120-wide S-shaped cubic and three quarters of a circle of radius 12 stroked 60 wide.
    static var wideButt: GoldenScene {
        let s: [GoldenShape] = [
            GoldenShape(path: svg("M110 160 Q150 60 190 160").applying(.translation(-30, -20)), stroke: ink,
                        style: StrokeStyle(lineWidth: 120, lineCap: .butt)),
            GoldenShape(path: svg("M120 110 C200 60 120 240 200 190").applying(.translation(170, -30)), stroke: ink,
                        style: StrokeStyle(lineWidth: 120, lineCap: .butt)),
            GoldenShape(path: svg("M88 100 A12 12 0 1 1 100 112").applying(.translation(370, 20)), stroke: ink,
                        style: StrokeStyle(lineWidth: 60, lineCap: .butt)),
        ]
        return GoldenScene(name: "geom_wide_butt", width: 530, height: 240, shapes: s)
    }

    /// The same kind of curves with round and square caps (rows).
    static var wideCaps: GoldenScene {
        let paths = [
            ("M20 105 Q50 35 80 105", 60.0),                   // tight quadratic apex
            ("M150 45 C205 15 145 125 200 95", 70),            // S: two tight turns
            ("M303 65 A12 12 0 1 1 315 77", 60),               // three quarters of a small circle
        ]
        var shapes: [GoldenShape] = []
        for (row, cap) in [LineCap.round, .square].enumerated() {
            for (d, w) in paths {
                shapes.append(GoldenShape(path: svg(d).applying(.translation(0, Double(row) * 140)), stroke: ink,
                                          style: StrokeStyle(lineWidth: w, lineCap: cap, lineJoin: .round)))
            }
        }
        return GoldenScene(name: "geom_wide_caps", width: 370, height: 270, shapes: shapes)
    }

    /// Wide strokes of tight curves meeting at corners (columns: miter, round, bevel joins), and
    /// the same curves dashed and trimmed.
    static var wideJoins: GoldenScene {
        let corner = "M15 40 Q40 -5 55 45 Q75 90 95 40"         // two tight quads, a corner between
        let closed = "M30 140 Q55 95 80 140 Q55 185 30 140 Z"   // a lens: two corners, closed
        var shapes: [GoldenShape] = []
        for (col, join) in LineJoin.allCases.enumerated() {
            let dx = Double(col) * 120
            shapes.append(GoldenShape(path: svg(corner).applying(.translation(dx, 10)), stroke: ink,
                                      style: StrokeStyle(lineWidth: 36, lineCap: .butt, lineJoin: join, miterLimit: 10)))
            shapes.append(GoldenShape(path: svg(closed).applying(.translation(dx, 10)), stroke: ink,
                                      style: StrokeStyle(lineWidth: 30, lineJoin: join, miterLimit: 4)))
        }
        let s = "M25 250 C95 200 25 330 95 290 C125 270 130 230 160 250"
        shapes.append(GoldenShape(path: svg(s), stroke: ink,
                                  style: StrokeStyle(lineWidth: 40, lineCap: .butt, lineJoin: .miter, dashPattern: [30, 14], dashPhase: 4)))
        shapes.append(GoldenShape(path: svg(s).applying(.translation(170, 0)), stroke: ink,
                                  style: StrokeStyle(lineWidth: 40, lineCap: .round, lineJoin: .bevel), start: 0.1, end: 0.8))
        return GoldenScene(name: "geom_wide_joins", width: 370, height: 330, shapes: shapes)
    }

    static var all: [GoldenScene] {
        [capsJoins("geom_joins_w8", width: 8, cell: 100), capsJoins("geom_joins_w40", width: 40, cell: 160),
         thin, curves, dashes, trims, fills, wideButt, wideCaps, wideJoins]
    }
}

@Suite(.serialized) struct StrokeGoldenTests {
    @Test(arguments: GeometryGoldens.all.map(\.name))
    func golden(_ name: String) throws {
        let scene = try #require(GeometryGoldens.all.first { $0.name == name })
        let b = scene.render()
        if GoldenFolder.updating {
            let dir = rasterGoldens.sourceDirectory.appendingPathComponent("cases")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try scene.document().write(to: dir.appendingPathComponent("\(name).json"), atomically: true, encoding: .utf8)
        }
        try expectGolden(b, name)
    }

    /// Fidelity against Cairo 1.16's render of the same document (the issue's acceptance rule:
    /// mean ≤ 2/255 per channel, ≤ 1 % of pixels off by more than 16).
    @Test(arguments: GeometryGoldens.all.map(\.name))
    func matchesCairo(_ name: String) throws {
        let scene = try #require(GeometryGoldens.all.first { $0.name == name })
        try expectSimilar(scene.render(), toPNGAt: rasterGoldens.readURL("\(name).cairo"), name: "\(name) vs Cairo",
                          tolerance: GoldenTolerance(maxMeanAbsolute: 2.0, maxShareOverThreshold: 0.01),
                          writingFailuresTo: rasterGoldens.actualURL("\(name)-vs-cairo"))
    }
}
