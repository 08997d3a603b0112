// After Effects expressions (a property's `x`: JavaScript that computes its value each frame,
// lottie-spec "Animated Property": "x: expression") evaluated at import, on the JSON before the
// model is decoded (as slots are): each property with an expression is evaluated once per
// frame of its layer's span (in point to out point, in the composition's frames) and its
// keyframes are replaced by those samples, one linear keyframe a frame, so the importer builds
// the sampled animation the same way as any keyframed property (a constant result becomes a
// constant value). Lottie builds layer trees and never draws: nothing runs at play time.
//
// What an expression sees is lottie-web's expression API (`LottieExpressionPrelude`): `time`
// (the composition's seconds), `value` (the property's keyframed value), `thisProperty`,
// `thisLayer`, `thisComp`, `comp(name)`, the layer's `transform`, `content()`, `effect()`,
// `mask()`, `toComp`/`fromComp`, and the property's keyframes (`key`, `numKeys`, `valueAtTime`, loops…). Another
// property's value is its expression's result, evaluated on demand as lottie-web does: the
// host runs the expressions in file order, and one that reads a property whose expression has
// not run yet evaluates it there, at the time read, memoised per property and time, within
// the reader's budget; a property read while its own expression runs (itself, or through a
// cycle) gives its keyframed value (the prelude's `__lk_onDemand`). `key()` and `numKeys`
// count a property's keyframes, never its samples.
//
// Budgets (`LottieLimits`): each evaluation has `expressionSeconds` of time and the heap
// `expressionMemoryBytes` of memory; a file has `maximumExpressionEvaluations` evaluations and
// `expressionSecondsInAll` seconds. An expression that fails to compile, throws, gives no
// number, or runs out of a budget is one warning line naming the layer, the property and the
// problem, and its property keeps its keyframes; the heap is then made afresh, so that what
// one expression left behind cannot starve the next. Past the file's budget the remaining
// properties keep their keyframes, said in one line.
//
// A path (`ks` of a shape, a mask's `pt`) and a text document's source text (`t.d`) are
// properties too (`LottieExpressionKind`): the host passes them flattened to numbers, the
// prelude decodes them into lottie-web's path and string values and checks what an
// expression gives back (at most `maximumVertices` vertices, `maximumTextCharacters`
// characters). Their samples are kept only where they change: a path as linear keyframes (the
// ends of each unchanged run kept), a text as document keyframes (each the document shown
// there with its text replaced), within half of `maximumVerticesInAll` vertices for a file's
// paths and `maximumTextCharacters` × 10 characters for a text. Text animator selector
// expressions are not evaluated (a warning each).
import CDuktape
import LayerKit

extension LottieLimits {
    /// Seconds of processor time one evaluation of one expression may use.
    public static let expressionSeconds = 0.05
    /// Bytes the JavaScript heap of a file's expressions may hold.
    public static let expressionMemoryBytes = 16 * 1024 * 1024
    /// The most evaluations (properties × frames) of one file's expressions.
    public static let maximumExpressionEvaluations = 200_000
    /// Seconds of processor time all the expressions of one file may use together.
    public static let expressionSecondsInAll = 10.0
}

enum LottieExpressions {
    /// `json` with every expression-driven property sampled per frame; the problems met are
    /// added to `warnings`, one line each.
    /// `secondsInAll`: the file's budget of processor time (a test gives a smaller one).
    static func evaluate(_ json: JSONValue, warnings: inout [String],
                         secondsInAll: Double = LottieLimits.expressionSecondsInAll) -> JSONValue {
        var compilations = 0
        return evaluate(json, warnings: &warnings, secondsInAll: secondsInAll, compilations: &compilations)
    }

    /// The same, counting in `compilations` the times the heaps compiled an expression's
    /// source (the prelude's `__lk_compilations`: once per source and heap, twice for one
    /// compiled as eval code after another form did not fit) — for the tests of the
    /// compiled-source cache.
    static func evaluate(_ json: JSONValue, warnings: inout [String], secondsInAll: Double,
                         compilations: inout Int) -> JSONValue {
        guard case .object = json else { return json }
        let evaluator = LottieExpressionEvaluator(json)
        guard !evaluator.expressions.isEmpty || !evaluator.unsupported.isEmpty else { return json }
        let out = evaluator.run(warnings: &warnings, secondsInAll: secondsInAll)
        compilations = evaluator.compilations
        return out
    }
}

/// One step of a place in the file.
private enum Step: Hashable {
    case key(String), index(Int)
}

/// What a property holds, as the host passes it to JavaScript: numbers; a path flattened as
/// [closed, n, v₀x, v₀y, …, i…, o…] (tangents relative to their vertex, as the file writes
/// them); a text as [count, UTF-16 code units…]. The prelude's `__lk_kinds` decodes them.
enum LottieExpressionKind: Int {
    case numbers = 0, path = 1, text = 2
}

/// A text document's source text over time (`t.d.k`, each keyframe holding from its frame).
private struct TextKeyframes {
    var keyframes: [(frame: Double, text: String)]
    func text(atLocal frame: Double) -> String {
        var shown = keyframes.first?.text ?? ""
        for k in keyframes.dropFirst() where k.frame <= frame { shown = k.text }
        return shown
    }
}

/// A property an expression can read: its keyframes (position split into x and y gives one
/// property per dimension; a path or a text its own), in its composition's frames — a layer's
/// own properties run in its composition's frames, its `st` and `sr` timing a precomposition's
/// content only (LottieTimeline.swift; lottie-web's PropertyFactory reads a property at
/// `comp.renderedFrame − offsetTime` against key times `t − offsetTime`, offsetTime = st), and
/// After Effects' `time` and `key(n).time` are the composition's time.
private struct ExpressionProperty {
    var dimensions: [LottieProperty<[Double]>]
    var path: LottieProperty<LottieBezier>? = nil
    var text: TextKeyframes? = nil

    var kind: LottieExpressionKind { path != nil ? .path : text != nil ? .text : .numbers }

    func value(atLocal frame: Double) -> [Double] {
        if let path { return Self.flat(path.value(at: frame)) }
        if let text { return Self.flat(text.text(atLocal: frame)) }
        if dimensions.count == 1 { return dimensions[0].value(at: frame) }
        return dimensions.map { $0.value(at: frame).first ?? 0 }
    }
    /// A property's keyframes as `numKeys` counts them: none for a value that does not
    /// change (After Effects: "numKeys — the number of keyframes on a property", 0 when it is
    /// not animated; a static value is one keyframe in `LottieProperty`).
    var keyCount: Int {
        if let path { return path.keyframes.count > 1 ? path.keyframes.count : 0 }
        if let text { return text.keyframes.count > 1 ? text.keyframes.count : 0 }
        let n = dimensions.first?.keyframes.count ?? 0
        return n > 1 ? n : 0
    }
    /// The keyframe's local frame and value.
    func key(_ index: Int) -> (frame: Double, value: [Double]) {
        if let path { return (path.keyframes[index].frame, Self.flat(path.keyframes[index].value)) }
        if let text { return (text.keyframes[index].frame, Self.flat(text.keyframes[index].text)) }
        let k = dimensions[0].keyframes[index]
        return (k.frame, dimensions.count == 1 ? k.value : value(atLocal: k.frame))
    }

    static func flat(_ b: LottieBezier) -> [Double] {
        var out: [Double] = [b.closed ? 1 : 0, Double(b.vertices.count)]
        out.reserveCapacity(2 + 6 * b.vertices.count)
        for list in [b.vertices, b.inTangents, b.outTangents] { for p in list { out.append(p.x); out.append(p.y) } }
        return out
    }
    static func flat(_ s: String) -> [Double] { [Double(s.utf16.count)] + s.utf16.map { Double($0) } }

    /// The path a flat result spells (the prelude checked its size and numbers).
    static func bezier(_ v: [Double]) -> LottieBezier? {
        guard v.count >= 2 else { return nil }
        let n = Int(v[1])
        guard n >= 0, v.count == 2 + 6 * n else { return nil }
        func points(_ from: Int) -> [Point] { (0..<n).map { Point(v[from + 2 * $0], v[from + 2 * $0 + 1]) } }
        return LottieBezier(closed: v[0] != 0, vertices: points(2), inTangents: points(2 + 2 * n), outTangents: points(2 + 4 * n))
    }
    static func string(_ v: [Double]) -> String? {
        guard let n = v.first.map(Int.init), n >= 0, v.count == n + 1 else { return nil }
        return String(decoding: v.dropFirst().map { UInt16(clamping: Int($0)) }, as: UTF16.self)
    }
}

/// A property with an expression, where it lies and whose it is.
private struct PendingExpression {
    var path: [Step]
    var source: String
    var property: Int
    var comp: Int
    var layerPosition: Int
    var layerName: String
    /// `ks.p` and the like, for warnings.
    var place: String
    var inPoint: Double, outPoint: Double
    var isScalar: Bool
    var kind: LottieExpressionKind = .numbers
}

private final class LottieExpressionEvaluator {
    let root: JSONValue
    let frameRate: Double
    let rootIn: Double, rootOut: Double
    var properties: [ExpressionProperty] = []
    /// The values of the properties whose expressions were evaluated (`properties` keeps
    /// their keyframes, which `key()` and `numKeys` count).
    var results: [Int: ExpressionProperty] = [:]
    /// A split position's property and its x and y properties.
    var splitParts: [Int: (x: Int, y: Int)] = [:]
    /// The properties whose expressions the host evaluated or gave up on.
    var finished: Set<Int> = []
    var expressions: [PendingExpression] = []
    var compDescriptions: [String] = []
    var unsupported: [String] = []

    init(_ root: JSONValue) {
        self.root = root
        let fr = root["fr"]?.numberValue ?? 30
        frameRate = fr > 0 && fr.isFinite ? fr : 30
        rootIn = root["ip"]?.numberValue ?? 0
        rootOut = root["op"]?.numberValue ?? 0
        guard Self.hasExpression(root, depth: 0) else { return }
        let width = root["w"]?.numberValue ?? 0, height = root["h"]?.numberValue ?? 0
        let ip = root["ip"]?.numberValue ?? 0, op = root["op"]?.numberValue ?? 0
        describeComp(name: root["nm"]?.stringValue ?? "", layers: root["layers"], path: [.key("layers")],
                     width: width, height: height, duration: (op - ip) / frameRate)
        if case .array(let assets)? = root["assets"] {
            for (i, asset) in assets.enumerated() where asset["layers"] != nil {
                let name = asset["nm"]?.stringValue ?? asset["id"]?.stringValue ?? ""
                describeComp(name: name, layers: asset["layers"], path: [.key("assets"), .index(i), .key("layers")],
                             width: asset["w"]?.numberValue ?? width, height: asset["h"]?.numberValue ?? height, duration: (op - ip) / frameRate)
            }
        }
    }

    /// Whether any object in `v` has a string `x` beside a `k` (the JSON reader nests at most
    /// 512 deep, so this walk is bounded by the file).
    static func hasExpression(_ v: JSONValue, depth: Int) -> Bool {
        switch v {
        case .array(let items): return items.contains { hasExpression($0, depth: depth + 1) }
        case .object(let fields):
            if case .string? = v["x"], v["k"] != nil { return true }
            return fields.contains { hasExpression($0.1, depth: depth + 1) }
        default: return false
        }
    }

    // MARK: Descriptions of the compositions for the expression API

    private func describeComp(name: String, layers: JSONValue?, path: [Step], width: Double, height: Double, duration: Double) {
        let compIndex = compDescriptions.count
        var layerTexts: [String] = []
        if case .array(let list)? = layers {
            for (position, layer) in list.enumerated() {
                layerTexts.append(describeLayer(layer, comp: compIndex, position: position, path: path + [.index(position)]))
            }
        }
        compDescriptions.append("{name:\(js(name)),width:\(num(width)),height:\(num(height)),duration:\(num(duration)),layers:[\(layerTexts.joined(separator: ","))]}")
    }

    private struct LayerContext {
        var comp: Int, position: Int, name: String, inPoint: Double, outPoint: Double
    }

    private func describeLayer(_ layer: JSONValue, comp: Int, position: Int, path: [Step]) -> String {
        let name = layer["nm"]?.stringValue ?? ""
        let st = layer["st"]?.numberValue ?? 0
        let context = LayerContext(comp: comp, position: position, name: name,
                                   inPoint: layer["ip"]?.numberValue ?? 0, outPoint: layer["op"]?.numberValue ?? 0)
        // Every expression in the layer, wherever it lies (transform, shapes, masks, effects).
        collectExpressions(layer, path: path, place: [], context: context, depth: 0)
        var fields = ["name:\(js(name))", "index:\(num(layer["ind"]?.numberValue ?? Double(position + 1)))",
                      "inPoint:\(num(context.inPoint / frameRate))", "outPoint:\(num(context.outPoint / frameRate))",
                      "startTime:\(num(st / frameRate))",
                      "width:\(num(layer["w"]?.numberValue ?? layer["sw"]?.numberValue ?? asset(layer)?["w"]?.numberValue ?? 0))",
                      "height:\(num(layer["h"]?.numberValue ?? layer["sh"]?.numberValue ?? asset(layer)?["h"]?.numberValue ?? 0))"]
        if let parent = layer["parent"]?.numberValue { fields.append("parent:\(num(parent)),parentLayer:\(num(parent))") }
        fields.append("type:\(num(layer["ty"]?.numberValue ?? -1))")
        // A text layer's boxes for sourceRectAtTime (`LottieExpressionTextRect`).
        if layer["ty"]?.numberValue == 5,
           let boxes = LottieExpressionTextRect.boxes(layer, root: root, frameRate: frameRate) {
            fields.append("textBoxes:[\(boxes.map { "[" + $0.map(num).joined(separator: ",") + "]" }.joined(separator: ","))]")
        }
        // A text layer's source text (lottie-web's TextInterface: `text.sourceText`).
        if let id = register(layer["t"]?["d"], path: path + [.key("t"), .key("d")], context: context, kind: .text) {
            fields.append("text:{sourceText:\(id)}")
        }
        fields.append("transform:" + describeTransform(layer["ks"], path: path + [.key("ks")], context: context, name: "Transform", ofLayer: true))
        if case .array(let shapes)? = layer["shapes"] {
            fields.append("content:{name:'Contents',items:[\(describeShapes(shapes, path: path + [.key("shapes")], context: context, depth: 0))]}")
        }
        if case .array(let effects)? = layer["ef"] {
            fields.append("effects:[\(describeEffects(effects, path: path + [.key("ef")], context: context, depth: 0))]")
        }
        if case .array(let masks)? = layer["masksProperties"] {
            var items: [String] = []
            for (i, m) in masks.enumerated() {
                var props = [("maskOpacity", "o"), ("maskExpansion", "x"), ("maskFeather", "f")].compactMap { (n, k) -> String? in
                    register(m[k], path: path + [.key("masksProperties"), .index(i), .key(k)], context: context).map { "[\(js(n)),\($0)]" }
                }
                if let id = register(m["pt"], path: path + [.key("masksProperties"), .index(i), .key("pt")], context: context, kind: .path) {
                    props.append("['maskPath',\(id)]")
                }
                items.append("{name:\(js(m["nm"]?.stringValue ?? "Mask \(i + 1)")),props:[\(props.joined(separator: ","))]}")
            }
            fields.append("masks:[\(items.joined(separator: ","))]")
        }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// An image layer's asset (its size is the layer's).
    private func asset(_ layer: JSONValue) -> JSONValue? {
        guard layer["ty"]?.numberValue == 2, let ref = layer["refId"]?.stringValue else { return nil }
        if assetsByID == nil {
            var table: [String: JSONValue] = [:]
            for a in root["assets"]?.arrayValue ?? [] { if let id = a["id"]?.stringValue, table[id] == nil { table[id] = a } }
            assetsByID = table
        }
        return assetsByID?[ref]
    }
    private var assetsByID: [String: JSONValue]?

    /// A layer's transform (`ofLayer`, the layer's "ADBE Transform Group") or a shape group's
    /// ("ADBE Vector Transform Group"): each property under its name, its display names, its
    /// After Effects match names and its property index (`matchNames`).
    private func describeTransform(_ ks: JSONValue?, path: [Step], context: LayerContext, name: String, ofLayer: Bool) -> String {
        let groupMatchName = ofLayer ? "ADBE Transform Group" : "ADBE Vector Transform Group"
        guard let ks else { return "{name:\(js(name)),matchName:\(js(groupMatchName)),props:[]}" }
        var props: [String] = []
        func entry(_ n: String, _ id: Int, _ ix: JSONValue?) -> String {
            "[\(js(n)),\(id)\(Self.displayAlias(n))\(Self.matchNameAlias(n, ofLayer: ofLayer))\(Self.transformIndex(n, ix, ofLayer: ofLayer))]"
        }
        func add(_ n: String, _ k: String) {
            if let id = register(ks[k], path: path + [.key(k)], context: context) { props.append(entry(n, id, ks[k])) }
        }
        add("anchorPoint", "a")
        if let p = ks["p"], case .bool(true)? = p["s"] {
            // Separated dimensions: position is [x, y], and each is a property of its own.
            let ids = ["x", "y"].compactMap { register(p[$0], path: path + [.key("p"), .key($0)], context: context) }
            props.append(contentsOf: zip(["xPosition", "yPosition"], ids).map { entry($0.0, $0.1, nil) })
            if ids.count == 2 {
                let combined = ids.compactMap { properties[$0].dimensions.first }
                properties.append(ExpressionProperty(dimensions: combined))
                // Its value is its dimensions' (each may have an expression of its own).
                splitParts[properties.count - 1] = (ids[0], ids[1])
                props.append(entry("position", properties.count - 1, nil))
            }
        } else {
            add("position", "p")
        }
        add("scale", "s")
        add("rotation", ks["r"] != nil ? "r" : "rz")
        add("opacity", "o")
        add("skew", "sk")
        add("skewAxis", "sa")
        return "{name:\(js(name)),matchName:\(js(groupMatchName)),key:'transform',props:[\(props.joined(separator: ","))]}"
    }

    /// After Effects' match names of a transform's properties (the names scripts and
    /// expressions reach them by: `thisComp.layer("Rig")("ADBE Transform Group")("ADBE Position")`,
    /// `content("Arm")("ADBE Vector Transform Group")("ADBE Vector Rotation")`). A layer's
    /// transform answers to lottie-web's spellings too (TransformInterface.js: "ADBE Scale",
    /// "ADBE Rotation", "ADBE Rotate Z", "ADBE Position", "ADBE Position_0"/"_1",
    /// "ADBE AnchorPoint", "AnchorPoint"); a shape group's to After Effects' vector match names
    /// (lottie-web's ShapeInterface knows "ADBE Vector Rotation" of them).
    private static let layerTransformMatchNames: [String: [String]] = [
        "anchorPoint": ["ADBE Anchor Point", "ADBE AnchorPoint", "AnchorPoint"], "position": ["ADBE Position"],
        "xPosition": ["ADBE Position_0", "X Position"], "yPosition": ["ADBE Position_1", "Y Position"],
        "scale": ["ADBE Scale"], "rotation": ["ADBE Rotate Z", "ADBE Rotation", "Z Rotation"], "opacity": ["ADBE Opacity"],
    ]
    private static let shapeTransformMatchNames: [String: [String]] = [
        "anchorPoint": ["ADBE Vector Anchor"], "position": ["ADBE Vector Position"], "scale": ["ADBE Vector Scale"],
        "rotation": [], "opacity": ["ADBE Vector Group Opacity"], "skew": ["ADBE Vector Skew"],
        "skewAxis": ["ADBE Vector Skew Axis"],
    ]
    private static func matchNameAlias(_ n: String, ofLayer: Bool) -> String {
        ((ofLayer ? layerTransformMatchNames : shapeTransformMatchNames)[n] ?? []).map { "," + js($0) }.joined()
    }
    /// A transform property's index: a layer's by After Effects' numbering of the Transform
    /// group, which lottie-web's TransformInterface matches (1 Anchor Point, 2 Position, 3 and 4
    /// X and Y Position, 6 Scale, 10 Rotation, 11 Opacity) whatever the file's `ix`; a shape
    /// group's by the file's `ix` (ShapeInterface's transformInterfaceFactory: `shape.p.ix`).
    private static let layerTransformIndexes: [String: Int] = [
        "anchorPoint": 1, "position": 2, "xPosition": 3, "yPosition": 4, "scale": 6, "rotation": 10, "opacity": 11,
    ]
    private static func transformIndex(_ n: String, _ property: JSONValue?, ofLayer: Bool) -> String {
        if ofLayer { return layerTransformIndexes[n].map { ",\($0)" } ?? "" }
        return indexAlias(property)
    }

    /// After Effects' display name of a property (its name in the Timeline panel), which
    /// lottie-web's interfaces also answer to: `content("Group 1")("Transform")("Position")`
    /// (ShapeInterface's transformInterfaceFactory: "Anchor Point", "Position", "Scale",
    /// "Rotation" / "ADBE Vector Rotation", "Opacity", "Skew", "Skew Axis").
    private static let displayNames: [String: [String]] = [
        "anchorPoint": ["Anchor Point"], "position": ["Position"], "scale": ["Scale"],
        "rotation": ["Rotation", "ADBE Vector Rotation"], "opacity": ["Opacity"], "skew": ["Skew"],
        "skewAxis": ["Skew Axis"], "size": ["Size"], "roundness": ["Roundness"], "points": ["Points"],
        "innerRadius": ["Inner Radius"], "outerRadius": ["Outer Radius"], "innerRoundness": ["Inner Roundness"],
        "outerRoundness": ["Outer Roundness"], "color": ["Color"], "strokeWidth": ["Stroke Width"],
        "startPoint": ["Start Point"], "endPoint": ["End Point"], "start": ["Start"], "end": ["End"],
        "offset": ["Offset"], "copies": ["Copies"], "radius": ["Radius"],
    ]
    private static func displayAlias(_ n: String) -> String {
        (displayNames[n] ?? []).map { "," + js($0) }.joined()
    }
    /// A property's or shape item's After Effects property index (`ix`), which lottie-web's
    /// interfaces match numbers against (`thisProperty.propertyIndex`, `group(2)(ix)`): for a
    /// property a trailing number in its entry, for an item its `ix` field.
    private static func indexAlias(_ v: JSONValue?) -> String {
        guard case .number(let d)? = v?["ix"], d.isFinite, d == d.rounded(), abs(d) < 1e6 else { return "" }
        return ",\(Int(d))"
    }
    private static func indexField(_ item: JSONValue) -> String {
        let a = indexAlias(item)
        return a.isEmpty ? "" : ",ix:" + a.dropFirst()
    }

    /// The names After Effects gives the properties of each kind of shape item.
    private static let shapeProperties: [String: [(String, String)]] = [
        "el": [("size", "s"), ("position", "p")],
        "rc": [("size", "s"), ("position", "p"), ("roundness", "r")],
        "sr": [("position", "p"), ("rotation", "r"), ("points", "pt"), ("innerRadius", "ir"), ("outerRadius", "or"),
               ("innerRoundness", "is"), ("outerRoundness", "os")],
        "fl": [("color", "c"), ("opacity", "o")],
        "st": [("color", "c"), ("opacity", "o"), ("strokeWidth", "w")],
        "gf": [("opacity", "o"), ("startPoint", "s"), ("endPoint", "e")],
        "gs": [("opacity", "o"), ("startPoint", "s"), ("endPoint", "e"), ("strokeWidth", "w")],
        "tm": [("start", "s"), ("end", "e"), ("offset", "o")],
        "rp": [("copies", "c"), ("offset", "o")],
        "rd": [("radius", "r")],
    ]

    private func describeShapes(_ items: [JSONValue], path: [Step], context: LayerContext, depth: Int) -> String {
        guard depth < LottieLimits.maximumNesting else { return "" }
        var out: [String] = []
        for (i, item) in items.enumerated() {
            let ty = item["ty"]?.stringValue ?? ""
            let name = item["nm"]?.stringValue ?? ""
            let itemPath = path + [.index(i)]
            let match = item["mn"]?.stringValue.map { ",matchName:\(js($0))" } ?? ""
            switch ty {
            case "gr":
                let children = (item["it"]?.arrayValue ?? [])
                // The group's transform (`tr`) is its member "Transform" (and `.transform`).
                let inner = describeShapes(children, path: itemPath + [.key("it")], context: context, depth: depth + 1)
                let hidden = item["hd"] == .bool(true) ? ",hidden:true" : ""
                out.append("{name:\(js(name))\(match),ty:'gr'\(hidden)\(Self.indexField(item)),items:[\(inner)]}")
            case "tr":
                out.append(describeTransform(item, path: itemPath, context: context, name: name.isEmpty ? "Transform" : name, ofLayer: false))
            default:
                var props = (Self.shapeProperties[ty] ?? []).compactMap { (n, k) -> String? in
                    register(item[k], path: itemPath + [.key(k)], context: context).map { "[\(js(n)),\($0)\(Self.displayAlias(n))\(Self.indexAlias(item[k]))]" }
                }
                // A path's shape: `content("Path 1").path` (lottie-web's ShapePathInterface:
                // "path", "shape" and the match name "ADBE Vector Shape").
                if ty == "sh", let id = register(item["ks"], path: itemPath + [.key("ks")], context: context, kind: .path) {
                    props.append("['path',\(id),'shape','Path','Shape','ADBE Vector Shape']")
                }
                let hidden = item["hd"] == .bool(true) ? ",hidden:true" : ""
                out.append("{name:\(js(name))\(match),ty:\(js(ty))\(hidden)\(Self.indexField(item)),props:[\(props.joined(separator: ","))]}")
            }
        }
        return out.joined(separator: ",")
    }

    private func describeEffects(_ effects: [JSONValue], path: [Step], context: LayerContext, depth: Int) -> String {
        guard depth < LottieLimits.maximumNesting else { return "" }
        var out: [String] = []
        for (i, effect) in effects.enumerated() {
            let name = effect["nm"]?.stringValue ?? ""
            let match = effect["mn"]?.stringValue.map { ",matchName:\(js($0))" } ?? ""
            var props: [String] = [], items: [String] = []
            if case .array(let params)? = effect["ef"] {
                for (j, param) in params.enumerated() {
                    if param["ef"] != nil {
                        items.append(describeEffects([param], path: path + [.index(i), .key("ef")], context: context, depth: depth + 1))
                        continue
                    }
                    let pname = param["nm"]?.stringValue ?? "\(j + 1)"
                    if let id = register(param["v"], path: path + [.index(i), .key("ef"), .index(j), .key("v")], context: context) {
                        // One member per parameter, its match name an alias: `effect(…)(2)` is
                        // the second parameter (lottie-web's EffectInterface: nm, mn or ix).
                        // A number matches the parameter's `ix` first, then its position.
                        let alias = param["mn"]?.stringValue.flatMap { $0 == pname ? nil : ",\(js($0))" } ?? ""
                        // A Layer Control parameter (`ty` 10) gives a layer, not its number
                        // (lottie-web's EffectInterface: type 10 returns the comp's layer).
                        let layerControl = param["ty"]?.numberValue == 10 ? ",true" : ""
                        props.append("[\(js(pname)),\(id)\(alias)\(Self.indexAlias(param))\(layerControl)]")
                    }
                }
            }
            // An effect switched off (`en` 0) is not `active` (lottie-web's EffectInterface:
            // `groupInterface.active = groupInterface.enabled = data.en !== 0`).
            let off = effect["en"]?.numberValue == 0 ? ",enabled:false" : ""
            out.append("{name:\(js(name))\(match)\(Self.indexField(effect))\(off),props:[\(props.joined(separator: ","))],items:[\(items.joined(separator: ","))]}")
        }
        return out.joined(separator: ",")
    }

    /// The id of the property at `path` (decoded once), nil when it is not a readable property.
    private var registered: [[Step]: Int] = [:]
    private func register(_ j: JSONValue?, path: [Step], context: LayerContext, kind: LottieExpressionKind = .numbers) -> Int? {
        if let id = registered[path] { return id }
        guard let j, case .object = j, j["k"] != nil else { return nil }
        var property = ExpressionProperty(dimensions: [])
        switch kind {
        case .numbers:
            guard let p = try? LottieProperty<[Double]>.decode(LottieJSON(j, path: "")) else { return nil }
            property.dimensions = [p]
        case .path:
            guard let p = try? LottieProperty<LottieBezier>.decode(LottieJSON(j, path: "")) else { return nil }
            property.path = p
        case .text:
            guard let text = Self.textKeyframes(j) else { return nil }
            property.text = text
        }
        properties.append(property)
        registered[path] = properties.count - 1
        return properties.count - 1
    }

    /// `t.d`'s keyframes `[{s: {t: text, …}, t: frame}]` as their texts (nil when it has none).
    private static func textKeyframes(_ d: JSONValue) -> TextKeyframes? {
        guard let list = d["k"]?.arrayValue, !list.isEmpty else { return nil }
        var out: [(frame: Double, text: String)] = []
        for k in list.prefix(LottieLimits.maximumKeyframes) {
            guard let doc = k["s"] else { return nil }
            out.append((k["t"]?.numberValue ?? 0, doc["t"]?.stringValue ?? ""))
        }
        return TextKeyframes(keyframes: out)
    }

    /// Finds every property with an expression under `v`.
    private func collectExpressions(_ v: JSONValue, path: [Step], place: [String], context: LayerContext, depth: Int) {
        guard depth < 128 else { return }
        switch v {
        case .array(let items):
            for (i, item) in items.enumerated() {
                collectExpressions(item, path: path + [.index(i)], place: place.isEmpty ? place : place.dropLast() + [place.last! + "[\(i)]"], context: context, depth: depth + 1)
            }
        case .object(let fields):
            if case .string(let source)? = v["x"], v["k"] != nil {
                let where_ = place.joined(separator: ".")
                let kind: LottieExpressionKind
                if place == ["t", "d"] {
                    kind = .text
                } else if place.first == "t" {
                    unsupported.append("expression of \(where_) in layer \"\(context.name)\": text animator expressions are not evaluated; the property keeps its keyframes")
                    return
                } else {
                    kind = isPath(v) ? .path : .numbers
                }
                guard let id = register(v, path: path, context: context, kind: kind) else {
                    let what = kind == .path ? "not a readable path" : kind == .text ? "not a readable text document" : "not a property of numbers"
                    unsupported.append("expression of \(where_) in layer \"\(context.name)\": \(what); it keeps its value")
                    return
                }
                let k = v["k"]
                var scalar = false
                if case .number? = k { scalar = true }
                if let first = k?.arrayValue?.first, case .object = first, let s = first["s"]?.arrayValue, s.count == 1 { scalar = true }
                expressions.append(PendingExpression(path: path, source: source, property: id, comp: context.comp,
                                                     layerPosition: context.position, layerName: context.name, place: where_,
                                                     inPoint: context.inPoint, outPoint: context.outPoint, isScalar: scalar, kind: kind))
                return
            }
            for (key, value) in fields where key != "layers" {
                collectExpressions(value, path: path + [.key(key)], place: place + [key], context: context, depth: depth + 1)
            }
        default: break
        }
    }

    /// A path's vertices (`{k: {i, o, v, c}}` or keyframes of them).
    private func isPath(_ v: JSONValue) -> Bool {
        func isBezier(_ x: JSONValue?) -> Bool { x?["v"] != nil && x?["i"] != nil }
        guard let k = v["k"] else { return false }
        if isBezier(k) { return true }
        if let first = k.arrayValue?.first, let s = first["s"] {
            if isBezier(s) || isBezier(s.arrayValue?.first) { return true }
        }
        return false
    }

    // MARK: Evaluation

    /// The current heap; a heap replaced or dropped adds its count of compilations first.
    private var sandbox: LottieExpressionSandbox? {
        willSet {
            guard let old = sandbox, !old.isLost,
                  let n = try? old.invoke("__lk_compilationCount", [], seconds: LottieLimits.expressionSeconds).first else { return }
            compilations += Int(n)
        }
    }
    /// The sources the heaps dropped so far compiled (see `LottieExpressions.evaluate`).
    private(set) var compilations = 0
    private var lastFailureReset = false

    /// A fresh heap with the prelude, the natives and the compositions' descriptions.
    private func makeSandbox() throws(LottieExpressionSandbox.Failure) -> LottieExpressionSandbox {
        guard let s = LottieExpressionSandbox(memoryLimit: LottieLimits.expressionMemoryBytes) else {
            throw LottieExpressionSandbox.Failure(message: "cannot create a JavaScript heap", timedOut: false)
        }
        let host = lk_js_host(context: Unmanaged.passUnretained(self).toOpaque(),
                              value: { ctx, id, seconds, out, capacity in
                                  let me = Unmanaged<LottieExpressionEvaluator>.fromOpaque(ctx!).takeUnretainedValue()
                                  return me.hostValue(Int(id), seconds, out!, Int(capacity))
                              },
                              key_count: { ctx, id in
                                  let me = Unmanaged<LottieExpressionEvaluator>.fromOpaque(ctx!).takeUnretainedValue()
                                  guard id >= 0, Int(id) < me.properties.count else { return -1 }
                                  return Int32(me.properties[Int(id)].keyCount)
                              },
                              key: { ctx, id, index, seconds, out, capacity in
                                  let me = Unmanaged<LottieExpressionEvaluator>.fromOpaque(ctx!).takeUnretainedValue()
                                  return me.hostKey(Int(id), Int(index), seconds!, out!, Int(capacity))
                              })
        try s.install(host: host)
        // The prelude and the descriptions are ours: they get the whole per-file budget.
        try s.run(LottieExpressionPrelude.source, name: "prelude", seconds: 2)
        let kinds = properties.enumerated().filter { $0.1.kind != .numbers }.map { "\($0.0):\($0.1.kind.rawValue)" }
        try s.run("__lk_fr = \(num(frameRate)); __lk_maxVertices = \(LottieLimits.maximumVertices); __lk_maxText = \(LottieLimits.maximumTextCharacters);\n"
                  + "__lk_kinds = {\(kinds.joined(separator: ","))};\n" + compDescriptions.map { "__lk_addComp(\($0));" }.joined(separator: "\n"),
                  name: "compositions", seconds: 2)
        // The expressions not evaluated yet, for the prelude's on-demand reads.
        var table = splitParts.map { "__lk_split(\($0.key),\($0.value.x),\($0.value.y));" }
        for e in expressions where !finished.contains(e.property) {
            table.append("__lk_expr(\(e.property),\(js(e.source)),\(e.comp),\(e.layerPosition),\(num(Self.seed(e))),\(e.kind.rawValue));")
        }
        try s.run(table.joined(separator: "\n"), name: "expressions", seconds: 2)
        return s
    }

    /// The value's count; at most `capacity` of its numbers are written (the caller asks again
    /// with room for all of them).
    fileprivate func hostValue(_ id: Int, _ seconds: Double, _ out: UnsafeMutablePointer<Double>, _ capacity: Int) -> Int32 {
        guard id >= 0, id < properties.count, seconds.isFinite else { return -1 }
        let v = value(of: id, atLocal: seconds * frameRate)
        for i in 0..<min(v.count, capacity) { out[i] = v[i] }
        return Int32(v.count)
    }

    /// A property's value: its expression's samples when evaluated, else its keyframes.
    private func value(of id: Int, atLocal frame: Double) -> [Double] {
        if let (x, y) = splitParts[id] {
            return [value(of: x, atLocal: frame).first ?? 0, value(of: y, atLocal: frame).first ?? 0]
        }
        return (results[id] ?? properties[id]).value(atLocal: frame)
    }

    fileprivate func hostKey(_ id: Int, _ index: Int, _ seconds: UnsafeMutablePointer<Double>, _ out: UnsafeMutablePointer<Double>, _ capacity: Int) -> Int32 {
        guard id >= 0, id < properties.count else { return -1 }
        let p = properties[id]
        guard index >= 0, index < p.keyCount else { return -1 }
        let (frame, v) = p.key(index)
        seconds.pointee = frame / frameRate
        for i in 0..<min(v.count, capacity) { out[i] = v[i] }
        return Int32(v.count)
    }

    func run(warnings: inout [String], secondsInAll: Double) -> JSONValue {
        warnings.append(contentsOf: unsupported)
        guard !expressions.isEmpty else { return root }
        do { sandbox = try makeSandbox() } catch {
            warnings.append("expressions not evaluated: \(error.message)")
            return root
        }
        var replacements: [[Step]: JSONValue] = [:]
        var evaluations = 0
        let started = lk_js_now()
        for (n, e) in expressions.enumerated() {
            // A layer of the main composition is seen from its in point to the animation's out
            // point at most (a layer often lasts far longer than the animation).
            var first = max(e.inPoint, 0).rounded(.up), last = e.outPoint.rounded(.down)
            if e.comp == 0 { first = max(first, rootIn.rounded(.up)); last = min(last, rootOut.rounded(.down)) }
            let count = last >= first ? Int(last - first) + 1 : 0
            guard count > 0 else { continue }
            guard count <= LottieLimits.maximumSamples else {
                warnings.append("expression of \(e.place) in layer \"\(e.layerName)\": \(count) frames exceed the limit \(LottieLimits.maximumSamples) (maximumSamples); the property keeps its keyframes")
                finish(e)
                continue
            }
            guard evaluations + count <= LottieLimits.maximumExpressionEvaluations,
                  lk_js_now() - started <= secondsInAll else {
                warnings.append("expressions: the file's budget (\(LottieLimits.maximumExpressionEvaluations) evaluations, \(num(secondsInAll)) seconds of processor time) is spent; \(expressions.count - n) properties keep their keyframes")
                break
            }
            // A property an earlier reader's on-demand run of it gave up (its warning given).
            if givenUp.contains(e.property) { continue }
            evaluations += count
            var retries = 0
            attempt: while true { do {
                func local(_ i: Int) -> Double { first + Double(i) }
                switch e.kind {
                case .numbers:
                    let samples = try evaluate(e, first: first, count: count).map(\.value)
                    let frames = (0..<count).map(local)
                    replacements[e.path] = sampledProperty(original: value(at: e.path), frames: frames, samples: samples, scalar: e.isScalar)
                    // Later expressions read this property's result.
                    results[e.property] = ExpressionProperty(dimensions: [sampledModel(frames: frames, samples: samples)])
                case .path:
                    var samples = try evaluate(e, first: first, count: count, kept: &pathVerticesKept)
                    // A path that never changed is one value (the run's end repeats it).
                    if samples.count == 2, samples[0].value == samples[1].value { samples.removeLast() }
                    let keyframes = samples.compactMap { s in ExpressionProperty.bezier(s.value).map { (local(s.index), $0) } }
                    replacements[e.path] = sampledPath(original: value(at: e.path), keyframes: keyframes)
                    results[e.property] = ExpressionProperty(dimensions: [], path: LottieProperty(keyframes: keyframes.map {
                        LottieKeyframe(frame: $0.0, value: $0.1, easing: .linear, hold: false)
                    }))
                case .text:
                    var characters = 0
                    let samples = try evaluate(e, first: first, count: count, kept: &characters)
                    var keyframes = samples.compactMap { s in ExpressionProperty.string(s.value).map { (frame: local(s.index), text: $0) } }
                    // The document's own keyframes (a style that changes) stay where they are.
                    let sampled = TextKeyframes(keyframes: keyframes)
                    for d in (value(at: e.path)?["k"]?.arrayValue ?? []).dropFirst() {
                        guard let f = d["t"]?.numberValue, !keyframes.contains(where: { $0.frame == f }) else { continue }
                        keyframes.append((f, sampled.text(atLocal: f)))
                    }
                    keyframes.sort { $0.frame < $1.frame }
                    replacements[e.path] = sampledText(original: value(at: e.path), keyframes: keyframes)
                    results[e.property] = ExpressionProperty(dimensions: [], text: TextKeyframes(keyframes: keyframes))
                }
                finish(e)
                // A heap that keeps more than half its budget alive after a collection (the
                // layer interfaces the prelude built and keeps, some 60 KB a layer: a file of
                // 200 layers with expressions kept 14 MiB) is made afresh, as after a failure,
                // so the next expressions do not run out of memory or pay for collecting a
                // full heap.
                if let s = sandbox, s.memoryKept > LottieLimits.expressionMemoryBytes / 2 {
                    do { sandbox = try makeSandbox() } catch {
                        warnings.append("expressions: \(error.message); \(expressions.count - n - 1) properties keep their keyframes")
                        sandbox = nil
                        return Self.replacing(root, replacements)
                    }
                }
            } catch {
                // Out of time inside another property's on-demand run: that innermost property
                // is given up (one warning; its keyframes from now on, so no later reader runs
                // it again) and this one is evaluated again in a fresh heap, a few times at
                // most and within the file's budget.
                if error.timedOut, retries < Self.maximumRetries, let culprit = innermostOnDemand(), culprit != e.property,
                   evaluations + count <= LottieLimits.maximumExpressionEvaluations, lk_js_now() - started <= secondsInAll {
                    retries += 1
                    evaluations += count
                    giveUp(culprit, readBy: e, warnings: &warnings)
                    do { sandbox = try makeSandbox(); continue attempt } catch {
                        warnings.append("expressions: \(error.message); \(expressions.count - n) properties keep their keyframes")
                        sandbox = nil
                        return Self.replacing(root, replacements)
                    }
                }
                finished.insert(e.property)
                warnings.append("expression of \(e.place) in layer \"\(e.layerName)\": \(Self.oneLine(error.message)); the property keeps its keyframes")
                // A fresh heap for the next expression: what this one left cannot starve it.
                do { sandbox = try makeSandbox() } catch {
                    warnings.append("expressions: \(error.message); \(expressions.count - n - 1) properties keep their keyframes")
                    sandbox = nil
                    return Self.replacing(root, replacements)
                }
            }
            break attempt }
        }
        sandbox = nil
        return Self.replacing(root, replacements)
    }

    /// How many times a property is evaluated again after a property it read on demand ran
    /// out of time (each time that one is given up).
    private static let maximumRetries = 4
    /// The properties given up in another's on-demand run (their warning given).
    private var givenUp: Set<Int> = []

    /// The property whose on-demand run was innermost when the last evaluation ran out of
    /// time (the prelude's `__lk_innermost`), nil when none was running.
    private func innermostOnDemand() -> Int? {
        guard let sandbox, !sandbox.isLost,
              let r = try? sandbox.invoke("__lk_innermost", [], seconds: LottieLimits.expressionSeconds),
              let id = r.first, id >= 0, id < Double(properties.count) else { return nil }
        return Int(id)
    }

    /// Gives up property `id` (it ran out of time when `reader` read it): one warning, its
    /// keyframes from now on (the next heap leaves its expression out of the on-demand table).
    private func giveUp(_ id: Int, readBy reader: PendingExpression, warnings: inout [String]) {
        finished.insert(id)
        givenUp.insert(id)
        let place = expressions.first { $0.property == id }.map { "expression of \($0.place) in layer \"\($0.layerName)\"" } ?? "an expression"
        warnings.append("\(place): ran past its time budget when the expression of \(reader.place) in layer \"\(reader.layerName)\" read it; the property keeps its keyframes")
    }

    /// The host is done with `e`'s property: reads of it are the host's values from now on
    /// (its samples, or its keyframes when it was given up).
    private func finish(_ e: PendingExpression) {
        finished.insert(e.property)
        _ = try? sandbox?.invoke("__lk_finish", [Double(e.property)], seconds: LottieLimits.expressionSeconds)
    }

    /// The seed of a property's random numbers (the same for the host's run and on-demand reads).
    private static func seed(_ e: PendingExpression) -> Double { Double(e.property &* 7919 &+ e.layerPosition) }

    /// The vertices the path expressions of this file wrote so far (their budget is half of
    /// `maximumVerticesInAll`, so that the file's own paths keep the other half).
    private var pathVerticesKept = 0

    private func evaluate(_ e: PendingExpression, first: Double, count: Int) throws(LottieExpressionSandbox.Failure) -> [(index: Int, value: [Double])] {
        var unused = 0
        return try evaluate(e, first: first, count: count, kept: &unused)
    }

    /// The samples of `e` at each frame from `first`, by their index. A path or a text keeps
    /// only the samples where it changes — a path also the last frame of each unchanged run,
    /// so its linear keyframes give every frame's sample; a text holds each until the next —
    /// and counts what it keeps in `kept` against its budget: vertices against half of
    /// `maximumVerticesInAll`, characters against the text documents' limit
    /// (`maximumTextCharacters` × 10, as `LottieTextDocument` reads them).
    private func evaluate(_ e: PendingExpression, first: Double, count: Int,
                          kept: inout Int) throws(LottieExpressionSandbox.Failure) -> [(index: Int, value: [Double])] {
        guard let sandbox else { throw LottieExpressionSandbox.Failure(message: "no JavaScript heap", timedOut: false) }
        _ = try sandbox.invoke("__lk_begin", [Double(e.comp), Double(e.layerPosition), Double(e.property), Self.seed(e), Double(e.kind.rawValue)],
                               seconds: LottieLimits.expressionSeconds)
        let capacity: Int
        switch e.kind {
        case .numbers: capacity = 64
        case .path: capacity = 2 + 6 * LottieLimits.maximumVertices
        case .text: capacity = 1 + LottieLimits.maximumTextCharacters
        }
        var samples: [(index: Int, value: [Double])] = []
        var runEnd: (index: Int, value: [Double])?
        func keep(_ s: (index: Int, value: [Double])) throws(LottieExpressionSandbox.Failure) {
            switch e.kind {
            case .numbers: break
            case .path:
                kept += Int(s.value.count >= 2 ? s.value[1] : 0)
                guard kept <= LottieLimits.maximumVerticesInAll / 2 else {
                    throw LottieExpressionSandbox.Failure(message: "its paths pass \(LottieLimits.maximumVerticesInAll / 2) vertices in all (half of maximumVerticesInAll)", timedOut: false)
                }
            case .text:
                kept += Int(s.value.first ?? 0)
                guard kept <= LottieLimits.maximumTextCharacters * 10 else {
                    throw LottieExpressionSandbox.Failure(message: "its texts pass \(LottieLimits.maximumTextCharacters * 10) characters in all (maximumTextCharacters × 10)", timedOut: false)
                }
            }
            samples.append(s)
        }
        samples.reserveCapacity(e.kind == .numbers ? count : 2)
        for i in 0..<count {
            let frame = first + Double(i)
            let v: [Double]
            do {
                v = try sandbox.invoke("__lk_run", string: e.source, [frame / frameRate, frame], seconds: LottieLimits.expressionSeconds,
                                       capacity: capacity)
            } catch {
                throw LottieExpressionSandbox.Failure(message: "\(error.message) (at frame \(num(frame)))", timedOut: error.timedOut)
            }
            if e.kind != .numbers, let last = samples.last, last.value == v {
                if e.kind == .path { runEnd = (i, v) }
                continue
            }
            if let end = runEnd { try keep(end); runEnd = nil }
            try keep((i, v))
        }
        if let end = runEnd { try keep(end) }
        return samples
    }

    /// The path property `original` with the sampled paths as linear keyframes, or a constant path.
    private func sampledPath(original: JSONValue?, keyframes: [(Double, LottieBezier)]) -> JSONValue {
        var fields: [(String, JSONValue)] = []
        if case .object(let f)? = original { fields = f }
        let keep = fields.filter { !["x", "k", "a"].contains($0.0) }
        func shape(_ b: LottieBezier) -> JSONValue {
            func list(_ ps: [Point]) -> JSONValue { .array(ps.map { .array([.number($0.x), .number($0.y)]) }) }
            return .object([("c", .bool(b.closed)), ("v", list(b.vertices)), ("i", list(b.inTangents)), ("o", list(b.outTangents))])
        }
        if keyframes.count == 1 { return .object(keep + [("a", .number(0)), ("k", shape(keyframes[0].1))]) }
        let linearOut: JSONValue = .object([("x", .array([.number(0)])), ("y", .array([.number(0)]))])
        let linearIn: JSONValue = .object([("x", .array([.number(1)])), ("y", .array([.number(1)]))])
        let k = keyframes.map { f, b -> JSONValue in
            .object([("t", .number(f)), ("s", .array([shape(b)])), ("o", linearOut), ("i", linearIn)])
        }
        return .object(keep + [("a", .number(1)), ("k", .array(k))])
    }

    /// The text document property `original` (`t.d`) with one keyframe per change of the
    /// sampled text: each the document its own keyframes show at that frame, its text replaced.
    private func sampledText(original: JSONValue?, keyframes: [(frame: Double, text: String)]) -> JSONValue {
        var fields: [(String, JSONValue)] = []
        if case .object(let f)? = original { fields = f }
        let keep = fields.filter { !["x", "k"].contains($0.0) }
        let documents = original?["k"]?.arrayValue ?? []
        func document(at frame: Double) -> [(String, JSONValue)] {
            var shown = documents.first
            for d in documents.dropFirst() where (d["t"]?.numberValue ?? 0) <= frame { shown = d }
            if case .object(let f)? = shown?["s"] { return f }
            return []
        }
        var k: [JSONValue] = []
        for (i, key) in keyframes.enumerated() {
            let doc = document(at: key.frame).filter { $0.0 != "t" } + [("t", .string(key.text))]
            k.append(.object([("s", .object(doc)), ("t", .number(i == 0 ? min(key.frame, 0) : key.frame))]))
        }
        return .object(keep + [("k", .array(k))])
    }

    /// The property object `original` with keyframes one a frame, or a constant value.
    private func sampledProperty(original: JSONValue?, frames: [Double], samples: [[Double]], scalar: Bool) -> JSONValue {
        var fields: [(String, JSONValue)] = []
        if case .object(let f)? = original { fields = f }
        let keep = fields.filter { !["x", "k", "a"].contains($0.0) }
        func vector(_ v: [Double]) -> JSONValue { .array(v.map { .number($0) }) }
        if samples.allSatisfy({ $0 == samples[0] }) {
            let k: JSONValue = scalar && samples[0].count == 1 ? .number(samples[0][0]) : vector(samples[0])
            return .object(keep + [("a", .number(0)), ("k", k)])
        }
        let linearOut: JSONValue = .object([("x", .array([.number(0)])), ("y", .array([.number(0)]))])
        let linearIn: JSONValue = .object([("x", .array([.number(1)])), ("y", .array([.number(1)]))])
        let keyframes = zip(frames, samples).map { f, s -> JSONValue in
            .object([("t", .number(f)), ("s", vector(s)), ("o", linearOut), ("i", linearIn)])
        }
        return .object(keep + [("a", .number(1)), ("k", .array(keyframes))])
    }

    private func sampledModel(frames: [Double], samples: [[Double]]) -> LottieProperty<[Double]> {
        LottieProperty(keyframes: zip(frames, samples).map { LottieKeyframe(frame: $0, value: $1, easing: .linear, hold: false) })
    }

    private func value(at path: [Step]) -> JSONValue? {
        var v: JSONValue? = root
        for step in path {
            switch step {
            case .key(let k): v = v?[k]
            case .index(let i): v = v?.arrayValue.flatMap { i < $0.count ? $0[i] : nil }
            }
        }
        return v
    }

    /// `root` with the values at the given places replaced.
    private static func replacing(_ root: JSONValue, _ replacements: [[Step]: JSONValue]) -> JSONValue {
        guard !replacements.isEmpty else { return root }
        var prefixes: Set<[Step]> = []
        for path in replacements.keys { for n in 0..<path.count { prefixes.insert(Array(path[0..<n])) } }
        func walk(_ v: JSONValue, _ path: [Step]) -> JSONValue {
            if let r = replacements[path] { return r }
            guard prefixes.contains(path) else { return v }
            switch v {
            case .array(let items): return .array(items.enumerated().map { walk($0.1, path + [.index($0.0)]) })
            case .object(let fields): return .object(fields.map { ($0.0, walk($0.1, path + [.key($0.0)])) })
            default: return v
            }
        }
        return walk(root, [])
    }

    static func oneLine(_ s: String) -> String {
        let flat = s.split(whereSeparator: \.isNewline).joined(separator: " ")
        return flat.count > 200 ? String(flat.prefix(200)) + "…" : flat
    }
}

/// A JavaScript string literal.
private func js(_ s: String) -> String {
    var out = "\""
    for u in s.unicodeScalars {
        switch u {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        default:
            if u.value < 0x20 || u.value == 0x2028 || u.value == 0x2029 {
                let hex = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(u)
            }
        }
    }
    return out + "\""
}

private extension JSONValue {
    var numberValue: Double? { if case .number(let n) = self, n.isFinite { return n }; return nil }
    var stringValue: String? { if case .string(let s) = self { return s }; return nil }
    var arrayValue: [JSONValue]? { if case .array(let a) = self { return a }; return nil }
}

/// A JavaScript number literal.
private func num(_ d: Double) -> String {
    guard d.isFinite else { return "0" }
    return d == d.rounded() && abs(d) < 1e15 ? "\(Int(d))" : "\(d)"
}
