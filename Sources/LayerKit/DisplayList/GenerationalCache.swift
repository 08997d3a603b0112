// A cache of what display list builds compute (rendered text, cropped contents, crossfade
// pairs), in two generations: the entries the current build has used, and those the previous
// build used. Each build starts a new generation; an entry found in the previous one moves to
// the current one, and what no build asked for during a whole build is let go. So a text
// layer drawn every frame renders its string once, while text whose pixel size changes every
// frame (a label on a face turning in 3D) holds at most two frames' worth of bitmaps, not
// hundreds. A generation also holds at most `capacity` entries: past that it starts over.

/// Values computed by a build and kept while consecutive builds keep using them.
struct GenerationalCache<Key: Hashable, Value> {
    private var current: [Key: Value] = [:]
    private var previous: [Key: Value] = [:]
    /// The most entries one generation holds.
    let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    /// Starts the next build's generation: what the last build did not use is dropped.
    mutating func startGeneration() {
        swap(&current, &previous)
        current.removeAll(keepingCapacity: true)
    }

    /// The value kept for `key`, moved into the current generation.
    mutating func value(for key: Key) -> Value? {
        if let v = current[key] { return v }
        guard let v = previous.removeValue(forKey: key) else { return nil }
        insert(v, for: key)
        return v
    }

    /// Keeps `value` for `key` in the current generation.
    mutating func insert(_ value: Value, for key: Key) {
        if current.count >= capacity { current.removeAll(keepingCapacity: true) }
        current[key] = value
    }

    /// Entries held in both generations.
    var count: Int { current.count + previous.count }
}
