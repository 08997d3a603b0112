// Small Lottie files of our own making, one feature each, for the tests of After Effects'
// reading (`LottieAfterEffectsReadingTests`): a 100 × 100 composition at 30 frames a second,
// frames 0…60, whose layers the tests write with these helpers. No third-party file is used.
import Foundation
import LayerKit
@testable import Lottie

enum LottieFeatureFile {
    /// The animation holding `layers` (JSON objects, top first) and `assets` (a JSON array).
    static func animation(_ layers: [String], op: Double = 60, assets: String = "[]") -> [UInt8] {
        Array("""
        {"v": "5.7.0", "fr": 30, "ip": 0, "op": \(op), "w": 100, "h": 100, "assets": \(assets), "layers": [\(layers.joined(separator: ","))]}
        """.utf8)
    }

    /// The animation imported in `reading`, with the clock at 0 as the player imports it (the
    /// animations that begin at the in point resolve their begin time to the clock's time).
    static func scene(_ layers: [String], assets: String = "[]", reading: LottieReading = .afterEffects) throws -> LottieScene {
        let context = CAAnimationContext.current
        context.clock.manualTime = 0
        let s = try LottieScene.parse(animation(layers, assets: assets), reading: reading)
        context.engine.tick(at: 0)
        return s
    }

    /// A shape layer of `shapes` with the transform `ks` (JSON object).
    static func shapeLayer(_ shapes: [String], ks: String = "{}", extra: String = "") -> String {
        """
        {"ty": 4, "nm": "S", "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": \(ks), "shapes": [\(shapes.joined(separator: ","))]\(extra.isEmpty ? "" : ", " + extra)}
        """
    }

    /// A solid layer covering the composition in `color` (#rrggbb), with `extra` keys.
    static func solidLayer(_ color: String = "#ff0000", extra: String = "") -> String {
        """
        {"ty": 1, "nm": "Solid", "ind": 1, "ip": 0, "op": 60, "st": 0, "sc": "\(color)", "sw": 100, "sh": 100, "ks": {}\(extra.isEmpty ? "" : ", " + extra)}
        """
    }

    static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> String {
        #"{"ty": "rc", "p": {"k": [\#(x), \#(y)]}, "s": {"k": [\#(w), \#(h)]}, "r": {"k": 0}}"#
    }

    static func fill(_ r: Double = 1, _ g: Double = 0, _ b: Double = 0) -> String {
        #"{"ty": "fl", "c": {"k": [\#(r), \#(g), \#(b), 1]}, "o": {"k": 100}, "r": 1}"#
    }

    static func stroke(width: Double, cap: Int = 2) -> String {
        #"{"ty": "st", "c": {"k": [0, 0, 1, 1]}, "o": {"k": 100}, "w": {"k": \#(width)}, "lc": \#(cap), "lj": 2}"#
    }

    static func group(_ items: [String], transform: String = #"{"ty": "tr"}"#) -> String {
        #"{"ty": "gr", "it": [\#((items + [transform]).joined(separator: ","))]}"#
    }

    /// An animated property: keyframes (frame, value JSON, hold), linear easing, with optional
    /// spatial tangents (`to`, `ti`) on each segment.
    static func keyframes(_ k: [(frame: Double, value: String, hold: Bool)], to: String? = nil, ti: String? = nil) -> String {
        let list = k.map { f in
            var s = #"{"t": \#(f.frame), "s": \#(f.value), "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}"#
            if f.hold { s += #", "h": 1"# }
            if let to { s += #", "to": \#(to)"# }
            if let ti { s += #", "ti": \#(ti)"# }
            return s + "}"
        }
        return #"{"a": 1, "k": [\#(list.joined(separator: ","))]}"#
    }
}
