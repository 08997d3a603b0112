// A text layer's animators (`t.a`), its grouping options (`t.m`) and its path options (`t.p`),
// as the Lottie specification names them ("Text Animator Data", "Text Range Selector",
// "Text Style", "Text Follow Path"; lottie/lottie-spec, and lottie-web's
// TextAnimatorDataProperty / TextSelectorProperty, which read the same keys).
//
// An animator is a range selector `s` and the properties `a` it moves: `p` position, `a`
// anchor, `s` scale (percent), `r` rotation (degrees), `sk` skew along `sa`, `o` opacity
// (percent), `fc` fill colour, `sc` stroke colour, `sw` stroke width, `t` tracking. The
// selector: start `s`, end `e`, offset `o` (percent of the units, or indices when `r` is 2),
// amount `a` (percent), ease high `xe` and low `ne` (percent), shape `sh` (1 square, 2 ramp
// up, 3 ramp down, 4 triangle, 5 round, 6 smooth), based on `b` (1 characters, 2 characters
// excluding spaces, 3 words, 4 lines), randomize order `rn`.
import LayerKit

struct LottieTextSelector: Sendable {
    var start = LottieProperty<[Double]>([0])
    var end = LottieProperty<[Double]>([100])
    var offset = LottieProperty<[Double]>([0])
    var amount = LottieProperty<[Double]>([100])
    var easeHigh = LottieProperty<[Double]>([0])
    var easeLow = LottieProperty<[Double]>([0])
    var shape = 1
    var basedOn = 1
    var inIndices = false
    var randomized = false

    static func decode(_ j: LottieJSON?) throws(DocumentError) -> LottieTextSelector {
        var s = LottieTextSelector()
        guard let j, j.isObject else { return s }
        s.start = try .decode(j["s"], default: [0])
        s.end = try .decode(j["e"], default: [100])
        s.offset = try .decode(j["o"], default: [0])
        s.amount = try .decode(j["a"], default: [100])
        s.easeHigh = try .decode(j["xe"], default: [0])
        s.easeLow = try .decode(j["ne"], default: [0])
        s.shape = try j.code("sh", default: 1)
        s.basedOn = try j.code("b", default: 1)
        s.inIndices = try j.code("r", default: 1) == 2
        s.randomized = j.bool("rn")
        return s
    }
}

struct LottieTextAnimator: Sendable {
    var selector = LottieTextSelector()
    var position: LottieProperty<[Double]>?
    var anchor: LottieProperty<[Double]>?
    var scale: LottieProperty<[Double]>?
    var rotation: LottieProperty<[Double]>?
    var skew: LottieProperty<[Double]>?
    var skewAxis: LottieProperty<[Double]>?
    var opacity: LottieProperty<[Double]>?
    var fillColor: LottieProperty<[Double]>?
    var strokeColor: LottieProperty<[Double]>?
    var strokeWidth: LottieProperty<[Double]>?
    var tracking: LottieProperty<[Double]>?
    /// Fill hue (degrees), saturation and brightness (percent) offsets.
    var fillHue: LottieProperty<[Double]>?
    var fillSaturation: LottieProperty<[Double]>?
    var fillBrightness: LottieProperty<[Double]>?
    /// Style properties read but not drawn (3D rotations, line and baseline shifts).
    var undrawn: [String] = []

    static func decodeList(_ j: LottieJSON?) throws(DocumentError) -> [LottieTextAnimator] {
        guard let j else { return [] }
        var out: [LottieTextAnimator] = []
        for a in try j.array(limit: LottieLimits.maximumLayers) {
            guard a.isObject else { throw a.error("expected a text animator object") }
            var t = LottieTextAnimator()
            t.selector = try LottieTextSelector.decode(a["s"])
            let p = a["a"]
            func prop(_ key: String) throws(DocumentError) -> LottieProperty<[Double]>? {
                try p?[key].map { (v: LottieJSON) throws(DocumentError) in try LottieProperty.decode(v) }
            }
            t.position = try prop("p"); t.anchor = try prop("a"); t.scale = try prop("s")
            t.rotation = try prop("r"); t.skew = try prop("sk"); t.skewAxis = try prop("sa")
            t.opacity = try prop("o"); t.fillColor = try prop("fc"); t.strokeColor = try prop("sc")
            t.strokeWidth = try prop("sw"); t.tracking = try prop("t")
            t.fillHue = try prop("fh"); t.fillSaturation = try prop("fs"); t.fillBrightness = try prop("fb")
            for key in ["rx", "ry", "ls", "bs"] where p?[key] != nil { t.undrawn.append(key) }
            out.append(t)
        }
        return out
    }
}

/// Text on a path (`t.p`): the layer's mask `m` the text follows, first margin `f`, last
/// margin `l`, perpendicular to path `p`, reverse `r`, force alignment `a`.
struct LottieTextPathOptions: Sendable {
    var mask: Int
    var firstMargin = LottieProperty<[Double]>([0])
    var lastMargin = LottieProperty<[Double]>([0])
    var perpendicular = LottieProperty<[Double]>([1])
    var reversed = LottieProperty<[Double]>([0])
    var forceAlignment = LottieProperty<[Double]>([0])

    static func decode(_ j: LottieJSON?) throws(DocumentError) -> LottieTextPathOptions? {
        guard let j, j.isObject, let m = j["m"]?.numberValue else { return nil }
        guard m.isFinite, m >= 0, m < Double(LottieLimits.maximumLayers) else { throw j.error("mask index \(m) is out of range") }
        var o = LottieTextPathOptions(mask: Int(m))
        o.firstMargin = try .decode(j["f"], default: [0])
        o.lastMargin = try .decode(j["l"], default: [0])
        o.perpendicular = try .decode(j["p"], default: [1])
        o.reversed = try .decode(j["r"], default: [0])
        o.forceAlignment = try .decode(j["a"], default: [0])
        return o
    }
}
