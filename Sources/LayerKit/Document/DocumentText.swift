// How a refusal quotes what it refuses, so that every message stays one short line whatever
// the input held: strings are escaped (newline, tab, NUL, the other control characters,
// DEL, the C1 controls and the line/paragraph separators become backslash escapes) and
// shortened to a fixed number of characters with an ellipsis.

/// Quoting of document text in error messages.
public enum DocumentText {
    /// Characters a quoted value keeps before the ellipsis.
    public static let quotedLength = 60
    /// Characters a whole message keeps before the ellipsis.
    public static let messageLength = 400

    /// `s` escaped and shortened, in double quotes: `"a\nb"`, `"xxxx…"`.
    public static func quoted(_ s: String, limit: Int = quotedLength) -> String {
        "\"" + escaped(s, limit: limit, quote: true) + "\""
    }

    /// `s` with every character that could break a line or reach the terminal as a control
    /// escaped, cut after `limit` characters with "…". With `quote`, `"` and `\` are escaped too.
    public static func escaped(_ s: String, limit: Int, quote: Bool = false) -> String {
        var out = ""
        var count = 0
        for scalar in s.unicodeScalars {
            if count == limit { out += "…"; return out }
            count += 1
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\0": out += "\\0"
            case "\"" where quote: out += "\\\""
            case "\\" where quote: out += "\\\\"
            default:
                let v = scalar.value
                if v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029 {
                    out += "\\u{" + String(v, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// A number as messages write it: integers without a fraction.
    public static func number(_ x: Double) -> String {
        if x.isFinite, x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        return "\(x)"
    }

    /// A member name as a place in a JSON path: as written when it is a plain name, else
    /// quoted (`layers[0]."a\nb"`).
    public static func key(_ k: String) -> String {
        let plain = !k.isEmpty && k.utf8.count <= quotedLength && k.unicodeScalars.allSatisfy {
            ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || $0 == "_" || $0 == "."
        }
        return plain ? k : quoted(k)
    }
}
