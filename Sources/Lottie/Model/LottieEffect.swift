// A layer's effects (`ef`), each an After Effects effect with its type `ty`, name `nm`, switch
// `en` (0: off) and its controls `ef`, values `v` read by position as lottie-web reads them
// (`effectElements[i]`), since a control's name is the author's language's (the Lottie
// specification's effect types list the same positions, lottie/lottie-spec "Effects"):
//
// - 20 Tint: 0 "Map Black To" (colour), 1 "Map White To" (colour), 2 "Amount to Tint" (0…100);
// - 21 Fill: 2 "Color", 6 "Opacity" (0…1) (0, 1 the mask to fill, 3 invert, 4, 5 feathers);
// - 22 Stroke: 0 "Path" (a mask, 1-based), 1 "All Masks", 3 "Color", 4 "Brush Size", 6 "Opacity"
//   (0…1), 7 "Start", 8 "End" (0…100), 10 "Paint Style" (LottieStrokeEffect);
// - 23 Tritone: 0 "Highlights", 1 "Midtones", 2 "Shadows" (colours), 3 "Blend With Original" (0…100);
// - 25 Drop Shadow: read by LottieDropShadow;
// - 29 Gaussian Blur: 0 "Blurriness", 1 "Blur Dimensions" (1 both, 2 horizontal, 3 vertical),
//   2 "Repeat Edge Pixels" (0, 1);
// - 35 Transform (also a custom effect, `ty` 5, of match name "ADBE Geometry2", as older
//   exporters write it): 0 "Anchor Point", 1 "Position", 2 "Uniform Scale", 3 "Scale Height",
//   4 "Scale Width", 5 "Skew", 6 "Skew Axis", 7 "Rotation", 8 "Opacity" (0…100), read as
//   lottie-web's `TransformEffect` reads them (LottieTransformEffect).
// - Gradient Ramp (a custom effect, `ty` 5, of match name "ADBE Ramp"; lottie-web draws none):
//   0 "Start of Ramp" (point), 1 "Start Color", 2 "End of Ramp" (point), 3 "End Color",
//   4 "Ramp Shape" (1 linear, 2 radial), 5 "Ramp Scatter" (not drawn), 6 "Blend With
//   Original" (0…100), as Skottie's GradientRampEffectAdapter reads them.
//
// Any other type (Levels, Displacement Map…) and an effect missing a control it
// needs is `.unsupported`: the importer says so once and the layer plays without it. Effects
// that are switched off are left out, and so are expression controls (`isControl`): they
// draw nothing in After Effects, only hold values for expressions to read.
import LayerKit

enum LottieEffect: Sendable {
    case tint(black: LottieProperty<[Double]>, white: LottieProperty<[Double]>, amount: LottieProperty<[Double]>)
    case fill(color: LottieProperty<[Double]>, opacity: LottieProperty<[Double]>)
    case tritone(highlights: LottieProperty<[Double]>, midtones: LottieProperty<[Double]>, shadows: LottieProperty<[Double]>,
                 blend: LottieProperty<[Double]>)
    case gaussianBlur(blurriness: LottieProperty<[Double]>, dimensions: Int, repeatsEdges: Bool)
    case stroke(LottieStrokeEffect)
    case gradientRamp(start: LottieProperty<[Double]>, startColor: LottieProperty<[Double]>, end: LottieProperty<[Double]>,
                      endColor: LottieProperty<[Double]>, radial: Bool, blend: LottieProperty<[Double]>)
    /// The Transform effect as a layer transform (LottieTransformEffect).
    case transform(LottieTransformModel)
    /// Read apart (LottieDropShadow); kept here so the list keeps its order.
    case dropShadow
    case unsupported(type: Int, name: String)

    /// The layer's effects in order (switched-off ones left out).
    static func decodeList(_ j: LottieJSON?) throws(DocumentError) -> [LottieEffect] {
        // A malformed list is no effect (as the drop shadow's reading has it), an overlong one refused.
        guard let j, j.elements != nil else { return [] }
        var out: [LottieEffect] = []
        for e in try j.array(limit: LottieLimits.maximumLayers) where e.isObject {
            if let on = e["en"]?.numberValue, on == 0 { continue }
            if isControl(e) { continue }
            out.append(try decode(e))
        }
        return out
    }

    /// The match names of After Effects' Expression Controls (Effect > Expression Controls:
    /// Slider, Angle, Checkbox, Color, Point, 3D Point, Layer and Dropdown Menu Control): "Use
    /// Expression Controls effects to add a control that you can use to manipulate one or many
    /// properties' values by linking the property to the control using expressions" (After
    /// Effects CS3 User Guide, "Using Expression Controls effects"); they draw nothing.
    /// Bodymovin exports them as custom effects (`ty` 5) under these `mn`.
    static let controlMatchNames: Set<String> = [
        "ADBE Slider Control", "ADBE Angle Control", "ADBE Checkbox Control", "ADBE Color Control",
        "ADBE Point Control", "ADBE Point3D Control", "ADBE Layer Control", "ADBE Dropdown Control",
    ]

    /// Whether `e` is an expression control: a custom effect (`ty` 5) that is one of After
    /// Effects' Expression Controls, or a preset's own panel of controls: "a specialized
    /// expression control effect that was created specifically for these animation presets"
    /// (After Effects CS4 User Manual, "Expression Controls", of the Animated Shape Control,
    /// match name "ADBE CM Animated Shape Control") — the "ADBE CM …" panels of After Effects'
    /// own presets (Behaviors' "Wiggle - position" beside the Transform effect whose position
    /// expression reads it) and pseudo effects "Pseudo/…" (RubberHose's and Duik's rigs,
    /// Trace Path's controls). lottie-web draws no effect of type
    /// 5 either: it registers its SVG effects for types 20–25, 28, 29 and 35 only
    /// (`registerEffect` in its module entry).
    static func isControl(_ e: LottieJSON) -> Bool {
        guard e["ty"]?.numberValue == 5, let match = e["mn"]?.stringValue else { return false }
        return controlMatchNames.contains(match) || match.hasPrefix("Pseudo/") || match.hasPrefix("ADBE CM ")
    }

    static func decode(_ e: LottieJSON) throws(DocumentError) -> LottieEffect {
        let type = Int(e["ty"]?.numberValue ?? -1)
        let name = e["nm"]?.stringValue ?? ""
        var controls: [LottieProperty<[Double]>?] = []
        let list = e["ef"].flatMap { $0.elements != nil ? $0 : nil }
        for v in try list?.array(limit: LottieLimits.maximumLayers) ?? [] where v.isObject {
            // A control without a value (a group marker, `ty` 6), or with one that is not a
            // number or vector (a layer reference, a text), keeps its position as nil: an
            // effect this importer does not draw must not refuse the file.
            controls.append(v["v"].flatMap { (x: LottieJSON) in try? LottieProperty<[Double]>.decode(x) })
        }
        func at(_ i: Int) -> LottieProperty<[Double]>? { i < controls.count ? controls[i] : nil }
        func color(_ i: Int) -> LottieProperty<[Double]>? { at(i)?.mapValues(LottieColor.unit) }
        switch type {
        case 20:
            guard let black = color(0), let white = color(1) else { break }
            return .tint(black: black, white: white, amount: at(2) ?? LottieProperty([100]))
        case 21:
            guard let c = color(2) else { break }
            return .fill(color: c, opacity: at(6) ?? LottieProperty([1]))
        case 23:
            guard let h = color(0), let m = color(1), let s = color(2) else { break }
            return .tritone(highlights: h, midtones: m, shadows: s, blend: at(3) ?? LottieProperty([0]))
        case 22:
            guard let stroke = LottieStrokeEffect.decode(at) else { break }
            return .stroke(stroke)
        case 35, 5 where e["mn"]?.stringValue == "ADBE Geometry2":
            guard let t = LottieTransformEffect.model(at) else { break }
            return .transform(t)
        case 5 where e["mn"]?.stringValue == "ADBE Ramp":
            guard let start = at(0), let c0 = color(1), let end = at(2), let c1 = color(3) else { break }
            return .gradientRamp(start: start, startColor: c0, end: end, endColor: c1,
                                 radial: (at(4)?.initialValue.first ?? 1) == 2, blend: at(6) ?? LottieProperty([0]))
        case 25:
            return .dropShadow
        case 29:
            guard let b = at(0) else { break }
            return .gaussianBlur(blurriness: b, dimensions: Int(at(1)?.initialValue.first ?? 1),
                                 repeatsEdges: (at(2)?.initialValue.first ?? 0) != 0)
        default: break
        }
        return .unsupported(type: type, name: name)
    }
}
