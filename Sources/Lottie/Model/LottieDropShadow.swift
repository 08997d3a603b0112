// A layer's drop shadow, from either of Lottie's two schemas, in the units lottie-ios's Core
// Animation engine hands to CALayer's shadow properties:
// - the layer style `sy` of type 1 (Drop Shadow): colour `c`, opacity `o` (0…100), angle `a`
//   in degrees (90: straight down), distance `d` and size `s`; the shadow radius is s / 2
//   ("After Effects shadow softness uses a different range of values than
//   CALayer.shadowRadius … dividing this value … by 2 produces results that are visually
//   similar", lottie-ios);
// - the effect `ef` of type 25 (Drop Shadow), whose values are found by name: "Shadow
//   Color", "Opacity" (0…255), "Direction" (degrees, 0 pointing up: the angle is
//   direction − 90), "Distance" and "Softness" (radius softness / 5).
// When a layer has both, the effect wins (lottie-ios: "prefer the DropShadowEffect").
import LayerKit

struct LottieDropShadow: Sendable {
    /// RGBA in 0…1.
    var color: LottieProperty<[Double]>
    /// 0…1.
    var opacity: LottieProperty<[Double]>
    /// Degrees, 0 along +x, 90 along +y (down).
    var angle: LottieProperty<[Double]>
    var distance: LottieProperty<[Double]>
    /// CALayer.shadowRadius.
    var radius: LottieProperty<[Double]>
    /// Whether it is the effect (`ef` type 25), whose softness After Effects' reading scales
    /// as lottie-web does (LottieLayerShadow).
    var isEffect = false

    /// The layer's drop shadow (`ef` type 25 first, else `sy` type 1), nil for none.
    static func decode(layer j: LottieJSON) throws(DocumentError) -> LottieDropShadow? {
        if let effects = j["ef"]?.elements {
            for e in effects where e["ty"]?.numberValue == 25 {
                if let shadow = try effect(e) { return shadow }
            }
        }
        if let styles = j["sy"]?.elements {
            for s in styles where s["ty"]?.numberValue == 1 { return try style(s) }
        }
        return nil
    }

    static func style(_ s: LottieJSON) throws(DocumentError) -> LottieDropShadow {
        LottieDropShadow(color: try LottieColor.decode(s["c"], default: [0, 0, 0, 1]),
                         opacity: try LottieProperty<[Double]>.decode(s["o"], default: [100]).mapValues { [$0[0] / 100] },
                         angle: try .decode(s["a"], default: [0]),
                         distance: try .decode(s["d"], default: [0]),
                         radius: try LottieProperty<[Double]>.decode(s["s"], default: [0]).mapValues { [$0[0] / 2] })
    }

    /// The effect's values by name; nil when it carries neither colour nor opacity.
    static func effect(_ e: LottieJSON) throws(DocumentError) -> LottieDropShadow? {
        var values: [String: LottieProperty<[Double]>] = [:]
        for v in try e["ef"]?.array(limit: LottieLimits.maximumLayers) ?? [] {
            guard let name = v["nm"]?.stringValue, let value = v["v"] else { continue }
            values[name] = try .decode(value)
        }
        guard values["Shadow Color"] != nil || values["Opacity"] != nil else { return nil }
        return LottieDropShadow(color: values["Shadow Color"]?.mapValues(LottieColor.unit) ?? LottieProperty([0, 0, 0, 1]),
                                opacity: (values["Opacity"] ?? LottieProperty([255])).mapValues { [$0[0] / 255] },
                                angle: (values["Direction"] ?? LottieProperty([180])).mapValues { [$0[0] - 90] },
                                distance: values["Distance"] ?? LottieProperty([0]),
                                radius: (values["Softness"] ?? LottieProperty([0])).mapValues { [$0[0] / 5] },
                                isEffect: true)
    }
}

extension LottieProperty where Value == [Double] {
    /// The property with every keyframe's value (and the constant) passed through `f`; an
    /// empty vector reads as 0.
    func mapValues(_ f: ([Double]) -> [Double]) -> LottieProperty<[Double]> {
        var out = self
        for i in out.keyframes.indices {
            let v = out.keyframes[i].value
            out.keyframes[i].value = f(v.isEmpty ? [0] : v)
        }
        return out
    }
}
