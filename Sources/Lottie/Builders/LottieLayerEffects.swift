// A layer's After Effects effects (LottieEffect) as Core Image filters in the `filters` of
// the layer that carries them, in the effects' order, each named `effectN` (N its position) so
// its animated inputs are `filters.effectN.KEY` keyframe animations, as Core Animation
// addresses a filter's inputs ("filters.myFilter.inputRadius", CALayer `filters`). After
// Effects applies a layer's masks before its effects (the Render Order of After Effects Help,
// "masks, effects, transforms"), while Core Animation filters a layer before its `mask` cuts
// it (CALayer+FilterDisplay.swift): a masked layer's filters go on one more layer around it.
// Each rule follows lottie-web's SVG implementation of the effect:
//
// - Gaussian Blur: CIGaussianBlur of σ = Blurriness × 0.3 ("Empirical value, matching AE's
//   blur appearance", lottie-web `SVGGaussianBlurEffect`, kBlurrinessToSigma). "Blur
//   Dimensions" (the effect's second control): "1 -> horizontal & vertical, 2 -> horizontal
//   only, 3 -> vertical only", sigmaX = dimensions == 3 ? 0 : σ, sigmaY = dimensions == 2 ?
//   0 : σ, set as feGaussianBlur's stdDeviation "x y" (lottie-web `SVGGaussianBlurEffect`;
//   Skottie's GaussianBlurEffectAdapter maps 1, 2, 3 to the same {1, 1}, {1, 0}, {0, 1}): 2
//   and 3 become LayerKit's LKGaussianBlurXY with the other axis 0. "Repeat Edge Pixels" (the
//   third control): Skottie's rule, "0 -> repeat edge pixels: off" the blur fading to
//   transparent black beyond the layer (kClampToBlack), "1 -> on" its edge pixels repeated
//   (kClamp) — lottie-web's SVG sets edgeMode "wrap" for 1 and "duplicate" for 0, which its
//   browsers' filter regions do not show. After Effects blurs a layer within its bounds (a
//   shape or text layer's are the composition's, a solid's or precomposition's its own size):
//   on, a CIAffineClamp goes before the blur and the layer carrying the filters is cut to
//   those bounds (masksToBounds: its group is then exactly the bounds, whose edge pixels the
//   blur repeats, and nothing spreads beyond them).
// - Fill: every pixel the Fill colour, its alpha times Opacity (lottie-web `SVGFillFilter`: the
//   colour matrix "0 0 0 0 r / 0 0 0 0 g / 0 0 0 0 b / 0 0 0 opacity 0"): a CIColorMatrix whose
//   bias is the colour.
// - Tint: the grey of the colour (lottie-web `SVGTintFilter`: the mean of r, g, b in linear
//   light, "0.3333 …" with color-interpolation-filters linearRGB) mapped from "Map Black To"
//   to "Map White To", mixed with the original by "Amount to Tint" / 100 (lottie-web merges the
//   tinted copy at that opacity over the source): a CIColorMap of two colours.
// - Tritone: the same grey mapped onto Shadows, Midtones, Highlights (lottie-web
//   `SVGTritoneFilter`: a table "shadows midtones highlights" per channel), mixed with the
//   original by "Blend With Original" (After Effects' control; lottie-web leaves it out):
//   a CIColorMap of three colours, intensity 1 − blend / 100.
// - Gradient Ramp (After Effects' own; lottie-web draws none): After Effects Help, "Gradient
//   Ramp effect": a linear ramp from "Start of Ramp" in "Start Color" to "End of Ramp" in "End
//   Color", or a radial one about the start through the end, replacing the layer's colours
//   where it draws, "Blend With Original" mixing the original back in (0 % all ramp) — as
//   Skottie draws it (GradientEffect.cpp: a gradient shader through the content's alpha):
//   LayerKit's LKGradientRamp, its points in the layer's coordinates (the carrier's plane is
//   the Lottie layer's), intensity 1 − blend / 100. An effect's points are in the pixels of
//   the layer's box, whose top left is its origin; a shape layer's box is the composition's
//   size with the shapes' origin at its centre, so its points are moved by half the
//   composition (`effectOrigin`; you're_in!'s door ramp, (952, 297) to (953, 632) on a shape
//   layer at the centre of a 1920 × 1080 composition, runs down the door so). "Ramp Scatter"
//   (dithering noise) is not drawn.
// - Drop Shadow: the layer's shadow (LottieLayerShadow); Stroke: CAShapeLayers stroking the
//   masks (LottieStrokeEffect); other effects are reported.
import Foundation
import LayerKit
import Raster

enum LottieLayerEffects {
    /// The weights giving lottie-web's grey: the mean of linear r, g, b.
    static let meanWeights: [Double] = [1.0 / 3, 1.0 / 3, 1.0 / 3, 0]
    /// lottie-web's Blurriness → σ.
    static let blurrinessToSigma = 0.3

    /// `top` (the layer's content or its masked wrapper) with `effects` applied: `top` itself
    /// carrying the filters, or a new layer around it when `top` is masked; unsupported effects
    /// reported to `warnings` under `layerName`.
    /// `effectOrigin`: where the effects' points (0, 0) lies in the layer's coordinates.
    static func apply(_ effects: [LottieEffect], to top: CALayer, timeline: LottieTimeline, layerName: String,
                      effectOrigin: Point = Point(0, 0),
                      warnings: LottieWarnings, counter: LottieLayerCounter) throws(DocumentError) -> CALayer {
        var filters: [CIFilter] = []
        var animations: [(String, LottieEffect, Int)] = []
        var repeatsEdgePixels = false
        for (i, e) in effects.enumerated() {
            let name = "effect\(i)"
            switch e {
            case .gaussianBlur(_, let dimensions, let repeatsEdges):
                if repeatsEdges {
                    filters.append(.affineClamp(name: name + "clamp"))
                    repeatsEdgePixels = true
                }
                filters.append(CIFilter(type: oneDimension(dimensions) == nil ? .gaussianBlur : .gaussianBlurXY, name: name))
            case .fill:
                filters.append(CIFilter(type: .colorMatrix, name: name))
            case .tint, .tritone:
                filters.append(CIFilter(type: .colorMap, name: name))
            case .gradientRamp:
                filters.append(CIFilter(type: .gradientRamp, name: name))
            case .dropShadow, .stroke, .transform:
                continue
            case .unsupported(let type, let effectName):
                let kind = [22: "stroke"][type] ?? "type \(type)"
                warnings.unsupported("effect \(kind)" + (effectName.isEmpty ? "" : " \"\(effectName)\""), layer: layerName)
                continue
            }
            animations.append((name, e, filters.count - 1))
        }
        guard !filters.isEmpty else { return top }
        let carrier: CALayer
        if top.mask != nil {
            try counter.add(1)
            carrier = CALayer()
            carrier.anchorPoint = Point(0, 0)
            carrier.bounds = Rect(0, 0, 0, 0)
            carrier.addSublayer(top)
        } else {
            carrier = top
        }
        carrier.filters = filters
        if repeatsEdgePixels {
            // Blurred within the layer's bounds, its edge pixels repeated (see the header).
            if carrier !== top { carrier.bounds = top.bounds }
            carrier.masksToBounds = true
        }
        for (name, e, _) in animations { animate(e, name: name, on: carrier, timeline: timeline, effectOrigin: effectOrigin) }
        return carrier
    }

    /// Sets (and animates) the inputs of the filter `name` on `layer` from effect `e`.
    static func animate(_ e: LottieEffect, name: String, on layer: CALayer, timeline: LottieTimeline,
                        effectOrigin o: Point = Point(0, 0)) {
        switch e {
        case .gaussianBlur(let blurriness, let dimensions, _):
            let sigma: ([Double]) -> Double = { min(max(($0.first ?? 0) * blurrinessToSigma, 0), DocumentLimits.maximumFilterRadius) }
            switch oneDimension(dimensions) {
            case nil:
                LottieKeyframeAnimation.apply(blurriness, to: layer, .filterInput(name, "inputRadius"), timeline: timeline, convert: sigma)
            case let (blurred, sharp)?:
                layer.setValue(0, for: .filterInput(name, sharp))
                LottieKeyframeAnimation.apply(blurriness, to: layer, .filterInput(name, blurred), timeline: timeline, convert: sigma)
            }
        case .fill(let color, let opacity):
            for input in ["inputRVector", "inputGVector", "inputBVector"] {
                layer.setValue([0, 0, 0, 0], for: .filterVector(name, input))
            }
            LottieKeyframeAnimation.apply(color, to: layer, .filterVector(name, "inputBiasVector"), timeline: timeline) { v in
                let c = LottieColor.color(v)
                // The working space is linear light (FilterChain): the colour decoded to it.
                return [FilterChain.decode(c.r), FilterChain.decode(c.g), FilterChain.decode(c.b), 0]
            }
            LottieKeyframeAnimation.apply(opacity, to: layer, .filterVector(name, "inputAVector"), timeline: timeline) {
                [0, 0, 0, min(max($0.first ?? 1, 0), 1)]
            }
        case .tint(let black, let white, let amount):
            layer.setValue(meanWeights, for: .filterVector(name, "inputLuminanceVector"))
            gradient([black, white], name: name, on: layer, timeline: timeline)
            LottieKeyframeAnimation.apply(amount, to: layer, .filterInput(name, "inputIntensity"), timeline: timeline) {
                min(max(($0.first ?? 100) / 100, 0), 1)
            }
        case .tritone(let highlights, let midtones, let shadows, let blend):
            layer.setValue(meanWeights, for: .filterVector(name, "inputLuminanceVector"))
            gradient([shadows, midtones, highlights], name: name, on: layer, timeline: timeline)
            LottieKeyframeAnimation.apply(blend, to: layer, .filterInput(name, "inputIntensity"), timeline: timeline) {
                min(max(1 - ($0.first ?? 0) / 100, 0), 1)
            }
        case .gradientRamp(let start, let startColor, let end, let endColor, let radial, let blend):
            let point: ([Double]) -> [Double] = { v in [(v.first ?? 0) + o.x, (v.count > 1 ? v[1] : 0) + o.y] }
            LottieKeyframeAnimation.apply(start, to: layer, .filterVector(name, "inputPoint0"), timeline: timeline, convert: point)
            LottieKeyframeAnimation.apply(end, to: layer, .filterVector(name, "inputPoint1"), timeline: timeline, convert: point)
            LottieKeyframeAnimation.apply(startColor, to: layer, .filterColor(name, "inputColor0"), timeline: timeline) {
                LottieColor.color($0)
            }
            LottieKeyframeAnimation.apply(endColor, to: layer, .filterColor(name, "inputColor1"), timeline: timeline) {
                LottieColor.color($0)
            }
            layer.setValue(radial ? 1 : 0, for: .filterInput(name, "inputShape"))
            LottieKeyframeAnimation.apply(blend, to: layer, .filterInput(name, "inputIntensity"), timeline: timeline) {
                min(max(1 - ($0.first ?? 0) / 100, 0), 1)
            }
        case .dropShadow, .stroke, .transform, .unsupported: break
        }
    }

    /// For a blur along one dimension ("Blur Dimensions" 2 horizontal, 3 vertical), the input
    /// of LKGaussianBlurXY that blurs and the one held at 0; nil for both ways (1, or any
    /// other value, as Skottie pins it).
    static func oneDimension(_ dimensions: Int) -> (blurred: String, sharp: String)? {
        switch dimensions {
        case 2: return ("inputRadiusX", "inputRadiusY")
        case 3: return ("inputRadiusY", "inputRadiusX")
        default: return nil
        }
    }

    /// The colour map's gradient from the colour properties `stops` (darkest first): set, and
    /// sampled on every frame when any of them changes.
    static func gradient(_ stops: [LottieProperty<[Double]>], name: String, on layer: CALayer, timeline: LottieTimeline) {
        LottieKeyframeAnimation.applySampled(.filterColors(name, "inputGradientImage"), to: layer, timeline: timeline,
                                             animated: stops.contains(where: \.changesOverTime)) { t in
            stops.map { LottieColor.color($0.value(at: timeline.frame(atRoot: t))) }
        }
    }
}
