// Typed reads of the decoded JSON with the place of every value kept, so that a malformed
// file is refused with one line naming where (`layers[3].ks.p.k[2].t: expected a number`).
// The place is kept as a chain of steps (member name, element index) shared with the parent
// and spelled out only when asked for, for a refusal: formatting a path string for every
// value read was a fifth of the import time of a large file.
import LayerKit

/// Where a value lies: the top (with a given path), a member of a value, an element of an array.
indirect enum LottieJSONPlace {
    case top(String)
    case member(LottieJSONPlace, String)
    case element(LottieJSONPlace, Int)

    /// `layers[3].ks.p`.
    var path: String {
        var steps: [LottieJSONPlace] = []
        var p = self
        while true {
            switch p {
            case .top(let s):
                var out = s
                for step in steps.reversed() {
                    switch step {
                    case .member(_, let key): out = out.isEmpty ? key : out + "." + key
                    case .element(_, let i): out += "[\(i)]"
                    case .top: break
                    }
                }
                return out
            case .member(let parent, _), .element(let parent, _):
                steps.append(p)
                p = parent
            }
        }
    }
}

/// A JSON value and its path in the file.
struct LottieJSON {
    let value: JSONValue
    let place: LottieJSONPlace
    var path: String { place.path }

    init(_ value: JSONValue, path: String) { self.value = value; place = .top(path) }
    init(_ value: JSONValue, place: LottieJSONPlace) { self.value = value; self.place = place }

    func error(_ message: String) -> DocumentError { DocumentError(path, message) }

    /// The member `key`, nil when absent or null.
    subscript(key: String) -> LottieJSON? {
        guard let v = value[key] else { return nil }
        if case .null = v { return nil }
        return LottieJSON(v, place: .member(place, key))
    }

    var isObject: Bool { if case .object = value { return true }; return false }
    var isArray: Bool { if case .array = value { return true }; return false }
    var numberValue: Double? {
        switch value {
        case .number(let n): return n.isFinite ? n : nil
        case .bool(let b): return b ? 1 : 0
        default: return nil
        }
    }
    var stringValue: String? { if case .string(let s) = value { return s }; return nil }

    /// The elements of an array (nil when not an array), each with its path.
    var elements: [LottieJSON]? {
        guard case .array(let a) = value else { return nil }
        return a.enumerated().map { LottieJSON($1, place: .element(place, $0)) }
    }

    func number() throws(DocumentError) -> Double {
        guard let n = numberValue else { throw error("expected a finite number, found \(value.kindName)") }
        return n
    }
    func string() throws(DocumentError) -> String {
        guard let s = stringValue else { throw error("expected a string, found \(value.kindName)") }
        guard s.utf8.count <= DocumentLimits.maximumStringBytes else {
            throw error("string of \(s.utf8.count) bytes exceeds the limit \(DocumentLimits.maximumStringBytes)")
        }
        return s
    }
    func array(limit: Int) throws(DocumentError) -> [LottieJSON] {
        guard let a = elements else { throw error("expected an array, found \(value.kindName)") }
        guard a.count <= limit else { throw error("\(a.count) elements exceed the limit \(limit)") }
        return a
    }
    /// A number or an array of numbers, as a vector.
    func vector() throws(DocumentError) -> [Double] {
        if let n = numberValue { return [n] }
        guard let a = elements else { throw error("expected a number or an array of numbers, found \(value.kindName)") }
        guard a.count <= 64 else { throw error("\(a.count) components exceed the limit 64") }
        var out: [Double] = []
        for e in a { out.append(try e.number()) }
        return out
    }

    /// A whole number used as a code or an index (`ty`, `lc`, `ind` …); the fraction is
    /// dropped, and a magnitude of 1e9 or more is refused rather than trapping in `Int(_:)`.
    func integer() throws(DocumentError) -> Int {
        let n = try number()
        guard abs(n) < 1e9 else { throw error("\(DocumentText.number(n)) is out of range") }
        return Int(n)
    }
    /// The code at `key` (a cap, a join, a merge mode …): `d` when absent or not a number, as
    /// players read them; a number of 1e9 or more is refused.
    func code(_ key: String, default d: Int) throws(DocumentError) -> Int {
        guard let v = self[key], v.numberValue != nil else { return d }
        return try v.integer()
    }
    func optionalInteger(_ key: String) throws(DocumentError) -> Int? { try self[key]?.integer() }

    func number(_ key: String, default d: Double) throws(DocumentError) -> Double {
        try self[key]?.number() ?? d
    }
    func optionalNumber(_ key: String) throws(DocumentError) -> Double? { try self[key]?.number() }
    func optionalString(_ key: String) throws(DocumentError) -> String? { try self[key]?.string() }
    func bool(_ key: String) -> Bool { (self[key]?.numberValue ?? 0) != 0 }
    func required(_ key: String) throws(DocumentError) -> LottieJSON {
        guard let v = self[key] else { throw DocumentError(path, "missing \"\(key)\"") }
        return v
    }
}
