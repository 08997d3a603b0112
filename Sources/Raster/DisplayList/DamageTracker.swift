// Damage as the difference between two frames' display lists. Items are matched by key; the
// damage is the union of the device pixels reached by every item that appeared, disappeared,
// changed (operation or bounds) or moved relative to the items both lists share (those off a
// longest run of shared items kept in their old order, found by patience sorting), old and new
// both. An item reaches its bounds cut by the brackets around it (DisplayList+Reach.swift). Everything outside the damage draws the same items in the same order, so keeping the
// last frame's pixels there and redrawing only the damage equals a full redraw. Damage that
// meets a backdrop grows to everything it reads (DamageTracker+Backdrop.swift).

/// Compares each frame's display list with the previous one.
public struct DamageTracker {
    private var previous: DisplayList?
    private var previousIndex: [DisplayItemKey: Int] = [:]
    /// What each item of the previous list reaches (`DisplayList.itemReach`).
    private var previousReach: [Rect] = []
    /// What each item of the last list reaches (`DisplayList.itemReach`).
    public private(set) var lastReach: [Rect] = []
    /// The last damage as a few separate rectangles (see `DamageRegion`): what a presenter
    /// that can send several rectangles sends; empty when nothing changed.
    public private(set) var lastRegion: [Rect] = []
    /// The bounds that made up the last damage, before merging.
    private var parts: [Rect] = []

    public init() {}

    /// Forgets the previous frame: the next list damages its whole target.
    public mutating func reset() { previous = nil; previousIndex = [:]; previousReach = []; lastReach = [] }

    /// The device pixels (whole pixels, inside the target) that differ between the previous
    /// list and `list`, nil when nothing changed; the whole target for the first list or a new
    /// target size. `list` becomes the previous list.
    public mutating func damage(for list: DisplayList) -> Rect? {
        if let old = previous, old.width == list.width, old.height == list.height, Self.sameKeys(old, list) {
            return damageOfSameKeys(list, old)
        }
        var index: [DisplayItemKey: Int] = [:]
        index.reserveCapacity(list.items.count)
        var duplicated = false
        // Items are read in place by index (an item copied out retains its operation's payload).
        for i in list.items.indices where index.updateValue(i, forKey: list.items[i].key) != nil {
            duplicated = true
        }
        let target = Rect(0, 0, Double(list.width), Double(list.height))
        let reach = list.itemReach()
        var damage = Rect.null
        parts.removeAll(keepingCapacity: true)
        if let old = previous, old.width == list.width, old.height == list.height, !duplicated {
            for i in old.items.indices where index[old.items[i].key] == nil {
                damage = damage.union(previousReach[i]); parts.append(previousReach[i])
            }
            // The shared items' old positions in new order; those off one longest increasing
            // run changed their order relative to the others.
            var matched: [(new: Int, old: Int)] = []
            matched.reserveCapacity(list.items.count)
            for j in list.items.indices {
                if let i = previousIndex[list.items[j].key] { matched.append((j, i)) } else { damage = damage.union(reach[j]); parts.append(reach[j]) }
            }
            let inOrder = Self.longestIncreasingRun(matched.map { $0.old })
            for (k, m) in matched.enumerated() {
                let o = old.items[m.old], item = list.items[m.new]
                if inOrder[k], var r = Self.revisedImageDamage(o, item) {
                    if !r.isNull, !reach[m.new].isNull { r = r.intersection(reach[m.new]) }
                    if !r.isNull { damage = damage.union(r); parts.append(r) }
                } else if !inOrder[k] || o.bounds != item.bounds || o.operation != item.operation
                            || o.aliasing != item.aliasing {
                    let was = previousReach[m.old], now = reach[m.new]
                    damage = damage.union(was).union(now)
                    parts.append(was); parts.append(now)
                }
            }
        } else {
            damage = target
            parts.append(target)
        }
        previous = list
        previousIndex = duplicated ? [:] : index
        previousReach = reach
        lastReach = reach
        if duplicated { previous = nil }
        return finish(damage, list, target)
    }

    /// Whether `b` holds items with the keys of `a`'s, in the same order (most frames of an
    /// animation: the same layers drawing the same slots).
    private static func sameKeys(_ a: DisplayList, _ b: DisplayList) -> Bool {
        let n = a.items.count
        guard b.items.count == n else { return false }
        for i in 0..<n where a.items[i].key != b.items[i].key { return false }
        return true
    }

    /// `damage(for:)` when `list` has the keys of the previous list `old` in the same order:
    /// what the general comparison finds then, without its look-ups. No item appeared or
    /// disappeared, every item is matched with the one at its own index and in order (the
    /// longest run is the whole list), so the damage is that of the items whose bounds,
    /// operation or edges changed (or the part a revised image changed), in the same order;
    /// the previous key index stays right (the previous list had no duplicated key, or it
    /// would not be kept, so neither has this one).
    private mutating func damageOfSameKeys(_ list: DisplayList, _ old: DisplayList) -> Rect? {
        let target = Rect(0, 0, Double(list.width), Double(list.height))
        let reach = list.itemReach()
        var damage = Rect.null
        parts.removeAll(keepingCapacity: true)
        for j in list.items.indices {
            let o = old.items[j], item = list.items[j]
            if var r = Self.revisedImageDamage(o, item) {
                if !r.isNull, !reach[j].isNull { r = r.intersection(reach[j]) }
                if !r.isNull { damage = damage.union(r); parts.append(r) }
            } else if o.bounds != item.bounds || o.operation != item.operation || o.aliasing != item.aliasing {
                let was = previousReach[j], now = reach[j]
                damage = damage.union(was).union(now)
                parts.append(was); parts.append(now)
            }
        }
        previous = list
        previousReach = reach
        lastReach = reach
        return finish(damage, list, target)
    }

    /// The damage's whole pixels inside the target, and its rectangles (`lastRegion`).
    private mutating func finish(_ found: Rect, _ list: DisplayList, _ target: Rect) -> Rect? {
        var damage = found
        if !damage.isNull && !damage.isFiniteRect { damage = target; parts = [target] }
        // A backdrop the damage meets is redrawn with all it reads, as one rectangle.
        if let grown = Self.coveringBackdrops(damage, list, reach: lastReach) { damage = grown; parts = [grown] }
        damage = damage.intersection(target)
        lastRegion = []
        guard !damage.isNull, !damage.isEmpty else { return nil }
        let x0 = max(0, Int(saturating: damage.minX.rounded(.down))), y0 = max(0, Int(saturating: damage.minY.rounded(.down)))
        let x1 = min(list.width, Int(saturating: damage.maxX.rounded(.up))), y1 = min(list.height, Int(saturating: damage.maxY.rounded(.up)))
        guard x1 > x0, y1 > y0 else { return nil }
        let whole = Rect(Double(x0), Double(y0), Double(x1 - x0), Double(y1 - y0))
        lastRegion = DamageRegion.cover(parts, within: target, union: whole)
        return whole
    }
}

extension DamageTracker {
    /// Which elements of `s` belong to one longest strictly increasing subsequence
    /// (patience sorting with back links, O(n log n)).
    static func longestIncreasingRun(_ s: [Int]) -> [Bool] {
        var tails: [Int] = []          // index into s of the smallest tail of each run length
        var back = [Int](repeating: -1, count: s.count)
        for (i, v) in s.enumerated() {
            var lo = 0, hi = tails.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if s[tails[mid]] < v { lo = mid + 1 } else { hi = mid }
            }
            if lo > 0 { back[i] = tails[lo - 1] }
            if lo == tails.count { tails.append(i) } else { tails[lo] = i }
        }
        var member = [Bool](repeating: false, count: s.count)
        var i = tails.last ?? -1
        while i >= 0 { member[i] = true; i = back[i] }
        return member
    }
}

extension Rect {
    /// Whether origin and size are all finite (NaN or infinite geometry is never drawn).
    public var isFiniteRect: Bool { origin.x.isFinite && origin.y.isFinite && size.width.isFinite && size.height.isFinite }
    /// A rectangle covering everything (for extents that cannot be bounded).
    public static let infinite = Rect(-1e9, -1e9, 2e9, 2e9)
}
