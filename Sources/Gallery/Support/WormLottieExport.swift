// The worm HUD written as a Lottie file: the same three worms, path, colours, line width and
// timing as `WormHUDDemo`, expressed in Lottie's terms. Each Core Animation stroke animation
// of the demo's group becomes keyframes of a trim path (`s` for strokeStart, `e` for
// strokeEnd, percent of the path), each `transform.translation.x` a keyframed position, and
// each `CAMediaTimingFunction` the out/in tangents of its keyframe segment (Lottie eases a
// segment with the cubic bezier (0, 0), o, i, (1, 1), as a timing function does). One cycle
// is the group's 2.4 s at 60 frames a second; a looping player repeats it as the group's
// repeatCount of infinity does. The HUD square is a rounded rectangle filled at 75 % black.
import Foundation
import LayerKit

public enum WormLottieExport {
    /// Frames per second of the file.
    static let frameRate = 60.0
    /// One crawl cycle (the demo's group duration) in frames.
    static var cycleFrames: Double { WormHUDDemo.wormRunTime * 2 * frameRate }

    /// One animation of the demo's group on one key path: from → to over [begin, begin + duration].
    struct Run {
        var from: Double, to: Double, begin: Double, duration: Double
        var timing: (Double, Double, Double, Double)
        init(_ v: (Double, Double, Double, Double), _ timing: (Double, Double, Double, Double)) {
            from = v.0; to = v.1; duration = v.2; begin = v.3; self.timing = timing
        }
    }

    /// The demo's timing functions as control points.
    static let strokeEndTiming = (0.42, 0.0, 1.0, 0.55)
    static let easeInEaseOut = (0.42, 0.0, 0.58, 1.0)
    static let easeOut = (0.0, 0.0, 0.58, 1.0)
    static let linear = (0.0, 0.0, 1.0, 1.0)

    /// Keyframes of a property that holds `model` until the first run, then follows the two
    /// runs in turn, holding each run's end value (the demo's fillMode forwards) until the
    /// next begins or the cycle ends. `scale` turns the values into the file's units, `shift`
    /// is added after, and `base` follows the value in each keyframe (the other dimensions).
    static func keyframes(model: Double, _ runs: [Run], scale: Double, shift: Double = 0, base: [Double] = []) -> [Any] {
        var points: [(frame: Double, value: Double, timing: (Double, Double, Double, Double))] = []
        func add(_ frame: Double, _ value: Double, _ timing: (Double, Double, Double, Double)) {
            if let last = points.last, abs(last.frame - frame) < 1e-9 { points.removeLast() }
            points.append((frame, value, timing))
        }
        var current = model
        var frame = 0.0
        for run in runs {
            let b = run.begin * frameRate, e = (run.begin + run.duration) * frameRate
            if b > frame { add(frame, current, linear) }
            add(b, run.from, run.timing)
            add(e, run.to, linear)
            current = run.to
            frame = e
        }
        if frame < cycleFrames { add(cycleFrames, current, linear) }
        return points.enumerated().map { i, p -> Any in
            var k: [String: Any] = ["t": rounded(p.frame), "s": [rounded(p.value * scale + shift)] + base]
            if i < points.count - 1 {
                k["o"] = ["x": [p.timing.0], "y": [p.timing.1]]
                k["i"] = ["x": [p.timing.2], "y": [p.timing.3]]
            }
            return k
        }
    }

    static func rounded(_ v: Double) -> Double { (v * 10000).rounded() / 10000 }

    static func constant(_ v: Any) -> [String: Any] { ["a": 0, "k": v] }

    /// A transform (`ks` of a layer, `tr` of a group) with the given position.
    static func transform(position: [String: Any]) -> [String: Any] {
        ["a": constant([0, 0, 0]), "p": position, "s": constant([100, 100, 100]),
         "r": constant(0), "o": constant(100)]
    }

    /// The worm path (`WormHUDDemo.wormRunLongPath`) as a Lottie bezier: two upper half
    /// circles, each two quarter arcs with the usual tangent length 0.5523 r.
    static func wormPath() -> [String: Any] {
        let w = WormHUDDemo.W, h = WormHUDDemo.H
        let c = Point(w * 9 / 10, h / 2), r = (w / 2) / 2
        let k = rounded(r * 0.5522847498)
        let v: [[Double]] = [[c.x - r, c.y], [c.x, c.y - r], [c.x + r, c.y], [c.x + 2 * r, c.y - r], [c.x + 3 * r, c.y]]
        let i: [[Double]] = [[0, 0], [-k, 0], [0, -k], [-k, 0], [0, -k]]
        let o: [[Double]] = [[0, -k], [k, 0], [0, -k], [k, 0], [0, 0]]
        return ["c": false, "v": v, "i": i, "o": o]
    }

    /// One worm: a shape layer whose group holds the path, its trim and its stroke.
    static func wormLayer(index: Int, name: String, color: Color, _ p: WormHUDDemo.WormParameters) -> [String: Any] {
        let start = keyframes(model: 0, [Run(p.start1, easeInEaseOut), Run(p.start2, easeInEaseOut)], scale: 100)
        let end = keyframes(model: 1, [Run(p.end1, strokeEndTiming), Run(p.end2, strokeEndTiming)], scale: 100)
        // transform.translation.x: toValue −W/2, then −W (from what the first left), 1.18 s
        // each; the position adds the worm area's origin in the HUD.
        let half = -WormHUDDemo.W / 2
        let x = keyframes(model: 0, [Run((0, half, 1.18, 0), easeOut), Run((half, 2 * half, 1.18, 1.2), easeOut)],
                          scale: 1, shift: WormHUDDemo.wormAreaOrigin.x, base: [WormHUDDemo.wormAreaOrigin.y, 0])
        let group: [String: Any] = [
            "ty": "gr", "nm": name,
            "it": [
                ["ty": "sh", "nm": "worm path", "ks": constant(wormPath())] as [String: Any],
                ["ty": "tm", "nm": "crawl", "s": ["a": 1, "k": start], "e": ["a": 1, "k": end],
                 "o": constant(0), "m": 1] as [String: Any],
                ["ty": "st", "nm": "stroke", "c": constant([color.r, color.g, color.b, 1]), "o": constant(100),
                 "w": constant(WormHUDDemo.lineWidth), "lc": 2, "lj": 2] as [String: Any],
                ["ty": "tr"].merging(transform(position: constant([0, 0])), uniquingKeysWith: { a, _ in a }),
            ] as [Any],
        ]
        return ["ty": 4, "nm": name, "ind": index, "ip": 0, "op": cycleFrames, "st": 0, "sr": 1,
                "ks": transform(position: ["a": 1, "k": x]), "shapes": [group]]
    }

    /// The HUD square: a rounded rectangle of the HUD's size, 75 % black.
    static func hudLayer(index: Int) -> [String: Any] {
        let side = WormHUDDemo.hudSide
        let group: [String: Any] = [
            "ty": "gr", "nm": "HUD",
            "it": [
                ["ty": "rc", "nm": "square", "p": constant([side / 2, side / 2]), "s": constant([side, side]),
                 "r": constant(10)] as [String: Any],
                ["ty": "fl", "nm": "fill", "c": constant([0, 0, 0, 1]), "o": constant(75)] as [String: Any],
                ["ty": "tr"].merging(transform(position: constant([0, 0])), uniquingKeysWith: { a, _ in a }),
            ] as [Any],
        ]
        return ["ty": 4, "nm": "HUD", "ind": index, "ip": 0, "op": cycleFrames, "st": 0, "sr": 1,
                "ks": transform(position: constant([0, 0, 0])), "shapes": [group]]
    }

    /// The file as a JSON object. Lottie lists layers top first: green, yellow, red, the HUD.
    public static func animation() -> [String: Any] {
        let worms = [("red worm", Color.red), ("yellow worm", Color.yellow), ("green worm", Color.green)]
        var layers: [Any] = []
        for (i, (name, color)) in worms.enumerated().reversed() {
            layers.append(wormLayer(index: 3 - i, name: name, color: color, WormHUDDemo.parameters[i]))
        }
        layers.append(hudLayer(index: 4))
        return ["v": "5.7.0", "nm": "Worm HUD", "fr": frameRate, "ip": 0, "op": cycleFrames,
                "w": WormHUDDemo.hudSide, "h": WormHUDDemo.hudSide, "ddd": 0, "assets": [] as [Any], "layers": layers]
    }

    /// The file's bytes (UTF-8 JSON, keys sorted so the output is the same on every run).
    public static func json() -> [UInt8] {
        guard let data = try? JSONSerialization.data(withJSONObject: animation(), options: [.sortedKeys]) else {
            preconditionFailure("the worm animation holds only JSON values")
        }
        return Array(data)
    }
}
