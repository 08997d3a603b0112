// The document fields the emitter layer adds (`emitterSize` reads as a size): the random seed (a whole
// number in 0…2³²−1) and the list of emitter cells, each an object with CAEmitterCell's
// property names, nested through `emitterCells` at most `CAEmitterLayer.maximumCellDepth`
// deep and at most `maximumCellsPerList` cells a list.

extension DocumentField where Value == UInt32 {
    /// A whole number in 0…4294967295.
    public static var seed: Self {
        Self { b, v, p throws(DocumentError) in
            let n = try b.number(v, p)
            guard n >= 0, n <= Double(UInt32.max), n == n.rounded() else {
                throw DocumentError(p, "expected a whole number in 0…\(UInt32.max), got \(DocumentText.number(n))")
            }
            return UInt32(n)
        }
    }
}

extension DocumentField where Value == [CAEmitterCell]? {
    /// The most cells in one `emitterCells` list.
    public static var maximumCellsPerList: Int { 64 }

    /// A list of emitter cell objects, or null.
    public static var emitterCells: Self {
        Self { b, v, p throws(DocumentError) in try b.emitterCells(v, p, depth: 1) }
    }
}

extension DocumentBuilder {
    /// The numeric members of a cell object, by CAEmitterCell's names.
    static let cellNumbers: [(name: String, set: @Sendable (CAEmitterCell, Double) -> Void, nonNegative: Bool)] = [
        ("birthRate", { $0.birthRate = $1 }, true), ("lifetime", { $0.lifetime = $1 }, true),
        ("beginTime", { $0.beginTime = $1 }, false), ("duration", { $0.duration = $1 }, true),
        ("lifetimeRange", { $0.lifetimeRange = $1 }, true),
        ("velocity", { $0.velocity = $1 }, false), ("velocityRange", { $0.velocityRange = $1 }, true),
        ("emissionLatitude", { $0.emissionLatitude = $1 }, false), ("emissionLongitude", { $0.emissionLongitude = $1 }, false),
        ("emissionRange", { $0.emissionRange = $1 }, false),
        ("xAcceleration", { $0.xAcceleration = $1 }, false), ("yAcceleration", { $0.yAcceleration = $1 }, false),
        ("zAcceleration", { $0.zAcceleration = $1 }, false),
        ("scale", { $0.scale = $1 }, false), ("scaleRange", { $0.scaleRange = $1 }, true),
        ("scaleSpeed", { $0.scaleSpeed = $1 }, false),
        ("spin", { $0.spin = $1 }, false), ("spinRange", { $0.spinRange = $1 }, true),
        ("redRange", { $0.redRange = $1 }, true), ("greenRange", { $0.greenRange = $1 }, true),
        ("blueRange", { $0.blueRange = $1 }, true), ("alphaRange", { $0.alphaRange = $1 }, true),
        ("redSpeed", { $0.redSpeed = $1 }, false), ("greenSpeed", { $0.greenSpeed = $1 }, false),
        ("blueSpeed", { $0.blueSpeed = $1 }, false), ("alphaSpeed", { $0.alphaSpeed = $1 }, false),
    ]
    static let cellOtherKeys: Set<String> = ["name", "contents", "color", "contentsRect", "emitterCells"]

    /// A list of cells at nesting `depth` (1 for the layer's own).
    mutating func emitterCells(_ v: JSONValue, _ p: String, depth: Int) throws(DocumentError) -> [CAEmitterCell]? {
        if v == .null { return nil }
        let items = try array(v, p)
        let limit = DocumentField<[CAEmitterCell]?>.maximumCellsPerList
        guard items.count <= limit else { throw DocumentError(p, "\(items.count) cells exceeds the limit \(limit)") }
        guard depth <= CAEmitterLayer.maximumCellDepth else {
            throw DocumentError(p, "emitter cells nested \(depth) deep exceeds the limit \(CAEmitterLayer.maximumCellDepth)")
        }
        var cells: [CAEmitterCell] = []
        for (i, item) in items.enumerated() { cells.append(try emitterCell(item, "\(p)[\(i)]", depth: depth)) }
        return cells
    }

    mutating func emitterCell(_ v: JSONValue, _ p: String, depth: Int) throws(DocumentError) -> CAEmitterCell {
        let members = try object(v, p)
        let cell = CAEmitterCell()
        for (k, value) in members {
            let q = p + "." + DocumentText.key(k)
            if let n = Self.cellNumbers.first(where: { $0.name == k }) {
                n.set(cell, n.nonNegative ? try nonNegative(value, q) : try number(value, q))
                continue
            }
            switch k {
            case "name": cell.name = try string(value, q)
            case "contents": cell.contents = try image(value, q)
            case "color": cell.color = try color(value, q)
            case "contentsRect": cell.contentsRect = try rect(value, q)
            case "emitterCells": cell.emitterCells = try emitterCells(value, q, depth: depth + 1)
            default: throw DocumentError(q, "unknown key \(DocumentText.quoted(k)) (an emitter cell takes CAEmitterCell's names)")
            }
        }
        return cell
    }
}
