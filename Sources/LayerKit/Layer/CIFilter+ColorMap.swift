// `CIColorMap`, the Core Image filter that "Performs a nonlinear transformation of source
// color values using mapping values provided in a table" (Core Image Filter Reference), for a
// layer's `filters`: the table is Core Image's `inputGradientImage`, a one-pixel-high gradient
// image, here given as its pixels' colours (a list of 1…256 colours, evenly spaced from the
// darkest luminance to the brightest; positions and mixing in sRGB, as an 8-bit gradient image
// holds them: Raster's ColorMap). Two inputs are LayerKit's, in Core Image's manner:
// `inputIntensity` mixes the mapped colour with the original (as CIColorMonochrome's does;
// default 1, the map alone), and `inputLuminanceVector` weighs r, g, b into the position on
// the gradient (as CIColorMatrix's vectors; default the Rec. 709 luminance of the linear
// working space, Core Image's). After Effects' Tint and Tritone are colour maps of two and
// three colours (Lottie's importer, LottieLayerEffects.swift). Pixels: Raster's ColorMap.

import Raster

extension CIFilter {
    /// The inputs of CIColorMap and their defaults: a black-to-white gradient (which leaves
    /// the luminance as it is), full intensity, Rec. 709 weights.
    static let colorMapDefaults: [(key: String, value: AnimatableValue)] = [
        ("inputGradientImage", .list([.color(Color(0, 0, 0, 1)), .color(Color(1, 1, 1, 1))])),
        ("inputIntensity", .number(1)),
        ("inputLuminanceVector", .numbers([0.2126, 0.7152, 0.0722, 0])),
    ]

    /// `CIColorMap` mapping luminance onto `colors` (darkest first), mixed with the original
    /// by `intensity`, the position on the gradient weighed by `luminance` (r, g, b, unused).
    public static func colorMap(colors: [Color], intensity: Double = 1, luminance: [Double] = [0.2126, 0.7152, 0.0722, 0],
                                name: String? = nil) -> CIFilter {
        var f = CIFilter(type: .colorMap, name: name)
        f.setValue(.list(colors.map { .color($0) }), forKey: "inputGradientImage")
        f.setValue(.number(intensity), forKey: "inputIntensity")
        f.setValue(.numbers(luminance), forKey: "inputLuminanceVector")
        return f
    }

    /// The colour map as Raster's pixel operation (the gradient's sRGB colours, alpha ignored).
    var colorMapPixelFilter: PixelFilter? {
        guard case .list(let xs)? = value(forKey: "inputGradientImage"), !xs.isEmpty else { return nil }
        var colors: [SIMD4<Float>] = []
        for x in xs {
            guard case .color(let c?) = x else { return nil }
            colors.append(SIMD4(Float(c.r), Float(c.g), Float(c.b), 0))
        }
        var weights = SIMD4<Float>(0.2126, 0.7152, 0.0722, 0)
        if case .numbers(let v)? = value(forKey: "inputLuminanceVector"), v.count == 4 {
            weights = SIMD4(Float(v[0]), Float(v[1]), Float(v[2]), 0)
        }
        let intensity = Float(min(max(number("inputIntensity"), 0), 1))
        guard intensity > 0 else { return nil }
        return .colorMap(ColorMap(weights: weights, colors: colors, intensity: intensity))
    }
}
