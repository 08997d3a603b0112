// A text layer drawn with a font, as lottie-ios's Core Animation engine draws every text
// layer (it sets the document with Core Text in the font the file names, never from glyph
// outlines): here one CATextLayer per character, in the font family `fonts.list` gives for
// the document's font name (the renderer finds the closest installed family). Layout follows
// that engine's text layer:
// - the layer's origin is the first line's baseline, at the left end of the line, its right
//   end (`j` 1) or its middle (`j` 2);
// - each further line lies max(`lh`, the font's line height) lower (Core Text's line
//   spacing lh − line height, which it keeps at zero or more);
// - characters follow each other by their advances, without the font's kerning pairs or
//   ligatures: that engine sets the string's ligature attribute to 0 and its kern
//   attribute to the tracking, and "If this attribute is set to 0.0, no kerning is done at
//   all" (Core Text, kCTKernAttributeName); tracking adds `tr` × size / 1000 after every
//   character;
// - the fill colour `fc` colours the text; a document without one draws nothing.
// The text renderer lays each line out with its baseline `ascent` below the line's top.
import LayerKit

struct LottieFontText {
    let model: LottieAnimationModel
    /// What measures the text (the one CATextLayer draws with).
    var renderer: TextRendering? = CATextLayer.renderer

    /// The font family of the document's font name: `fFamily` of its `fonts.list` entry, else
    /// the name itself.
    func family(_ d: LottieTextDocument) -> String {
        let font = model.fonts.first { $0.name == d.fontName }
        if let family = font?.family, !family.isEmpty { return family }
        return d.fontName
    }

    /// The font's ascent and line pitch at the document's size. Metrics are read at a large
    /// size and scaled: the renderer measures in whole pixels.
    func metrics(_ d: LottieTextDocument, renderer: TextRendering) -> (ascent: Double, pitch: Double) {
        let probe = 8.0, size = d.size * probe, family = family(d)
        let ascent = renderer.ascent(font: family, fontSize: size) / probe
        return (ascent, max(d.lineHeight, renderer.lineHeight(font: family, fontSize: size) / probe))
    }

    /// The document's characters laid out (line breaks included, drawing nothing).
    func letters(_ d: LottieTextDocument, renderer: TextRendering) -> [LottieTextLetter] {
        let family = family(d), probe = 8.0, size = d.size * probe
        func width(_ s: String) -> Double { renderer.width(of: s, font: family, fontSize: size) / probe }
        let pitch = metrics(d, renderer: renderer).pitch
        let tracking = d.tracking * d.size / 1000
        var out: [LottieTextLetter] = []
        let lines = d.text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\r" || $0 == "\n" || $0 == "\u{3}" })
        for (row, line) in lines.enumerated() {
            let y = Double(row) * pitch
            if row > 0 { out.append(LottieTextLetter(character: "\r", isLineBreak: true, line: row - 1, origin: Point(0, y), advance: 0)) }
            let widths = line.map { width(String($0)) }
            let total = widths.reduce(0) { $0 + ($1 + tracking) }
            var x = d.justification == 1 ? -total : d.justification == 2 ? -total / 2 : 0
            for (c, w) in zip(line, widths) {
                out.append(LottieTextLetter(character: c, isLineBreak: false, line: row, origin: Point(x, y), advance: w))
                x += w + tracking
            }
        }
        return out
    }

    /// The document's stroke (`sc`, `sw`) as an LKStroke on the layer holding its text: the
    /// outline of the glyphs' alpha stroked `sw` wide centred on it, the way a glyph's path is
    /// stroked, over the fill when `of` is true ("Stroke Over Fill — Render stroke above the
    /// fill", lottie-docs' text document schema; After Effects' `TextDocument.strokeOverFill`,
    /// which bodymovin exports as `of`; lottie-ios sets `strokeOnTop = text.strokeOverFill`,
    /// lottie-android draws the fill then the stroke when `strokeOverFill`); beneath it
    /// otherwise, where only its outer half, sw / 2 outside the glyphs, shows. nil without a
    /// stroke.
    static func strokeFilter(_ d: LottieTextDocument) -> CIFilter? {
        guard let sc = d.strokeColor, sc.count >= 3, d.strokeWidth > 0 else { return nil }
        let color = LottieColor.color(LottieColor.unit(sc))
        let over = d.strokeOverFill
        return .stroke(width: over ? d.strokeWidth : d.strokeWidth / 2, color: color, position: over ? 2 : 0, name: "textStroke")
    }

    /// One character as a text layer whose origin is its baseline's left end.
    func letterLayer(_ c: Character, _ d: LottieTextDocument, renderer: TextRendering) -> CATextLayer {
        let (ascent, pitch) = metrics(d, renderer: renderer)
        let t = CATextLayer()
        t.string = String(c)
        t.font = family(d)
        t.fontSize = d.size
        t.foregroundColor = d.fillColor.map { LottieColor.color(LottieColor.unit(Array($0.prefix(3)))) }
        t.alignmentMode = .left
        t.anchorPoint = Point(0, 0)
        t.bounds = Rect(0, 0, 0, pitch)
        t.position = Point(0, -ascent)
        return t
    }

    /// The document as text layers in a container whose origin is the first baseline; nil
    /// (with a warning) when no text renderer is installed or nothing is drawn.
    /// `stroked`: the document's stroke drawn (After Effects' reading), else reported (lottie-ios's
    /// Core Animation engine, which the iOS reading follows, is not asked to draw it).
    func layer(_ d: LottieTextDocument, layer name: String, stroked: Bool, warnings: LottieWarnings) -> CALayer? {
        guard let renderer else {
            warnings.unsupported("text (no text renderer installed)", layer: name)
            return nil
        }
        guard let fc = d.fillColor, fc.count >= 3, d.size > 0 else { return nil }
        let container = CALayer()
        container.name = name
        container.anchorPoint = Point(0, 0)
        container.bounds = Rect(0, 0, 0, 0)
        if stroked {
            container.filters = Self.strokeFilter(d).map { [$0] }
        } else if let sc = d.strokeColor, sc.count >= 3, d.strokeWidth > 0 {
            warnings.unsupported("text stroke (the fill is drawn)", layer: name)
        }
        for l in letters(d, renderer: renderer) where !l.isLineBreak && l.character != " " {
            let t = letterLayer(l.character, d, renderer: renderer)
            t.position = t.position + l.origin
            container.addSublayer(t)
        }
        return container.sublayers?.isEmpty == false ? container : nil
    }
}
