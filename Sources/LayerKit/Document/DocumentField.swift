// How a document spells a layer property's value: the reader a property declaration names
// (`document: .number`, `.color`, `.enumeration`, …). Each reader checks the JSON value and
// refuses bad input with the same one-line error, at the value's JSON path.

/// How a document's layer object writes one property: under which member name (nil: the
/// property's key) and how its JSON value is read and checked.
public struct DocumentField<Value>: @unchecked Sendable {
    /// The member name, when it differs from the property's key.
    public let name: String?
    let read: (inout DocumentBuilder, JSONValue, String) throws(DocumentError) -> Value

    init(name: String? = nil, _ read: @escaping (inout DocumentBuilder, JSONValue, String) throws(DocumentError) -> Value) {
        self.name = name
        self.read = read
    }

    /// The same reader under another member name.
    public func named(_ name: String) -> DocumentField { DocumentField(name: name, read) }
}

extension DocumentField where Value == Double {
    /// A finite number.
    public static var number: Self { Self { b, v, p throws(DocumentError) in try b.number(v, p) } }
    /// A number that is not negative.
    public static var nonNegative: Self { Self { b, v, p throws(DocumentError) in try b.nonNegative(v, p) } }
    /// A number above zero.
    public static var positive: Self {
        Self { b, v, p throws(DocumentError) in
            let n = try b.number(v, p)
            guard n > 0 else { throw DocumentError(p, "must be positive") }
            return n
        }
    }
    /// A number, or `"infinity"` (timing: begin times, durations, repeat counts).
    public static var time: Self { Self { b, v, p throws(DocumentError) in try b.number(v, p, allowInfinity: true) } }
}

extension DocumentField where Value == Bool {
    /// `true` or `false`.
    public static var bool: Self { Self { b, v, p throws(DocumentError) in try b.bool(v, p) } }
}

extension DocumentField where Value == String {
    /// A string.
    public static var string: Self { Self { b, v, p throws(DocumentError) in try b.string(v, p) } }
}

extension DocumentField where Value == Point {
    /// `[x, y]`.
    public static var point: Self { Self { b, v, p throws(DocumentError) in try b.point(v, p) } }
}

extension DocumentField where Value == Point? {
    /// `[x, y]`, or `null` for none (a gradient's `focalPoint`).
    public static var optionalPoint: Self {
        Self { b, v, p throws(DocumentError) in v == .null ? nil : try b.point(v, p) }
    }
}

extension DocumentField where Value == Rect {
    /// `[x, y, width, height]`.
    public static var rect: Self { Self { b, v, p throws(DocumentError) in try b.rect(v, p) } }
}

extension DocumentField where Value == CATransform3D {
    /// A list of transform operations.
    public static var transform: Self { Self { b, v, p throws(DocumentError) in try b.transform(v, p) } }
}

extension DocumentField where Value == Color? {
    /// `"#rrggbb"`, `"#rrggbbaa"`, `[r, g, b, a]` or null.
    public static var color: Self { Self { b, v, p throws(DocumentError) in try b.color(v, p) } }
}

extension DocumentField where Value == Path? {
    /// SVG path data or null.
    public static var path: Self { Self { b, v, p throws(DocumentError) in try b.pathValue(v, p) } }
}

extension DocumentField where Value == ImageRef? {
    /// A PNG file relative to the document, or null.
    public static var image: Self { Self { b, v, p throws(DocumentError) in try b.image(v, p) } }
}

extension DocumentField where Value == [Double] {
    /// A list of lengths, none negative (dash patterns).
    public static var lengths: Self {
        Self { b, v, p throws(DocumentError) in
            try b.list(v, p, limit: DocumentLimits.maximumDashEntries) { x, q throws(DocumentError) in try b.nonNegative(x, q) }
        }
    }
}

extension DocumentField where Value == CACompositingFilter? {
    /// A blend filter's name (`"multiplyBlendMode"` …), or null for none.
    public static var compositingFilter: Self {
        Self { b, v, p throws(DocumentError) in
            if case .null = v { return nil }
            return try b.enumValue(v, p, CACompositingFilter.self)
        }
    }
}

extension DocumentField where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// One of the enumeration's raw values.
    public static var enumeration: Self { Self { b, v, p throws(DocumentError) in try b.enumValue(v, p, Value.self) } }
}
