// Lottie masks (`masksProperties`) as Core Animation `mask` layers on the content layer:
// masks apply in list order, so consecutive "add" masks join into one mask layer (their
// shapes drawn together, each with its opacity), and each "intersect" or "subtract" mask
// starts a new level: the content is wrapped once more and that wrapper masked, so levels
// multiply. A subtract (or inverted) mask is its path inside a rectangle far larger than
// the composition, filled even-odd, so its inside is the hole. Mode "n" masks nothing.
// After Effects' reading adds: mask expansion, "Expands or contracts the mask edge" by the
// given pixels (After Effects Help, "Mask properties"), as the mask path offset by that
// distance with round joins (`LottieShapeModifier.offset`, the rounding After Effects' own
// renders show); and the lighten and darken modes, which combine alphas as the maximum and the
// minimum ("Lighten … where multiple masks intersect, the highest transparency value is
// used", "Darken … the lowest", same page): as a union with the masks before (an "add") and
// as their intersection (an "intersect"), exact for masks at full opacity; and mask feather,
// "the softness of the mask's edges" (same page), as a CIGaussianBlur in the mask shape's
// `filters` (LottieMaskFeather.swift); and difference, "the mask … shows the areas where it
// does not overlap the masks above it" (same page), as an even-odd fill of both paths, exact
// for one add mask and difference masks at full opacity (LottieMaskDifference.swift), with
// the add masks after them drawn over that shape (a union, as add masks join). Other
// difference masks are reported.
import LayerKit
import Raster

struct LottieMaskLayers {
    let timeline: LottieTimeline
    let extent: Rect
    let layerName: String
    let warnings: LottieWarnings
    let counter: LottieLayerCounter

    /// `content` with its masks applied: the content itself, or the outermost wrapper.
    func apply(_ masks: [LottieMask], to content: CALayer) throws(DocumentError) -> CALayer {
        var levels: [[LottieMask]] = []
        let ae = timeline.reading.drawsAfterEffectsFeatures
        for var m in masks {
            if ae && m.mode == "l" { m.mode = "a" }
            if ae && m.mode == "d" { m.mode = "i" }
            if ae && m.mode == "f" && levels.isEmpty { m.mode = "a" }
            switch m.mode {
            case "n": continue
            case "f" where ae && LottieMaskDifference.joins(m, levels.last):
                levels[levels.count - 1].append(m)
            case "a" where ae && levels.last?.contains { $0.mode == "f" } == true:
                // Added to what the masks above show (After Effects Help, "Mask modes": "Add: The
                // mask is added to the masks above it"): its own shape drawn over the difference
                // shape in the same mask layer, source over, as the add masks of a level are.
                levels[levels.count - 1].append(m)
            case "a" where !m.inverted && !(levels.last?.contains { $0.inverted || $0.mode != "a" } ?? true):
                levels[levels.count - 1].append(m)
            case "a", "i", "s":
                levels.append([m])
            default:
                warnings.unsupported("mask mode \"\(m.mode)\"", layer: layerName)
            }
            if !ae && m.expansion.keyframes.contains(where: { ($0.value.first ?? 0) != 0 }) {
                warnings.unsupported("mask expansion", layer: layerName)
            }
        }
        // Each level after the first wraps the content in one more layer: levels count
        // against the nesting limit (about 1,150 of them overflowed the renderer's stack).
        guard levels.count <= LottieLimits.maximumNesting else {
            throw DocumentError("", "layer \(DocumentText.quoted(layerName)): \(levels.count) mask levels (intersect, subtract or inverted masks) exceed the limit \(LottieLimits.maximumNesting) (maximumNesting)")
        }
        for level in levels {
            for m in level {
                try counter.addVertices(m.path.keyframes.reduce(0) { $0 + $1.value.vertices.count }, layer: layerName)
            }
        }
        var top = content
        for (i, level) in levels.enumerated() {
            try counter.add(level.count + 2)
            let maskLayer = CALayer()
            maskLayer.anchorPoint = Point(0, 0)
            maskLayer.position = Point(0, 0)
            maskLayer.bounds = Rect(0, 0, 0, 0)
            // A level with difference masks: its masks up to the last of them are one even-odd
            // shape; the add masks after them are drawn over it each as its own shape.
            let differenceEnd = level.lastIndex(where: { $0.mode == "f" }).map { $0 + 1 } ?? 0
            if differenceEnd > 0 {
                maskLayer.addSublayer(LottieMaskDifference.shape(Array(level[..<differenceEnd]), timeline: timeline))
            }
            for m in level[differenceEnd...] {
                let shape = CAShapeLayer()
                shape.anchorPoint = Point(0, 0)
                shape.position = Point(0, 0)
                shape.bounds = Rect(0, 0, 0, 0)
                shape.fillColor = .black
                let hole = m.inverted != (m.mode == "s")
                if hole { shape.fillRule = .evenOdd }
                let outside = extent
                let path = { (b: LottieBezier, expansion: Double) -> Path? in
                    var p = Path()
                    if hole { p.addRect(outside) }
                    (expansion != 0 ? LottieShapeModifier.offset(b, expansion, join: 2, miterLimit: 4) : b).append(to: &p)
                    return p
                }
                let expands = ae && m.expansion.keyframes.contains { ($0.value.first ?? 0) != 0 }
                if expands && m.expansion.changesOverTime {
                    let frame = { (r: Double) in timeline.frame(atRoot: r) }
                    LottieKeyframeAnimation.applySampled(.path, to: shape, timeline: timeline, animated: true) { r in
                        path(m.path.value(at: frame(r)), m.expansion.value(at: frame(r)).first ?? 0)
                    }
                } else {
                    let x = expands ? (m.expansion.initialValue.first ?? 0) : 0
                    LottieKeyframeAnimation.apply(m.path, to: shape, .path, timeline: timeline) { path($0, x) }
                }
                LottieKeyframeAnimation.apply(m.opacity, to: shape, .opacity, timeline: timeline) {
                    min(max(($0.first ?? 100) / 100, 0), 1)
                }
                if ae { Self.feather(m, shape: shape, timeline: timeline) }
                maskLayer.addSublayer(shape)
            }
            if i == 0 {
                content.mask = maskLayer
            } else {
                let wrapper = CALayer()
                wrapper.anchorPoint = Point(0, 0)
                wrapper.position = Point(0, 0)
                wrapper.bounds = content.bounds
                wrapper.addSublayer(top)
                wrapper.mask = maskLayer
                top = wrapper
            }
        }
        return top
    }
}
