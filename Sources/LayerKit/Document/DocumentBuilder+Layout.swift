// A document's layout members: `"layoutManager": "constraint"` (a CAConstraintLayoutManager
// lays out the layer's sublayers; null: none) and `"constraints"`, a list of
// `{"attribute": "midX", "relativeTo": "superlayer", "sourceAttribute": "midX", "scale": 1,
// "offset": 0}` (relativeTo defaults to "superlayer", sourceAttribute to attribute, scale to 1,
// offset to 0). A constraint relative to a sibling names it: the name must be a sibling's,
// checked once the whole tree is built (`checkConstraintSources`).

extension DocumentBuilder {
    /// The most constraints one layer takes (a bound on what a document makes layout do).
    static let maximumConstraints = 64
    static let constraintKeys: Set<String> = ["attribute", "relativeTo", "sourceAttribute", "scale", "offset"]

    /// `"layoutManager"`: `"constraint"` or null.
    func layoutManager(_ v: JSONValue, _ p: String) throws(DocumentError) -> CALayoutManager? {
        if v == .null { return nil }
        let s = try string(v, p)
        guard s == "constraint" else {
            throw DocumentError(p, "unknown layout manager \(DocumentText.quoted(s)) (constraint)")
        }
        return CAConstraintLayoutManager()
    }

    /// `"constraints"`: the list (see the file header); the sibling names are checked later.
    mutating func constraints(_ v: JSONValue, _ p: String, of l: CALayer) throws(DocumentError) -> [CAConstraint]? {
        if v == .null { return nil }
        let list = try array(v, p)
        guard list.count <= Self.maximumConstraints else {
            throw DocumentError(p, "\(list.count) constraints exceeds the limit \(Self.maximumConstraints)")
        }
        var out: [CAConstraint] = []
        for (i, item) in list.enumerated() {
            let q = "\(p)[\(i)]"
            let m = try object(item, q)
            try checkKeys(m, Self.constraintKeys, q)
            guard let aj = item["attribute"] else { throw DocumentError(q + ".attribute", "missing") }
            let attribute = try constraintAttribute(aj, q + ".attribute")
            let source = try item["relativeTo"].map { (x) throws(DocumentError) in try string(x, q + ".relativeTo") }
                ?? CAConstraint.superlayerName
            let sourceAttribute = try item["sourceAttribute"].map { (x) throws(DocumentError) in
                try constraintAttribute(x, q + ".sourceAttribute") } ?? attribute
            guard sourceAttribute.isHorizontal == attribute.isHorizontal else {
                throw DocumentError(q + ".sourceAttribute", "\(sourceAttribute.name) is not on the axis of \(attribute.name)")
            }
            let scale = try item["scale"].map { (x) throws(DocumentError) in try number(x, q + ".scale") } ?? 1
            let offset = try item["offset"].map { (x) throws(DocumentError) in try number(x, q + ".offset") } ?? 0
            out.append(CAConstraint(attribute: attribute, relativeTo: source, attribute: sourceAttribute, scale: scale, offset: offset))
            if source != CAConstraint.superlayerName { constraintSources.append((l, source, q + ".relativeTo")) }
        }
        return out
    }

    func constraintAttribute(_ v: JSONValue, _ p: String) throws(DocumentError) -> CAConstraintAttribute {
        let s = try string(v, p)
        guard let a = CAConstraintAttribute(name: s) else {
            let names = CAConstraintAttribute.allCases.map(\.name).joined(separator: ", ")
            throw DocumentError(p, "unknown constraint attribute \(DocumentText.quoted(s)) (\(names))")
        }
        return a
    }

    /// Every constraint's `relativeTo` names a sibling of its layer (once the tree is built).
    func checkConstraintSources() throws(DocumentError) {
        for (l, name, p) in constraintSources {
            let siblings = l.superlayer?.sublayers ?? []
            guard siblings.contains(where: { $0 !== l && $0.name == name }) else {
                throw DocumentError(p, "no sibling layer named \(DocumentText.quoted(name)) (or \"superlayer\")")
            }
        }
    }
}
