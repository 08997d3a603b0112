// JSON written as it is made: bytes appended to a buffer that goes to standard output each
// 256 KiB, so `inspect` of a large document costs time in proportion to what it prints and
// holds no more than the buffer, never the whole text. Numbers and strings are written as
// `num` and `jsonString` write them (and as the JSONSerialization those matched): integers
// below 1e15 without a fraction, others in Swift's shortest round-trip form, non-finite as
// strings; strings with `"`, `\`, \n \r \t \b \f and other controls as \u00xx escaped, all
// else raw UTF-8.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LayerKit

/// A JSON text written piece by piece to standard output (or kept, for `text`).
struct JSONStream {
    private(set) var buffer: [UInt8] = []
    /// Whether full buffers go to standard output (else everything stays in `buffer`).
    let toStandardOutput: Bool
    static let flushSize = 256 * 1024

    init(toStandardOutput: Bool) {
        self.toStandardOutput = toStandardOutput
        if toStandardOutput { buffer.reserveCapacity(Self.flushSize + 4096) }
    }

    /// What was written, when not streamed.
    var text: String { String(decoding: buffer, as: UTF8.self) }

    @inline(__always) mutating func raw(_ s: StaticString) {
        s.withUTF8Buffer { buffer.append(contentsOf: $0) }
        if buffer.count >= Self.flushSize { flush() }
    }

    mutating func raw(_ s: String) {
        buffer.append(contentsOf: s.utf8)
        if buffer.count >= Self.flushSize { flush() }
    }

    /// Bytes written as they are (a key prepared once: see `InspectCommand.writeSnapshot`).
    @inline(__always) mutating func bytes(_ b: [UInt8]) {
        buffer.append(contentsOf: b)
    }

    /// `", " + string(key) + ": "` as bytes, for writing before a value.
    static func fieldPrefix(_ key: String) -> [UInt8] {
        var s = JSONStream(toStandardOutput: false)
        s.raw(", ")
        s.string(key)
        s.raw(": ")
        return s.buffer
    }

    mutating func int(_ v: Int) {
        if v < 0 {
            buffer.append(UInt8(ascii: "-"))
            // -(Int.min) does not fit: its magnitude as an unsigned number.
            digits(v.magnitude)
        } else {
            digits(UInt(v))
        }
    }

    private mutating func digits(_ v: UInt) {
        var v = v
        var tmp: (UInt64, UInt64, UInt64) = (0, 0, 0)   // 24 bytes: room for 20 digits
        var n = 0
        withUnsafeMutableBytes(of: &tmp) { t in
            repeat {
                t[23 - n] = UInt8(ascii: "0") + UInt8(v % 10)
                v /= 10
                n += 1
            } while v > 0
            buffer.append(contentsOf: t[(24 - n)...])
        }
    }

    /// A number as `num` writes it.
    mutating func number(_ v: Double) {
        if v.isNaN { return raw("\"nan\"") }
        if v.isInfinite { return v > 0 ? raw("\"infinity\"") : raw("\"-infinity\"") }
        if v == v.rounded(), abs(v) < 1e15 { int(Int(v)); return }
        raw(v.description)
    }

    /// A string as `jsonString` writes it.
    mutating func string(_ s: String) {
        buffer.append(UInt8(ascii: "\""))
        let hex: StaticString = "0123456789abcdef"
        for c in s.utf8 {
            switch c {
            case UInt8(ascii: "\""): buffer.append(UInt8(ascii: "\\")); buffer.append(c)
            case UInt8(ascii: "\\"): buffer.append(UInt8(ascii: "\\")); buffer.append(c)
            case 0x0a: buffer.append(UInt8(ascii: "\\")); buffer.append(UInt8(ascii: "n"))
            case 0x0d: buffer.append(UInt8(ascii: "\\")); buffer.append(UInt8(ascii: "r"))
            case 0x09: buffer.append(UInt8(ascii: "\\")); buffer.append(UInt8(ascii: "t"))
            case 0x08: buffer.append(UInt8(ascii: "\\")); buffer.append(UInt8(ascii: "b"))
            case 0x0c: buffer.append(UInt8(ascii: "\\")); buffer.append(UInt8(ascii: "f"))
            case 0..<0x20:
                buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                hex.withUTF8Buffer { h in buffer.append(h[Int(c >> 4)]); buffer.append(h[Int(c & 15)]) }
            default: buffer.append(c)
            }
        }
        buffer.append(UInt8(ascii: "\""))
        if buffer.count >= Self.flushSize { flush() }
    }

    private mutating func list(_ xs: some Sequence<Double>) {
        buffer.append(UInt8(ascii: "["))
        var first = true
        for x in xs {
            if !first { buffer.append(UInt8(ascii: ",")); buffer.append(UInt8(ascii: " ")) }
            first = false
            number(x)
        }
        buffer.append(UInt8(ascii: "]"))
    }

    private mutating func pair(_ a: Double, _ b: Double) {
        buffer.append(UInt8(ascii: "["))
        number(a)
        buffer.append(UInt8(ascii: ",")); buffer.append(UInt8(ascii: " "))
        number(b)
        buffer.append(UInt8(ascii: "]"))
    }

    /// `[a, b, c, d]` without an array.
    private mutating func four(_ a: Double, _ b: Double, _ c: Double, _ d: Double) {
        buffer.append(UInt8(ascii: "["))
        number(a); raw(", "); number(b); raw(", "); number(c); raw(", "); number(d)
    }

    /// A transform's 16 numbers, row-major, without an array.
    private mutating func matrix(_ t: CATransform3D) {
        buffer.append(UInt8(ascii: "["))
        number(t.m11); raw(", "); number(t.m12); raw(", "); number(t.m13); raw(", "); number(t.m14); raw(", ")
        number(t.m21); raw(", "); number(t.m22); raw(", "); number(t.m23); raw(", "); number(t.m24); raw(", ")
        number(t.m31); raw(", "); number(t.m32); raw(", "); number(t.m33); raw(", "); number(t.m34); raw(", ")
        number(t.m41); raw(", "); number(t.m42); raw(", "); number(t.m43); raw(", "); number(t.m44)
        buffer.append(UInt8(ascii: "]"))
    }

    /// A property value as `json(_:)` writes it.
    mutating func value(_ v: AnimatableValue) {
        switch v {
        case .number(let n): number(n)
        case .bool(let b): b ? raw("true") : raw("false")
        case .point(let p): pair(p.x, p.y)
        case .size(let s): pair(s.width, s.height)
        case .rect(let r): four(r.origin.x, r.origin.y, r.size.width, r.size.height); buffer.append(UInt8(ascii: "]"))
        case .color(let c):
            if let c { four(c.r, c.g, c.b, c.a); buffer.append(UInt8(ascii: "]")) } else { raw("null") }
        case .transform(let t): matrix(t)
        case .path(let p):
            if let p { string(p.svgString) } else { raw("null") }
        case .image(let i):
            if let i { pair(Double(i.bitmap.width), Double(i.bitmap.height)) } else { raw("null") }
        case .list(let xs):
            buffer.append(UInt8(ascii: "["))
            for (k, x) in xs.enumerated() {
                if k > 0 { raw(", ") }
                value(x)
            }
            buffer.append(UInt8(ascii: "]"))
        case .numbers(let xs): list(xs)
        case .filters(let fs):
            buffer.append(UInt8(ascii: "["))
            for (k, f) in fs.enumerated() {
                if k > 0 { raw(", ") }
                raw("{\"type\": ")
                string(f.type.rawValue)
                if let name = f.name { raw(", \"name\": "); string(name) }
                for key in f.inputKeys {
                    raw(", ")
                    string(key)
                    raw(": ")
                    value(f.value(forKey: key) ?? .number(0))
                }
                buffer.append(UInt8(ascii: "}"))
            }
            buffer.append(UInt8(ascii: "]"))
        }
        if buffer.count >= Self.flushSize { flush() }
    }

    /// Writes out what is buffered (when streaming).
    mutating func flush() {
        guard toStandardOutput, !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { b in
            var done = 0
            while done < b.count {
                let n = write(1, b.baseAddress! + done, b.count - done)
                if n > 0 { done += n } else if n < 0 && errno == EINTR { continue } else { break }
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
