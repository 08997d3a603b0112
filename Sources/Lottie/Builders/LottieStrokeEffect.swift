// After Effects' Stroke effect (`ef` type 22) in After Effects' reading: it strokes the
// layer's mask paths, as lottie-web's `SVGStrokeEffect` draws it — the mask given by "Path"
// (1-based) or every mask ("All Masks"), a round-capped stroke of width 2 × "Brush Size" in
// "Color" at "Opacity", from "Start" to "End" per cent of each path (the smaller first), and
// "Paint Style": 1 on the original (the layer drawn without its masks, the stroke above it),
// 2 on transparent (the stroke alone), 3 revealing the original (the layer seen through the
// stroke). Core Animation's constructs: CAShapeLayers stroking the paths with `strokeStart` and
// `strokeEnd`, above the content or as its `mask`. "Spacing" (lottie-web's dots 1 px long,
// 2 × size × spacing / 100 apart, which round caps join into a line below 100 %) and "Brush
// Hardness" are not drawn; the stroke is continuous and hard-edged.
//
// A Stroke whose "Path" names a mask the layer does not have (or that has no masks at all)
// strokes nothing and leaves the layer as it is, masks and content untouched, without a
// warning: the effect "creates a stroke or border around a mask or along a Bezier path"
// (After Effects 7.0 User Guide, "Stroke effect") and there is none; ThorVG does the same
// (`LottieBuilder::updateStrokeEffect` returns when the layer has no masks or the index is out
// of range). lottie-web has no answer (it reads `viewData[m]` of a missing mask and throws).
import LayerKit

struct LottieStrokeEffect: Sendable {
    /// Zero-based mask index, or nil for every mask.
    var mask: Int?
    var color: LottieProperty<[Double]>
    var brushSize: LottieProperty<[Double]>
    var opacity: LottieProperty<[Double]>
    var start: LottieProperty<[Double]>
    var end: LottieProperty<[Double]>
    /// 1 on original, 2 on transparent, 3 reveal original.
    var paintStyle: Int

    /// The effect's controls by position (see the header); nil without colour or size.
    static func decode(_ at: (Int) -> LottieProperty<[Double]>?) -> LottieStrokeEffect? {
        guard let color = at(3)?.mapValues(LottieColor.unit), let size = at(4) else { return nil }
        let all = (at(1)?.initialValue.first ?? 0) != 0
        let path = Int(at(0)?.initialValue.first ?? 1)
        return LottieStrokeEffect(mask: all ? nil : max(path - 1, 0), color: color, brushSize: size,
                                  opacity: at(6) ?? LottieProperty([1]), start: at(7) ?? LottieProperty([0]),
                                  end: at(8) ?? LottieProperty([100]), paintStyle: Int(at(10)?.initialValue.first ?? 1))
    }

    /// Whether the layer's masks are dropped (lottie-web removes the layer's mask for the
    /// paint styles on original and on transparent).
    var dropsMasks: Bool { paintStyle == 1 || paintStyle == 2 }

    /// The layer's Stroke effects painting on the original or on transparent, applied in order
    /// to `content` (the layer's content layer, before its masks), and the masks left to apply
    /// (none once such a stroke has dropped them). A stroke of a mask the layer does not have
    /// changes nothing (see the header).
    static func paint(_ effects: [LottieEffect], on content: CALayer, masks: [LottieMask], timeline: LottieTimeline,
                      layerName: String, warnings: LottieWarnings, counter: LottieLayerCounter) throws(DocumentError) -> [LottieMask] {
        var remaining = masks
        for case .stroke(let s) in effects where s.paintStyle != 3 {
            guard try s.apply(to: content, masks: masks, timeline: timeline, counter: counter) != nil else { continue }
            remaining = []
        }
        return remaining
    }

    /// The layer's Stroke effects revealing the original, applied to `top` (the layer masked):
    /// `top`, or the layer seen through the strokes.
    static func reveal(_ effects: [LottieEffect], _ top: CALayer, masks: [LottieMask], timeline: LottieTimeline,
                       layerName: String, warnings: LottieWarnings, counter: LottieLayerCounter) throws(DocumentError) -> CALayer {
        var top = top
        for case .stroke(let s) in effects where s.paintStyle == 3 {
            guard let next = try s.apply(to: top, masks: masks, timeline: timeline, counter: counter) else { continue }
            top = next
        }
        return top
    }

    /// The stroke applied to `content` for the layer's `masks`: the layer to continue with, or
    /// nil when there is no mask to stroke.
    func apply(to content: CALayer, masks: [LottieMask], timeline: LottieTimeline, counter: LottieLayerCounter) throws(DocumentError) -> CALayer? {
        let chosen = mask.map { $0 < masks.count ? [masks[$0]] : [] } ?? masks
        guard !chosen.isEmpty else { return nil }
        try counter.add(chosen.count + 1)
        let holder = CALayer()
        holder.anchorPoint = Point(0, 0)
        holder.bounds = Rect(0, 0, 0, 0)
        for m in chosen {
            try counter.addVertices(m.path.keyframes.reduce(0) { $0 + $1.value.vertices.count }, layer: content.name ?? "")
            let shape = CAShapeLayer()
            shape.anchorPoint = Point(0, 0)
            shape.bounds = Rect(0, 0, 0, 0)
            shape.fillColor = nil
            shape.lineCap = .round
            shape.lineJoin = .round
            LottieKeyframeAnimation.apply(m.path, to: shape, .path, timeline: timeline) { b in
                var p = Path()
                b.append(to: &p)
                return p
            }
            if paintStyle == 3 {
                shape.strokeColor = .white
            } else {
                LottieKeyframeAnimation.apply(color, to: shape, .strokeColor, timeline: timeline) { LottieColor.color($0).withAlpha(1) }
            }
            LottieKeyframeAnimation.apply(brushSize, to: shape, .lineWidth, timeline: timeline) { max(2 * ($0.first ?? 0), 0) }
            // "the smaller first": start and end as strokeStart / strokeEnd, each clamped to 0…1.
            let s = start, e = end
            func bound(_ frame: Double, _ lower: Bool) -> Double {
                let a = (s.value(at: frame).first ?? 0) / 100, b = (e.value(at: frame).first ?? 100) / 100
                return min(max(lower ? min(a, b) : max(a, b), 0), 1)
            }
            for (key, lower) in [(LayerKeyPath<Double>.strokeStart, true), (.strokeEnd, false)] {
                LottieKeyframeAnimation.applySampled(key, to: shape, timeline: timeline, animated: s.changesOverTime || e.changesOverTime) {
                    bound(timeline.frame(atRoot: $0), lower)
                }
            }
            holder.addSublayer(shape)
        }
        LottieKeyframeAnimation.apply(opacity, to: holder, .opacity, timeline: timeline) { min(max($0.first ?? 1, 0), 1) }
        switch paintStyle {
        case 3:
            try counter.add(1)
            let wrapper = CALayer()
            wrapper.anchorPoint = Point(0, 0)
            wrapper.bounds = Rect(0, 0, 0, 0)
            wrapper.addSublayer(content)
            wrapper.mask = holder
            return wrapper
        case 2:
            content.backgroundColor = nil
            content.contents = nil
            for s in content.sublayers ?? [] { s.removeFromSuperlayer() }
            content.addSublayer(holder)
        default:
            content.addSublayer(holder)
        }
        return content
    }
}
