// The layer style Stroke (`sy` of type 0: size `s`, colour `c` — the Lottie schema's "Layer
// Stroke"; After Effects' Layer > Layer Styles > Stroke, whose default position is outside)
// on a shape layer, in After Effects' reading: a band `s` wide around everything the layer
// paints, in the colour, under the layer's own content. Drawn with Core Animation's shape
// layers as the layer's shapes once more, beneath them (`outline`): each fill becomes the
// fill and a stroke 2s wide with round joins and caps (half of it, s, outside the filled
// area), each stroke becomes a stroke s wider on each side (its width + 2s), every paint in
// the style's colour at full opacity, gradients and blend modes included — so the band is
// the outside of the union of what is painted, rounded at its corners as After Effects'
// outside stroke is. The band around a fill follows the filled area, so an open path's
// closing edge — the edge the fill closes — is outlined too (the Stroke style "outlines the
// object on the current layer", Adobe's Layer Styles help: the edge of what the layer
// paints, not its paths; `Stroke.closesPaths`).
//
// Other layer kinds (precompositions, images, solids, text) paint no paths of their own: the
// style strokes the outline of their alpha, as After Effects' does, with LayerKit's
// `LKStroke` filter in the `filters` of a layer around the layer's content (`apply`): a band
// `s` wide outside the alpha, beneath it. After Effects applies a layer's masks and effects
// before its layer styles (the render order of After Effects Help: masks, effects, layer
// styles, then transforms), so the carrier
// wraps the masked, effected layer; it never clips, so the band outside a precomposition's
// bounds is drawn (the precomposition's own masksToBounds cuts its content first).
import LayerKit

struct LottieLayerStyleStroke: Sendable {
    var size: LottieProperty<[Double]>
    /// RGBA in 0…1.
    var color: LottieProperty<[Double]>

    /// The layer's first Stroke style, nil for none.
    static func decode(layer j: LottieJSON) throws(DocumentError) -> LottieLayerStyleStroke? {
        guard let styles = j["sy"]?.elements else { return nil }
        for s in styles where s["ty"]?.numberValue == 0 {
            return LottieLayerStyleStroke(size: try .decode(s["s"], default: [3]),
                                          color: try LottieColor.decode(s["c"], default: [1, 0, 0, 1]))
        }
        return nil
    }

    /// The filter's name in `filters` (key paths `filters.layerStyleStroke.inputWidth`).
    static let filterName = "layerStyleStroke"

    /// `top` (a layer's masked and effected content) with the style's LKStroke: `top` itself
    /// when it is neither masked, clipped nor filtered, else a new layer around it.
    func apply(to top: CALayer, timeline: LottieTimeline, counter: LottieLayerCounter) throws(DocumentError) -> CALayer {
        let carrier: CALayer
        if top.mask == nil && !top.masksToBounds && (top.filters ?? []).isEmpty {
            carrier = top
        } else {
            try counter.add(1)
            carrier = CALayer()
            carrier.anchorPoint = Point(0, 0)
            carrier.bounds = Rect(0, 0, 0, 0)
            carrier.addSublayer(top)
        }
        carrier.filters = (carrier.filters ?? []) + [CIFilter(type: .stroke, name: Self.filterName)]
        LottieKeyframeAnimation.apply(size, to: carrier, .filterInput(Self.filterName, "inputWidth"), timeline: timeline) {
            min(max($0.first ?? 0, 0), DocumentLimits.maximumFilterRadius)
        }
        LottieKeyframeAnimation.apply(color, to: carrier, .filterColor(Self.filterName, "inputColor"), timeline: timeline) {
            LottieColor.color($0)
        }
        return carrier
    }

    /// `items` repainted as the band around them (see the file header).
    func outline(_ items: [LottieShapeItem]) -> [LottieShapeItem] {
        let full = LottieProperty<[Double]>([100])
        let band = size.mapValues { [2 * max($0[0], 0)] }
        func widened(_ s: LottieShapeItem.Stroke) -> LottieShapeItem.Stroke {
            // The stroke's width plus the band on both sides; keyframed by whichever moves
            // (both moving: the size's first value is added to the width's keyframes).
            let width = size.isAnimated && !s.width.isAnimated
                ? size.mapValues { [max(s.width.initialValue.first ?? 0, 0) + 2 * max($0[0], 0)] }
                : s.width.mapValues { [max($0[0], 0) + 2 * max(size.initialValue.first ?? 0, 0)] }
            return LottieShapeItem.Stroke(width: width, cap: s.cap, join: 2, miterLimit: s.miterLimit, dashes: s.dashes)
        }
        func paint(_ item: LottieShapeItem) -> [LottieShapeItem] {
            switch item {
            case .fill(_, _, let evenOdd), .gradientFill(_, _, let evenOdd):
                return [.fill(color: color, opacity: full, evenOdd: evenOdd),
                        .stroke(color: color, opacity: full, LottieShapeItem.Stroke(width: band, cap: 2, join: 2, miterLimit: 4, dashes: [],
                                                                                    closesPaths: true))]
            case .stroke(_, _, let s), .gradientStroke(_, _, let s):
                return [.stroke(color: color, opacity: full, widened(s))]
            case .blended(let inner, _):
                return paint(inner)
            case .group(let name, let sub):
                return [.group(name: name, items: outline(sub))]
            default:
                return [item]
            }
        }
        return items.flatMap(paint)
    }
}
