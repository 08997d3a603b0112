// What each Core Image filter does to pixels, as Raster's pixel filters (Raster/Filters):
// a blur, or a colour matrix on unpremultiplied linear-light colour (Core Image's working
// space; FilterChain.swift converts to it and back). Core Image's documented rules:
//
// - CIGaussianBlur: "Spreads source pixels by an amount specified by a Gaussian
//   distribution"; `inputRadius` "The radius of the blur, in pixels" — taken as the
//   Gaussian's standard deviation σ (as the shadow's radius is, CALayer+ShadowDisplay.swift),
//   in the layer's points, scaled onto the surface by the layer's map like its shadow.
// - CIColorMatrix: "s.r = dot(s, redVector), s.g = dot(s, greenVector), s.b = dot(s,
//   blueVector), s.a = dot(s, alphaVector), s = s + bias".
// - CIColorControls: "To calculate saturation, this filter linearly interpolates between a
//   grayscale image (saturation = 0.0) and the original image (saturation = 1.0) …
//   contrast … (color.rgb - vec3(0.5)) * contrast + vec3(0.5) … brightness by adding a bias
//   value: color.rgb + vec3(brightness)" — in that order: saturation, brightness, contrast.
//   The grey is the luminance of linear sRGB (Rec. 709 weights 0.2126, 0.7152, 0.0722).
// - CIColorMonochrome: "Remaps colors so they fall within shades of a single color": the
//   luminance times `inputColor` (in linear light), mixed with the original by
//   `inputIntensity`.
// - CIColorInvert: "Inverts the colors in an image": 1 − r, g, b; alpha kept.
// - CISepiaTone: "Maps the colors of an image to various shades of brown": Apple gives no
//   matrix; the common sepia matrix (rows .393 .769 .189 / .349 .686 .168 / .272 .534 .131),
//   mixed with the original by `inputIntensity`.
// - CIColorMap: "Performs a nonlinear transformation of source color values using mapping
//   values provided in a table": CIFilter+ColorMap.swift.
// - CIAffineClamp: "Performs an affine transformation on a source image and then clamps the
//   pixels at the edge of the transformed image, extending them outwards … You can use this
//   filter when you need to blur an image but you want to avoid a soft, black fringe along the
//   edges": with the identity (the only transform drawn), the blurs after it read the edge
//   pixels beyond the surface. Core Image's image is then infinite and an app crops it to the
//   original extent; a layer cuts it with masksToBounds (the group is its bounds then).
// - LKGaussianBlurXY (LayerKit's): CIGaussianBlur's σ along x and along y apart
//   (`inputRadiusX`, `inputRadiusY`), SVG feGaussianBlur's `stdDeviation="x y"`.
// - LKStroke (LayerKit's): a band `inputWidth` points wide along the edge of the alpha, in
//   `inputColor` (decoded to linear light, its alpha the opacity), outside and beneath,
//   inside and over, or centred and over (`inputPosition` 0, 1, 2): Raster's AlphaStroke.
// - LKGradientRamp (LayerKit's): Raster's GradientRamp, its points mapped from the layer's
//   plane onto the surface by the layer's map (a pixel's place is its input, unlike the other
//   filters'), `inputIntensity` the share of the ramp (1 − After Effects' Blend With Original).

import Raster

extension CIFilter {
    /// Luminance weights of linear sRGB (ITU-R BT.709).
    static let luminance = SIMD4<Float>(0.2126, 0.7152, 0.0722, 0)

    /// The filter as a pixel filter on a surface the layer's plane maps onto by `map`, of mean
    /// scale `scale` (pixels per point); nil when it leaves pixels as they are.
    public func pixelFilter(scale: Double, map: AffineTransform = .identity) -> PixelFilter? {
        func vec(_ key: String) -> SIMD4<Float> {
            guard case .numbers(let v)? = value(forKey: key), v.count == 4 else { return .zero }
            return SIMD4(Float(v[0]), Float(v[1]), Float(v[2]), Float(v[3]))
        }
        func f(_ x: Double) -> Float { Float(min(max(x, -1e6), 1e6)) }
        switch type {
        case .gaussianBlur:
            let r = min(max(number("inputRadius"), 0), DocumentLimits.maximumFilterRadius)
            let sigma = PixelFilter.usableSigma(r * scale)
            return sigma > 0 ? .gaussianBlur(sigma: sigma) : nil
        case .gaussianBlurXY:
            func sigma(_ key: String) -> Double {
                PixelFilter.usableSigma(min(max(number(key), 0), DocumentLimits.maximumFilterRadius) * scale)
            }
            let sx = sigma("inputRadiusX"), sy = sigma("inputRadiusY")
            return sx > 0 || sy > 0 ? .gaussianBlur(sigmaX: sx, sigmaY: sy) : nil
        case .affineClamp:
            return .clampToExtent
        case .stroke:
            let width = min(max(number("inputWidth"), 0), DocumentLimits.maximumFilterRadius) * scale
            guard width > 0, case .color(let c?)? = value(forKey: "inputColor"), c.a > 0,
                  let position = AlphaStroke.Position(rawValue: Int(min(max(number("inputPosition"), 0), 2))) else { return nil }
            let color = SIMD4<Float>(Float(FilterChain.decode(c.r)), Float(FilterChain.decode(c.g)),
                                     Float(FilterChain.decode(c.b)), Float(min(max(c.a, 0), 1)))
            return .alphaStroke(AlphaStroke(width: width, color: color, position: position))
        case .gradientRamp:
            guard case .numbers(let p0)? = value(forKey: "inputPoint0"), case .numbers(let p1)? = value(forKey: "inputPoint1"),
                  case .color(let c0?)? = value(forKey: "inputColor0"), case .color(let c1?)? = value(forKey: "inputColor1")
            else { return nil }
            func onSurface(_ p: [Double]) -> SIMD2<Double> {
                let q = map.apply(Point(min(max(p[0], -1e6), 1e6), min(max(p[1], -1e6), 1e6)))
                return SIMD2(q.x, q.y)
            }
            func srgb(_ c: Color) -> SIMD4<Float> { SIMD4(Float(c.r), Float(c.g), Float(c.b), 1) }
            return .gradientRamp(GradientRamp(start: onSurface(p0), end: onSurface(p1), startColor: srgb(c0), endColor: srgb(c1),
                                              radial: number("inputShape") >= 0.5, blend: 1 - f(number("inputIntensity"))))
        case .colorMatrix:
            return .colorMatrix(ColorMatrix(r: vec("inputRVector"), g: vec("inputGVector"), b: vec("inputBVector"),
                                            a: vec("inputAVector"), bias: vec("inputBiasVector")))
        case .colorControls:
            let s = f(number("inputSaturation")), br = f(number("inputBrightness")), c = f(number("inputContrast"))
            let l = Self.luminance
            // Saturation: grey + s·(colour − grey), grey = dot(lum, rgb).
            func satRow(_ i: Int) -> SIMD4<Float> {
                var row = (1 - s) * l
                row[i] += s
                return row
            }
            let saturation = ColorMatrix(r: satRow(0), g: satRow(1), b: satRow(2), a: [0, 0, 0, 1])
            let brightness = ColorMatrix(r: [1, 0, 0, 0], g: [0, 1, 0, 0], b: [0, 0, 1, 0], a: [0, 0, 0, 1],
                                         bias: SIMD4(br, br, br, 0))
            let k = 0.5 - 0.5 * c
            let contrast = ColorMatrix(r: [c, 0, 0, 0], g: [0, c, 0, 0], b: [0, 0, c, 0], a: [0, 0, 0, 1],
                                       bias: SIMD4(k, k, k, 0))
            return .colorMatrix(saturation.followed(by: brightness).followed(by: contrast))
        case .colorMonochrome:
            guard case .color(let col?)? = value(forKey: "inputColor") else { return nil }
            let i = f(number("inputIntensity"))
            let lin = SIMD3<Float>(Float(FilterChain.decode(col.r)), Float(FilterChain.decode(col.g)),
                                   Float(FilterChain.decode(col.b)))
            let l = Self.luminance
            func row(_ ch: Int) -> SIMD4<Float> {
                var r = i * lin[ch] * l
                r[ch] += 1 - i
                return r
            }
            return .colorMatrix(ColorMatrix(r: row(0), g: row(1), b: row(2), a: [0, 0, 0, 1]))
        case .colorInvert:
            return .colorMatrix(ColorMatrix(r: [-1, 0, 0, 0], g: [0, -1, 0, 0], b: [0, 0, -1, 0], a: [0, 0, 0, 1],
                                            bias: [1, 1, 1, 0]))
        case .sepiaTone:
            let i = f(number("inputIntensity"))
            let sepia: [SIMD4<Float>] = [[0.393, 0.769, 0.189, 0], [0.349, 0.686, 0.168, 0], [0.272, 0.534, 0.131, 0]]
            func row(_ ch: Int) -> SIMD4<Float> {
                var r = i * sepia[ch]
                r[ch] += 1 - i
                return r
            }
            return .colorMatrix(ColorMatrix(r: row(0), g: row(1), b: row(2), a: [0, 0, 0, 1]))
        case .colorMap:
            return colorMapPixelFilter
        }
    }
}

extension Array where Element == CIFilter {
    /// The filters as a pixel chain at `scale` (pixels per point) on a surface the plane maps
    /// onto by `map`, those that change nothing left out.
    public func pixelFilters(scale: Double, map: AffineTransform = .identity) -> [PixelFilter] {
        compactMap { $0.pixelFilter(scale: scale, map: map) }
    }

    /// How far (points) the filters spread colour: 3σ + 1 per blur, a stroke's reach + 1.
    var localReach: Double {
        reduce(0) { r, f in
            let key: [String]
            switch f.type {
            case .gaussianBlur: key = ["inputRadius"]
            case .gaussianBlurXY: key = ["inputRadiusX", "inputRadiusY"]
            case .stroke:
                // The band's reach beyond the alpha: its width outside, half of it centred.
                let w = Swift.min(Swift.max(f.number("inputWidth"), 0), DocumentLimits.maximumFilterRadius)
                let position = Int(Swift.min(Swift.max(f.number("inputPosition"), 0), 2))
                let reach = position == 0 ? w : position == 2 ? w / 2 : 0
                return reach > 0 ? r + reach + 1 : r
            default: return r
            }
            let radius = key.map { Swift.min(Swift.max(f.number($0), 0), DocumentLimits.maximumFilterRadius) }.max() ?? 0
            return radius > 0 ? r + 3 * radius + 1 : r
        }
    }
}
