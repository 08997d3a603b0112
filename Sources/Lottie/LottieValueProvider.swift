// lottie-ios's value and text providers as the importer takes them: a value provider gives a
// property a value of its own in place of the file's — `ColorValueProvider`,
// `FloatValueProvider`, `PointValueProvider`, `SizeValueProvider`, `GradientValueProvider` —
// either one value or keyframes (`Keyframe(value:time:)`, time in the file's frames, linear
// between them as lottie-ios's keyframes without tangents are). Units are the file's own, as
// lottie-ios's: colours 0…1, opacity 0…100, rotation in degrees, scale in percent
// (`PointValueProvider(CGPoint(x: 200, y: 150))` doubles the width). Closure providers are
// not taken: lottie-ios's Core Animation engine refuses them too ("would require calling the
// closure on the main thread once per frame"). A text provider gives text layers their text
// (lottie-ios's `AnimationTextProvider`, keyed by the text layer's key path).
// `LottieDynamicProperties` holds both; `LottieKeypathTree` applies them to the file.
import Foundation
import LayerKit
import Raster

/// One value a provider gives.
public enum LottieProvidedValue: Sendable, Equatable {
    /// `ColorValueProvider`: a colour with its alpha (0…1 channels).
    case color(Color)
    /// `FloatValueProvider`: opacity (0…100), rotation (degrees), stroke width, trim (0…100)…
    case number(Double)
    /// `PointValueProvider` / `SizeValueProvider`: a position, anchor point, size, or a scale in
    /// percent.
    case vector(Double, Double)
    /// `GradientValueProvider`: colour stops (colour and location 0…1, in order).
    case gradient([LottieGradientStop])

    /// A word for the kind of value, for warnings.
    var kindName: String {
        switch self {
        case .color: return "a colour"
        case .number: return "a number"
        case .vector: return "a point or size"
        case .gradient: return "a gradient"
        }
    }
}

public struct LottieGradientStop: Sendable, Equatable {
    public var color: Color
    public var location: Double
    public init(color: Color, location: Double) { self.color = color; self.location = location }
}

/// A value provider: one value, or keyframes at frames of the file.
public struct LottieValueProvider: Sendable, Equatable {
    public struct Keyframe: Sendable, Equatable {
        public var time: Double
        public var value: LottieProvidedValue
        public init(value: LottieProvidedValue, time: Double) { self.value = value; self.time = time }
    }
    /// In time order; one keyframe is a constant value.
    public let keyframes: [Keyframe]

    public init(_ value: LottieProvidedValue) { keyframes = [Keyframe(value: value, time: 0)] }
    /// Keyframes, sorted by time (at least one).
    public init(keyframes: [Keyframe]) {
        precondition(!keyframes.isEmpty, "a value provider needs a value")
        self.keyframes = keyframes.sorted { $0.time < $1.time }
    }

    /// lottie-ios's `ColorValueProvider(_:)`.
    public static func color(_ c: Color) -> LottieValueProvider { .init(.color(c)) }
    /// lottie-ios's `FloatValueProvider(_:)`.
    public static func float(_ x: Double) -> LottieValueProvider { .init(.number(x)) }
    /// lottie-ios's `PointValueProvider(_:)`.
    public static func point(x: Double, y: Double) -> LottieValueProvider { .init(.vector(x, y)) }
    /// lottie-ios's `SizeValueProvider(_:)` (for `Scale`, percent).
    public static func size(width: Double, height: Double) -> LottieValueProvider { .init(.vector(width, height)) }
    /// lottie-ios's `GradientValueProvider(_:locations:)`.
    public static func gradient(_ stops: [LottieGradientStop]) -> LottieValueProvider { .init(.gradient(stops)) }
}

/// The value and text providers an import applies (lottie-ios's `setValueProvider(_:keypath:)`
/// and `textProvider`). Where several value providers match one property, the one set last
/// wins, as in lottie-ios's `ValueProviderStore`.
public struct LottieDynamicProperties: Sendable, Equatable {
    public private(set) var values: [(keypath: AnimationKeypath, provider: LottieValueProvider)] = []
    /// Text layers' texts by the text layer's key path (`**` every text layer).
    public private(set) var texts: [(keypath: AnimationKeypath, text: String)] = []

    public init() {}

    public var isEmpty: Bool { values.isEmpty && texts.isEmpty }

    /// lottie-ios's `setValueProvider(_:keypath:)`: replaces a provider set for the same key path.
    public mutating func setValueProvider(_ provider: LottieValueProvider, keypath: AnimationKeypath) {
        values.removeAll { $0.keypath == keypath }
        values.append((keypath, provider))
    }

    /// The text of the text layers `keypath` names.
    public mutating func setText(_ text: String, keypath: AnimationKeypath) {
        texts.removeAll { $0.keypath == keypath }
        texts.append((keypath, text))
    }

    public static func == (a: LottieDynamicProperties, b: LottieDynamicProperties) -> Bool {
        a.values.elementsEqual(b.values) { $0.keypath == $1.keypath && $0.provider == $1.provider }
            && a.texts.elementsEqual(b.texts) { $0.keypath == $1.keypath && $0.text == $1.text }
    }
}

extension LottieValueProvider {
    /// A value as the command line writes it (`--value KEYPATH=VALUE`): a colour `#RRGGBB` or
    /// `#RRGGBBAA`, a number, comma-separated numbers `x,y` for a point, size or scale (percent,
    /// as lottie-ios's `SizeValueProvider`), or colour stops `#RRGGBB@0,#RRGGBB@0.5,#RRGGBB@1`
    /// (a gradient; on a `Color` property, colour keyframes at those frames). A
    /// `DocumentError` says what is malformed.
    public static func parse(_ text: String) throws(DocumentError) -> LottieValueProvider {
        let place = "value \(DocumentText.quoted(text))"
        let t = text.trimmingCharacters(in: .whitespaces)
        guard !t.isEmpty else { throw DocumentError(place, "empty") }
        let parts = t.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count <= LottieLimits.maximumKeyframes else {
            throw DocumentError(place, "\(parts.count) items exceed the limit \(LottieLimits.maximumKeyframes)")
        }
        if t.contains("@") {
            var stops: [LottieGradientStop] = []
            for p in parts {
                let halves = p.split(separator: "@", omittingEmptySubsequences: false)
                guard halves.count == 2, let c = colour(String(halves[0])), let at = Double(halves[1]), at.isFinite else {
                    throw DocumentError(place, "\(DocumentText.quoted(p)): expected #RRGGBB@LOCATION")
                }
                stops.append(LottieGradientStop(color: c, location: at))
            }
            return .gradient(stops)
        }
        if t.hasPrefix("#") {
            guard parts.count == 1, let c = colour(t) else { throw DocumentError(place, "expected a colour #RRGGBB or #RRGGBBAA") }
            return .color(c)
        }
        var numbers: [Double] = []
        for p in parts {
            guard let x = Double(p), x.isFinite else {
                throw DocumentError(place, "expected a colour (#RRGGBB), a number, x,y, or colour stops #RRGGBB@LOCATION,…")
            }
            numbers.append(x)
        }
        switch numbers.count {
        case 1: return .float(numbers[0])
        case 2: return .point(x: numbers[0], y: numbers[1])
        default: throw DocumentError(place, "\(numbers.count) numbers: expected one (a number) or two (x,y)")
        }
    }

    /// `#RRGGBB` or `#RRGGBBAA` (six or eight hex digits).
    static func colour(_ s: String) -> Color? {
        guard s.count == 7 || s.count == 9 else { return nil }
        return Color(hex: s)
    }
}
