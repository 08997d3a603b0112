// A Lottie text layer's document and the file's glyph outlines. The document (`t.d.k[0].s`)
// holds the text `t` (lines split at carriage returns), font name `f`, size `s`, justification
// `j` (0 left, 1 right, 2 centre), tracking `tr` (thousandths of an em added after each
// character), line height `lh`, fill colour `fc`, stroke colour `sc` and width `sw`, and `of`
// (the fill drawn over the stroke). `chars` carry each glyph's outline as shape items drawn at
// size 100 with the baseline at y 0, and its advance `w` at that size. Text animators (`t.a`)
// are counted, not decoded.
import LayerKit

struct LottieTextDocument: Sendable {
    var text: String
    var fontName: String
    var size: Double
    var justification: Int
    var tracking: Double
    var lineHeight: Double
    var fillColor: [Double]?
    var strokeColor: [Double]?
    var strokeWidth: Double
    var fillOverStroke: Bool
    /// Keyframes of the document beyond the first (the text changing over time).
    var laterDocuments: Int
    var animators: Int

    static func decode(_ t: LottieJSON?) throws(DocumentError) -> LottieTextDocument? {
        guard let t, let keyframes = t["d"]?["k"] else { return nil }
        let list = try keyframes.array(limit: LottieLimits.maximumLayers)
        guard let first = list.first, let s = first["s"] else { return nil }
        let chars = try s.optionalString("t") ?? ""
        guard chars.count <= LottieLimits.maximumTextCharacters else {
            throw s.error("text of \(chars.count) characters exceeds the limit \(LottieLimits.maximumTextCharacters)")
        }
        let size = try s.number("s", default: 0)
        guard size.isFinite, size >= 0, size <= 10_000 else { throw s.error("font size \(size) is not within [0, 10000]") }
        let tracking = try s.number("tr", default: 0), lineHeight = try s.number("lh", default: size * 1.2)
        guard tracking.isFinite, abs(tracking) <= 100_000, lineHeight.isFinite, abs(lineHeight) <= 100_000 else {
            throw s.error("tracking or line height out of range")
        }
        let animators = try t["a"].map { (a: LottieJSON) throws(DocumentError) in try a.array(limit: LottieLimits.maximumLayers).count } ?? 0
        return LottieTextDocument(
            text: chars, fontName: try s.optionalString("f") ?? "", size: size,
            justification: try s.code("j", default: 0), tracking: tracking, lineHeight: lineHeight,
            fillColor: try s["fc"].map { (v: LottieJSON) throws(DocumentError) in try v.vector() },
            strokeColor: try s["sc"].map { (v: LottieJSON) throws(DocumentError) in try v.vector() },
            strokeWidth: try s.number("sw", default: 0), fillOverStroke: s.bool("of"),
            laterDocuments: list.count - 1, animators: animators)
    }
}

/// One glyph of `chars`: the character, its font family and style, advance and outline.
struct LottieGlyph: Sendable {
    var character: String
    var family: String
    var style: String
    var advance: Double
    var shapes: [LottieShapeItem]

    static func decodeList(_ j: LottieJSON?) throws(DocumentError) -> [LottieGlyph] {
        guard let j else { return [] }
        var out: [LottieGlyph] = []
        for c in try j.array(limit: LottieLimits.maximumLayers) {
            guard c.isObject else { throw c.error("expected a character object") }
            let w = try c.number("w", default: 0)
            guard w.isFinite, abs(w) <= 100_000 else { throw c.error("advance \(w) is out of range") }
            out.append(LottieGlyph(character: try c.optionalString("ch") ?? "", family: try c.optionalString("fFamily") ?? "",
                                   style: try c.optionalString("style") ?? "", advance: w,
                                   shapes: try LottieShapeItem.decodeList(c["data"]?["shapes"], depth: 1)))
        }
        return out
    }
}

/// A font of `fonts.list`: the name documents use and the family and style glyphs carry.
struct LottieFont: Sendable {
    var name: String, family: String, style: String

    static func decodeList(_ j: LottieJSON?) throws(DocumentError) -> [LottieFont] {
        guard let list = j?["list"] else { return [] }
        var out: [LottieFont] = []
        for f in try list.array(limit: LottieLimits.maximumLayers) {
            out.append(LottieFont(name: try f.optionalString("fName") ?? "", family: try f.optionalString("fFamily") ?? "",
                                  style: try f.optionalString("fStyle") ?? ""))
        }
        return out
    }
}
