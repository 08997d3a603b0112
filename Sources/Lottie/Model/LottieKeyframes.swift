// An animatable Lottie property (`{"a": 0|1, "k": value | [keyframe]}`) decoded into keyframes.
// A keyframe holds its frame `t`, its start value `s` (older files give the previous
// keyframe's end value `e` instead), the easing of the segment that starts at it (`o` out
// tangent, `i` in tangent of the next value, each with per-dimension `x` and `y`), hold
// (`h`: the value stays until the next keyframe) and, on positions, the spatial tangents of
// the segment's motion path (`to` from this value, `ti` into the next).
import LayerKit
import Raster

/// A value a Lottie property can hold and mix.
protocol LottieInterpolatable: Equatable, Sendable {
    static func mix(_ a: Self, _ b: Self, eased: [Double]) -> Self
}

extension Array: LottieInterpolatable where Element == Double {
    /// Per-dimension mix: dimension d uses eased[min(d, count - 1)].
    static func mix(_ a: [Double], _ b: [Double], eased: [Double]) -> [Double] {
        var out = a
        for d in 0..<Swift.min(a.count, b.count) {
            let e = eased[Swift.min(d, eased.count - 1)]
            out[d] = a[d] + (b[d] - a[d]) * e
        }
        return out
    }
}

extension LottieBezier: LottieInterpolatable {
    static func mix(_ a: LottieBezier, _ b: LottieBezier, eased: [Double]) -> LottieBezier {
        lerp(a, b, eased[0])
    }
}

/// The easing of one keyframe segment: Lottie's out tangent of the segment's first keyframe
/// and in tangent of its second, a cubic bezier from (0, 0) to (1, 1) per dimension.
struct LottieEasing: Equatable, Sendable {
    var outX: [Double], outY: [Double], inX: [Double], inY: [Double]
    static let linear = LottieEasing(outX: [0], outY: [0], inX: [1], inY: [1])

    var dimensions: Int { max(outX.count, outY.count, inX.count, inY.count) }
    /// The four control numbers of dimension d.
    func controlPoints(_ d: Int) -> (Double, Double, Double, Double) {
        func at(_ a: [Double]) -> Double { a.isEmpty ? 0 : a[min(d, a.count - 1)] }
        return (at(outX), at(outY), at(inX), at(inY))
    }
    /// Whether every dimension eases alike.
    var isUniform: Bool { (0..<dimensions).allSatisfy { controlPoints($0) == controlPoints(0) } }
}

/// One keyframe.
struct LottieKeyframe<Value: LottieInterpolatable>: Sendable {
    var frame: Double
    var value: Value
    /// Easing of the segment from this keyframe to the next.
    var easing: LottieEasing
    /// The value holds until the next keyframe.
    var hold: Bool
    /// Spatial tangents of the segment to the next keyframe (positions only).
    var spatialOut: Point?
    var spatialIn: Point?
}

/// A property: one value, or keyframes in time order.
struct LottieProperty<Value: LottieInterpolatable>: Sendable {
    var keyframes: [LottieKeyframe<Value>]

    init(_ value: Value) {
        keyframes = [LottieKeyframe(frame: 0, value: value, easing: .linear, hold: false)]
    }
    init(keyframes: [LottieKeyframe<Value>]) { self.keyframes = keyframes }

    var isAnimated: Bool { keyframes.count > 1 }
    var initialValue: Value { keyframes[0].value }
    var frames: [Double] { keyframes.map(\.frame) }
}

/// Equal keyframes: same frames, values, easings, holds and tangents (the group builder
/// tells whether two sets of shapes are trimmed alike).
extension LottieKeyframe: Equatable where Value: Equatable {}
extension LottieProperty: Equatable where Value: Equatable {}

extension LottieProperty where Value == [Double] {
    /// Reads a vector (or number) property.
    static func decode(_ j: LottieJSON) throws(DocumentError) -> LottieProperty<[Double]> {
        try decodeAny(j) { (v: LottieJSON) throws(DocumentError) -> [Double] in try v.vector() }
    }
    /// `j` when present, else the constant `fallback`.
    static func decode(_ j: LottieJSON?, default fallback: [Double]) throws(DocumentError) -> LottieProperty<[Double]> {
        guard let j else { return LottieProperty(fallback) }
        return try decode(j)
    }
}

extension LottieProperty where Value == LottieBezier {
    static func decode(_ j: LottieJSON) throws(DocumentError) -> LottieProperty<LottieBezier> {
        try decodeAny(j) { (v: LottieJSON) throws(DocumentError) -> LottieBezier in try LottieBezier.decode(v) }
    }
}

extension LottieProperty {
    /// Whether `k` is a keyframe list (an array of objects with `t`) rather than a value.
    static func isKeyframeList(_ k: LottieJSON) -> Bool {
        guard let a = k.elements, let first = a.first, first.isObject, first["t"] != nil else { return false }
        return true
    }

    static func decodeAny(_ j: LottieJSON, value: (LottieJSON) throws(DocumentError) -> Value) throws(DocumentError) -> LottieProperty<Value> {
        // A bare value where a property object was expected (some exporters) reads as constant.
        guard j.isObject, let k = j["k"] else {
            if j.isObject { throw j.error("missing \"k\"") }
            return LottieProperty(try value(j))
        }
        guard isKeyframeList(k) else { return LottieProperty(try value(k)) }
        let list = try k.array(limit: LottieLimits.maximumKeyframes)
        var out: [LottieKeyframe<Value>] = []
        var previousEnd: Value?
        for kf in list {
            guard kf.isObject else { throw kf.error("expected a keyframe object, found \(kf.value.kindName)") }
            let t = try kf.required("t").number()
            var start: Value
            if let s = kf["s"] { start = try value(s) }
            else if let e = previousEnd { start = e }
            else if let last = out.last { start = last.value }
            else { throw kf.error("keyframe without a value (\"s\")") }
            previousEnd = try kf["e"].map { (e: LottieJSON) throws(DocumentError) -> Value in try value(e) }
            func tangent(_ key: String) throws(DocumentError) -> (x: [Double], y: [Double])? {
                guard let o = kf[key] else { return nil }
                guard let x = o["x"], let y = o["y"] else { throw o.error("expected an easing tangent {x, y}") }
                return (try x.vector(), try y.vector())
            }
            let o = try tangent("o"), i = try tangent("i")
            let easing = LottieEasing(outX: o?.x ?? [0], outY: o?.y ?? [0], inX: i?.x ?? [1], inY: i?.y ?? [1])
            func spatial(_ key: String) throws(DocumentError) -> Point? {
                guard let v = try kf[key]?.vector(), v.count >= 2 else { return nil }
                return Point(v[0], v[1])
            }
            // A keyframe list must run forward in time; a step back is read as simultaneous.
            let frame = max(t, out.last?.frame ?? t)
            out.append(LottieKeyframe(frame: frame, value: start, easing: easing, hold: kf.bool("h"),
                                      spatialOut: try spatial("to"), spatialIn: try spatial("ti")))
        }
        guard !out.isEmpty else { throw k.error("empty keyframe list") }
        return LottieProperty(keyframes: out)
    }
}
