// Damage around backdrops. A backdrop item (DisplayBackdrop.swift) reads the pixels of its
// surface around its shape, up to its filters' reach beyond its bounds; those pixels may hold
// anything drawn earlier. Redrawing only part of that neighbourhood would leave the backdrop
// reading the last frame's finished pixels there (its own filtered output and whatever lies
// above it), so damage that meets a backdrop's neighbourhood grows to hold all of it, and the
// whole is redrawn as one rectangle. Growing may reach another backdrop: the growth repeats
// until nothing more is met (at most once per backdrop).

extension DisplayList {
    /// Whether the list holds a backdrop item.
    public var hasBackdrop: Bool {
        items.contains { if case .backdrop = $0.operation { return true } else { return false } }
    }
}

extension DamageTracker {
    /// `damage` grown to hold the neighbourhood (reach cut by the brackets, grown by the
    /// filters' reach) of every backdrop it meets, repeatedly; nil when it meets none.
    static func coveringBackdrops(_ damage: Rect, _ list: DisplayList, reach: [Rect]) -> Rect? {
        guard !damage.isNull, reach.count == list.items.count else { return nil }
        var around: [Rect] = []
        for i in list.items.indices {
            guard case .backdrop(let b) = list.items[i].operation else { continue }
            let r = reach[i]
            guard !r.isNull else { continue }
            let pad = Double(b.reach) + 1
            around.append(r.isFiniteRect ? r.insetBy(dx: -pad, dy: -pad) : .infinite)
        }
        guard !around.isEmpty else { return nil }
        var grown = damage, met = [Bool](repeating: false, count: around.count), any = false
        var changed = true
        while changed {
            changed = false
            for k in around.indices where !met[k] && Self.meets(around[k], grown) {
                met[k] = true; any = true; changed = true
                grown = grown.union(around[k])
            }
        }
        return any ? grown : nil
    }

    /// Whether `a` and `b` share pixels (touching edges do not).
    @inline(__always) static func meets(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }
}
