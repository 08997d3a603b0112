// The key paths of a Lottie file (lottie-ios's `AnimationKeypath` hierarchy, what its
// `logHierarchyKeypaths()` prints) and the value and text providers applied along them. Walked
// on the JSON before the model is decoded, as slots are (`LottieSlots`): a provided value is
// written into the property it names, so the importer builds its Core Animation keyframes from
// it as from the file's own (lottie-ios's Core Animation engine does the same: a provider's
// keyframes replace the property's keyframes when the layer's animations are built —
// `ValueProviderStore.customKeyframes`).
//
// The names, as lottie-ios gives them: a layer by its `nm`; a precomposition's layers under its
// layer; `Transform` for a layer's transform (`Anchor Point`, `Position`, `Scale`, `Rotation`,
// `Opacity`, `Skew`, `Skew Axis`); shape items by their `nm`, a group's items under the group,
// its transform item under that item's own name (usually `Transform`); properties: fill
// `Color`, `Opacity`; stroke `Color`, `Opacity`, `Stroke Width`; gradient fill / stroke
// `Colors`, `Start Point`, `End Point`, `Opacity` (`Stroke Width`); rectangle `Position`,
// `Size`, `Roundness`; ellipse `Position`, `Size`; star / polygon `Position`, `Rotation`,
// `Points`, `Outer Radius`, `Inner Radius`, `Outer Roundness`, `Inner Roundness`; trim paths
// `Start`, `End`, `Offset`; repeater `Copies`, `Offset` and its `Transform` (with `Start
// Opacity`, `End Opacity`); round corners `Radius`; a solid layer's `Color`. A text provider
// names the text layer itself.
//
// A precomposition used by several layers is walked once per layer, as each is its own key
// path; where providers make one use differ from the asset, that use gets a copy of the asset
// (`ID#n`), so a provider changes only what its key path names. The walk is bounded by
// `LottieLimits.maximumLayers` layers visited (copies counted), `maximumNesting` levels and
// `maximumListed` key paths; a precomposition inside itself is not walked again.
import LayerKit
import Raster

final class LottieKeypathTree {
    /// What a property holds, for a provided value to fit it.
    enum Kind {
        case color       // [r, g, b, a]
        case solidColor  // a solid layer's "#rrggbb"
        case number
        case vector      // [x, y]
        case scale       // [x, y, z] percent
        case gradient    // {p: stops, k: …}
    }

    /// The most key paths listed.
    static let maximumListed = 200_000

    let properties: LottieDynamicProperties
    /// Every key path met, in file order (nil: not listing).
    private(set) var listed: [String]?
    /// Whether each value / text provider named something.
    private(set) var valueMatched: [Bool]
    private(set) var textMatched: [Bool]
    /// One line per provider whose value does not fit what it names.
    private(set) var warnings: [String] = []
    private var mismatchWarned = Set<Int>()
    private var visited = 0
    private var assetObjects: [String: [(String, JSONValue)]] = [:]
    private var usedIDs = Set<String>()
    private var copies: [String: [(id: String, layers: JSONValue)]] = [:]
    private var newAssets: [JSONValue] = []
    private var active = Set<String>()

    /// The properties lottie-ios's Core Animation engine lets a provider change (its
    /// `PropertyName`: Color, Opacity, Scale, Position, Rotation, Stroke Width, Colors); in the
    /// iOS reading a provider naming another property is not applied, as on an iPhone.
    static let coreAnimationProperties: Set<String> = ["Color", "Opacity", "Scale", "Position", "Rotation", "Stroke Width", "Colors"]

    /// Which properties providers may change (nil: every property listed).
    let applicable: Set<String>?
    private var notApplicableWarned = Set<Int>()

    init(_ properties: LottieDynamicProperties, listing: Bool = false, reading: LottieReading = .afterEffects) {
        self.properties = properties
        applicable = reading == .iOS ? Self.coreAnimationProperties : nil
        listed = listing ? [] : nil
        valueMatched = Array(repeating: false, count: properties.values.count)
        textMatched = Array(repeating: false, count: properties.texts.count)
    }

    /// The warnings for providers that named nothing, one line each.
    var unmatchedWarnings: [String] {
        var out: [String] = []
        for (i, m) in valueMatched.enumerated() where !m {
            out.append("--value key path \(DocumentText.quoted(properties.values[i].keypath.description)) matches no property of the animation")
        }
        for (i, m) in textMatched.enumerated() where !m {
            out.append("--text key path \(DocumentText.quoted(properties.texts[i].keypath.description)) matches no text layer of the animation")
        }
        return out
    }

    /// `json` (a Lottie animation) with the providers applied (and, when listing, every key
    /// path recorded).
    func apply(_ json: JSONValue) throws(DocumentError) -> JSONValue {
        guard case .object(var top) = json else { return json }
        if case .array(let list)? = json["assets"] {
            for a in list {
                guard case .object(let fields) = a, case .string(let id)? = a["id"] else { continue }
                usedIDs.insert(id)
                if a["layers"] != nil { assetObjects[id] = fields }
            }
        }
        if let layers = json["layers"] {
            top = Self.replacing(top, "layers", try walkLayers(layers, prefix: [], depth: 0))
        }
        if !newAssets.isEmpty, case .array(let list)? = json["assets"] {
            top = Self.replacing(top, "assets", .array(list + newAssets))
        }
        return .object(top)
    }

    // MARK: - The walk

    private func emit(_ path: [String]) throws(DocumentError) {
        guard listed != nil else { return }
        guard listed!.count < Self.maximumListed else {
            throw DocumentError("", "more than \(Self.maximumListed) key paths (the limit maximumListed)")
        }
        listed!.append(path.joined(separator: "."))
    }

    private func walkLayers(_ v: JSONValue, prefix: [String], depth: Int) throws(DocumentError) -> JSONValue {
        guard case .array(let list) = v else { return v }
        guard depth <= LottieLimits.maximumNesting else {
            throw DocumentError("", "key paths: precompositions nest more than \(LottieLimits.maximumNesting) deep (the limit maximumNesting)")
        }
        var out: [JSONValue] = []
        out.reserveCapacity(list.count)
        for layer in list {
            visited += 1
            guard visited <= LottieLimits.maximumLayers else {
                throw DocumentError("", "key paths: more than \(LottieLimits.maximumLayers) layers, precompositions expanded (the limit maximumLayers)")
            }
            guard case .object(var f) = layer else { out.append(layer); continue }
            let path = prefix + [layer["nm"]?.stringName ?? ""]
            try emit(path)
            let transformPath = path + ["Transform"]
            try emit(transformPath)
            f = try transform(f, key: "ks", at: transformPath, repeater: false)
            switch layer["ty"]?.integer {
            case 0:
                if case .string(let ref)? = layer["refId"], let asset = assetObjects[ref], let layers = asset.first(where: { $0.0 == "layers" })?.1,
                   !active.contains(ref) {
                    active.insert(ref)
                    let walked = try walkLayers(layers, prefix: path, depth: depth + 1)
                    active.remove(ref)
                    if walked != layers { f = Self.replacing(f, "refId", .string(copyID(ref, asset: asset, layers: walked))) }
                }
            case 1:
                if let v = try provided(path + ["Color"], kind: .solidColor) { f = Self.replacing(f, "sc", v) }
            case 4:
                if let shapes = layer["shapes"] { f = Self.replacing(f, "shapes", try walkItems(shapes, prefix: path, depth: depth + 1)) }
            case 5:
                if let i = properties.texts.lastIndex(where: { $0.keypath.matches(path) }) {
                    textMatched[i] = true
                    if let t = layer["t"] { f = Self.replacing(f, "t", Self.text(t, properties.texts[i].text)) }
                }
            default: break
            }
            out.append(.object(f))
        }
        return .array(out)
    }

    /// The properties of each shape item type: key path name, JSON key, kind.
    private static let itemProperties: [String: [(String, String, Kind)]] = [
        "fl": [("Color", "c", .color), ("Opacity", "o", .number)],
        "st": [("Color", "c", .color), ("Opacity", "o", .number), ("Stroke Width", "w", .number)],
        "gf": [("Colors", "g", .gradient), ("Start Point", "s", .vector), ("End Point", "e", .vector), ("Opacity", "o", .number)],
        "gs": [("Colors", "g", .gradient), ("Start Point", "s", .vector), ("End Point", "e", .vector), ("Opacity", "o", .number),
               ("Stroke Width", "w", .number)],
        "rc": [("Position", "p", .vector), ("Size", "s", .vector), ("Roundness", "r", .number)],
        "el": [("Position", "p", .vector), ("Size", "s", .vector)],
        "sr": [("Position", "p", .vector), ("Rotation", "r", .number), ("Points", "pt", .number), ("Outer Radius", "or", .number),
               ("Inner Radius", "ir", .number), ("Outer Roundness", "os", .number), ("Inner Roundness", "is", .number)],
        "tm": [("Start", "s", .number), ("End", "e", .number), ("Offset", "o", .number)],
        "rp": [("Copies", "c", .number), ("Offset", "o", .number)],
        "rd": [("Radius", "r", .number)],
    ]

    private func walkItems(_ v: JSONValue, prefix: [String], depth: Int) throws(DocumentError) -> JSONValue {
        guard case .array(let list) = v else { return v }
        // `depth` counts precompositions and shape groups together, each up to maximumNesting.
        guard depth <= 2 * LottieLimits.maximumNesting else {
            throw DocumentError("", "key paths: shape groups nest more than \(LottieLimits.maximumNesting) deep (the limit maximumNesting)")
        }
        var out: [JSONValue] = []
        out.reserveCapacity(list.count)
        for item in list {
            guard case .object(var f) = item, case .string(let ty)? = item["ty"] else { out.append(item); continue }
            let path = prefix + [item["nm"]?.stringName ?? ""]
            try emit(path)
            switch ty {
            case "gr":
                if let items = item["it"] { f = Self.replacing(f, "it", try walkItems(items, prefix: path, depth: depth + 1)) }
            case "tr":
                f = try transformFields(f, at: path, repeater: false)
            default:
                for (name, key, kind) in Self.itemProperties[ty] ?? [] {
                    // A property the item does not write is not one it has (no default to
                    // override), except the repeater's and the transform's.
                    guard item[key] != nil else { continue }
                    if let v = try provided(path + [name], kind: kind) { f = Self.replacing(f, key, v) }
                }
                if ty == "rp", item["tr"] != nil {
                    let trPath = path + ["Transform"]
                    try emit(trPath)
                    f = try transform(f, key: "tr", at: trPath, repeater: true)
                }
            }
            out.append(.object(f))
        }
        return .array(out)
    }

    /// The object `f` with its transform under `key` walked at `path`.
    private func transform(_ f: [(String, JSONValue)], key: String, at path: [String], repeater: Bool) throws(DocumentError) -> [(String, JSONValue)] {
        guard case .object(let t)? = f.first(where: { $0.0 == key })?.1 else { return f }
        return Self.replacing(f, key, .object(try transformFields(t, at: path, repeater: repeater)))
    }

    /// A transform's fields (layer `ks`, shape `tr`, repeater `tr`) with its properties walked.
    private func transformFields(_ t: [(String, JSONValue)], at path: [String], repeater: Bool) throws(DocumentError) -> [(String, JSONValue)] {
        let object = JSONValue.object(t)
        let rotationKey = object["r"] == nil && object["rz"] != nil ? "rz" : "r"
        var props: [(String, String, Kind)] = [("Anchor Point", "a", .vector), ("Position", "p", .vector), ("Scale", "s", .scale),
                                              ("Rotation", rotationKey, .number)]
        props += repeater ? [("Start Opacity", "so", .number), ("End Opacity", "eo", .number)]
                          : [("Opacity", "o", .number), ("Skew", "sk", .number), ("Skew Axis", "sa", .number)]
        var out = t
        for (name, key, kind) in props {
            let current = object[key]
            // Skew is listed only where the file has it; the others always (a transform has them).
            if current == nil, key == "sk" || key == "sa" { continue }
            // A split position (`p: {s: true, x, y}`) is replaced whole by the point.
            if let v = try provided(path + [name], kind: kind) { out = Self.replacing(out, key, v) }
        }
        return out
    }

    // MARK: - Values

    /// The property JSON the last provider matching `path` gives, or nil (none, or its value
    /// does not fit: warned once per provider).
    private func provided(_ path: [String], kind: Kind) throws(DocumentError) -> JSONValue? {
        try emit(path)
        guard let i = properties.values.lastIndex(where: { $0.keypath.matches(path) }) else { return nil }
        valueMatched[i] = true
        if let applicable, let name = path.last, !applicable.contains(name) {
            if !notApplicableWarned.contains(i) {
                notApplicableWarned.insert(i)
                warnings.append("--value \(DocumentText.quoted(properties.values[i].keypath.description)): lottie-ios's Core Animation engine does not customize \(name) (only \(Self.coreAnimationProperties.sorted().joined(separator: ", "))); not applied in the iOS reading")
            }
            return nil
        }
        let provider = properties.values[i].provider
        if let v = Self.property(provider, kind: kind) { return v }
        if !mismatchWarned.contains(i) {
            mismatchWarned.insert(i)
            let what = provider.keyframes.map(\.value.kindName).first ?? "a value"
            warnings.append("--value \(DocumentText.quoted(properties.values[i].keypath.description)): \(path.last ?? "") at \(DocumentText.quoted(path.joined(separator: "."))) takes \(Self.kindName(kind)), not \(what)")
        }
        return nil
    }

    static func kindName(_ kind: Kind) -> String {
        switch kind {
        case .color: return "a colour (or colour keyframes #RRGGBB@FRAME,…)"
        case .solidColor: return "one colour"
        case .number: return "a number"
        case .vector: return "a point or size (x,y)"
        case .scale: return "a scale in percent (x,y)"
        case .gradient: return "a gradient"
        }
    }

    /// The Lottie property (`{a, k}`, a gradient's `{p, k: {a, k}}`, a solid's hex string)
    /// holding `provider`'s value(s), or nil when they do not fit `kind`.
    static func property(_ provider: LottieValueProvider, kind: Kind) -> JSONValue? {
        var keys = provider.keyframes
        // A colour list on a colour property is colour keyframes (`#000000@0,#C2C2C2@75`):
        // the only reading a colour can have.
        if kind == .color, keys.count == 1, case .gradient(let stops) = keys[0].value, !stops.isEmpty {
            keys = stops.map { LottieValueProvider.Keyframe(value: .color($0.color), time: $0.location) }
        }
        var values: [JSONValue] = []
        var stopCount: Int?
        for k in keys {
            switch (kind, k.value) {
            case (.color, .color(let c)): values.append(.array([c.r, c.g, c.b, c.a].map(JSONValue.number)))
            case (.solidColor, .color(let c)) where keys.count == 1: values.append(.string(hex(c)))
            case (.number, .number(let x)): values.append(.number(x))
            case (.vector, .vector(let x, let y)): values.append(.array([.number(x), .number(y)]))
            case (.scale, .vector(let x, let y)): values.append(.array([.number(x), .number(y), .number(100)]))
            case (.gradient, .gradient(let stops)) where !stops.isEmpty && (stopCount == nil || stopCount == stops.count):
                stopCount = stops.count
                values.append(.array(gradientNumbers(stops).map(JSONValue.number)))
            default: return nil
            }
        }
        if kind == .solidColor { return values.first }
        let k: JSONValue
        if values.count == 1 {
            k = values[0]
        } else {
            // Linear between keyframes (lottie-ios's `Keyframe(value:time:)` has no tangents).
            var list: [JSONValue] = []
            for (n, (key, value)) in zip(keys, values).enumerated() {
                var s = value
                if case .number = s { s = .array([s]) }
                var fields: [(String, JSONValue)] = [("t", .number(key.time)), ("s", s)]
                if n + 1 < values.count {
                    fields += [("o", .object([("x", .array([.number(0)])), ("y", .array([.number(0)]))])),
                               ("i", .object([("x", .array([.number(1)])), ("y", .array([.number(1)]))]))]
                }
                list.append(.object(fields))
            }
            k = .array(list)
        }
        let inner = JSONValue.object([("a", .number(values.count == 1 ? 0 : 1)), ("k", k)])
        if kind == .gradient { return .object([("p", .number(Double(stopCount ?? 0))), ("k", inner)]) }
        return inner
    }

    /// Lottie's gradient numbers: each stop's location, r, g, b; then, when a stop is not
    /// opaque, each stop's location and alpha.
    static func gradientNumbers(_ stops: [LottieGradientStop]) -> [Double] {
        var out: [Double] = []
        for s in stops { out += [s.location, s.color.r, s.color.g, s.color.b] }
        if stops.contains(where: { $0.color.a < 1 }) { for s in stops { out += [s.location, s.color.a] } }
        return out
    }

    static func hex(_ c: Color) -> String {
        func byte(_ x: Double) -> String {
            let v = Int((min(max(x, 0), 1) * 255).rounded())
            return (v < 16 ? "0" : "") + String(v, radix: 16)
        }
        return "#" + byte(c.r) + byte(c.g) + byte(c.b)
    }

    /// A text layer's `t` with every keyframe's document text `s.t` made `text`.
    static func text(_ t: JSONValue, _ text: String) -> JSONValue {
        guard case .object(let tf) = t, case .object(let d)? = t["d"], case .array(let keys)? = t["d"]?["k"] else { return t }
        let newKeys: [JSONValue] = keys.map { key in
            guard case .object(let kf) = key, case .object(let s)? = key["s"] else { return key }
            return .object(replacing(kf, "s", .object(replacing(s, "t", .string(text)))))
        }
        return .object(replacing(tf, "d", .object(replacing(d, "k", .array(newKeys)))))
    }

    // MARK: - Helpers

    /// An id for a use of asset `ref` whose layers providers changed to `layers`: the copy
    /// made for an earlier use with the same layers, else a new one.
    private func copyID(_ ref: String, asset: [(String, JSONValue)], layers: JSONValue) -> String {
        if let same = copies[ref]?.first(where: { $0.layers == layers }) { return same.id }
        var n = (copies[ref]?.count ?? 0) + 1
        while usedIDs.contains("\(ref)#\(n)") { n += 1 }
        let id = "\(ref)#\(n)"
        usedIDs.insert(id)
        copies[ref, default: []].append((id, layers))
        newAssets.append(.object(Self.replacing(Self.replacing(asset, "id", .string(id)), "layers", layers)))
        return id
    }

    /// `fields` with `key`'s value made `value` (added at the end when missing).
    static func replacing(_ fields: [(String, JSONValue)], _ key: String, _ value: JSONValue) -> [(String, JSONValue)] {
        var out = fields
        if let i = out.firstIndex(where: { $0.0 == key }) { out[i].1 = value } else { out.append((key, value)) }
        return out
    }
}

private extension JSONValue {
    /// A name as a key path component: a string's text, a number's (some exporters write
    /// numbers), else empty.
    var stringName: String? {
        switch self {
        case .string(let s): return s
        case .number(let n): return n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
        default: return nil
        }
    }
    /// An integral number's value.
    var integer: Int? {
        if case .number(let n) = self, n == n.rounded(), abs(n) < 1e9 { return Int(n) }
        return nil
    }
}
