// The pixel operations a display list's filters are made of. Every colour filter Core Image
// offers to layers here (CIColorMatrix, CIColorControls, CIColorMonochrome, CIColorInvert,
// CISepiaTone) is an affine map of a pixel's unpremultiplied colour, so one kind, a 4 × 5
// colour matrix, carries them all (Core Image's CIColorMatrix form: "s.r = dot(s,
// redVector), s.g = dot(s, greenVector), s.b = dot(s, blueVector), s.a = dot(s,
// alphaVector), s = s + bias"); a colour map (CIColorMap's gradient looked up by luminance,
// ColorMap.swift) is not affine and is its own kind; a stroke of the alpha's outline
// (AlphaStroke.swift) is a grey-level morphology of the alpha; a gradient ramp drawn through
// the alpha (GradientRamp.swift) depends on a pixel's place; the other kind is a Gaussian blur. Raster knows no filter
// names: LayerKit turns a layer's CIFilter objects into these (CIFilter+PixelFilter.swift).
// How they are applied (working space, premultiplication, edges): FilterChain.swift.

/// A 4 × 5 matrix mapping an unpremultiplied colour (r, g, b, a) to
/// (dot(r, c) + bias.r, dot(g, c) + bias.g, dot(b, c) + bias.b, dot(a, c) + bias.a).
public struct ColorMatrix: Hashable, Sendable {
    /// The rows: the coefficients of (r, g, b, a) for each output channel.
    public var r: SIMD4<Float>, g: SIMD4<Float>, b: SIMD4<Float>, a: SIMD4<Float>
    /// Added to each output channel.
    public var bias: SIMD4<Float>

    public init(r: SIMD4<Float>, g: SIMD4<Float>, b: SIMD4<Float>, a: SIMD4<Float>, bias: SIMD4<Float> = .zero) {
        self.r = r; self.g = g; self.b = b; self.a = a; self.bias = bias
    }

    public static let identity = ColorMatrix(r: [1, 0, 0, 0], g: [0, 1, 0, 0], b: [0, 0, 1, 0], a: [0, 0, 0, 1])

    /// The matrix applied to one colour (unpremultiplied), without clamping.
    @inlinable public func apply(_ c: SIMD4<Float>) -> SIMD4<Float> {
        SIMD4((r * c).sum(), (g * c).sum(), (b * c).sum(), (a * c).sum()) + bias
    }

    /// `self` followed by `next`: one matrix for both.
    public func followed(by next: ColorMatrix) -> ColorMatrix {
        func row(_ n: SIMD4<Float>) -> SIMD4<Float> { n.x * r + n.y * g + n.z * b + n.w * a }
        func biasRow(_ n: SIMD4<Float>, _ nb: Float) -> Float { (n * bias).sum() + nb }
        return ColorMatrix(r: row(next.r), g: row(next.g), b: row(next.b), a: row(next.a),
                           bias: SIMD4(biasRow(next.r, next.bias.x), biasRow(next.g, next.bias.y),
                                       biasRow(next.b, next.bias.z), biasRow(next.a, next.bias.w)))
    }

    /// The columns (the coefficients each input channel contributes), for the kernel.
    @usableFromInline var columns: (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>) {
        (SIMD4(r.x, g.x, b.x, a.x), SIMD4(r.y, g.y, b.y, a.y), SIMD4(r.z, g.z, b.z, a.z), SIMD4(r.w, g.w, b.w, a.w))
    }
}

/// One pixel operation of a filter chain.
public enum PixelFilter: Hashable, Sendable {
    /// A Gaussian blur of standard deviation `sigmaX` along rows and `sigmaY` down columns,
    /// in the surface's pixels (SVG's feGaussianBlur `stdDeviation="x y"`; 0 leaves an axis
    /// unblurred).
    case gaussianBlur(sigmaX: Double, sigmaY: Double)
    /// Beyond the surface's edges, the blurs after it read the nearest edge pixel instead of
    /// transparent black: Core Image's `clampedToExtent()` (CIAffineClamp with the identity),
    /// "when you need to blur an image but you want to avoid a soft, black fringe along the
    /// edges" (Core Image Filter Reference, CIAffineClamp).
    case clampToExtent
    /// A colour matrix on unpremultiplied colour.
    case colorMatrix(ColorMatrix)
    /// A gradient looked up by luminance, mixed with the colour (ColorMap.swift).
    case colorMap(ColorMap)
    /// A band along the edge of the alpha, in one colour (AlphaStroke.swift).
    case alphaStroke(AlphaStroke)
    /// A linear or radial gradient through the alpha, mixed with the colour (GradientRamp.swift).
    case gradientRamp(GradientRamp)

    /// The filter on a surface whose pixels are moved by (dx, dy): only a gradient ramp,
    /// whose points are places on the surface, changes.
    public func translated(dx: Double, dy: Double) -> PixelFilter {
        guard case .gradientRamp(var g) = self else { return self }
        g.start += SIMD2(dx, dy)
        g.end += SIMD2(dx, dy)
        return .gradientRamp(g)
    }

    /// A Gaussian blur of `sigma` along both axes.
    public static func gaussianBlur(sigma: Double) -> PixelFilter { .gaussianBlur(sigmaX: sigma, sigmaY: sigma) }

    /// The most sigma a blur may have on a surface (pixels): a larger one is drawn at this.
    /// It bounds the kernel (3σ each side) and the padding a blurred group adds.
    public static let maximumSigma = 200.0

    /// The standard deviation actually used: clamped to 0…maximumSigma (NaN as 0).
    public static func usableSigma(_ sigma: Double) -> Double {
        sigma > 0 ? min(sigma, maximumSigma) : 0
    }

    /// Above this σ (pixels) a blur is three box filters of the same variance
    /// (FilterBoxBlur.swift): the exact kernel's cost grows with σ (at 800 × 600, σ = 10 took
    /// 19 ms of CPU, σ = 4 ten, most of that the conversions to and from linear light), the
    /// boxes' does not; up to σ = 4 the exact kernel costs no more than the boxes and keeps
    /// small blurs exact (the boxes come within a few per cent of the Gaussian's peak).
    public static let exactSigmaLimit = 4.0

    /// The blur's kernel radius: ⌈3σ⌉ pixels each side (0 for no blur); the Gaussian beyond
    /// 3σ holds 0.27 % of its weight. Above `exactSigmaLimit`, the three boxes' reach.
    public static func kernelRadius(sigma: Double) -> Int {
        let s = usableSigma(sigma)
        guard s > 0 else { return 0 }
        if s > exactSigmaLimit { return GaussianBlur.boxWidths(sigma: s).reduce(0) { $0 + $1 / 2 } }
        return Int((3 * s).rounded(.up))
    }

    /// How far (pixels) the operation moves colour: what a surface must be padded by.
    public var reach: Int {
        switch self {
        case .gaussianBlur(let sx, let sy): return max(Self.kernelRadius(sigma: sx), Self.kernelRadius(sigma: sy))
        case .alphaStroke(let s): return s.reach
        case .colorMatrix, .colorMap, .gradientRamp, .clampToExtent: return 0
        }
    }
}

extension Array where Element == PixelFilter {
    /// How far (pixels) the chain moves colour: the sum of its blurs' reaches.
    public var reach: Int { reduce(0) { $0 + $1.reach } }
}
