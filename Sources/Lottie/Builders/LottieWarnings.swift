// What the importer skipped, said once per feature and place: `unsupported skew in layer
// "Arm"` or `unsupported repeater in layer "Dots", item "Repeater 1"`. The rest still plays.

/// The importer's warnings, each distinct line once, in the order first met.
final class LottieWarnings {
    private(set) var lines: [String] = []
    private var seen: Set<String> = []

    init() {}

    /// Records that `feature` is not drawn in `layer` (and `item`, for a shape item).
    func unsupported(_ feature: String, layer: String, item: String? = nil) {
        var line = "unsupported \(feature) in layer \"\(layer)\""
        if let item, !item.isEmpty { line += ", item \"\(item)\"" }
        if seen.insert(line).inserted { lines.append(line) }
    }
}
