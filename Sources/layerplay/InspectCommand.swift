// `layerplay inspect`: a document's presentation tree at given times, printed as JSON.

import ArgumentParser
import Foundation
import LayerKit
import Media
import Player

/// `layerplay inspect DOC.json --time T [--time T2 …]`: the presentation tree as JSON.
/// One time: `{"time": T, "layers": [{"name": …, "indexPath": [i, j], <property>: value, …}]}`;
/// several: an array of those. Values: numbers, points [x, y], sizes [w, h], rects [x, y, w, h],
/// colours [r, g, b, a] (null for none), transforms 16 numbers row-major m11…m44, booleans,
/// paths as SVG path data, contents as [width, height] in pixels (or null), lists as arrays.
/// A layer's mask follows the layer's subtree as an entry with "maskOf" (the masked layer's
/// index path) instead of "indexPath".
/// With `--display-list`: `{"time": T, "width": W, "height": H, "displayList": [item, …]}`,
/// the frame's display list at scale 1, one item a line (see `displayListJSON`).
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "inspect",
        abstract: "Print the presentation values of every layer at given times as JSON.")
    @Argument(help: "The document (JSON).") var document: String
    @Option(name: .customLong("time"), help: "Document time(s) in seconds (repeatable).") var times: [Double] = []
    @Flag(help: "Print the frame's display list instead of the layers' values.") var displayList = false
    @Flag(name: .customLong("animations"),
          help: "Also list each layer's animations with the timing used (keyframes: the key times read).")
    var showAnimations = false
    // One instant by progress or frame (Lottie without any: the generated tree's model values).
    @Option(help: "The presentation at progress 0…1 (Lottie: instead of the model values).") var progress: Double?
    @Option(help: "The presentation at a frame (Lottie: its frame rate; documents: 60 a second).") var frame: Double?

    @OptionGroup var lottie: LottieOptions

    func run() throws {
        for t in times { try requireValid(t.isFinite, "--time must be a finite number of seconds") }
        let source = try openAnimationSource(document, quiet: true, lottie: lottie.load)
        // Several --time: one snapshot each; one of --time, --progress, --frame: that instant.
        var ts = times
        if times.count <= 1, progress != nil || frame != nil || !times.isEmpty {
            ts = [try source.time(progress: progress, frame: frame, time: times.first)]
        }
        guard displayList else { return print(source.inspectionJSON(times: ts, showAnimations: showAnimations)) }
        let snapshots = try (ts.isEmpty ? [0] : ts).map { try displayListSnapshot(source, at: $0) }
        print(ts.count > 1 ? "[" + snapshots.joined(separator: ",\n") + "]" : snapshots[0])
    }

    func displayListSnapshot(_ source: AnimationSource, at t: Double) throws -> String {
        let size = source.naturalSize
        let layer = source.frameLayer(width: size.width, height: size.height)
        let tree = source.presentation(of: layer, at: t)
        let (w, h) = try source.pixelSize(width: size.width, height: size.height, scale: 1)
        let list = LayerRenderer(scale: 1, background: source.background).displayList(tree, width: w, height: h)
        return "{\"time\": \(num(t)), \"width\": \(w), \"height\": \(h), \"displayList\": "
            + displayListJSON(list, root: layer) + "}"
    }
}

/// `inspect DOC.json`: the presentation tree at `t` as JSON (see `InspectCommand`).
func documentSnapshot(_ doc: LayerDocument, at t: Double, showAnimations: Bool) -> String {
    let tree = doc.presentationTree(at: t)
    let models = Dictionary(doc.allLayers.map { ($0.indexPath, $0.layer) }, uniquingKeysWith: { a, _ in a })
    var items: [String] = []
    func walk(_ l: CALayer, _ path: [Int]) {
        for (i, s) in (l.sublayers ?? []).enumerated() {
            let p = path + [i]
            var fields = ["\"name\": " + (s.name.map(jsonString) ?? "null"),
                          "\"indexPath\": [" + p.map(String.init).joined(separator: ", ") + "]"]
            // Every animatable property the layer's class declares, in table order.
            for p in type(of: s).properties.animatable {
                if let v = p.value(of: s) { fields.append(jsonString(p.key) + ": " + json(v)) }
            }
            // A layer that draws its own contents (a delegate, draw(in:)) says so.
            if s.drawsOwnContents { fields.append("\"drawsOwnContents\": true") }
            // An emitter's particles are no property: their count at this instant.
            if let e = s as? CAEmitterLayer {
                fields.append("\"particleCount\": \(e.particleCount(atLocalTime: e.model().convertTime(t, from: nil)))")
            }
            if showAnimations, let model = models[p] {
                let list = (model.animationKeys() ?? []).compactMap { k in model.animation(forKey: k).map { describe($0, key: k) } }
                fields.append("\"animations\": [" + list.joined(separator: ", ") + "]")
            }
            items.append("    {" + fields.joined(separator: ", ") + "}")
            walk(s, p)
            if let m = s.mask { mask(m, of: p) }
        }
    }
    // A mask layer: listed after its layer's subtree with "maskOf" (the masked layer's
    // index path) in place of an index path of its own.
    func mask(_ m: CALayer, of owner: [Int]) {
        var fields = ["\"name\": " + (m.name.map(jsonString) ?? "null"),
                      "\"maskOf\": [" + owner.map(String.init).joined(separator: ", ") + "]"]
        for p in type(of: m).properties.animatable {
            if let v = p.value(of: m) { fields.append(jsonString(p.key) + ": " + json(v)) }
        }
        items.append("    {" + fields.joined(separator: ", ") + "}")
    }
    walk(tree, [])
    return "{\"time\": \(num(t)), \"layers\": [\n" + items.joined(separator: ",\n") + "\n]}"
}

/// One animation as JSON: key, class, key path, and for keyframes the calculation mode and
/// the key times used with how they were read (given, surplus dropped, even spacing, ignored).
func describe(_ a: CAAnimation, key: String?) -> String {
    var f = ["\"key\": " + (key.map(jsonString) ?? "null"), "\"class\": " + jsonString(String(describing: type(of: a)))]
    if let p = a as? CAPropertyAnimation { f.append("\"keyPath\": " + (p.keyPath.map(jsonString) ?? "null")) }
    f.append("\"duration\": " + num(a.duration))
    // A negative speed runs the animation backwards: say so (other speeds print as before).
    if a.speed < 0 { f.append("\"speed\": " + num(a.speed)) }
    if let p = a as? CAPropertyAnimation, let vf = p.valueFunction { f.append("\"valueFunction\": " + jsonString(vf.name.rawValue)) }
    if let k = a as? CAKeyframeAnimation {
        let count = k.path == nil ? (k.values?.count ?? 0) : -1
        f.append("\"calculationMode\": " + jsonString(k.calculationMode.rawValue))
        if count >= 0 {
            let r = k.keyTimeReading(valueCount: count)
            f.append("\"keyTimesUsed\": [" + r.keyTimes.map(num).joined(separator: ", ") + "]")
            f.append("\"keyTimesReading\": " + jsonString(r.reading))
        }
    }
    if let g = a as? CAAnimationGroup {
        f.append("\"animations\": [" + (g.animations ?? []).map { describe($0, key: nil) }.joined(separator: ", ") + "]")
    }
    return "{" + f.joined(separator: ", ") + "}"
}

/// A JSON number (shortest round-trip form; non-finite as strings).
func num(_ v: Double) -> String {
    if v.isNaN { return "\"nan\"" }
    if v.isInfinite { return v > 0 ? "\"infinity\"" : "\"-infinity\"" }
    if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
    return "\(v)"
}

func jsonString(_ s: String) -> String {
    String(data: try! JSONSerialization.data(withJSONObject: [s], options: [.withoutEscapingSlashes]), encoding: .utf8)!
        .dropFirst().dropLast().description
}

func json(_ v: AnimatableValue) -> String {
    func list(_ xs: [Double]) -> String { "[" + xs.map(num).joined(separator: ", ") + "]" }
    switch v {
    case .number(let n): return num(n)
    case .bool(let b): return b ? "true" : "false"
    case .point(let p): return list([p.x, p.y])
    case .size(let s): return list([s.width, s.height])
    case .rect(let r): return list([r.origin.x, r.origin.y, r.size.width, r.size.height])
    case .color(let c): return c.map { list([$0.r, $0.g, $0.b, $0.a]) } ?? "null"
    case .transform(let t): return list(t.values)
    case .path(let p): return p.map { jsonString($0.svgString) } ?? "null"
    case .image(let i): return i.map { list([Double($0.bitmap.width), Double($0.bitmap.height)]) } ?? "null"
    case .list(let xs): return "[" + xs.map(json).joined(separator: ", ") + "]"
    case .numbers(let xs): return list(xs)
    }
}

extension Path {
    /// SVG path data for the path (absolute commands).
    var svgString: String {
        var parts: [String] = []
        func p(_ q: Point) -> String { num(q.x) + " " + num(q.y) }
        for e in elements {
            switch e {
            case .move(let a): parts.append("M " + p(a))
            case .line(let a): parts.append("L " + p(a))
            case .quad(let c, let a): parts.append("Q " + p(c) + " " + p(a))
            case .cubic(let c1, let c2, let a): parts.append("C " + p(c1) + " " + p(c2) + " " + p(a))
            case .close: parts.append("Z")
            }
        }
        return parts.joined(separator: " ")
    }
}
