// Builds a layer tree from a document's JSON, checking every key and value; the first problem
// stops the load with its JSON path.

import Foundation

/// Turns a document's JSON into layers, checking every key and value on the way; the first
/// problem stops the load with its JSON path.
struct DocumentBuilder {
    let baseDirectory: String
    let images: ImageLoading?
    var names: [String: CALayer] = [:]
    var animations: [(layer: CALayer, json: JSONValue, path: String)] = []
    var specs: [(layer: CALayer, spec: AnimationSpec, path: String)] = []
    var imageCache: [String: ImageRef] = [:]
    /// Layers and animations made so far, against `DocumentLimits`.
    var layerCount = 0, animationCount = 0
    /// Constraints relative to a sibling: the layer, the sibling's name, the JSON path
    /// (checked once the tree is built: DocumentBuilder+Layout.swift).
    var constraintSources: [(layer: CALayer, name: String, path: String)] = []

    init(baseDirectory: String, images: ImageLoading?) { self.baseDirectory = baseDirectory; self.images = images }

    static let topKeys: Set<String> = ["width", "height", "background", "layers", "layoutManager"]
    /// The members of a layer object that are not layer properties.
    static let structuralLayerKeys: Set<String> = ["name", "type", "actions", "sublayers", "animations", "mask",
                                                  "constraints", "layoutManager"]
    /// The layer types a document can name, in the order error messages list them.
    static var layerTypes: [(name: String, make: () -> CALayer)] {
        [("layer", CALayer.init), ("shape", CAShapeLayer.init), ("image", CALayer.init), ("text", CATextLayer.init),
         ("gradient", CAGradientLayer.init), ("replicator", CAReplicatorLayer.init), ("transform", CATransformLayer.init),
         ("emitter", CAEmitterLayer.init), ("scroll", CAScrollLayer.init), ("tiled", CATiledLayer.init)]
    }
    /// The property members a layer object of each class may have.
    static func allowedKeys(_ table: LayerPropertyTable) -> Set<String> {
        structuralLayerKeys.union(table.all.compactMap(\.documentName))
    }

    mutating func build(_ json: JSONValue, url: URL?) throws(DocumentError) -> LayerDocument {
        let top = try object(json, "document")
        try checkKeys(top, Self.topKeys, "")
        guard let wj = json["width"] else { throw DocumentError("width", "missing (the root layer's width is required)") }
        guard let hj = json["height"] else { throw DocumentError("height", "missing (the root layer's height is required)") }
        let w = try number(wj, "width"), h = try number(hj, "height")
        guard w > 0, h > 0 else { throw DocumentError(w > 0 ? "height" : "width", "must be positive") }
        if case .failure(let e) = DocumentLimits.canvasPixels(width: w, height: h, scale: 1) { throw DocumentError(e.field, e.message) }
        let bg = try json["background"].map { (v) throws(DocumentError) in try color(v, "background") } ?? .clear
        let root = CALayer()
        root.bounds = Rect(0, 0, w, h)
        root.position = Point(w / 2, h / 2)
        root.name = nil
        // The root's layout manager lays out the top-level layers by their constraints.
        if let mj = json["layoutManager"] { root.layoutManager = try layoutManager(mj, "layoutManager") }
        if let lj = json["layers"] {
            for (i, item) in try array(lj, "layers").enumerated() {
                root.addSublayer(try layer(item, "layers[\(i)]"))
            }
        }
        try checkConstraintSources()
        // Animations last: their values may need the whole tree (and names) in place.
        return LayerDocument(width: w, height: h, background: bg ?? .clear, root: root, layersByName: names,
                             animationSources: animations, animationSpecs: specs, url: url)
    }

    // MARK: Layers

    mutating func layer(_ json: JSONValue, _ path: String) throws(DocumentError) -> CALayer {
        let members = try object(json, path)
        layerCount += 1
        guard layerCount <= DocumentLimits.maximumLayers else {
            throw DocumentError(path, "layer \(layerCount) exceeds the limit \(DocumentLimits.maximumLayers) layers")
        }
        let type = try json["type"].map { (v) throws(DocumentError) in try string(v, path + ".type") } ?? "layer"
        guard let make = Self.layerTypes.first(where: { $0.name == type })?.make else {
            let names = Self.layerTypes.map(\.name).joined(separator: ", ")
            throw DocumentError(path + ".type", "unknown layer type \(DocumentText.quoted(type)) (\(names))")
        }
        let l = make()
        let table = Swift.type(of: l).properties
        for (k, _) in members where !Self.structuralLayerKeys.contains(k) && table.property(forDocumentName: k) == nil {
            throw DocumentError(path + "." + DocumentText.key(k), "unknown key \(DocumentText.quoted(k))")
        }
        // Model values are set before the layer joins a tree: no implicit animations.
        for (k, v) in members {
            let p = path + "." + k
            switch k {
            case "type", "sublayers", "animations", "actions": continue
            case "mask": l.mask = v == .null ? nil : try layer(v, p)
            case "layoutManager": l.layoutManager = try layoutManager(v, p)
            case "constraints": l.constraints = try constraints(v, p, of: l)
            case "name":
                let n = try string(v, p)
                guard names[n] == nil else { throw DocumentError(p, "duplicate layer name \(DocumentText.quoted(n))") }
                names[n] = l; l.name = n
            default:
                guard let read = table.property(forDocumentName: k)?.readDocument else { throw DocumentError(p, "unknown key \(DocumentText.quoted(k))") }
                try read(&self, l, v, p)
            }
        }
        if let aj = json["actions"] {
            let p = path + ".actions"
            for (k, v) in try object(aj, p) {
                // Any layer type's property may be named (actions are a plain dictionary in CA);
                // a name no layer has is a typo.
                guard l.isAnimatableKeyPath(k) || Self.anyLayerKeyPath(k) else {
                    throw DocumentError(p + "." + DocumentText.key(k), "unknown key path \(DocumentText.quoted(k))")
                }
                guard v == .null else { throw DocumentError(p + "." + k, "expected null (switches the implicit animation off), got \(v.kindName)") }
                l.actions.updateValue(nil, forKey: k)
            }
        }
        if let sj = json["sublayers"] {
            for (i, item) in try array(sj, path + ".sublayers").enumerated() {
                l.addSublayer(try layer(item, path + ".sublayers[\(i)]"))
            }
        }
        if let aj = json["animations"] {
            for (i, item) in try array(aj, path + ".animations").enumerated() {
                let p = path + ".animations[\(i)]"
                try checkAnimationSizes(item, p)
                try validateAnimation(item, for: l, p)
                animations.append((l, item, p))
            }
        }
        return l
    }

    /// Counts the animation (and those of a group) against the document's limit and checks
    /// its keyframe lists against theirs, before anything is built from them.
    mutating func checkAnimationSizes(_ json: JSONValue, _ p: String) throws(DocumentError) {
        animationCount += 1
        guard animationCount <= DocumentLimits.maximumAnimations else {
            throw DocumentError(p, "animation \(animationCount) exceeds the limit \(DocumentLimits.maximumAnimations) animations")
        }
        for key in ["values", "keyTimes", "timingFunctions"] {
            if case .array(let a)? = json[key], a.count > DocumentLimits.maximumKeyframes {
                throw DocumentError(p + "." + key, "\(a.count) entries exceeds the limit \(DocumentLimits.maximumKeyframes)")
            }
        }
        if case .array(let group)? = json["animations"] {
            for (i, item) in group.enumerated() { try checkAnimationSizes(item, p + ".animations[\(i)]") }
        }
    }

    /// Whether any document layer type has the animatable key path `k`.
    static func anyLayerKeyPath(_ k: String) -> Bool {
        layerTypes.contains { type(of: $0.make()).properties.isAnimatableKeyPath(k) }
    }

    // MARK: Values

    func checkKeys(_ members: [(String, JSONValue)], _ allowed: Set<String>, _ path: String) throws(DocumentError) {
        for (k, _) in members where !allowed.contains(k) {
            let place = DocumentText.key(k)
            throw DocumentError(path.isEmpty ? place : path + "." + place, "unknown key \(DocumentText.quoted(k))")
        }
    }

    func object(_ v: JSONValue, _ p: String) throws(DocumentError) -> [(String, JSONValue)] {
        guard case .object(let m) = v else { throw DocumentError(p, "expected an object, got \(v.kindName)") }
        return m
    }
    func array(_ v: JSONValue, _ p: String) throws(DocumentError) -> [JSONValue] {
        guard case .array(let a) = v else { throw DocumentError(p, "expected an array, got \(v.kindName)") }
        return a
    }
    /// A JSON array of at most `limit` entries, each read by `element` with its own path
    /// (`p[i]`).
    func list<T>(_ v: JSONValue, _ p: String, limit: Int,
                 _ element: (JSONValue, String) throws(DocumentError) -> T) throws(DocumentError) -> [T] {
        let items = try array(v, p)
        guard items.count <= limit else { throw DocumentError(p, "\(items.count) entries exceeds the limit \(limit)") }
        var out: [T] = []
        out.reserveCapacity(items.count)
        for (i, x) in items.enumerated() { out.append(try element(x, "\(p)[\(i)]")) }
        return out
    }
    func string(_ v: JSONValue, _ p: String) throws(DocumentError) -> String {
        guard case .string(let s) = v else { throw DocumentError(p, "expected a string, got \(v.kindName)") }
        guard s.utf8.count <= DocumentLimits.maximumStringBytes else {
            throw DocumentError(p, "a string of \(s.utf8.count) bytes exceeds the limit \(DocumentLimits.maximumStringBytes) bytes")
        }
        return s
    }
    /// A string that is one of `names`, else `unknown WHAT "s"` followed by `listed` in
    /// parentheses when given.
    func oneOf(_ v: JSONValue, _ p: String, in names: Set<String>, unknown what: String, listed: String? = nil) throws(DocumentError) -> String {
        let s = try string(v, p)
        guard names.contains(s) else { throw DocumentError(p, "unknown \(what) \"\(s)\"" + (listed.map { " (\($0))" } ?? "")) }
        return s
    }
    func bool(_ v: JSONValue, _ p: String) throws(DocumentError) -> Bool {
        guard case .bool(let b) = v else { throw DocumentError(p, "expected true or false, got \(v.kindName)") }
        return b
    }
    /// A number; `"infinity"` only where an infinite value means something (timing).
    func number(_ v: JSONValue, _ p: String, allowInfinity: Bool = false) throws(DocumentError) -> Double {
        switch v {
        case .number(let n):
            guard n.isFinite else { throw DocumentError(p, "number out of range") }
            return n
        case .string("infinity") where allowInfinity: return .infinity
        case .string("infinity"): throw DocumentError(p, "\"infinity\" is not allowed here")
        default: throw DocumentError(p, "expected a number, got \(v.kindName)")
        }
    }
    func nonNegative(_ v: JSONValue, _ p: String) throws(DocumentError) -> Double {
        let n = try number(v, p)
        guard n >= 0 else { throw DocumentError(p, "must not be negative (got \(n))") }
        return n
    }
    func numbers(_ v: JSONValue, _ p: String, count: Int, what: String) throws(DocumentError) -> [Double] {
        let a = try array(v, p)
        guard a.count == count else { throw DocumentError(p, "expected \(what) (\(count) numbers), got \(a.count) items") }
        var out: [Double] = []
        for (i, x) in a.enumerated() { out.append(try number(x, "\(p)[\(i)]")) }
        return out
    }
    func point(_ v: JSONValue, _ p: String) throws(DocumentError) -> Point {
        let n = try numbers(v, p, count: 2, what: "a point [x, y]"); return Point(n[0], n[1])
    }
    func size(_ v: JSONValue, _ p: String) throws(DocumentError) -> Size {
        let n = try numbers(v, p, count: 2, what: "a size [w, h]"); return Size(n[0], n[1])
    }
    func rect(_ v: JSONValue, _ p: String) throws(DocumentError) -> Rect {
        let n = try numbers(v, p, count: 4, what: "a rect [x, y, w, h]"); return Rect(n[0], n[1], n[2], n[3])
    }
    func enumValue<E: RawRepresentable & CaseIterable>(_ v: JSONValue, _ p: String, _: E.Type) throws(DocumentError) -> E
    where E.RawValue == String {
        let s = try string(v, p)
        guard let e = E(rawValue: s) else {
            throw DocumentError(p, "unknown value \(DocumentText.quoted(s)) (one of: \(E.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return e
    }

    /// `"#rrggbb"`, `"#rrggbbaa"`, `[r, g, b, a]` in 0…1, or null.
    func color(_ v: JSONValue, _ p: String) throws(DocumentError) -> Color? {
        switch v {
        case .null: return nil
        case .string(let s):
            guard s.count == 7 || s.count == 9, let c = Color(hex: s) else {
                throw DocumentError(p, "bad colour \(DocumentText.quoted(s)) (expected #rrggbb or #rrggbbaa)")
            }
            return c
        case .array(let a):
            guard a.count == 4 else { throw DocumentError(p, "bad colour: expected [r, g, b, a], got \(a.count) items") }
            var c: [Double] = []
            for (i, x) in a.enumerated() {
                let n = try number(x, "\(p)[\(i)]")
                guard n >= 0, n <= 1 else { throw DocumentError("\(p)[\(i)]", "colour component \(n) outside 0…1") }
                c.append(n)
            }
            return Color(c[0], c[1], c[2], c[3])
        default: throw DocumentError(p, "expected a colour (\"#rrggbb\", \"#rrggbbaa\", [r, g, b, a] or null), got \(v.kindName)")
        }
    }

    /// SVG path data, or null.
    func pathValue(_ v: JSONValue, _ p: String) throws(DocumentError) -> Path? {
        if v == .null { return nil }
        let s = try string(v, p)
        do {
            let path = try Path(svg: s)
            guard path.elements.count <= DocumentLimits.maximumPathCommands else {
                throw DocumentError(p, "\(path.elements.count) path commands exceeds the limit \(DocumentLimits.maximumPathCommands)")
            }
            return path
        } catch let e as DocumentError {
            throw e
        } catch let e as SVGPathError {
            throw DocumentError(p, "bad SVG path at offset \(e.offset): \(e.message)")
        } catch { throw DocumentError(p, "bad SVG path: \(error)") }
    }

    /// An operation list (op1 × op2 × …, the last acts first on a point).
    func transform(_ v: JSONValue, _ p: String) throws(DocumentError) -> CATransform3D {
        var t = CATransform3D.identity
        for (i, op) in try array(v, p).enumerated() {
            let op = try transformOp(op, "\(p)[\(i)]")
            // Chained CATransform3D calls: each new operation acts before those already applied.
            t = op.concatenating(t)
        }
        return t
    }

    func transformOp(_ v: JSONValue, _ p: String) throws(DocumentError) -> CATransform3D {
        let m = try object(v, p)
        guard m.count == 1, let (k, arg) = m.first else {
            throw DocumentError(p, "a transform operation is an object with exactly one key (translate, scale, rotate, perspective, matrix)")
        }
        let q = p + "." + DocumentText.key(k)
        func vec(_ allowed: [Int]) throws(DocumentError) -> [Double] {
            let a = try array(arg, q)
            guard allowed.contains(a.count) else {
                throw DocumentError(q, "expected \(allowed.map(String.init).joined(separator: " or ")) numbers, got \(a.count)")
            }
            var out: [Double] = []
            for (i, x) in a.enumerated() { out.append(try number(x, "\(q)[\(i)]")) }
            return out
        }
        switch k {
        case "translate":
            let a = try vec([2, 3]); return .translation(a[0], a[1], a.count > 2 ? a[2] : 0)
        case "scale":
            if case .number(let s) = arg { return .scale(s, s, 1) }
            let a = try vec([2, 3]); return .scale(a[0], a[1], a.count > 2 ? a[2] : 1)
        case "rotate":
            if case .number(let angle) = arg { return .rotation(angle, 0, 0, 1) }
            let a = try vec([4])
            guard a[1] != 0 || a[2] != 0 || a[3] != 0 else { throw DocumentError(q, "rotation axis is zero") }
            return .rotation(a[0], a[1], a[2], a[3])
        case "perspective":
            let d = try number(arg, q)
            guard d != 0, d.isFinite else { throw DocumentError(q, "perspective distance must be non-zero") }
            return .perspective(d)
        case "matrix":
            return CATransform3D(try vec([16]))!
        default:
            throw DocumentError(q, "unknown transform operation \(DocumentText.quoted(k)) (translate, scale, rotate, perspective, matrix)")
        }
    }

    /// A PNG path relative to the document, loaded through the injected loader (cached).
    mutating func image(_ v: JSONValue, _ p: String) throws(DocumentError) -> ImageRef? {
        if v == .null { return nil }
        let rel = try string(v, p)
        let full = rel.hasPrefix("/") ? rel : (baseDirectory as NSString).appendingPathComponent(rel)
        if let c = imageCache[full] { return c }
        guard FileManager.default.fileExists(atPath: full) else { throw DocumentError(p, "image file \(DocumentText.quoted(rel)) not found") }
        guard let loader = images else { throw DocumentError(p, "cannot load \(DocumentText.quoted(rel)): no image loader") }
        do {
            let r = ImageRef(try loader.loadImage(atPath: full))
            imageCache[full] = r
            return r
        } catch { throw DocumentError(p, "cannot load image \(DocumentText.quoted(rel)): \(error)") }
    }
}
