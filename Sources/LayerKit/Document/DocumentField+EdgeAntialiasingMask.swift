// The document reader of `edgeAntialiasingMask`: a list of Core Animation's edge names
// (kCALayerLeftEdge … kCALayerTopEdge without their prefix and suffix).

extension CAEdgeAntialiasingMask {
    /// The document names of the edges, in bit order.
    public static let documentNames: [(name: String, edge: CAEdgeAntialiasingMask)] = [
        ("left", .layerLeftEdge), ("right", .layerRightEdge), ("bottom", .layerBottomEdge), ("top", .layerTopEdge),
    ]
}

extension DocumentField where Value == CAEdgeAntialiasingMask {
    /// A list of edge names (`left`, `right`, `bottom`, `top`).
    public static var edgeMask: Self {
        Self { b, v, p throws(DocumentError) in
            var mask: CAEdgeAntialiasingMask = []
            for (i, x) in try b.array(v, p).enumerated() {
                let s = try b.string(x, "\(p)[\(i)]")
                guard let e = CAEdgeAntialiasingMask.documentNames.first(where: { $0.name == s })?.edge else {
                    let names = CAEdgeAntialiasingMask.documentNames.map(\.name).joined(separator: ", ")
                    throw DocumentError("\(p)[\(i)]", "unknown edge \(DocumentText.quoted(s)) (one of: \(names))")
                }
                mask.insert(e)
            }
            return mask
        }
    }
}
