// A Lottie drop shadow (layer style or effect) as the shadow of the layer's content layer,
// the layer that also carries its opacity, as lottie-ios's Core Animation engine does:
// shadowColor, shadowOpacity and shadowRadius follow their properties; shadowOffset is the
// (angle, distance) pair as a vector, (d·cos a, d·sin a) with a in radians. Core Animation
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
        LottieKeyframeAnimation.apply(s.color, keyPath: "shadowColor", to: layer, timeline: timeline) {
            .color(LottieColor.color($0))
        }
        LottieKeyframeAnimation.apply(s.opacity, keyPath: "shadowOpacity", to: layer, timeline: timeline) {
            .number(min(max($0.first ?? 0, 0), 1))
        }
        LottieKeyframeAnimation.apply(s.radius, keyPath: "shadowRadius", to: layer, timeline: timeline) {
            .number(max(($0.first ?? 0) * radiusScale, 0))
        }
        func offset(_ frame: Double) -> AnimatableValue {
            let a = (s.angle.value(at: frame).first ?? 0) * .pi / 180, d = s.distance.value(at: frame).first ?? 0
            return .size(Size(d * cos(a), d * sin(a)))
        }
        layer.setValue(offset(timeline.frame(atRoot: timeline.rootIn)), forKeyPath: "shadowOffset")
        // Angle and distance keyframe apart: the offset is sampled on every frame.
        if s.angle.isAnimated || s.distance.isAnimated,
           let a = LottieKeyframeAnimation.sampled(keyPath: "shadowOffset", timeline: timeline, value: { offset(timeline.frame(atRoot: $0)) }) {
            layer.add(a, forKey: "shadowOffset")
        }
    }
}
