// A small strict JSON reader (RFC 8259) for documents: it keeps numbers and booleans apart,
// keeps object keys in order, refuses duplicate keys, and reports the byte offset (and line)
// of any syntax error, truncation included, so a refusal can say where.
// Speed and memory (a 60 MB Lottie file): values are stored inline (the enum is not
// `indirect`: arrays and objects already live in their array buffers, so a number no longer
// costs a heap box of its own); a string without escapes is made from its bytes in one step;
// a number of at most 15 significant digits and a power of ten within ±22 is converted
// exactly by Clinger's fast path (both are exact doubles, and so is one correctly rounded
// product or quotient of them), others by the standard library's parser; duplicate keys
// are found by a linear search in objects of up to 16 members, by a set beyond; a container's
// elements gather on a stack shared by all and are copied out once, exactly sized.

/// A parsed JSON value.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Members in document order.
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// The member named `key` of an object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let m) = self { return m.first { $0.0 == key }?.1 }
        return nil
    }

    /// A word for the kind of value, for error messages.
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A JSON syntax error at a byte offset.
public struct JSONSyntaxError: Error, CustomStringConvertible, Sendable {
    public var offset: Int
    public var line: Int
    public var message: String
    public var description: String { "invalid JSON at line \(line), offset \(offset): \(message)" }
}

/// Parses JSON text.
public struct JSONReader {
    let bytes: [UInt8]
    var i = 0
    var depth = 0
    /// The values and members of the containers being read, innermost last: a container's
    /// elements gather here and are copied out once into an array of exactly their number
    /// (no growth slack kept in the tree, no reallocation per container).
    var pendingValues: [JSONValue] = []
    var pendingMembers: [(String, JSONValue)] = []

    public static func parse(_ text: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var r = JSONReader(bytes: text)
        r.skipSpace()
        let v = try r.value()
        r.skipSpace()
        if r.i < r.bytes.count { throw r.error("unexpected text after the document") }
        return v
    }
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue { try parse(Array(text.utf8)) }

    /// The member names of the object at the top of `text`, its values skipped without being
    /// built (brackets counted, strings stepped over): enough to tell what kind of document a
    /// file is for the cost of one scan. Nil when the text does not start as an object or its
    /// members cannot be delimited; the values themselves are not validated.
    public static func topLevelKeys(_ text: [UInt8]) -> [String]? {
        var r = JSONReader(bytes: text)
        r.skipSpace()
        guard r.i < text.count, text[r.i] == UInt8(ascii: "{") else { return nil }
        r.i += 1
        var keys: [String] = []
        r.skipSpace()
        if r.i < text.count, text[r.i] == UInt8(ascii: "}") { return keys }
        while true {
            r.skipSpace()
            guard r.i < text.count, text[r.i] == UInt8(ascii: "\""), let k = try? r.string() else { return nil }
            keys.append(k)
            r.skipSpace()
            guard r.i < text.count, text[r.i] == UInt8(ascii: ":") else { return nil }
            r.i += 1
            // Skip the value: up to the ',' or '}' that ends it at this level.
            var level = 0
            while r.i < text.count {
                let c = text[r.i]
                if c == UInt8(ascii: "\"") {
                    r.i += 1
                    while r.i < text.count, text[r.i] != UInt8(ascii: "\"") { r.i += text[r.i] == UInt8(ascii: "\\") ? 2 : 1 }
                } else if c == UInt8(ascii: "[") || c == UInt8(ascii: "{") {
                    level += 1
                } else if c == UInt8(ascii: "]") || (c == UInt8(ascii: "}") && level > 0) {
                    level -= 1
                    if level < 0 { return nil }
                } else if level == 0 && (c == UInt8(ascii: ",") || c == UInt8(ascii: "}")) {
                    break
                }
                r.i += 1
            }
            guard r.i < text.count else { return nil }
            if text[r.i] == UInt8(ascii: "}") { return keys }
            r.i += 1
        }
    }

    init(bytes: [UInt8]) { self.bytes = bytes }

    func error(_ m: String) -> JSONSyntaxError {
        let line = 1 + bytes[..<min(i, bytes.count)].reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
        return JSONSyntaxError(offset: i, line: line, message: m)
    }

    mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 32 || bytes[i] == 9 || bytes[i] == 10 || bytes[i] == 13 { i += 1 }
    }

    mutating func value() throws(JSONSyntaxError) -> JSONValue {
        guard i < bytes.count else { throw error("unexpected end of input (truncated document?)") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try word("true"); return .bool(true)
        case UInt8(ascii: "f"): try word("false"); return .bool(false)
        case UInt8(ascii: "n"): try word("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default:
            let b = bytes[i]
            let shown = (0x21...0x7E).contains(b) ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x" + String(b, radix: 16)
            throw error("unexpected character \(shown)")
        }
    }

    mutating func word(_ w: String) throws(JSONSyntaxError) {
        for c in w.utf8 {
            guard i < bytes.count else { throw error("unexpected end of input (truncated document?)") }
            guard bytes[i] == c else { throw error("invalid literal (expected \(w))") }
            i += 1
        }
    }

    mutating func object() throws(JSONSyntaxError) -> JSONValue {
        depth += 1
        defer { depth -= 1 }
        guard depth < 512 else { throw error("nesting too deep") }
        i += 1
        let base = pendingMembers.count
        defer { pendingMembers.removeSubrange(base...) }
        var seen: Set<String>?
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object([]) }
        while true {
            skipSpace()
            guard i < bytes.count else { throw error("unexpected end of input (truncated document?)") }
            guard bytes[i] == UInt8(ascii: "\"") else { throw error("expected a member name in quotes") }
            let keyStart = i
            let k = try string()
            let duplicate: Bool
            if pendingMembers.count - base < 16 {
                var m = base
                while m < pendingMembers.count, pendingMembers[m].0 != k { m += 1 }
                duplicate = m < pendingMembers.count
            } else {
                if seen == nil { seen = Set(pendingMembers[base...].map(\.0)) }
                duplicate = !seen!.insert(k).inserted
            }
            guard !duplicate else { i = keyStart; throw error("duplicate key \(DocumentText.quoted(k))") }
            skipSpace()
            guard i < bytes.count else { throw error("unexpected end of input (truncated document?)") }
            guard bytes[i] == UInt8(ascii: ":") else { throw error("expected ':' after a member name") }
            i += 1
            skipSpace()
            let v = try value()
            pendingMembers.append((k, v))
            skipSpace()
            guard i < bytes.count else { throw error("unexpected end of input (truncated document?)") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(Array(pendingMembers[base...])) }
            throw error("expected ',' or '}' in an object")
        }
    }

    mutating func array() throws(JSONSyntaxError) -> JSONValue {
        depth += 1
        defer { depth -= 1 }
        guard depth < 512 else { throw error("nesting too deep") }
        i += 1
        let base = pendingValues.count
        defer { pendingValues.removeSubrange(base...) }
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array([]) }
        while true {
            skipSpace()
            let v = try value()
            pendingValues.append(v)
            skipSpace()
            guard i < bytes.count else { throw error("unexpected end of input (truncated document?)") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(Array(pendingValues[base...])) }
            throw error("expected ',' or ']' in an array")
        }
    }

    mutating func string() throws(JSONSyntaxError) -> String {
        i += 1
        // The common case: no escape before the closing quote, the bytes are the string.
        let start = i
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\"") {
                // Validated from contiguous memory (an ArraySlice goes through the generic,
                // byte-at-a-time path of the standard library).
                let end = i
                guard let s = bytes.withUnsafeBufferPointer({ String(validating: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self) }) else {
                    throw error("invalid UTF-8 in a string")
                }
                i += 1
                return s
            }
            if c == UInt8(ascii: "\\") || c < 0x20 { break }
            i += 1
        }
        var out: [UInt8] = Array(bytes[start..<i])
        while true {
            guard i < bytes.count else { throw error("unexpected end of input inside a string (truncated document?)") }
            let c = bytes[i]
            if c == UInt8(ascii: "\"") { i += 1; break }
            if c < 0x20 { throw error("control character in a string") }
            if c == UInt8(ascii: "\\") {
                i += 1
                guard i < bytes.count else { throw error("unexpected end of input inside a string (truncated document?)") }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5c)
                case UInt8(ascii: "/"): out.append(0x2f)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0c)
                case UInt8(ascii: "n"): out.append(0x0a)
                case UInt8(ascii: "r"): out.append(0x0d)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code), i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") {
                        i += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("invalid surrogate pair") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let sc = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                    out.append(contentsOf: Array(String(Character(sc)).utf8))
                default: i -= 1; throw error("invalid escape")
                }
                continue
            }
            out.append(c)
            i += 1
        }
        guard let s = String(validating: out, as: UTF8.self) else { throw error("invalid UTF-8 in a string") }
        return s
    }

    mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard i < bytes.count else { throw error("unexpected end of input in a \\u escape") }
            let c = bytes[i]
            let d: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit in a \\u escape")
            }
            v = v * 16 + d
            i += 1
        }
        return v
    }

    mutating func number() throws(JSONSyntaxError) -> Double {
        let start = i
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        func digits(_ r: inout JSONReader) -> Int {
            var n = 0
            while r.i < r.bytes.count, r.bytes[r.i] >= 48, r.bytes[r.i] <= 57 { r.i += 1; n += 1 }
            return n
        }
        guard i < bytes.count else { throw error("unexpected end of input in a number") }
        if bytes[i] == UInt8(ascii: "0") { i += 1 } else if digits(&self) == 0 { throw error("invalid number") }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            if digits(&self) == 0 { throw error("invalid number (digits expected after '.')") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            if digits(&self) == 0 { throw error("invalid number (exponent digits expected)") }
        }
        if let v = fastNumber(start..<i) { return v }
        guard let v = Double(String(decoding: bytes[start..<i], as: UTF8.self)) else {
            i = start; throw error("invalid number")
        }
        return v
    }

    /// Exact powers of ten a double holds (10^0 … 10^22).
    static let powersOfTen: [Double] = (0...22).map { p in (0..<p).reduce(1.0) { v, _ in v * 10 } }

    /// The value of the already validated number text in `range` when Clinger's fast path
    /// applies (at most 15 significant digits, a decimal exponent within ±22); nil otherwise.
    func fastNumber(_ range: Range<Int>) -> Double? {
        var k = range.lowerBound
        let negative = bytes[k] == UInt8(ascii: "-")
        if negative { k += 1 }
        var mantissa: UInt64 = 0, digits = 0, exponent = 0
        var leading = true
        while k < range.upperBound, bytes[k] >= 48, bytes[k] <= 57 {
            if leading && bytes[k] == 48 { k += 1; continue }
            leading = false
            mantissa = mantissa * 10 + UInt64(bytes[k] - 48); digits += 1; k += 1
            if digits > 15 { return nil }
        }
        if k < range.upperBound, bytes[k] == UInt8(ascii: ".") {
            k += 1
            while k < range.upperBound, bytes[k] >= 48, bytes[k] <= 57 {
                if leading && bytes[k] == 48 { exponent -= 1; k += 1; continue }
                leading = false
                mantissa = mantissa * 10 + UInt64(bytes[k] - 48); digits += 1; exponent -= 1; k += 1
                if digits > 15 { return nil }
            }
        }
        if k < range.upperBound {
            // An exponent: 'e' or 'E', a sign, digits (at most 4 are read exactly here).
            k += 1
            var sign = 1
            if bytes[k] == UInt8(ascii: "-") { sign = -1; k += 1 } else if bytes[k] == UInt8(ascii: "+") { k += 1 }
            var e = 0
            while k < range.upperBound {
                e = e * 10 + Int(bytes[k] - 48); k += 1
                if e > 9999 { return nil }
            }
            exponent += sign * e
        }
        var v = Double(mantissa)
        if mantissa != 0 {
            guard exponent >= -22, exponent <= 22 else { return nil }
            v = exponent < 0 ? v / Self.powersOfTen[-exponent] : v * Self.powersOfTen[exponent]
        }
        return negative ? -v : v
    }
}
