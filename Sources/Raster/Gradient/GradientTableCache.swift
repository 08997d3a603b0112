// The colour tables of the gradients drawn lately, kept by what a table depends on: the stops,
// the parameter range they span and the opacity (not the gradient's geometry, which the
// painter applies per pixel). A gradient drawn frame after frame, moving or not, builds its
// table once instead of on every fill (each table is `Canvas.gradientTableSize` colours mixed
// from the stops). The most recently used tables are kept, up to `capacity`.

/// Gradient colour tables by stops, range and opacity (see the file header).
final class GradientTableCache {
    /// What a table is made from.
    struct Key: Equatable {
        var stops: [GradientStop]
        var lo: Double, hi: Double, opacity: Double
    }

    /// Tables kept at most (each `entries` × 8 bytes).
    static let capacity = 16
    /// Entries per table.
    let entries: Int
    /// Most recently used first.
    private var tables: [(key: Key, table: UnsafeMutablePointer<UInt64>)] = []

    init(entries: Int) { self.entries = entries }
    deinit { for t in tables { t.table.deallocate() } }

    /// The table of `key`, made by `build` (which fills `entries` entries) when it is not kept.
    func table(for key: Key, build: (UnsafeMutablePointer<UInt64>) -> Void) -> UnsafePointer<UInt64> {
        if let i = tables.firstIndex(where: { $0.key == key }) {
            if i > 0 { tables.insert(tables.remove(at: i), at: 0) }
            return UnsafePointer(tables[0].table)
        }
        let table: UnsafeMutablePointer<UInt64>
        if tables.count >= Self.capacity {
            table = tables.removeLast().table
        } else {
            table = .allocate(capacity: entries)
        }
        build(table)
        tables.insert((key, table), at: 0)
        return UnsafePointer(table)
    }
}
