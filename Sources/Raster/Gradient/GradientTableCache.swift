// The colour tables of the gradients drawn lately, kept by what a table depends on: the stops,
// the parameter range they span and the opacity (not the gradient's geometry, which the
// painter applies per pixel). A gradient drawn frame after frame, moving or not, builds its
// table once instead of on every fill (each table is `Canvas.gradientTableSize` colours mixed
// from the stops). The most recently used tables are kept, up to `capacity`.
// A table asked for again (a gradient drawn on a second frame, or twice in one), or made for
// a fill of more pixels than its dithered form has entries, also gets that dithered form: the
// 16 positions of the 4 × 4 ordered dither × every entry, already dropped to 8 bits per
// channel and packed (`GradientPainter.ditheredEntry`), so a pixel is one load instead of
// the dither's arithmetic. A small fill's table made once and never asked for again (stops
// or opacity that change every frame) is not worth its 16 × `entries` words.

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
    private var tables: [(key: Key, table: UnsafeMutablePointer<UInt64>, dithered: UnsafeMutablePointer<UInt32>?)] = []

    init(entries: Int) { self.entries = entries }
    deinit { for t in tables { t.table.deallocate(); t.dithered?.deallocate() } }

    /// The table of `key`, made by `build` (which fills `entries` entries) when it is not kept.
    func table(for key: Key, build: (UnsafeMutablePointer<UInt64>) -> Void) -> UnsafePointer<UInt64> {
        tables(for: key, build: build).lut
    }

    /// The table of `key` (made by `build` when it is not kept) and, when it was kept, its
    /// dithered form: `16 × entries` packed pixels, entry i of dither position
    /// (y mod 4, x mod 4) at `(4·(y mod 4) + x mod 4) · entries + i`.
    /// With `dither` a new table gets its dithered form at once.
    func tables(for key: Key, dither: Bool = false, build: (UnsafeMutablePointer<UInt64>) -> Void)
        -> (lut: UnsafePointer<UInt64>, dithered: UnsafePointer<UInt32>?) {
        if let i = tables.firstIndex(where: { $0.key == key }) {
            if i > 0 { tables.insert(tables.remove(at: i), at: 0) }
            if tables[0].dithered == nil { tables[0].dithered = dithered(tables[0].table) }
            return (UnsafePointer(tables[0].table), tables[0].dithered.map { UnsafePointer($0) })
        }
        let table: UnsafeMutablePointer<UInt64>
        if tables.count >= Self.capacity {
            let old = tables.removeLast()
            old.dithered?.deallocate()
            table = old.table
        } else {
            table = .allocate(capacity: entries)
        }
        build(table)
        let d = dither ? dithered(table) : nil
        tables.insert((key, table, d), at: 0)
        return (UnsafePointer(table), d.map { UnsafePointer($0) })
    }

    /// The dithered form of `table` (see the file header).
    private func dithered(_ table: UnsafeMutablePointer<UInt64>) -> UnsafeMutablePointer<UInt32> {
        let d = UnsafeMutablePointer<UInt32>.allocate(capacity: 16 * entries)
        for position in 0..<16 {
            let row = d + position * entries
            for e in 0..<entries { row[e] = GradientPainter.ditheredEntry(table[e], y: position >> 2, x: position & 3) }
        }
        return d
    }
}
