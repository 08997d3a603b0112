// How an image is sampled when drawn larger or smaller than its pixels: Core Animation's
// contents filters (CALayer magnificationFilter / minificationFilter, "Scaling Filters":
// linear — "Linear interpolation filter."; nearest — "Nearest neighbor interpolation
// filter."; trilinear — "Trilinear minification filter. Enables mipmap generation.").
// Whether a draw magnifies or minifies follows the texture rule Core Animation's GPU
// renderers apply (OpenGL ES 2.0 §3.7.7, Metal's sampler the same): the level of detail
// λ = log₂ ρ + bias, ρ the larger of the lengths of the image-space steps one device pixel
// takes along x and along y; λ ≤ 0 magnifies, λ > 0 minifies. minificationFilterBias is that
// bias ("The bias factor used by the minification filter to determine the levels of
// detail."). Trilinear sampling reads the two mipmap levels around λ bilinearly and mixes
// them by λ's fraction; each level halves the one above (ceil of odd sides) by the mean of
// 2 × 2 premultiplied pixels. Magnifying, trilinear samples as linear.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One scaling filter (CALayerContentsFilter).
public enum ImageFilter: String, Hashable, Sendable, CaseIterable {
    case linear, nearest, trilinear
}

/// An image's mipmap levels: level 0 the image itself, each next level half the size (sides
/// rounded up) down to 1 × 1, every pixel the rounded mean of the 2 × 2 pixels above it
/// (edge pixels repeated for an odd side).
public final class MipmapChain: @unchecked Sendable {
    public let levels: [Bitmap]

    /// The chain of `image` (at most 1 + log₂ of its longer side levels).
    public init(_ image: Bitmap) {
        var levels = [image]
        var last = image
        while last.width > 1 || last.height > 1 {
            let w = (last.width + 1) / 2, h = (last.height + 1) / 2
            let next = Bitmap(width: w, height: h)
            let sw = last.width, sh = last.height, s = last.pixels, d = next.pixels
            for y in 0..<h {
                let y0 = min(2 * y, sh - 1), y1 = min(2 * y + 1, sh - 1)
                for x in 0..<w {
                    let x0 = min(2 * x, sw - 1), x1 = min(2 * x + 1, sw - 1)
                    let a = s[y0 * sw + x0], b = s[y0 * sw + x1], c = s[y1 * sw + x0], e = s[y1 * sw + x1]
                    // Each channel's 2 × 2 sum, rounded to the nearest quarter.
                    @inline(__always) func mean(_ shift: UInt32) -> UInt32 {
                        (((a >> shift & 255) + (b >> shift & 255) + (c >> shift & 255) + (e >> shift & 255) + 2) / 4) << shift
                    }
                    d[y * w + x] = mean(0) | mean(8) | mean(16) | mean(24)
                }
            }
            levels.append(next)
            last = next
        }
        self.levels = levels
    }
}

/// The filters of one image draw, with the mipmaps trilinear minification reads.
public struct ImageFiltering: Hashable, Sendable {
    public var minification: ImageFilter
    public var magnification: ImageFilter
    /// Added to the level of detail (minificationFilterBias).
    public var bias: Double
    /// The image's mipmaps; needed only when `minification` is trilinear (without them it
    /// samples as linear).
    public var mipmaps: MipmapChain?

    public init(minification: ImageFilter = .linear, magnification: ImageFilter = .linear, bias: Double = 0,
                mipmaps: MipmapChain? = nil) {
        self.minification = minification
        self.magnification = magnification
        self.bias = bias.isFinite ? bias : 0
        self.mipmaps = mipmaps
    }

    public static let linear = ImageFiltering()

    public static func == (a: ImageFiltering, b: ImageFiltering) -> Bool {
        a.minification == b.minification && a.magnification == b.magnification && a.bias == b.bias && a.mipmaps === b.mipmaps
    }
    public func hash(into h: inout Hasher) {
        h.combine(minification); h.combine(magnification); h.combine(bias)
        h.combine(mipmaps.map(ObjectIdentifier.init))
    }

    /// The level of detail of a draw whose device-to-image map is `inverse`: log₂ ρ + bias.
    public func levelOfDetail(inverse: AffineTransform) -> Double {
        let rho = max((inverse.a * inverse.a + inverse.b * inverse.b).squareRoot(),
                      (inverse.c * inverse.c + inverse.d * inverse.d).squareRoot())
        return rho > 0 ? log2(rho) + bias : -.infinity
    }

    /// The filter a draw with level of detail `lod` samples with.
    public func filter(atLevelOfDetail lod: Double) -> ImageFilter {
        if lod > 0 { return minification }
        return magnification == .trilinear ? .linear : magnification
    }
}

/// Nearest-neighbour sampling: the pixel whose square holds the sample point (pixel (i, j)
/// covers [i, i + 1) × [j, j + 1)), edge pixels extended beyond the image.
@usableFromInline struct NearestImagePainter: SpanPainter {
    @usableFromInline let sampler: ImageSampler
    @usableFromInline let inverse: AffineTransform
    @usableFromInline let alpha: UInt32

    @inline(__always) @usableFromInline
    func paint(row: UnsafeMutablePointer<UInt32>, y: Int, x: Int, count: Int, coverage: UInt32) {
        let k = alpha == 255 ? coverage : lkDiv255(coverage &* alpha)
        if k == 0 { return }
        let t = inverse
        var (u, v) = t.imagePoint(ofPixelCentre: x, y)
        let p = row + x, w1 = sampler.width - 1, h1 = sampler.height - 1
        let maxU = Double(w1), maxV = Double(h1)
        for i in 0..<count {
            // Clamped before the conversion: any coordinate, NaN included, reads an edge pixel.
            let cu = u >= 0 ? (u < maxU ? u : maxU) : 0, cv = v >= 0 ? (v < maxV ? v : maxV) : 0
            var s = sampler.pixels[Int(cv) * sampler.width + Int(cu)]
            if k != 255 { s = lkScale(s, k) }
            p[i] = lkSourceOver(s, p[i])
            u += t.a; v += t.b
        }
    }
}

/// Trilinear sampling: the bilinear samples of two mipmap levels mixed by `weight` / 256.
@usableFromInline struct TrilinearImagePainter: SpanPainter {
    @usableFromInline let fine: ImageSampler, coarse: ImageSampler
    /// Level-0 image coordinates to each level's (its size over level 0's, per axis).
    @usableFromInline let fineScale: (Double, Double), coarseScale: (Double, Double)
    @usableFromInline let weight: UInt32
    @usableFromInline let inverse: AffineTransform
    @usableFromInline let alpha: UInt32

    @inline(__always) @usableFromInline
    func paint(row: UnsafeMutablePointer<UInt32>, y: Int, x: Int, count: Int, coverage: UInt32) {
        let k = alpha == 255 ? coverage : lkDiv255(coverage &* alpha)
        if k == 0 { return }
        let t = inverse
        var (u, v) = t.imagePoint(ofPixelCentre: x, y)
        let p = row + x
        for i in 0..<count {
            let a = fine.sample(u * fineScale.0, v * fineScale.1)
            var s = weight == 0 ? a : lkLerp(a, coarse.sample(u * coarseScale.0, v * coarseScale.1), weight)
            if k != 255 { s = lkScale(s, k) }
            p[i] = lkSourceOver(s, p[i])
            u += t.a; v += t.b
        }
    }
}

extension Canvas {
    /// Draws `image` as `draw(_:transform:opacity:aliasing:)` does, sampled through
    /// `filtering`: nearest, linear (bilinear, that method's sampling) or trilinear
    /// (mipmapped), chosen by whether the draw magnifies or minifies.
    public func draw(_ image: Bitmap, transform: AffineTransform, opacity: Double = 1, aliasing: EdgeAliasing? = nil,
                     filtering: ImageFiltering) {
        guard image.width > 0, image.height > 0, opacity.isFinite, opacity > 0 else { return }
        guard let inverse = transform.inverted, inverse.a.isFinite, inverse.b.isFinite,
              inverse.c.isFinite, inverse.d.isFinite, inverse.tx.isFinite, inverse.ty.isFinite else { return }
        let lod = filtering.levelOfDetail(inverse: inverse)
        let alpha = UInt32(saturating: min(1, opacity) * 255 + 0.5)
        guard alpha > 0 else { return }
        switch filtering.filter(atLevelOfDetail: lod) {
        case .linear:
            draw(image, transform: transform, opacity: opacity, aliasing: aliasing)
        case .nearest:
            rasterizeImageQuad(image, transform: transform,
                               painter: NearestImagePainter(sampler: ImageSampler(image), inverse: inverse, alpha: alpha),
                               aliasing: aliasing)
        case .trilinear:
            guard let chain = filtering.mipmaps, chain.levels.first === image, chain.levels.count > 1 else {
                return draw(image, transform: transform, opacity: opacity, aliasing: aliasing)
            }
            let top = chain.levels.count - 1
            let level = min(lod.rounded(.down), Double(top))
            let l0 = Int(saturating: level), l1 = min(l0 + 1, top)
            let w = l0 == l1 ? 0 : UInt32(saturating: min(256, max(0, (lod - level) * 256 + 0.5)))
            func scale(_ b: Bitmap) -> (Double, Double) {
                (Double(b.width) / Double(image.width), Double(b.height) / Double(image.height))
            }
            let fine = chain.levels[l0], coarse = chain.levels[l1]
            rasterizeImageQuad(image, transform: transform,
                               painter: TrilinearImagePainter(fine: ImageSampler(fine), coarse: ImageSampler(coarse),
                                                              fineScale: scale(fine), coarseScale: scale(coarse),
                                                              weight: w, inverse: inverse, alpha: alpha),
                               aliasing: aliasing)
        }
    }
}
