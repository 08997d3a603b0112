// The filter objects a layer's `filters` and `backgroundFilters` hold: Core Image's filters
// as Core Animation on macOS takes them, a filter type named as Core Image names it
// (`CIGaussianBlur`) with its input parameters under Core Image's keys (`inputRadius`), and
// the `name` Core Animation addresses it by in key paths: "you must assign a name to the
// filter so that you can identify it in the array. For example, to change the inputRadius
// parameter of the filter, you could use code similar to the following: [layer
// setValue:…forKeyPath:@"filters.myFilter.inputRadius"]" (CALayer, filters).
//
// A value type: a layer holds copies, and an animation of `filters.NAME.KEY` changes the
// presentation layer's copy only. Each type declares its inputs, their kinds and Core
// Image's defaults (CIFilter's `setDefaults`); reading or writing an input the type does not
// have fails. What each type does to pixels: CIFilter+PixelFilter.swift.

import Raster

/// A Core Image filter for a layer's `filters` or `backgroundFilters`.
public struct CIFilter: Hashable, Sendable {
    /// The filter types, by Core Image's names.
    public enum FilterType: String, CaseIterable, Sendable {
        case gaussianBlur = "CIGaussianBlur"
        case colorMatrix = "CIColorMatrix"
        case colorControls = "CIColorControls"
        case colorMonochrome = "CIColorMonochrome"
        case colorInvert = "CIColorInvert"
        case sepiaTone = "CISepiaTone"
        case colorMap = "CIColorMap"
        /// Core Image's `CIAffineClamp` with the identity transform (the only one drawn): the
        /// image's edge pixels extended outwards, so a blur after it has no dark fringe.
        case affineClamp = "CIAffineClamp"
        /// A Gaussian blur of its own σ along x and along y (`inputRadiusX`, `inputRadiusY`,
        /// in points; 0 leaves an axis sharp), as SVG's feGaussianBlur takes `stdDeviation="x
        /// y"`: LayerKit's, for a blur along one dimension (Core Image's CIGaussianBlur has one
        /// radius).
        case gaussianBlurXY = "LKGaussianBlurXY"
        /// A stroke of the layer's alpha outline (LayerKit's; Core Image has no stroke): a band
        /// `inputWidth` points wide along the edge of everything the layer draws, in
        /// `inputColor`, outside it and beneath (`inputPosition` 0), inside it and over (1), or
        /// centred on the edge and over (2) — After Effects' Layer Styles › Stroke, and a text
        /// stroke. Core Image would build it from CIMorphologyMaximum / CIMorphologyMinimum
        /// ("a circular morphological maximum operation") of the alpha, a colour and a
        /// compositing filter; one filter here, since a layer's `filters` are a chain.
        case stroke = "LKStroke"
        /// A two-colour gradient through the layer's alpha (LayerKit's): linear from
        /// `inputPoint0` (`inputColor0`) to `inputPoint1` (`inputColor1`), or radial about
        /// `inputPoint0` through `inputPoint1` (`inputShape` 0 linear, 1 radial), points in the
        /// layer's coordinates, mixed with the original by `inputIntensity` (1 all ramp) —
        /// After Effects' Gradient Ramp. Core Image's CILinearGradient and CIRadialGradient
        /// (whose point and colour keys these are) generate an image; a CISourceInCompositing
        /// and a CIDissolveTransition would put it through the alpha and mix it back: one filter
        /// here, since a layer's `filters` are a chain.
        case gradientRamp = "LKGradientRamp"

        /// The type's inputs and their defaults (Core Image's `setDefaults`).
        public var defaults: [(key: String, value: AnimatableValue)] {
            switch self {
            case .gaussianBlur: return [("inputRadius", .number(10))]
            case .colorMatrix:
                return [("inputRVector", .numbers([1, 0, 0, 0])), ("inputGVector", .numbers([0, 1, 0, 0])),
                        ("inputBVector", .numbers([0, 0, 1, 0])), ("inputAVector", .numbers([0, 0, 0, 1])),
                        ("inputBiasVector", .numbers([0, 0, 0, 0]))]
            case .colorControls:
                return [("inputSaturation", .number(1)), ("inputBrightness", .number(0)), ("inputContrast", .number(1))]
            case .colorMonochrome:
                return [("inputColor", .color(Color(0.6, 0.45, 0.3, 1))), ("inputIntensity", .number(1))]
            case .colorInvert: return []
            case .sepiaTone: return [("inputIntensity", .number(1))]
            case .colorMap: return CIFilter.colorMapDefaults
            case .affineClamp: return []
            case .gaussianBlurXY: return [("inputRadiusX", .number(10)), ("inputRadiusY", .number(10))]
            case .stroke:
                return [("inputWidth", .number(3)), ("inputColor", .color(Color(0, 0, 0, 1))), ("inputPosition", .number(0))]
            case .gradientRamp:
                // CILinearGradient's defaults (points (0, 0) and (200, 200), white to black).
                return [("inputPoint0", .numbers([0, 0])), ("inputPoint1", .numbers([200, 200])),
                        ("inputColor0", .color(Color(1, 1, 1, 1))), ("inputColor1", .color(Color(0, 0, 0, 1))),
                        ("inputShape", .number(0)), ("inputIntensity", .number(1))]
            }
        }
    }

    /// The filter's type (Core Image's filter name, `CIFilter(name:)`).
    public let type: FilterType
    /// The name key paths address the filter by (`filters.NAME.inputRadius`); nil for none.
    public var name: String?
    /// The input values by key, every input of the type present.
    public private(set) var inputs: [String: AnimatableValue]

    /// A filter of `type` with Core Image's default inputs.
    public init(type: FilterType, name: String? = nil) {
        self.type = type
        self.name = name
        inputs = Dictionary(uniqueKeysWithValues: type.defaults.map { ($0.key, $0.value) })
    }

    /// A filter by Core Image's name (`"CIGaussianBlur"`); nil for a type LayerKit does not draw.
    public init?(name typeName: String) {
        guard let t = FilterType(rawValue: typeName) else { return nil }
        self.init(type: t)
    }

    /// The input keys of the filter's type, in Core Image's order.
    public var inputKeys: [String] { type.defaults.map(\.key) }

    /// An input's value (`inputRadius` …); nil for a key the type does not have.
    public func value(forKey key: String) -> AnimatableValue? { inputs[key] }

    /// Sets an input; false (and nothing changes) for a key the type does not have or a value
    /// of another kind (a number for a number, 4 numbers for a vector, a colour for a colour).
    @discardableResult
    public mutating func setValue(_ value: AnimatableValue, forKey key: String) -> Bool {
        guard let old = inputs[key], let v = Self.coerce(value, like: old) else { return false }
        inputs[key] = v
        return true
    }

    /// A number input (0 when the type has no such input or it is not a number).
    public func number(_ key: String) -> Double {
        if case .number(let n)? = inputs[key] { return n }
        return 0
    }

    /// `value` as the kind of `template`, or nil.
    static func coerce(_ value: AnimatableValue, like template: AnimatableValue) -> AnimatableValue? {
        switch (template, value) {
        case (.number, _): return value.kpNumber.map { .number($0) }
        case (.numbers(let t), .numbers(let v)) where v.count == t.count: return value
        case (.numbers(let t), .list(let xs)) where xs.count == t.count:
            var out: [Double] = []
            for x in xs { guard let n = x.kpNumber else { return nil }; out.append(n) }
            return .numbers(out)
        case (.color, .color(let c?)): return .color(c)
        case (.list, .list(let xs)) where (1...ColorMap.maximumColors).contains(xs.count):
            for x in xs { guard case .color(_?) = x else { return nil } }
            return value
        default: return nil
        }
    }

    // Convenience constructors with Core Image's keys.

    /// `CIGaussianBlur` with `inputRadius`.
    public static func gaussianBlur(radius: Double, name: String? = nil) -> CIFilter {
        var f = CIFilter(type: .gaussianBlur, name: name)
        f.setValue(.number(radius), forKey: "inputRadius")
        return f
    }
    /// `LKGaussianBlurXY` with `inputRadiusX` and `inputRadiusY`.
    public static func gaussianBlur(radiusX: Double, radiusY: Double, name: String? = nil) -> CIFilter {
        var f = CIFilter(type: .gaussianBlurXY, name: name)
        f.setValue(.number(radiusX), forKey: "inputRadiusX")
        f.setValue(.number(radiusY), forKey: "inputRadiusY")
        return f
    }
    /// `LKStroke` with `inputWidth`, `inputColor` and `inputPosition` (0 outside, 1 inside, 2 centre).
    public static func stroke(width: Double, color: Color, position: Int = 0, name: String? = nil) -> CIFilter {
        var f = CIFilter(type: .stroke, name: name)
        f.setValue(.number(width), forKey: "inputWidth")
        f.setValue(.color(color), forKey: "inputColor")
        f.setValue(.number(Double(position)), forKey: "inputPosition")
        return f
    }
    /// `LKGradientRamp` from `point0` in `color0` to `point1` in `color1`, linear or radial,
    /// mixed with the original by `intensity` (1: all ramp).
    public static func gradientRamp(from point0: Point, _ color0: Color, to point1: Point, _ color1: Color,
                                    radial: Bool = false, intensity: Double = 1, name: String? = nil) -> CIFilter {
        var f = CIFilter(type: .gradientRamp, name: name)
        f.setValue(.numbers([point0.x, point0.y]), forKey: "inputPoint0")
        f.setValue(.numbers([point1.x, point1.y]), forKey: "inputPoint1")
        f.setValue(.color(color0), forKey: "inputColor0")
        f.setValue(.color(color1), forKey: "inputColor1")
        f.setValue(.number(radial ? 1 : 0), forKey: "inputShape")
        f.setValue(.number(intensity), forKey: "inputIntensity")
        return f
    }
    /// `CIAffineClamp` (the identity): the edge pixels extended for the filters after it.
    public static func affineClamp(name: String? = nil) -> CIFilter { CIFilter(type: .affineClamp, name: name) }
    /// `CIColorControls` with `inputSaturation`, `inputBrightness`, `inputContrast`.
    public static func colorControls(saturation: Double = 1, brightness: Double = 0, contrast: Double = 1,
                                     name: String? = nil) -> CIFilter {
        var f = CIFilter(type: .colorControls, name: name)
        f.setValue(.number(saturation), forKey: "inputSaturation")
        f.setValue(.number(brightness), forKey: "inputBrightness")
        f.setValue(.number(contrast), forKey: "inputContrast")
        return f
    }
    /// `CIColorMonochrome` with `inputColor` and `inputIntensity`.
    public static func colorMonochrome(color: Color, intensity: Double = 1, name: String? = nil) -> CIFilter {
        var f = CIFilter(type: .colorMonochrome, name: name)
        f.setValue(.color(color), forKey: "inputColor")
        f.setValue(.number(intensity), forKey: "inputIntensity")
        return f
    }
    /// `CISepiaTone` with `inputIntensity`.
    public static func sepiaTone(intensity: Double = 1, name: String? = nil) -> CIFilter {
        var f = CIFilter(type: .sepiaTone, name: name)
        f.setValue(.number(intensity), forKey: "inputIntensity")
        return f
    }
    /// `CIColorInvert`.
    public static func colorInvert(name: String? = nil) -> CIFilter { CIFilter(type: .colorInvert, name: name) }
    /// `CIColorMatrix` with its five vectors (r, g, b, a coefficients; the bias).
    public static func colorMatrix(r: [Double] = [1, 0, 0, 0], g: [Double] = [0, 1, 0, 0], b: [Double] = [0, 0, 1, 0],
                                   a: [Double] = [0, 0, 0, 1], bias: [Double] = [0, 0, 0, 0], name: String? = nil) -> CIFilter {
        var f = CIFilter(type: .colorMatrix, name: name)
        for (k, v) in [("inputRVector", r), ("inputGVector", g), ("inputBVector", b), ("inputAVector", a), ("inputBiasVector", bias)] {
            f.setValue(.numbers(v), forKey: k)
        }
        return f
    }
}

extension CIFilter: CustomStringConvertible {
    public var description: String { "\(type.rawValue)" + (name.map { " \"\($0)\"" } ?? "") }
}
