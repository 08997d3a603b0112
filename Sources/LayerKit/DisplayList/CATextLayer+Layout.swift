// A text layer's lines in device pixels: the string split at line breaks; with `isWrapped`,
// each paragraph broken greedily at spaces into lines no wider than the bounds (a word wider
// than the bounds broken between characters); lines that do not fit the bounds' height
// dropped; with a `truncationMode`, a line too wide for the bounds shortened by the largest
// run of characters (found by bisection on measured widths) that fits with an ellipsis at
// its start, middle or end — for wrapped text the last line that fits, standing for the rest.
// The lines are then set one under another, each placed by `alignmentMode` within the
// widest, into one bitmap the display list draws as an image.

/// What a text layer's layout depends on (also the key its bitmap is cached by).
struct TextLayoutSpec: Hashable {
    var string: String
    var font: String?
    /// Font size in device pixels.
    var size: Double
    var color: Color
    /// The bounds in device pixels (wrapping and truncation width, height for wrapped text).
    var width: Double, height: Double
    var wrapped: Bool
    var truncation: CATextLayerTruncationMode
    var alignment: CATextLayerAlignmentMode
}

enum TextLayout {
    static let ellipsis = "\u{2026}"

    /// The lines of `spec` as they are shown.
    static func lines(_ spec: TextLayoutSpec, _ r: TextRendering) -> [String] {
        let paragraphs = spec.string.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let w = spec.width
        func width(_ s: String) -> Double { r.width(of: s, font: spec.font, fontSize: spec.size) }
        guard spec.wrapped, w > 0 else {
            guard spec.truncation != .none, w > 0 else { return paragraphs }
            return paragraphs.map { width($0) <= w ? $0 : truncate($0, to: w, spec.truncation, width) }
        }
        var lines: [String] = []
        var rest: [String] = []   // for the last visible line: what it stands for
        let lineHeight = max(1, r.lineHeight(font: spec.font, fontSize: spec.size))
        let maxLines = max(1, Int(saturating: (spec.height / lineHeight).rounded(.down)))
        outer: for (pi, paragraph) in paragraphs.enumerated() {
            for line in wrap(paragraph, to: w, width) {
                if lines.count == maxLines {
                    rest.append(line)
                    if pi + 1 < paragraphs.count { rest.append(contentsOf: paragraphs[(pi + 1)...]) }
                    break outer
                }
                lines.append(line)
            }
        }
        if !rest.isEmpty, spec.truncation != .none, let last = lines.popLast() {
            // The last visible line stands for everything after it.
            lines.append(truncate(([last] + rest).joined(separator: " "), to: w, spec.truncation, width, force: true))
        }
        return lines
    }

    /// `paragraph` broken into lines no wider than `w` (greedy at spaces; an over-long word
    /// between characters).
    static func wrap(_ paragraph: String, to w: Double, _ width: (String) -> Double) -> [String] {
        guard !paragraph.isEmpty, width(paragraph) > w else { return [paragraph] }
        var lines: [String] = []
        var current = ""
        for word in paragraph.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            let candidate = current.isEmpty ? word : current + " " + word
            if width(candidate) <= w { current = candidate; continue }
            if !current.isEmpty { lines.append(current); current = "" }
            var piece = word
            while !piece.isEmpty && width(piece) > w {
                let n = max(1, longestFit(piece.count) { width(String(piece.prefix($0))) <= w })
                lines.append(String(piece.prefix(n)))
                piece = String(piece.dropFirst(n))
            }
            current = piece
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }

    /// `line` shortened with an ellipsis at the mode's place so that it fits `w` (unchanged
    /// when it fits, unless `force`).
    static func truncate(_ line: String, to w: Double, _ mode: CATextLayerTruncationMode, _ width: (String) -> Double,
                         force: Bool = false) -> String {
        if !force && width(line) <= w { return line }
        let chars = Array(line)
        func make(_ n: Int) -> String {
            switch mode {
            case .none, .end: return String(chars.prefix(n)) + ellipsis
            case .start: return ellipsis + String(chars.suffix(n))
            case .middle: return String(chars.prefix((n + 1) / 2)) + ellipsis + String(chars.suffix(n / 2))
            }
        }
        let n = longestFit(chars.count) { width(make($0)) <= w }
        return make(n)
    }

    /// The largest n in 0…count with `fits(n)` (fits is monotone: true up to some n), by bisection.
    static func longestFit(_ count: Int, _ fits: (Int) -> Bool) -> Int {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if fits(mid) { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The lines set one under another, each aligned within the widest; nil when nothing shows.
    static func render(_ spec: TextLayoutSpec, _ r: TextRendering) -> Bitmap? {
        let lines = lines(spec, r)
        let lineHeight = r.lineHeight(font: spec.font, fontSize: spec.size)
        guard lineHeight > 0, lineHeight.isFinite else { return nil }
        let bitmaps = lines.map { r.renderLine($0, font: spec.font, fontSize: spec.size, color: spec.color) }
        let widest = bitmaps.reduce(0) { max($0, $1?.width ?? 0) }
        guard widest > 0 else { return nil }
        let step = Int(saturating: lineHeight.rounded(.up))
        // The set lines within a bitmap of at most the largest side a document may have.
        let (height, overflow) = step.multipliedReportingOverflow(by: lines.count)
        guard !overflow, height <= DocumentLimits.maximumSide, widest <= DocumentLimits.maximumSide else { return nil }
        let out = Bitmap(width: widest, height: max(1, height))
        for (i, b) in bitmaps.enumerated() {
            guard let b else { continue }
            let x: Int
            switch spec.alignment {
            case .natural, .left: x = 0
            case .right: x = widest - b.width
            case .center: x = (widest - b.width) / 2
            }
            out.blit(b, x: x, y: i * step)
        }
        return out
    }
}
