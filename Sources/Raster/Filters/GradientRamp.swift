// A gradient ramp: every pixel's colour replaced by a two-colour linear or radial gradient,
// its alpha kept, then mixed with the original — the pixel operation behind After Effects'
// Gradient Ramp effect (Effect › Generate: "The Ramp effect creates a color gradient. You
// can create linear or radial ramps … Use the Start Of Ramp and End Of Ramp properties to
// specify the start and end positions", After Effects CS3 User Guide, "Ramp effect"; "Blend
// With Original" mixes the original back in, 0 % all ramp) and of Skottie's
// GradientRampEffectAdapter (a linear or radial gradient shader drawn over the layer's content
// through its alpha, the original blended back in).
//
// Linear: a pixel centre p takes t = (p − start)·(end − start) / |end − start|², clamped to
// 0…1 (the colours held beyond both ends). Radial: t = |p − start| / |end − start|, the start
// the centre and the end a point on the end colour's circle. Coinciding points give the end
// colour everywhere. The two colours (sRGB) are mixed in sRGB, as an 8-bit After Effects
// project and Skottie's gradient shaders mix them; the mix is tabulated once per application
// at `tableSize` positions in linear light (FilterChain's working space), so the per-pixel
// loop is a dot product, a table read and a mix: original + (1 − blend)·(ramp − original) on
// unpremultiplied colour, premultiplied by the pixel's alpha. "Ramp Scatter" (a dither
// against banding) is not drawn. Points are in the plane's pixels (pixel (x, y) covers
// x…x+1, y…y+1).

/// A two-colour gradient drawn through a plane's alpha.
public struct GradientRamp: Hashable, Sendable {
    /// Where the start colour lies and where the end colour begins (pixels of the plane).
    public var start: SIMD2<Double>, end: SIMD2<Double>
    /// The colours at the start and at the end, sRGB 0…1 (w ignored: the pixel's alpha is kept).
    public var startColor: SIMD4<Float>, endColor: SIMD4<Float>
    /// Radial (a circle about `start` through `end`) rather than linear.
    public var radial: Bool
    /// How much of the original colour is kept (0: all ramp, 1: the original).
    public var blend: Float

    /// Positions at which the ramp's colour is tabulated.
    public static let tableSize = 1024

    public init(start: SIMD2<Double>, end: SIMD2<Double>, startColor: SIMD4<Float>, endColor: SIMD4<Float>,
                radial: Bool, blend: Float) {
        self.start = start; self.end = end
        self.startColor = startColor; self.endColor = endColor
        self.radial = radial
        self.blend = min(max(blend.isNaN ? 0 : blend, 0), 1)
    }

    /// The ramp's position (0…1) at point `p` of the plane.
    public func position(at p: SIMD2<Double>) -> Double {
        let d = end - start
        let len2 = (d * d).sum()
        guard len2 > 0, len2.isFinite else { return 1 }
        let q = p - start
        let t = radial ? ((q * q).sum() / len2).squareRoot() : (q * d).sum() / len2
        return t.isNaN ? 1 : min(max(t, 0), 1)
    }

    /// The ramp's colour (linear light, w 0) at each of `tableSize` positions evenly spaced over 0…1.
    func table() -> [SIMD4<Float>] {
        (0..<Self.tableSize).map { i in
            let c = startColor + (endColor - startColor) * (Float(i) / Float(Self.tableSize - 1))
            return SIMD4(Float(FilterChain.decode(Double(min(max(c.x, 0), 1)))), Float(FilterChain.decode(Double(min(max(c.y, 0), 1)))),
                         Float(FilterChain.decode(Double(min(max(c.z, 0), 1)))), 0)
        }
    }
}

extension FilterChain {
    /// `ramp` through the alpha of every pixel of the premultiplied linear plane (w × h).
    static func applyGradientRamp(_ ramp: GradientRamp, _ plane: UnsafeMutablePointer<SIMD4<Float>>, width w: Int, height h: Int) {
        let table = ramp.table()
        let top = Double(GradientRamp.tableSize - 1)
        let keep = ramp.blend
        table.withUnsafeBufferPointer { tb in
            let t = tb.baseAddress!
            for y in 0..<h {
                let row = plane + y &* w
                let cy = Double(y) + 0.5
                for x in 0..<w {
                    let v = row[x]
                    guard v.w > 0 else { continue }
                    let s = ramp.position(at: SIMD2(Double(x) + 0.5, cy))
                    let u = s * top
                    let idx = u > 0 ? (u < top ? Int(u + 0.5) : Int(top)) : 0
                    let a = min(v.w, 1)
                    // Premultiplied: ramp·a mixed with the original (already premultiplied).
                    var o = t[idx] * a
                    o += (v - o) * keep
                    o.w = a
                    row[x] = o
                }
            }
        }
    }
}
