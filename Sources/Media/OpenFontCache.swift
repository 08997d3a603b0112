// The fonts SDL_ttf has open, by pixel size and file, at most `capacity` of them. Each open
// font holds its file, a FreeType face, a HarfBuzz face and a glyph cache (about 150 KB), and
// a text layer whose font size is animated asks for a new pixel size nearly every frame: kept
// without bound they grew the gallery's heap by 16 MB in eight minutes, and a document can
// name any size. The least recently used font is closed when the cache is full.

/// Open fonts by key, at most `capacity`; `close` is called on each font that leaves.
struct OpenFontCache<Key: Hashable> {
    let capacity: Int
    private let close: (OpaquePointer) -> Void
    private var entries: [Key: (font: OpaquePointer, lastUse: UInt64)] = [:]
    private var clock: UInt64 = 0

    init(capacity: Int, close: @escaping (OpaquePointer) -> Void) {
        self.capacity = max(1, capacity)
        self.close = close
    }

    var count: Int { entries.count }

    /// The font under `key`, opened by `open` when it is not yet open (nil when that fails).
    mutating func font(_ key: Key, open: () -> OpaquePointer?) -> OpaquePointer? {
        clock += 1
        if let e = entries[key] {
            entries[key] = (e.font, clock)
            return e.font
        }
        guard let f = open() else { return nil }
        if entries.count >= capacity, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries[oldest.key] = nil
            close(oldest.value.font)
        }
        entries[key] = (f, clock)
        return f
    }

    /// Closes every font.
    mutating func removeAll() {
        for e in entries.values { close(e.font) }
        entries.removeAll()
    }
}
