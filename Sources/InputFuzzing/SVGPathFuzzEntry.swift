// One fuzzed SVG path string (the `path` of a shape layer, a mask or a shadow path): parsed by
// Raster's parser, then filled with both rules and stroked with styles chosen to reach every
// part of the stroker (wide miter joins, round caps and joins with a dash pattern, a hairline,
// trimmed ends), under a transform that shrinks it into a small bitmap and one that does not.
import Raster

enum SVGPathFuzzEntry {
    /// The strokes drawn: (style, strokeStart, strokeEnd).
    static let strokes: [(StrokeStyle, Double, Double)] = [
        (StrokeStyle(lineWidth: 12, lineCap: .square, lineJoin: .miter, miterLimit: 10), 0, 1),
        (StrokeStyle(lineWidth: 3, lineCap: .round, lineJoin: .round, dashPattern: [5, 2, 0.5, 2], dashPhase: 1.5), 0.1, 0.9),
        (StrokeStyle(lineWidth: 0.75, lineCap: .butt, lineJoin: .bevel), 0, 1),
    ]
    /// The transforms: as given, and shrunk to a quarter about the origin.
    static let transforms: [AffineTransform] = [.identity, .scale(0.25, 0.25)]

    static func run(_ bytes: [UInt8]) -> FuzzOutcome {
        let path: Path
        do {
            path = try Path(svg: String(decoding: bytes, as: UTF8.self))
        } catch {
            return FuzzOutcome.refusal("\(error)")
        }
        let bitmap = Bitmap(width: SmallCanvas.side, height: SmallCanvas.side)
        let canvas = Canvas(bitmap)
        let color = Color(0.2, 0.4, 0.9, 0.8)
        for transform in transforms {
            for rule in FillRule.allCases { canvas.fill(path, transform: transform, color: color, rule: rule) }
            for (style, start, end) in strokes {
                canvas.stroke(path, style: style, transform: transform, color: color, strokeStart: start, strokeEnd: end)
            }
        }
        // The round trip of the parsed path is a path too.
        _ = try? Path(svg: path.svgString)
        return .accepted
    }
}
