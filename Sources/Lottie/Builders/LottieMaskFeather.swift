// Mask feather in After Effects' reading: a mask's `f` (feather, pixels, x and y) softens its
// edge, "Mask Feather … the softness of the mask's edges" (After Effects Help, "Mask
// properties"), the feather straddling the path. Drawn in Core Animation's manner: the mask's
// shape layer carries a CIGaussianBlur in its `filters` ("The filters you add to this property
// affect the content of the layer", CALayer `filters`), so the mask's alpha is blurred. The
// feather is taken on After Effects' blur scale, σ = feather × 0.3, the factor lottie-web gives
// After Effects' "Blurriness" ("Empirical value, matching AE's blur appearance",
// `SVGGaussianBlurEffect`; LottieLayerEffects.blurrinessToSigma); a feather with different x
// and y is blurred by their mean both ways.
import LayerKit

extension LottieMaskLayers {
    /// Adds the feather of `m` (if any) to its shape layer, animated when it changes.
    static func feather(_ m: LottieMask, shape: CAShapeLayer, timeline: LottieTimeline) {
        guard m.feather.keyframes.contains(where: { $0.value.contains { $0 != 0 } }) else { return }
        shape.filters = [CIFilter(type: .gaussianBlur, name: "feather")]
        LottieKeyframeAnimation.apply(m.feather, to: shape, .filterInput("feather", "inputRadius"), timeline: timeline) { v in
            let mean = v.isEmpty ? 0 : v.prefix(2).reduce(0, +) / Double(min(v.count, 2))
            return min(max(mean * LottieLayerEffects.blurrinessToSigma, 0), DocumentLimits.maximumFilterRadius)
        }
    }
}
