// After Effects' Transform effect (`ef` type 35, or a custom effect of match name
// "ADBE Geometry2") in After Effects' reading: a second transform of the layer's content in
// the layer's own space — anchor point, position, scale (uniform: the height both ways),
// skew along its axis, rotation and opacity — applied after the masks and the other effects,
// before the layer's own transform (After Effects' render order: "masks, effects,
// transforms"; lottie-web's `TransformEffect` is a local matrix multiplied before the
// layer's `finalTransform.mat`, its opacity × 0.01 multiplied into the layer's). Core
// Animation's construct is the one a Lottie transform already has: the content inside the
// transform layers of `LottieTransformLayers` built from the effect's controls as a
// `LottieTransformModel`, animated where they are keyframed, the opacity on the outer one.
// Several Transform effects nest in the file's order, the first innermost.
//
// lottie-web composes the effect's matrix as translate(−anchor), scale, rotate, skew,
// translate(position); a layer transform skews before it rotates. The layers here compose
// the layer transform's order, so a Transform effect with both a skew and a rotation differs
// from lottie-web's by the order of the two (either alone is the same).
import LayerKit

enum LottieTransformEffect {
    /// The effect's controls (by position, see LottieEffect) as a transform; nil without an
    /// anchor point or position.
    static func model(_ at: (Int) -> LottieProperty<[Double]>?) -> LottieTransformModel? {
        guard let anchor = at(0), let position = at(1) else { return nil }
        var t = LottieTransformModel()
        t.anchor = anchor
        t.position = .combined(position)
        let uniform = (at(2)?.initialValue.first ?? 1) != 0
        let height = at(3) ?? LottieProperty([100]), width = at(4) ?? LottieProperty([100])
        t.scale = uniform ? height.mapValues { [$0.first ?? 100, $0.first ?? 100] } : pair(width, height)
        t.skew = at(5)
        t.skewAxis = at(6)
        t.rotation = at(7) ?? LottieProperty([0])
        t.opacity = at(8) ?? LottieProperty([100])
        return t
    }

    /// Width and height as one scale property: one moving, the other's value beside it; both
    /// moving, combined where their keyframes line up (LottieCombinedKeyframes), else the
    /// width's keyframes with the height read at each.
    static func pair(_ w: LottieProperty<[Double]>, _ h: LottieProperty<[Double]>) -> LottieProperty<[Double]> {
        func first(_ v: [Double]) -> Double { v.first ?? 100 }
        if !h.isAnimated { let y = first(h.initialValue); return w.mapValues { [first($0), y] } }
        if !w.isAnimated { let x = first(w.initialValue); return h.mapValues { [x, first($0)] } }
        if let c = LottieProperty.combined([w, h]) {
            return LottieProperty(keyframes: c.keyframes.map { k in
                LottieKeyframe(frame: k.frame, value: [first(k.value.parts[0]), first(k.value.parts[1])], easing: k.easing, hold: k.hold)
            })
        }
        return LottieProperty(keyframes: w.keyframes.map { k in
            LottieKeyframe(frame: k.frame, value: [first(k.value), first(h.value(at: k.frame))], easing: k.easing, hold: k.hold)
        })
    }

    /// `top` inside the transform layers of each Transform effect in `effects`, the first
    /// innermost; `top` itself when there is none.
    static func apply(_ effects: [LottieEffect], to top: CALayer, timeline: LottieTimeline, layerName: String,
                      warnings: LottieWarnings, counter: LottieLayerCounter) throws(DocumentError) -> CALayer {
        var top = top
        for case .transform(let t) in effects {
            let (outer, inner) = LottieTransformLayers.make(t, timeline: timeline, name: layerName, warnings: warnings)
            try counter.add(LottieTransformLayers.depth(outer, inner))
            inner.addSublayer(top)
            LottieKeyframeAnimation.apply(t.opacity, to: outer, .opacity, timeline: timeline) {
                min(max(($0.first ?? 100) / 100, 0), 1)
            }
            top = outer
        }
        return top
    }
}
