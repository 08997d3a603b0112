// The document readers of the styling and gradient properties: a size (`shadowOffset`),
// the corner list of `maskedCorners`, a gradient's colour list and its optional locations,
// and an animation's values for those list-valued key paths.

extension DocumentField where Value == Size {
    /// `[width, height]`.
    public static var size: Self { Self { b, v, p throws(DocumentError) in try b.size(v, p) } }
}

extension DocumentField where Value == CACornerMask {
    /// A list of corner names (`minXMinY`, `maxXMinY`, `minXMaxY`, `maxXMaxY`).
    public static var cornerMask: Self {
        Self { b, v, p throws(DocumentError) in
            var mask: CACornerMask = []
            for (i, x) in try b.array(v, p).enumerated() {
                let s = try b.string(x, "\(p)[\(i)]")
                guard let c = CACornerMask.documentNames.first(where: { $0.name == s })?.corner else {
                    let names = CACornerMask.documentNames.map(\.name).joined(separator: ", ")
                    throw DocumentError("\(p)[\(i)]", "unknown corner \(DocumentText.quoted(s)) (one of: \(names))")
                }
                mask.insert(c)
            }
            return mask
        }
    }
}

extension DocumentField where Value == [Color] {
    /// A list of colours (null entries are clear), at most `maximumGradientStops`.
    public static var colors: Self {
        Self { b, v, p throws(DocumentError) in
            try b.list(v, p, limit: DocumentLimits.maximumGradientStops) { x, q throws(DocumentError) in try b.color(x, q) ?? .clear }
        }
    }
}

extension DocumentField where Value == [Double]? {
    /// A list of numbers, or null; at most `maximumGradientStops`.
    public static var locations: Self {
        Self { b, v, p throws(DocumentError) in
            if v == .null { return nil }
            return try b.list(v, p, limit: DocumentLimits.maximumGradientStops) { x, q throws(DocumentError) in try b.number(x, q) }
        }
    }
}

extension DocumentBuilder {
    /// An animation value for a list-valued key path: a list of numbers or of colours.
    func listValue(_ v: JSONValue, _ p: String) throws(DocumentError) -> AnimatableValue {
        if v == .null { return .list([]) }
        return .list(try list(v, p, limit: DocumentLimits.maximumGradientStops) { x, q throws(DocumentError) in
            if case .number = x { return .number(try number(x, q)) }
            return .color(try color(x, q) ?? .clear)
        })
    }
}
