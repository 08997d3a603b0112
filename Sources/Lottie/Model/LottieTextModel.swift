// A Lottie text layer's document and the file's glyph outlines. The document (`t.d.k[0].s`)
// holds the text `t` (lines split at carriage returns), font name `f`, size `s`, justification
// `j` (0 left, 1 right, 2 centre), tracking `tr` (thousandths of an em added after each
// character), line height `lh`, fill colour `fc`, stroke colour `sc` and width `sw`, and `of`
// (the stroke drawn over the fill: After Effects' `TextDocument.strokeOverFill`, which
// bodymovin's exporter writes as `of` when the text has both a fill and a stroke; "Stroke Over
// Fill — Render stroke above the fill", lottie-docs' text document schema). `chars` carry each glyph's outline as shape items drawn at
// size 100 with the baseline at y 0, and its advance `w` at that size. Each further keyframe
// of `t.d.k` is a whole document of its own that holds from its frame `t` on ("Text documents
// are not interpolated: each keyframe holds", lottie-web TextProperty, which shows the last
// keyframe whose `t` is at or before the frame, the first before it). The animators `t.a`,
// the grouping alignment `t.m.a` and the path options `t.p` are in `LottieTextAnimatorModel`.
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
    var strokeOverFill: Bool
    /// Keyframes of the document beyond the first (the text changing over time).
    var laterDocuments: Int
    var animators: Int
    /// Every keyframe of the document, the first included (its frame and what it holds).
    var keyframes: [LottieTextDocumentKeyframe] = []
    var animatorList: [LottieTextAnimator] = []
    /// The grouping alignment `t.m.a` (percent of a character's advance and of the line's
    /// 1.2 × 0.714 × size, lottie-web's `yOff`), the point each character turns and scales about.
    var groupingAlignment = LottieProperty<[Double]>([0, 0])
    var path: LottieTextPathOptions?

    static func decode(_ t: LottieJSON?) throws(DocumentError) -> LottieTextDocument? {
        guard let t, let keyframes = t["d"]?["k"] else { return nil }
        let list = try keyframes.array(limit: LottieLimits.maximumLayers)
        guard let first = list.first, let s = first["s"] else { return nil }
        var d = try single(s)
        d.laterDocuments = list.count - 1
        d.keyframes = [LottieTextDocumentKeyframe(frame: try first["t"]?.number() ?? 0, document: d)]
        var characters = d.text.count
        for k in list.dropFirst() {
            guard let ks = k["s"] else { throw k.error("text document keyframe without a document (\"s\")") }
            let frame = try k.required("t").number()
            guard frame.isFinite else { throw k.error("keyframe time \(frame) is not finite") }
            let next = try single(ks)
            characters += next.text.count
            guard characters <= LottieLimits.maximumTextCharacters * 10 else {
                throw k.error("text documents of \(characters) characters in all exceed the limit \(LottieLimits.maximumTextCharacters * 10)")
            }
            d.keyframes.append(LottieTextDocumentKeyframe(frame: frame, document: next))
        }
        d.animatorList = try LottieTextAnimator.decodeList(t["a"])
        d.animators = d.animatorList.count
        d.groupingAlignment = try .decode(t["m"]?["a"], default: [0, 0])
        d.path = try LottieTextPathOptions.decode(t["p"])
        return d
    }

    /// One document (`s` of a keyframe).
    static func single(_ s: LottieJSON) throws(DocumentError) -> LottieTextDocument {
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
        return LottieTextDocument(
            text: chars, fontName: try s.optionalString("f") ?? "", size: size,
            justification: try s.code("j", default: 0), tracking: tracking, lineHeight: lineHeight,
            fillColor: try s["fc"].map { (v: LottieJSON) throws(DocumentError) in try v.vector() },
            strokeColor: try s["sc"].map { (v: LottieJSON) throws(DocumentError) in try v.vector() },
            strokeWidth: try s.number("sw", default: 0), strokeOverFill: s.bool("of"),
            laterDocuments: 0, animators: 0)
    }

    /// The document shown at layer frame `f`: the last keyframe at or before it, the first before any.
    func document(at f: Double) -> LottieTextDocument {
        var shown = keyframes.first?.document ?? self
        for k in keyframes.dropFirst() where k.frame <= f { shown = k.document }
        return shown
    }
}

/// One keyframe of a text layer's document: from `frame` on, `document` is shown.
struct LottieTextDocumentKeyframe: Sendable {
    var frame: Double
    var document: LottieTextDocument
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
