// Lottie masks (`masksProperties`) as Core Animation `mask` layers on the content layer:
// masks apply in list order, so consecutive "add" masks join into one mask layer (their
// shapes drawn together, each with its opacity), and each "intersect" or "subtract" mask
// starts a new level: the content is wrapped once more and that wrapper masked, so levels
// multiply. A subtract (or inverted) mask is its path inside a rectangle far larger than
// the composition, filled even-odd, so its inside is the hole. Mode "n" masks nothing.
// After Effects' reading adds: mask expansion, "Expands or contracts the mask edge" by the
// given pixels (After Effects Help, "Mask properties"), as the mask path offset by that
// distance with round joins (`LottieShapeModifier.offset`, the rounding After Effects' own
// renders show); mask feather, "the softness of the mask's edges" (same page), as a
// CIGaussianBlur in the mask shape's `filters` (LottieMaskFeather.swift); and the modes that
// combine a mask with "the masks above it" (After Effects Help, "Mask modes") otherwise than
// by adding or multiplying — lighten ("where multiple masks intersect, the highest
// transparency value is used"), darken ("the lowest"), difference ("the areas where the mask
// overlaps the masks above it are transparent"). Each joins the masks above it in their mask
// layer as one more sublayer, composited onto them with a compositing filter on the alphas:
// CIMaximumCompositing for lighten, CIMinimumCompositing for darken (unbounded: nothing shows
// outside the darken mask), Porter–Duff xor for difference, s·(1 − αb) + b·(1 − αs). These are
// ThorVG's sw_engine mask operators (`_opMaskLighten` max, `_opMaskDarken` min, applied over the
// whole mask, `_opMaskDifference` s·(255 − d) + d·(255 − s)), so partial opacity, inverted and
// feathered masks combine as they do there. The other modes after the first mask join the same
// layer too, so every mask works on all the masks above it: subtract as destination-out
// (ThorVG's `_opMaskSubtract`, b·(1 − αs)), intersect as destination-in (`_opMaskIntersect`,
// b·αs, unbounded like darken), add as source over (`_opMaskAdd`: a union, inverted add masks
// too). In lottie-ios's reading each intersect, subtract or inverted mask starts a level as
// described first.
import LayerKit
import Raster

struct LottieMaskLayers {
    let timeline: LottieTimeline
    let extent: Rect
    let layerName: String
    let warnings: LottieWarnings
    let counter: LottieLayerCounter

    /// The masks' compositing onto the masks above them in their mask layer, in After
    /// Effects' reading: nil (source over) for add and for the first mask of a level.
    static func filter(_ mode: String) -> CACompositingFilter? {
        switch mode {
        case "l": .maximumCompositing
        case "d": .minimumCompositing
        case "f": .xor
        case "s": .destOut
        case "i": .destIn
        default: nil
        }
    }

    /// `content` with its masks applied: the content itself, or the outermost wrapper.
    func apply(_ masks: [LottieMask], to content: CALayer) throws(DocumentError) -> CALayer {
        var levels: [[LottieMask]] = []
        let ae = timeline.reading.drawsAfterEffectsFeatures
        for var m in masks {
            // A first lighten, darken or difference mask shows its own shape, as an add mask.
            if ae && levels.isEmpty && ["l", "d", "f"].contains(m.mode) { m.mode = "a" }
            switch m.mode {
            case "n": continue
            case let mode where ae && !levels.isEmpty && ["a", "l", "d", "f", "s", "i"].contains(mode):
                // Onto the masks above, in their mask layer (an inverted add mask too: a union).
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
            for (j, m) in level.enumerated() {
                let shape = CAShapeLayer()
                shape.anchorPoint = Point(0, 0)
                shape.position = Point(0, 0)
                shape.bounds = Rect(0, 0, 0, 0)
                shape.fillColor = .black
                // Composited onto the masks above (After Effects' reading), or the level's first.
                let filter = ae && j > 0 ? Self.filter(m.mode) : nil
                shape.compositingFilter = filter
                let hole = m.inverted != (m.mode == "s" && filter == nil)
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
                let share = { (v: [Double]) in min(max((v.first ?? 100) / 100, 0), 1) }
                if filter == .destIn || filter == .minimumCompositing {
                    // Intersect and darken act where their mask shows nothing too (b·0 = min(b, 0)
                    // = 0), so a mask at 0 % must still composite: its opacity is the alpha of
                    // its fill, not the layer's (Core Animation skips a layer at opacity 0).
                    LottieKeyframeAnimation.apply(m.opacity, to: shape, .fillColor, timeline: timeline) {
                        Color(0, 0, 0, share($0))
                    }
                } else {
                    LottieKeyframeAnimation.apply(m.opacity, to: shape, .opacity, timeline: timeline) { share($0) }
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
