// `layerplay inspect`: a document's presentation tree at given times, printed as JSON.

import ArgumentParser
import Foundation
import LayerKit
import Lottie
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

    @Flag(name: .customLong("keypaths"),
          help: "Lottie: print every key path of the animation, one a line (lottie-ios's logHierarchyKeypaths), for --value and --text.")
    var keypaths = false

    @OptionGroup var lottie: LottieOptions


    func run() throws {
        if keypaths { return try printKeypaths() }
        for t in times { try requireValid(t.isFinite, "--time must be a finite number of seconds") }
        let source = try openAnimationSource(document, quiet: true, lottie: lottie.load)
        // Several --time: one snapshot each; one of --time, --progress, --frame: that instant.
        var ts = times
        if times.count <= 1, progress != nil || frame != nil || !times.isEmpty {
            ts = [try source.time(progress: progress, frame: frame, time: times.first)]
        }
        // What could refuse is checked before the first byte goes out.
        let size = source.naturalSize
        if displayList { _ = try source.pixelSize(width: size.width, height: size.height, scale: 1) }
        // Streamed: each snapshot is written as it is made, a document's layers one by one.
        var out = JSONStream(toStandardOutput: true)
        if displayList {
            let snapshots = ts.isEmpty ? [0] : ts
            if snapshots.count > 1 { out.raw("[") }
            for (i, t) in snapshots.enumerated() {
                if i > 0 { out.raw(",\n") }
                out.raw(try displayListSnapshot(source, at: t))
            }
            if snapshots.count > 1 { out.raw("]") }
        } else {
            try source.writeInspection(times: ts, showAnimations: showAnimations, to: &out)
        }
        out.raw("\n")
        out.flush()
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

/// `inspect DOC.json`: the presentation tree at `t` (see `InspectCommand`).
/// Writes `{"time": t, "layers": [...]}`: every layer of the presentation tree in depth-first
/// order, each as its animatable properties in its class's table order. Work per layer is
/// the layer's own fields (the index path is one stack, grown and shrunk as the walk goes).
func writeDocumentSnapshot(_ doc: LayerDocument, at t: Double, showAnimations: Bool, to out: inout JSONStream) {
    let tree = doc.presentationTree(at: t)
    let models = showAnimations
        ? Dictionary(doc.allLayers.map { ($0.indexPath, $0.layer) }, uniquingKeysWith: { a, _ in a }) : [:]
    out.raw("{\"time\": ")
    out.number(t)
    out.raw(", \"layers\": [\n")
    var first = true
    var path: [Int] = []
    // Per layer class: its animatable properties with each key written once, as bytes.
    var tables: [ObjectIdentifier: [(property: AnyLayerProperty, prefix: [UInt8])]] = [:]
    func fields(of s: CALayer) {
        let c = ObjectIdentifier(type(of: s))
        let table = tables[c] ?? {
            let t = type(of: s).properties.animatable.map { ($0, JSONStream.fieldPrefix($0.key)) }
            tables[c] = t
            return t
        }()
        // Every animatable property the layer's class declares, in table order.
        for (p, prefix) in table {
            guard let v = p.value(of: s) else { continue }
            out.bytes(prefix)
            out.value(v)
        }
    }
    func begin(_ name: String?) {
        if !first { out.raw(",\n") }
        first = false
        out.raw("    {\"name\": ")
        if let name { out.string(name) } else { out.raw("null") }
    }
    func indexList(_ p: [Int]) {
        out.raw("[")
        for (k, i) in p.enumerated() {
            if k > 0 { out.raw(", ") }
            out.int(i)
        }
        out.raw("]")
    }
    func walk(_ l: CALayer) {
        guard let subs = l.sublayers else { return }
        for (i, s) in subs.enumerated() {
            path.append(i)
            begin(s.name)
            out.raw(", \"indexPath\": ")
            indexList(path)
            fields(of: s)
            // A layer that draws its own contents (a delegate, draw(in:)) says so.
            if s.drawsOwnContents { out.raw(", \"drawsOwnContents\": true") }
            // An emitter's particles are no property: their count at this instant.
            if let e = s as? CAEmitterLayer {
                out.raw(", \"particleCount\": ")
                out.int(e.particleCount(atLocalTime: e.model().convertTime(t, from: nil)))
            }
            if showAnimations, let model = models[path] {
                let list = (model.animationKeys() ?? []).compactMap { k in model.animation(forKey: k).map { describe($0, key: k) } }
                out.raw(", \"animations\": [" + list.joined(separator: ", ") + "]")
            }
            out.raw("}")
            walk(s)
            // A mask layer: listed after its layer's subtree with "maskOf" (the masked
            // layer's index path) in place of an index path of its own.
            if let m = s.mask {
                begin(m.name)
                out.raw(", \"maskOf\": ")
                indexList(path)
                fields(of: m)
                out.raw("}")
            }
            path.removeLast()
        }
    }
    walk(tree)
    out.raw("\n]}")
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
    var out = JSONStream(toStandardOutput: false)
    out.string(s)
    return out.text
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
    case .filters(let fs):
        return "[" + fs.map { f in
            (["\"type\": " + jsonString(f.type.rawValue)] + (f.name.map { ["\"name\": " + jsonString($0)] } ?? [])
                + f.inputKeys.map { jsonString($0) + ": " + json(f.value(forKey: $0) ?? .number(0)) })
                .joined(separator: ", ").surrounded
        }.joined(separator: ", ") + "]"
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

extension String {
    /// The string in braces (a JSON object's members).
    fileprivate var surrounded: String { "{" + self + "}" }
}

extension InspectCommand {
    /// `--keypaths`: the animation's key paths (`LottieScene.hierarchyKeypaths`), one a line.
    func printKeypaths() throws {
        let file = DocumentText.escaped((document as NSString).lastPathComponent, limit: DocumentText.quotedLength)
        guard isLottieFile(document) else {
            printError("layerplay: \(file): --keypaths: not a Lottie file")
            throw ExitCode(1)
        }
        do {
            guard let data = FileManager.default.contents(atPath: document) else { throw DocumentError("", "cannot read the file") }
            let paths = try LottieScene.hierarchyKeypaths(Array(data), animation: lottie.animation, theme: lottie.theme)
            var out = JSONStream(toStandardOutput: true)
            for p in paths { out.raw(DocumentText.escaped(p, limit: DocumentText.messageLength) + "\n") }
            out.flush()
        } catch let error as DocumentError {
            printError("layerplay: \(file): \(error.description)")
            throw ExitCode(1)
        }
    }
}
