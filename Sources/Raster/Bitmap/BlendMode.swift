// Blend modes: how a source pixel mixes with the backdrop behind it, the separable and
// non-separable modes of W3C Compositing and Blending Level 1 (the formulas Core Image's
// blend filters follow). The blend function B(Cb, Cs) acts on straight colours, per channel
// (separable) or on the whole colour through its luminosity and saturation (non-separable),
// and the result is composited source-over with the blended colour where both are present:
//
//   co = cs · (1 − αb) + cb · (1 − αs) + αs · αb · B(Cb, Cs)      (cs, cb premultiplied)
//   αo = αs + αb · (1 − αs)
//
// A transparent source pixel leaves the backdrop as it is, in every mode.
//
// Two of After Effects' modes that W3C does not name take the same separable form: Add (its
// "Add" / Photoshop's linear dodge, Core Image's CILinearDodgeBlendMode), B = min(1, Cb + Cs),
// and Hard Mix, B = 1 where Cb + Cs ≥ 1 and 0 elsewhere (each channel pushed to 0 or 1, as
// Skottie's hard-mix blender computes it: min(floor(Cs + Cb), 1)).
// Beside the blend modes, as Core Graphics' CGBlendMode lists it beside them, one Porter–Duff
// operator of the same specification (§9.1.9, "Destination Out"): `destinationOut` keeps the
// backdrop where the source is absent, co = cb · (1 − αs), αo = αb · (1 − αs) — an eraser.
// It mixes no colour, so it is worked out on the premultiplied bytes (one scale per pixel),
// never through the floating-point blend; over nothing it leaves nothing.
// Three more byte operators, for After Effects' mask modes (Lottie's lighten, darken and
// difference masks): `maximum` and `minimum`, the larger and the smaller of each premultiplied
// channel (Core Image's CIMaximumCompositing / CIMinimumCompositing, "the maximum / minimum
// value, by color component, of two input images"), and Porter–Duff `xor` (§9.1.12,
// co = cs · (1 − αb) + cb · (1 − αs), αo = αs · (1 − αb) + αb · (1 − αs)). `minimum` is
// unbounded: where the source draws nothing (αs = 0) the result is 0, so it clears the backdrop
// outside the source's drawn area too (Canvas.drawOperator). So is Porter–Duff
// `destinationIn` (§9.1.7, co = cb · αs, αo = αb · αs), an intersect mask's operator.

/// A way of mixing a source with its backdrop (W3C Compositing and Blending Level 1).
public enum BlendMode: Sendable, Hashable, CaseIterable {
    case multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, hardLight, softLight
    case difference, exclusion, hue, saturation, color, luminosity
    case add, hardMix
    /// The backdrop times one minus the source's alpha (Porter–Duff destination-out;
    /// CGBlendMode.destinationOut): what the source covers is erased.
    case destinationOut
    /// The larger of each premultiplied channel (CIMaximumCompositing).
    case maximum
    /// The smaller of each premultiplied channel (CIMinimumCompositing); unbounded.
    case minimum
    /// Each shows where the other is absent (Porter–Duff xor).
    case xor
    /// The backdrop times the source's alpha (Porter–Duff destination-in); unbounded.
    case destinationIn

    /// Whether the mode is a blend of colours (as opposed to the byte operators:
    /// destination-out, maximum, minimum, xor).
    public var blendsColors: Bool {
        switch self {
        case .destinationOut, .maximum, .minimum, .xor, .destinationIn: false
        default: true
        }
    }

    /// Whether a transparent source changes the backdrop (the minimum and destination-in
    /// clear it).
    public var isUnbounded: Bool { self == .minimum || self == .destinationIn }

    /// B(Cb, Cs): the blended straight colour of backdrop `b` and source `s` (0…1 channels).
    public func blend(_ b: SIMD3<Double>, _ s: SIMD3<Double>) -> SIMD3<Double> {
        switch self {
        case .multiply: return b * s
        case .screen: return b + s - b * s
        case .overlay: return Self.hardLight(s: b, b: s)
        case .darken: return pointwiseMin(b, s)
        case .lighten: return pointwiseMax(b, s)
        case .colorDodge: return Self.map(b, s) { b, s in b == 0 ? 0 : (s >= 1 ? 1 : min(1, b / (1 - s))) }
        case .colorBurn: return Self.map(b, s) { b, s in b >= 1 ? 1 : (s <= 0 ? 0 : 1 - min(1, (1 - b) / s)) }
        case .hardLight: return Self.hardLight(s: s, b: b)
        case .softLight:
            return Self.map(b, s) { b, s in
                if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
                let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
                return b + (2 * s - 1) * (d - b)
            }
        case .difference: return Self.map(b, s) { b, s in abs(b - s) }
        case .exclusion: return b + s - 2 * b * s
        case .hue: return Self.setLum(Self.setSat(s, Self.sat(b)), Self.lum(b))
        case .saturation: return Self.setLum(Self.setSat(b, Self.sat(s)), Self.lum(b))
        case .color: return Self.setLum(s, Self.lum(b))
        case .luminosity: return Self.setLum(b, Self.lum(s))
        case .add: return pointwiseMin(b + s, SIMD3(repeating: 1))
        case .hardMix: return Self.map(b, s) { b, s in b + s >= 1 ? 1 : 0 }
        // Destination-out takes no colour from the source: the backdrop's stays (and
        // `composite` scales it, with its alpha, by 1 − αs). The other byte operators are
        // worked out on the bytes in `composite` too.
        case .destinationOut, .maximum, .minimum, .xor, .destinationIn: return b
        }
    }

    /// Premultiplied ARGB8888 source `s` (already scaled by its opacity and coverage) over
    /// backdrop `b` in this mode.
    public func composite(_ s: UInt32, over b: UInt32) -> UInt32 {
        switch self {
        case .destinationOut: return Self.erase(b, by: s)
        case .maximum: return Self.bytewise(s, b, max)
        case .minimum: return Self.bytewise(s, b, min)
        case .destinationIn: return lkScale(b, s >> 24)
        case .xor: return Self.bytewise(lkScale(s, 255 - (b >> 24)), lkScale(b, 255 - (s >> 24))) { min($0 + $1, 255) }
        default: break
        }
        let sa = Double(s >> 24) / 255
        guard sa > 0 else { return b }
        let ba = Double(b >> 24) / 255
        let sp = Self.channels(s), bp = Self.channels(b)
        var out = sp * (1 - ba) + bp * (1 - sa)
        let one = SIMD3<Double>(repeating: 1)
        if ba > 0 { out += sa * ba * blend(pointwiseMin(bp / ba, one), pointwiseMin(sp / sa, one)) }
        let a = sa + ba * (1 - sa)
        // Rounded half up by truncation (a non-negative value): `.rounded()` is a call into
        // libm on baseline x86-64, four a pixel.
        func byte(_ v: Double) -> UInt32 { UInt32(min(max(v, 0), 1) * 255 + 0.5) }
        let o = pointwiseMin(out, SIMD3(repeating: a))
        return byte(a) << 24 | byte(o.x) << 16 | byte(o.y) << 8 | byte(o.z)
    }

    /// Premultiplied `b` times 1 − the alpha of `s` (destination-out), rounded per byte.
    @inline(__always)
    static func erase(_ b: UInt32, by s: UInt32) -> UInt32 {
        let k = 255 - (s >> 24)
        return k == 255 ? b : (k == 0 ? 0 : lkScale(b, k))
    }

    /// `f` of each byte of `s` and `b`.
    @inline(__always)
    static func bytewise(_ s: UInt32, _ b: UInt32, _ f: (UInt32, UInt32) -> UInt32) -> UInt32 {
        var out: UInt32 = 0
        for shift in stride(from: UInt32(0), through: 24, by: 8) { out |= f((s >> shift) & 0xff, (b >> shift) & 0xff) << shift }
        return out
    }

    private static func channels(_ p: UInt32) -> SIMD3<Double> {
        SIMD3(Double((p >> 16) & 0xff), Double((p >> 8) & 0xff), Double(p & 0xff)) / 255
    }

    private static func map(_ b: SIMD3<Double>, _ s: SIMD3<Double>, _ f: (Double, Double) -> Double) -> SIMD3<Double> {
        SIMD3(f(b.x, s.x), f(b.y, s.y), f(b.z, s.z))
    }

    private static func hardLight(s: SIMD3<Double>, b: SIMD3<Double>) -> SIMD3<Double> {
        map(b, s) { b, s in s <= 0.5 ? b * 2 * s : b + (2 * s - 1) - b * (2 * s - 1) }
    }

    // The non-separable modes' helpers, as the specification names them.
    private static func lum(_ c: SIMD3<Double>) -> Double { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

    private static func clipColor(_ c: SIMD3<Double>) -> SIMD3<Double> {
        let l = lum(c), n = c.min(), x = c.max()
        var c = c
        if n < 0 { c = l + (c - l) * l / (l - n) }
        if x > 1 { c = l + (c - l) * (1 - l) / (x - l) }
        return c
    }

    private static func setLum(_ c: SIMD3<Double>, _ l: Double) -> SIMD3<Double> { clipColor(c + (l - lum(c))) }

    private static func sat(_ c: SIMD3<Double>) -> Double { c.max() - c.min() }

    private static func setSat(_ c: SIMD3<Double>, _ s: Double) -> SIMD3<Double> {
        let n = c.min(), x = c.max()
        guard x > n else { return SIMD3(repeating: 0) }
        return (c - n) * s / (x - n)
    }
}
