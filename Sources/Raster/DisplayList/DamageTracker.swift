// Damage as the difference between two frames' display lists. Items are matched by key; the
// damage is the union of the device bounds of every item that appeared, disappeared, changed
// (operation or bounds) or moved relative to the items both lists share, old and new bounds
// both. Everything outside the damage draws the same items in the same order, so keeping the
// last frame's pixels there and redrawing only the damage equals a full redraw.

/// Compares each frame's display list with the previous one.
public struct DamageTracker {
    private var previous: DisplayList?
    private var previousIndex: [DisplayItemKey: Int] = [:]

    public init() {}

    /// Forgets the previous frame: the next list damages its whole target.
    public mutating func reset() { previous = nil; previousIndex = [:] }

    /// The device pixels (whole pixels, inside the target) that differ between the previous
    /// list and `list`, nil when nothing changed; the whole target for the first list or a new
    /// target size. `list` becomes the previous list.
    public mutating func damage(for list: DisplayList) -> Rect? {
        var index: [DisplayItemKey: Int] = [:]
        index.reserveCapacity(list.items.count)
        var duplicated = false
        for (i, item) in list.items.enumerated() where index.updateValue(i, forKey: item.key) != nil {
            duplicated = true
        }
        let target = Rect(0, 0, Double(list.width), Double(list.height))
        var damage = Rect.null
        if let old = previous, old.width == list.width, old.height == list.height, !duplicated {
            // The shared items in old order; the k-th shared item of the new list must be the
            // k-th of the old one, else the drawing order changed.
            var shared: [Int] = []
            shared.reserveCapacity(old.items.count)
            for (i, o) in old.items.enumerated() {
                if index[o.key] != nil { shared.append(i) } else { damage = damage.union(o.bounds) }
            }
            var k = 0
            for item in list.items {
                guard let i = previousIndex[item.key] else { damage = damage.union(item.bounds); continue }
                let o = old.items[i]
                if shared[k] != i || o.bounds != item.bounds || o.operation != item.operation {
                    damage = damage.union(o.bounds).union(item.bounds)
                }
                k += 1
            }
        } else {
            damage = target
        }
        previous = list
        previousIndex = duplicated ? [:] : index
        if duplicated { previous = nil }
        if !damage.isNull && !damage.isFiniteRect { damage = target }
        damage = damage.intersection(target)
        guard !damage.isNull, !damage.isEmpty else { return nil }
        let x0 = max(0, Int(damage.minX.rounded(.down))), y0 = max(0, Int(damage.minY.rounded(.down)))
        let x1 = min(list.width, Int(damage.maxX.rounded(.up))), y1 = min(list.height, Int(damage.maxY.rounded(.up)))
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(Double(x0), Double(y0), Double(x1 - x0), Double(y1 - y0))
    }
}

extension Rect {
    /// Whether origin and size are all finite (NaN or infinite geometry is never drawn).
    public var isFiniteRect: Bool { origin.x.isFinite && origin.y.isFinite && size.width.isFinite && size.height.isFinite }
    /// A rectangle covering everything (for extents that cannot be bounded).
    public static let infinite = Rect(-1e9, -1e9, 2e9, 2e9)
}
