// A Lottie drop shadow (layer style or effect) as the shadow of the layer's content layer,
// the layer that also carries its opacity, as lottie-ios's Core Animation engine does:
// shadowColor, shadowOpacity and shadowRadius follow their properties; shadowOffset is the
// (angle, distance) pair as a vector, (d·cos a, d·sin a) with a in radians, keyframed when
// the two line up (`LottieProperty.combined`), else sampled on every frame. Core Animation
// draws a layer's shadow from "the layer's composited alpha channel" (CALayer.shadowPath),
// so everything the content holds casts it. In After Effects' reading the Drop Shadow effect's
// Softness is a Gaussian of σ = softness / 4 (lottie-web `SVGDropShadowEffect`: feGaussianBlur
// "stdDeviation" = softness / 4; the shadow radius is σ here, CALayer+ShadowDisplay.swift),
// not lottie-ios's softness / 5.
import Foundation
import LayerKit

enum LottieLayerShadow {
    static func apply(_ s: LottieDropShadow, to layer: CALayer, timeline: LottieTimeline, reading: LottieReading = .iOS) {
        // lottie-ios's softness / 5 as lottie-web's softness / 4.
        let radiusScale = s.isEffect && reading.drawsAfterEffectsFeatures ? 5.0 / 4.0 : 1
        LottieKeyframeAnimation.apply(s.color, to: layer, .shadowColor, timeline: timeline) {
            LottieColor.color($0)
        }
        LottieKeyframeAnimation.apply(s.opacity, to: layer, .shadowOpacity, timeline: timeline) {
            min(max($0.first ?? 0, 0), 1)
        }
        LottieKeyframeAnimation.apply(s.radius, to: layer, .shadowRadius, timeline: timeline) {
            max(($0.first ?? 0) * radiusScale, 0)
        }
        func offset(_ angle: [Double], _ distance: [Double]) -> Size {
            let a = (angle.first ?? 0) * .pi / 180, d = distance.first ?? 0
            return Size(d * cos(a), d * sin(a))
        }
        // Angle and distance keyframed alike: one animation of both (lottie-ios's combined
        // keyframes), exact while the angle holds (the offset is then linear in the distance),
        // in After Effects' reading only then.
        if !s.angle.changesOverTime || !timeline.reading.drawsAfterEffectsFeatures,
           let both = LottieProperty.combined([s.angle, s.distance]) {
            LottieKeyframeAnimation.apply(both, to: layer, .shadowOffset, timeline: timeline) { offset($0.parts[0], $0.parts[1]) }
            return
        }
        // Angle and distance keyframe apart: the offset is sampled on every frame.
        LottieKeyframeAnimation.applySampled(.shadowOffset, to: layer, timeline: timeline,
                                             animated: s.angle.isAnimated || s.distance.isAnimated) {
            let f = timeline.frame(atRoot: $0)
            return offset(s.angle.value(at: f), s.distance.value(at: f))
        }
    }
}
