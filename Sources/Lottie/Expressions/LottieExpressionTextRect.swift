// A text layer's `sourceRectAtTime()` for expressions: the box of each of its documents
// (`t.d.k`), measured before any expression runs and handed to the prelude with the layer's
// description. After Effects gives a point text layer's box in the layer's coordinates, the
// baseline of the first line at y 0; lottie-web reads it from the drawn text element's
// bounding box (SVGTextLottieElement.sourceRectAtTime: the element's getBBox()). Here the
// characters are laid out as the importer lays them out — `LottieFontText` with the installed
// text renderer, or `LottieGlyphText`'s advances when the file's glyph outlines cover the
// text — and the box runs
// - across: from the leftmost character's origin to the rightmost character's end (its
//   advance; justification and tracking included);
// - down: from the first line's top (its baseline − the font's ascent) to the last line's
//   bottom (its baseline + the font's descent: line height − ascent), a font's line box as an
//   SVG text element's bounding box has it; for glyph outlines, from the font's `ascent`
//   (`fonts.list`, percent of the size) above the first baseline to the last baseline.
// A document holds from its keyframe until the next one (text documents are never
// interpolated), so the box at a time is the last document's at or before it, the first
// before them all. The text an expression gives the layer's source text is not measured: the
// box is its keyframed documents'. Without a renderer and without covering glyphs the layer
// has no boxes and `sourceRectAtTime` is an error (a warning, the property keeps its keyframes).
import LayerKit

enum LottieExpressionTextRect {
    /// `[[seconds, left, top, width, height]]`, one per document keyframe of the text layer
    /// `layer` (seconds in the composition's time: a layer's own keyframes are in its
    /// composition's frames); nil when it has no documents or nothing measures them.
    static func boxes(_ layer: JSONValue, root: JSONValue, frameRate: Double) -> [[Double]]? {
        guard case .array(let list)? = layer["t"]?["d"]?["k"], !list.isEmpty else { return nil }
        guard let fonts = try? LottieFont.decodeList(root["fonts"].map { LottieJSON($0, path: "fonts") }),
              let glyphs = try? LottieGlyph.decodeList(root["chars"].map { LottieJSON($0, path: "chars") }) else { return nil }
        let model = LottieAnimationModel(width: 1, height: 1, inPoint: 0, outPoint: 1, frameRate: frameRate, layers: [],
                                         assets: [:], name: "", glyphs: glyphs, fonts: fonts)
        var out: [[Double]] = []
        for k in list.prefix(LottieLimits.maximumKeyframes) {
            guard let s = k["s"], let d = try? LottieTextDocument.single(LottieJSON(s, path: "t.d.k.s")),
                  let box = box(d, model: model, fonts: root["fonts"]) else { return nil }
            var frame = 0.0
            if case .number(let t)? = k["t"] { frame = t }
            out.append([frame / frameRate] + box)
        }
        return out
    }

    /// [left, top, width, height] of one document, nil when nothing measures it.
    /// `renderer`: what measures a font's text (the one CATextLayer draws with).
    static func box(_ d: LottieTextDocument, model: LottieAnimationModel, fonts: JSONValue?,
                    renderer: TextRendering? = CATextLayer.renderer) -> [Double]? {
        let glyphText = LottieGlyphText(model: model)
        let letters: [LottieTextLetter], top: Double, bottom: Double
        if !model.glyphs.isEmpty, glyphText.covers(d),
           let placed = glyphText.letters(d, layer: "", warnings: LottieWarnings()) {
            letters = placed.map(\.letter)
            let family = model.fonts.first { $0.name == d.fontName }
            var entry: JSONValue?
            if case .array(let list)? = fonts?["list"] {
                entry = list.first { if case .string(let n)? = $0["fName"] { return n == family?.name }; return false }
            }
            var ascent = 0.0
            if case .number(let a)? = entry?["ascent"] { ascent = a }
            top = -ascent * d.size / 100
            bottom = 0
        } else if let renderer {
            let fontText = LottieFontText(model: model, renderer: renderer)
            letters = fontText.letters(d, renderer: renderer)
            let metrics = fontText.metrics(d, renderer: renderer)
            let family = fontText.family(d)
            let lineHeight = renderer.lineHeight(font: family, fontSize: d.size * 8) / 8
            top = -metrics.ascent
            bottom = max(0, lineHeight - metrics.ascent)
        } else {
            return nil
        }
        let drawn = letters.filter { !$0.isLineBreak }
        let firstBaseline = letters.first?.origin.y ?? 0
        let lastBaseline = letters.last?.origin.y ?? 0
        guard let left = drawn.map(\.origin.x).min(), let right = drawn.map({ $0.origin.x + $0.advance }).max() else {
            return [0, firstBaseline + top, 0, lastBaseline + bottom - (firstBaseline + top)]
        }
        return [left, firstBaseline + top, right - left, lastBaseline + bottom - (firstBaseline + top)]
    }
}
