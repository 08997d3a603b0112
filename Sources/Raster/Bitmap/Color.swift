/// A colour with straight (not premultiplied) components in 0…1, sRGB.
public struct Color: Hashable, Sendable {
    public var r: Double, g: Double, b: Double, a: Double
    @inlinable public init(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }
    @inlinable public init(r: Double, g: Double, b: Double, a: Double = 1) { self.init(r, g, b, a) }
    public static let clear = Color(0, 0, 0, 0)
    public static let black = Color(0, 0, 0)
    public static let white = Color(1, 1, 1)
    public static let red = Color(1, 0, 0)
    public static let green = Color(0, 1, 0)
    public static let blue = Color(0, 0, 1)
    public static let yellow = Color(1, 1, 0)

    /// Parses `#rgb`, `#rrggbb` or `#rrggbbaa`; nil when malformed.
    public init?(hex: String) {
        var s = Substring(hex)
        guard s.first == "#" else { return nil }
        s = s.dropFirst()
        // ASCII only: `isHexDigit` also accepts the fullwidth forms, which `UInt8(_:radix:)` refuses.
        guard s.allSatisfy({ $0.isASCII && $0.isHexDigit }) else { return nil }
        func byte(_ i: Int) -> Double {
            let start = s.index(s.startIndex, offsetBy: i)
            return Double(UInt8(s[start..<s.index(start, offsetBy: 2)], radix: 16)!) / 255
        }
        switch s.count {
        case 3:
            let v = s.map { Double(UInt8(String($0), radix: 16)!) * 17 / 255 }
            self.init(v[0], v[1], v[2], 1)
        case 6: self.init(byte(0), byte(2), byte(4), 1)
        case 8: self.init(byte(0), byte(2), byte(4), byte(6))
        default: return nil
        }
    }

    /// Premultiplied ARGB8888 (SDL_PIXELFORMAT_ARGB8888: A in the high byte of a native UInt32).
    @inlinable public var premultipliedARGB: UInt32 {
        let ca = Swift.min(Swift.max(a, 0), 1)
        @inline(__always) func q(_ v: Double) -> UInt32 { Self.roundedByte(Swift.min(Swift.max(v, 0), 1) * ca * 255) }
        let aa = Self.roundedByte(ca * 255)
        return (aa << 24) | (q(r) << 16) | (q(g) << 8) | q(b)
    }

    /// `UInt32(v.rounded())` for v in 0…255 (halves away from zero), without the C library's
    /// `round`, which code for the x86-64 baseline calls (it has no rounding instruction). The
    /// truncation t of fl(v + ½) is ⌊v + ½⌋ except where the sum rounded up onto an integer
    /// (v = 0.5 − 2⁻⁵⁴ gives fl(v + ½) = 1): then v + ½ < t exactly, which the comparison
    /// v < t − ½ (exact, t small) detects, and the answer is t − 1. NaN traps, as before.
    @inlinable static func roundedByte(_ v: Double) -> UInt32 {
        let t = UInt32(v + 0.5)
        return v < Double(t) - 0.5 ? t &- 1 : t
    }
    /// Back from premultiplied ARGB8888 to a straight colour.
    public init(premultipliedARGB p: UInt32) {
        let a = Double(p >> 24) / 255
        guard a > 0 else { self.init(0, 0, 0, 0); return }
        self.init(Double((p >> 16) & 0xff) / 255 / a, Double((p >> 8) & 0xff) / 255 / a,
                  Double(p & 0xff) / 255 / a, a)
    }
    /// Component-wise interpolation (straight components, as Core Animation interpolates colours).
    public func lerp(_ o: Color, _ t: Double) -> Color {
        Color(r + (o.r - r) * t, g + (o.g - g) * t, b + (o.b - b) * t, a + (o.a - a) * t)
    }
    /// The same colour with alpha multiplied by `k`.
    public func withAlphaScaled(_ k: Double) -> Color { Color(r, g, b, a * k) }
}
