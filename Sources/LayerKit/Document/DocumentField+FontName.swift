// The document field of CATextLayer.font: a font family name (a non-empty string no longer
// than 256 bytes, without control characters), or null for the default font.

extension DocumentField where Value == String? {
    /// A font family name, or null.
    public static var fontName: Self {
        Self { b, v, p throws(DocumentError) in
            if v == .null { return nil }
            let s = try b.string(v, p)
            guard !s.isEmpty, s.utf8.count <= 256, !s.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f }) else {
                throw DocumentError(p, "expected a font family name (1…256 bytes, no control characters)")
            }
            return s
        }
    }
}
