// A document field holding a whole count (CAReplicatorLayer.instanceCount): a number with no
// fractional part, from 0 up to a limit, so that what a document can make the renderer
// repeat is bounded before anything is drawn.

extension DocumentField where Value == Int {
    /// A whole number in 0…`limit`.
    public static func count(limit: Int) -> Self {
        Self { b, v, p throws(DocumentError) in
            let n = try b.number(v, p)
            guard n >= 0, n == n.rounded() else { throw DocumentError(p, "expected a whole number of at least 0, got \(DocumentText.number(n))") }
            guard n <= Double(limit) else { throw DocumentError(p, "\(DocumentText.number(n)) exceeds the limit \(limit)") }
            return Int(n)
        }
    }
}
