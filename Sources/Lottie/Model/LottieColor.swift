// Lottie colours: `[r, g, b(, a)]` in 0…1, which some exporters write in 0…255, and
// `#rrggbb` hex. The range is decided once per value written in the file, when it is read
// (lottie-ios decides it as it decodes a colour); an interpolated colour is only clamped.
// Keyframes whose easing overshoots (an out tangent below 0 or an in tangent above 1)
// interpolate to channels slightly outside 0…1, and those must stay in that range, not be
// taken for 0…255 values: Core Animation clamps a colour's components.
import LayerKit
import Raster

enum LottieColor {
    /// `v` in 0…1: divided by 255 when a channel of r, g, b exceeds 1 (alpha stays as is).
    static func unit(_ v: [Double]) -> [Double] {
        guard v.count >= 3, v[0] > 1 || v[1] > 1 || v[2] > 1 else { return v }
        return v.enumerated().map { $0.offset < 3 ? $0.element / 255 : $0.element }
    }

    /// A gradient's stop list (`count` colour stops of offset, r, g, b, then alpha stops)
    /// with its colours in 0…1, each stop's colour judged as `unit` judges one.
    static func unitStops(_ values: [Double], count: Int) -> [Double] {
        var out = values
        for i in 0..<min(count, values.count / 4) {
            let rgb = unit(Array(values[(4 * i + 1)...(4 * i + 3)]))
            out.replaceSubrange((4 * i + 1)...(4 * i + 3), with: rgb)
        }
        return out
    }

    /// A colour property read from `j` (or the constant `fallback`), its keyframes in 0…1.
    static func decode(_ j: LottieJSON?, default fallback: [Double]) throws(DocumentError) -> LottieProperty<[Double]> {
        try LottieProperty<[Double]>.decode(j, default: fallback).mapValues(unit)
    }

    /// The colour of channels already in 0…1 (see `unit`), each clamped to 0…1.
    static func color(_ v: [Double]) -> Color {
        guard v.count >= 3 else { return Color(0, 0, 0, 1) }
        func c(_ x: Double) -> Double { min(max(x, 0), 1) }
        return Color(c(v[0]), c(v[1]), c(v[2]), v.count > 3 ? c(v[3]) : 1)
    }

    static func hex(_ s: String) -> Color {
        var h = Substring(s)
        if h.hasPrefix("#") { h = h.dropFirst() }
        guard h.count >= 6, let n = UInt32(h.prefix(6), radix: 16) else { return Color(0, 0, 0, 1) }
        return Color(Double((n >> 16) & 255) / 255, Double((n >> 8) & 255) / 255, Double(n & 255) / 255, 1)
    }
}
