// A Lottie transform (`ks` of a layer, `tr` item of a shape group): anchor point `a`,
// position `p` (or split into `px`, `py` when `p.s` is true), scale `s` (percent), rotation
// `r` (degrees; `rz` on 3D layers, with `rx`, `ry` and the orientation `or`), opacity `o` (percent), skew `sk` along
// the axis `sa` (degrees). Lottie composes them as translate(p) · rotate · skew · scale ·
// translate(−a).
import LayerKit

struct LottieTransformModel: Sendable {
    enum Position: Sendable {
        case combined(LottieProperty<[Double]>)
        case split(x: LottieProperty<[Double]>, y: LottieProperty<[Double]>)
    }
    var anchor = LottieProperty<[Double]>([0, 0])
    var position = Position.combined(LottieProperty([0, 0]))
    var scale = LottieProperty<[Double]>([100, 100])
    var rotation = LottieProperty<[Double]>([0])
    var rotationX: LottieProperty<[Double]>?
    var rotationY: LottieProperty<[Double]>?
    var opacity = LottieProperty<[Double]>([100])
    var skew: LottieProperty<[Double]>?
    var skewAxis: LottieProperty<[Double]>?
    /// Orientation `or` of a 3D layer (degrees about x, y, z).
    var orientation: LottieProperty<[Double]>?

    init() {}

    static func decode(_ j: LottieJSON?) throws(DocumentError) -> LottieTransformModel {
        var t = LottieTransformModel()
        guard let j else { return t }
        guard j.isObject else { throw j.error("expected a transform object, found \(j.value.kindName)") }
        t.anchor = try .decode(j["a"], default: [0, 0])
        if let p = j["p"] {
            if p.bool("s") {
                t.position = .split(x: try .decode(p["x"], default: [0]), y: try .decode(p["y"], default: [0]))
            } else {
                t.position = .combined(try .decode(p))
            }
        } else if j["px"] != nil || j["py"] != nil {
            t.position = .split(x: try .decode(j["px"], default: [0]), y: try .decode(j["py"], default: [0]))
        }
        t.scale = try .decode(j["s"], default: [100, 100])
        t.rotation = try .decode(j["r"] ?? j["rz"], default: [0])
        t.rotationX = try j["rx"].map { (v: LottieJSON) throws(DocumentError) in try LottieProperty.decode(v) }
        t.rotationY = try j["ry"].map { (v: LottieJSON) throws(DocumentError) in try LottieProperty.decode(v) }
        t.opacity = try .decode(j["o"], default: [100])
        t.skew = try j["sk"].map { (v: LottieJSON) throws(DocumentError) in try LottieProperty.decode(v) }
        t.skewAxis = try j["sa"].map { (v: LottieJSON) throws(DocumentError) in try LottieProperty.decode(v) }
        t.orientation = try j["or"].map { (v: LottieJSON) throws(DocumentError) in try LottieProperty.decode(v) }
        return t
    }

    /// Whether the skew is ever non-zero.
    var hasSkew: Bool { skew.map { $0.keyframes.contains { ($0.value.first ?? 0) != 0 } } ?? false }
    /// Whether a rotation about x or y is ever non-zero.
    var has3DRotation: Bool {
        [rotationX, rotationY].contains { p in p.map { $0.keyframes.contains { ($0.value.first ?? 0) != 0 } } ?? false }
    }
}
