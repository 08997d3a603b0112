// Slots (lottie-spec, "Slots"): an animation's top-level `slots` maps a slot id to `{"p": value}`,
// and any property (or image asset) carrying `"sid": ID` takes its value from that slot — so a
// program can recolour or retime a file by replacing slot values. Resolved on the JSON before
// the model is decoded: an object with a `sid` the animation has a slot for becomes the
// slot's `p` object laid over its own fields (an image asset keeps its `id`; an animated
// property takes the slot's `a` and `k`). A `sid` without a slot keeps the property's own value,
// as the spec's players do.
//
// dotLottie 2 themes (`t/ID.json`: `rules: [{id, type, value | keyframes, animations?}]`) are
// slot values: each rule is turned into the slot `id` (dotlottie-rs's
// transform_theme_to_lottie_slots) before the slots are resolved. Rule types read: Color
// (`[r, g, b]` or `[r, g, b, a]`, 0…1), Scalar (a number), Vector / Position (`[x, y]`) and
// Gradient (`[{color: [r, g, b, a?], offset}]`, made Lottie's `{p: stops, k: [offset, r, g, b…,
// then offset, alpha… when a stop has alpha]}`), each a `value` or `keyframes: [{frame, value,
// inTangent?, outTangent?, hold?}]`; and Image (`{width?, height?, path? | dataUrl?}`, made an
// image asset's `w`, `h`, `u` + `p` or an embedded `p`; an archived path is then embedded by
// `LottieArchive` as the asset's own would be); and Text (`{text, fontName?, fontSize?,
// fillColor?, strokeColor?, strokeWidth?, strokeOverFill?, lineHeight?, tracking?, justify?,
// textCaps?, baselineShift?, wrapSize?, wrapPosition?}` as a `value` or `keyframes: [{frame,
// value}]`, dotlottie-rs's TextRule → TextSlot, made text document keyframes `{k: [{s: doc,
// t}]}` with Lottie's short names: t, f, s, fc, sc, sw, of, lh, tr, j (Left 0, Right 1, Center
// 2, JustifyLastLeft…Full 3…6), ca (Regular 0, AllCaps 1, SmallCaps 2), ls, sz, ps). A text
// slot's document is laid over the document the property shows at that frame, so a rule that
// gives only `text` keeps the file's font, size and colours. A rule whose `animations` list
// leaves out the animation shown is skipped; a rule of another type is skipped with a warning.
import LayerKit

enum LottieSlots {
    /// `json` with every `sid` reference replaced by its slot's value, the `theme` rules (when
    /// given) overriding the animation's own slots. `themePath` names the theme in refusals and
    /// in the `warnings` added (rules skipped).
    static func resolve(_ json: JSONValue, theme: JSONValue? = nil, themePath: String = "", animationID: String? = nil,
                        warnings: inout [String]) throws(DocumentError) -> JSONValue {
        guard case .object(var top) = json else { return json }
        var slots: [String: JSONValue] = [:]
        if case .object(let own)? = json["slots"] {
            for (id, slot) in own { if let p = slot["p"] { slots[id] = p } }
        }
        if let theme {
            for (id, p) in try themeSlots(theme, path: themePath, animationID: animationID, warnings: &warnings) { slots[id] = p }
            // The theme's values are the animation's slots from now on (as a player exports them).
            let merged = slots.keys.sorted().map { ($0, JSONValue.object([("p", slots[$0]!)])) }
            top = top.filter { $0.0 != "slots" } + [("slots", .object(merged))]
        }
        guard !slots.isEmpty else { return .object(top) }
        // The JSON reader nests at most 512 deep, so this walk is bounded by the file.
        func walk(_ v: JSONValue) -> JSONValue {
            switch v {
            case .array(let items): return .array(items.map(walk))
            case .object(let fields):
                if case .string(let sid)? = v["sid"], case .object(var slot)? = slots[sid] {
                    if let merged = textDocuments(slot: slot, over: v) { slot = slot.map { $0.0 == "k" ? ("k", merged) : $0 } }
                    let keys = Set(slot.map(\.0))
                    return .object(fields.filter { $0.0 != "sid" && !keys.contains($0.0) } + slot)
                }
                return .object(fields.map { ($0.0, $0.0 == "slots" ? $0.1 : walk($0.1)) })
            default: return v
            }
        }
        return walk(.object(top))
    }

    /// The key of the property that takes each slot (slot id → `"c"`, `"p"`, `"o"`, …; the first
    /// reference found). The spec's slots carry no type of their own: a slot is of the type of
    /// the property whose `sid` names it, as ThorVG's slot overriding reads it by property.
    /// The JSON reader nests at most 512 deep, so this walk is bounded by the file.
    static func referencingKeys(_ json: JSONValue?) -> [String: String] {
        var keys: [String: String] = [:]
        func walk(_ v: JSONValue) {
            switch v {
            case .array(let items): items.forEach(walk)
            case .object(let fields):
                for (key, value) in fields where key != "slots" {
                    if case .string(let sid)? = value["sid"], keys[sid] == nil { keys[sid] = key }
                    walk(value)
                }
            default: break
            }
        }
        if let json { walk(json) }
        return keys
    }

    /// A text slot's document keyframes (`k: [{s: doc, t}]`) each laid over the document the
    /// property `own` shows at that frame (its last keyframe at or before it, else its first);
    /// nil when either is not text documents.
    static func textDocuments(slot: [(String, JSONValue)], over own: JSONValue) -> JSONValue? {
        guard case .array(let keys)? = slot.first(where: { $0.0 == "k" })?.1, case .array(let mine)? = own["k"],
              !keys.isEmpty, !mine.isEmpty,
              keys.allSatisfy({ if case .object? = $0["s"] { return true } else { return false } }),
              mine.allSatisfy({ if case .object? = $0["s"] { return true } else { return false } }) else { return nil }
        func frame(_ k: JSONValue) -> Double { if case .number(let f)? = k["t"] { return f } else { return 0 } }
        return .array(keys.map { key in
            var shown = mine[0]
            for m in mine.dropFirst() where frame(m) <= frame(key) { shown = m }
            guard case .object(let base)? = shown["s"], case .object(let top)? = key["s"] else { return key }
            let given = Set(top.map(\.0))
            let doc = JSONValue.object(base.filter { !given.contains($0.0) } + top)
            guard case .object(let fields) = key else { return key }
            return .object(fields.map { $0.0 == "s" ? ("s", doc) : $0 })
        })
    }

    /// A theme's text value as a Lottie text document (only the fields it gives).
    static func textDocument(_ v: JSONValue?, _ at: String) throws(DocumentError) -> JSONValue {
        guard case .object? = v, case .string(let text)? = v?["text"] else { throw DocumentError(at, "expected {text, …}") }
        guard text.count <= LottieLimits.maximumTextCharacters else {
            throw DocumentError(at, "text of \(text.count) characters exceeds the limit \(LottieLimits.maximumTextCharacters)")
        }
        var doc: [(String, JSONValue)] = [("t", .string(text))]
        if let f = v?["fontName"] {
            guard case .string = f else { throw DocumentError(at, "fontName: expected a string") }
            doc.append(("f", f))
        }
        for (key, short) in [("fontSize", "s"), ("strokeWidth", "sw"), ("lineHeight", "lh"), ("tracking", "tr"), ("baselineShift", "ls")] {
            guard let n = v?[key] else { continue }
            guard case .number(let x) = n, x.isFinite else { throw DocumentError(at, "\(key): expected a number") }
            doc.append((short, n))
        }
        for (key, short, count) in [("fillColor", "fc", 3), ("strokeColor", "sc", 3), ("wrapSize", "sz", 2), ("wrapPosition", "ps", 2)] {
            guard let a = v?[key] else { continue }
            guard case .array(let items) = a, items.count >= count, items.count <= 4,
                  items.allSatisfy({ if case .number(let x) = $0 { return x.isFinite } else { return false } }) else {
                throw DocumentError(at, "\(key): expected \(count == 3 ? "[r, g, b] or [r, g, b, a]" : "[x, y]")")
            }
            doc.append((short, .array(Array(items.prefix(count == 3 ? 4 : 2)))))
        }
        if let o = v?["strokeOverFill"] {
            guard case .bool = o else { throw DocumentError(at, "strokeOverFill: expected true or false") }
            doc.append(("of", o))
        }
        let justify = ["Left", "Right", "Center", "JustifyLastLeft", "JustifyLastRight", "JustifyLastCenter", "JustifyLastFull"]
        if let j = v?["justify"] {
            guard case .string(let name) = j, let n = justify.firstIndex(of: name) else {
                throw DocumentError(at, "justify: expected one of \(justify.joined(separator: ", "))")
            }
            doc.append(("j", .number(Double(n))))
        }
        let caps = ["Regular", "AllCaps", "SmallCaps"]
        if let c = v?["textCaps"] {
            guard case .string(let name) = c, let n = caps.firstIndex(of: name) else {
                throw DocumentError(at, "textCaps: expected one of \(caps.joined(separator: ", "))")
            }
            doc.append(("ca", .number(Double(n))))
        }
        return .object(doc)
    }

    /// The slots a theme's rules give (slot id → the property's `{a, k}`), in rule order.
    static func themeSlots(_ theme: JSONValue, path: String, animationID: String?, warnings: inout [String]) throws(DocumentError) -> [(String, JSONValue)] {
        guard case .array(let rules)? = theme["rules"] else { throw DocumentError(path, "expected rules, an array") }
        guard rules.count <= LottieLimits.maximumLayers else {
            throw DocumentError(path, "\(rules.count) rules exceed the limit \(LottieLimits.maximumLayers)")
        }
        var out: [(String, JSONValue)] = []
        for (i, rule) in rules.enumerated() {
            let place = "\(path): rules[\(i)]"
            // `slotId` is the name earlier dotLottie 2 themes gave the id.
            guard case .string(let id)? = rule["id"] ?? rule["slotId"], !id.isEmpty else { throw DocumentError(place, "expected an id") }
            guard case .string(let type)? = rule["type"] else { throw DocumentError(place, "expected a type") }
            if case .array(let only)? = rule["animations"], let animationID, !only.contains(.string(animationID)) { continue }
            let kind = type.lowercased()
            if kind == "image" {
                out.append((id, try image(rule["value"], place + ": value")))
                continue
            }
            if kind == "text" {
                var keys: [JSONValue] = []
                if let v = rule["value"] {
                    keys = [.object([("s", try textDocument(v, place + ": value")), ("t", .number(0))])]
                } else if case .array(let keyframes)? = rule["keyframes"], !keyframes.isEmpty {
                    guard keyframes.count <= LottieLimits.maximumKeyframes else {
                        throw DocumentError(place, "\(keyframes.count) keyframes exceed the limit \(LottieLimits.maximumKeyframes)")
                    }
                    for (k, key) in keyframes.enumerated() {
                        let at = "\(place): keyframes[\(k)]"
                        guard case .number(let frame)? = key["frame"], frame.isFinite else { throw DocumentError(at, "expected a frame") }
                        keys.append(.object([("s", try textDocument(key["value"], at + ": value")), ("t", .number(frame))]))
                    }
                } else {
                    throw DocumentError(place, "expected a value or keyframes")
                }
                out.append((id, .object([("k", .array(keys))])))
                continue
            }
            let width: Int?   // the numbers of a value: nil for a colour's 3 or 4
            switch kind {
            case "color", "gradient": width = nil
            case "scalar": width = 1
            case "vector", "position": width = 2
            default:
                warnings.append("\(place): theme rule type \"\(type)\" is not applied (Color, Scalar, Vector, Position, Gradient, Image and Text are)")
                continue
            }
            var stops: Int?
            func value(_ v: JSONValue?, _ at: String) throws(DocumentError) -> JSONValue {
                if kind == "gradient" {
                    let g = try gradient(v, at)
                    if stops == nil { stops = g.stops }
                    return g.value
                }
                if width == 1, case .number(let x)? = v, x.isFinite { return .number(x) }
                guard case .array(let items)? = v, items.allSatisfy({ if case .number(let x) = $0 { return x.isFinite } else { return false } }),
                      width.map({ items.count == $0 }) ?? (items.count == 3 || items.count == 4) else {
                    throw DocumentError(at, width == 1 ? "expected a number" : width == 2 ? "expected [x, y]" : "expected [r, g, b] or [r, g, b, a]")
                }
                return .array(items)
            }
            // A gradient's property is `{p: stops, k: {a, k}}`; the others' `{a, k}`.
            func property(_ animated: Bool, _ k: JSONValue) -> JSONValue {
                let inner = JSONValue.object([("a", .number(animated ? 1 : 0)), ("k", k)])
                guard kind == "gradient" else { return inner }
                return .object([("p", .number(Double(stops ?? 0))), ("k", inner)])
            }
            if let v = rule["value"] {
                let k = try value(v, place + ": value")
                out.append((id, property(false, k)))
                continue
            }
            guard case .array(let keyframes)? = rule["keyframes"], !keyframes.isEmpty else {
                throw DocumentError(place, "expected a value or keyframes")
            }
            guard keyframes.count <= LottieLimits.maximumKeyframes else {
                throw DocumentError(place, "\(keyframes.count) keyframes exceed the limit \(LottieLimits.maximumKeyframes)")
            }
            var ks: [JSONValue] = []
            for (k, key) in keyframes.enumerated() {
                let at = "\(place): keyframes[\(k)]"
                guard case .number(let frame)? = key["frame"], frame.isFinite else { throw DocumentError(at, "expected a frame") }
                var s = try value(key["value"], at + ": value")
                if case .number = s { s = .array([s]) }   // a scalar keyframe's `s` is a list
                var fields: [(String, JSONValue)] = [("t", .number(frame)), ("s", s)]
                // Tangents are Lottie's `o` (out of this keyframe) and `i` (into the next).
                if let o = key["outTangent"] { fields.append(("o", o)) }
                if let i = key["inTangent"] { fields.append(("i", i)) }
                if case .bool(true)? = key["hold"] { fields.append(("h", .number(1))) }
                ks.append(.object(fields))
            }
            out.append((id, property(true, .array(ks))))
        }
        return out
    }

    /// A theme's image `{width?, height?, path? | dataUrl?}` as an image asset's fields: `w`,
    /// `h`, and `u` (the folder) with `p` (the file name) for a path, or `p` the data URL with
    /// `e` 1.
    static func image(_ v: JSONValue?, _ at: String) throws(DocumentError) -> JSONValue {
        guard case .object = v else { throw DocumentError(at, "expected {width, height, path or dataUrl}") }
        var fields: [(String, JSONValue)] = []
        for (key, short) in [("width", "w"), ("height", "h")] {
            guard let n = v?[key] else { continue }
            guard case .number(let x) = n, x.isFinite, x >= 0 else { throw DocumentError(at, "\(key): expected a number, not negative") }
            fields.append((short, .number(x)))
        }
        if case .string(let url)? = v?["dataUrl"] {
            fields += [("u", .string("")), ("p", .string(url)), ("e", .number(1))]
        } else if case .string(let path)? = v?["path"], !path.isEmpty {
            let cut = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
            fields += [("u", .string(String(path[..<cut]))), ("p", .string(String(path[cut...]))), ("e", .number(0))]
        } else {
            throw DocumentError(at, "expected a path or a dataUrl")
        }
        return .object(fields)
    }

    /// A theme's gradient `[{color: [r, g, b, a?], offset}]` as Lottie's gradient numbers: each
    /// stop's offset and r, g, b, then — when any stop has alpha — each stop's offset and alpha.
    static func gradient(_ v: JSONValue?, _ at: String) throws(DocumentError) -> (value: JSONValue, stops: Int) {
        guard case .array(let list)? = v, !list.isEmpty, list.count <= LottieLimits.maximumKeyframes else {
            throw DocumentError(at, "expected gradient stops [{color, offset}]")
        }
        var colours: [Double] = [], alphas: [Double] = []
        var anyAlpha = false
        for (i, stop) in list.enumerated() {
            guard case .number(let offset)? = stop["offset"], offset.isFinite, case .array(let c)? = stop["color"],
                  c.count == 3 || c.count == 4 else { throw DocumentError(at + "[\(i)]", "expected {color: [r, g, b, a?], offset}") }
            var rgba: [Double] = []
            for x in c {
                guard case .number(let n) = x, n.isFinite else { throw DocumentError(at + "[\(i)]", "expected numbers in color") }
                rgba.append(n)
            }
            colours += [offset] + rgba.prefix(3)
            alphas += [offset, rgba.count == 4 ? rgba[3] : 1]
            anyAlpha = anyAlpha || rgba.count == 4
        }
        return (.array((colours + (anyAlpha ? alphas : [])).map(JSONValue.number)), list.count)
    }
}
