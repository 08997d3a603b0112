// A colour map: every pixel's colour replaced by a colour looked up on a gradient by the
// pixel's luminance, then mixed with the original by an intensity — the pixel operation behind
// Core Image's CIColorMap ("Performs a nonlinear transformation of source color values using
// mapping values provided in a table", the table a one-pixel-high gradient image) and After
// Effects' Tint and Tritone effects (lottie-web: a grey from the colour, then a table of two
// or three colours in sRGB, `SVGTintFilter`, `SVGTritoneFilter`).
//
// The luminance is dot(weights, rgb) of the unpremultiplied linear-light colour (FilterChain's
// working space), clamped to 0…1; its position on the gradient is that luminance encoded to
// sRGB, and the gradient's colours (sRGB, evenly spaced from 0 to 1, as the 8-bit pixels of a
// gradient image are) are mixed linearly in sRGB between the two around it (so a mid grey,
// sRGB 0.5, lands on a three-colour gradient's middle colour, as in lottie-web's tables and
// After Effects' Tritone). The result, decoded to linear light, is original + intensity ·
// (mapped − original); alpha is kept. The map of a luminance is a 1-D function: `FilterChain`
// tabulates it at `tableSize` linear luminances once per application and reads the table per
// pixel (no `pow`, no allocation per pixel).

/// A gradient colour map on unpremultiplied linear colour.
public struct ColorMap: Hashable, Sendable {
    /// The weights of r, g, b (w ignored) giving the position on the gradient.
    public var weights: SIMD4<Float>
    /// The gradient's colours, sRGB 0…1 (w ignored), evenly spaced over 0…1; at least one.
    public var colors: [SIMD4<Float>]
    /// How much of the mapped colour replaces the original (0…1).
    public var intensity: Float

    /// The most colours a map holds (a gradient image's width).
    public static let maximumColors = 256
    /// Points at which the map is tabulated.
    public static let tableSize = 4096

    public init(weights: SIMD4<Float>, colors: [SIMD4<Float>], intensity: Float) {
        self.weights = weights
        self.colors = colors.isEmpty ? [.zero] : Array(colors.prefix(Self.maximumColors))
        self.intensity = min(max(intensity.isNaN ? 0 : intensity, 0), 1)
    }

    /// The gradient's colour at position `t` (clamped to 0…1).
    public func color(at t: Float) -> SIMD4<Float> {
        guard colors.count > 1 else { return colors[0] }
        let x = min(max(t.isNaN ? 0 : t, 0), 1) * Float(colors.count - 1)
        let i = min(Int(x), colors.count - 2)
        let f = x - Float(i)
        return colors[i] + (colors[i + 1] - colors[i]) * f
    }

    /// The mapped colour (linear light) of each of `tableSize` linear luminances evenly spaced
    /// over 0…1.
    func table() -> [SIMD4<Float>] {
        (0..<Self.tableSize).map { i in
            let c = color(at: FilterChain.encode(Float(i) / Float(Self.tableSize - 1)))
            return SIMD4(Float(FilterChain.decode(Double(c.x))), Float(FilterChain.decode(Double(c.y))),
                         Float(FilterChain.decode(Double(c.z))), 0)
        }
    }
}

extension FilterChain {
    /// `map` on every pixel of the premultiplied linear plane (see ColorMap.swift).
    static func applyColorMap(_ map: ColorMap, _ plane: UnsafeMutablePointer<SIMD4<Float>>, count: Int) {
        let table = map.table()
        let top = Float(ColorMap.tableSize - 1)
        let w = map.weights, k = map.intensity
        table.withUnsafeBufferPointer { tb in
            let t = tb.baseAddress!
            for i in 0..<count {
                let v = plane[i]
                guard v.w > 0 else { continue }
                let a = min(v.w, 1)
                let u = v * (1 / v.w)
                let l = (w * SIMD4(u.x, u.y, u.z, 0)).sum() * top
                let idx = l > 0 ? (l < top ? Int(l + 0.5) : Int(top)) : 0
                var o = u + (t[idx] - u) * k
                o *= a
                o.w = a
                plane[i] = o
            }
        }
    }
}
