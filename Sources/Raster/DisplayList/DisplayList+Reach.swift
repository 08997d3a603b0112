// The device pixels each item of a list can change once the brackets around it are applied.
// An item's own bounds hold the pixels it can change on the surface it lands on, cut by the
// clips around it; but an item inside a group, mask or plane lands on that bracket's bitmap,
// which reaches the device only within the bracket's bounds (for a bracket's opening item,
// everything inside it, a shadow included). So an item's reach is its bounds cut by the reach
// of the innermost bracket around it — a gradient that fills an unbounded plane inside a
// group masked to a small shape reaches only the group's pixels. Null bounds stay null (the
// damage tracker adds nothing for them); a bracket with null bounds cuts nothing.

extension DisplayList {
    /// Each item's bounds cut by the reach of the brackets around it (see the file header).
    public func itemReach() -> [Rect] {
        var reach: [Rect] = []
        reach.reserveCapacity(items.count)
        // The reach of the open brackets, innermost last.
        var open: [Rect] = []
        for item in items {
            var r = item.bounds
            if let outer = open.last, !outer.isNull, !r.isNull { r = r.intersection(outer) }
            switch item.operation {
            case .beginClip, .beginGroup, .beginShadowedGroup, .beginPlane, .beginMask:
                open.append(item.bounds.isNull ? (open.last ?? .null) : r)
            case .endClip, .endGroup, .endPlane, .endMask:
                // Cut, like the items inside, by the bracket it closes (whose drawing it composites).
                _ = open.popLast()
            default:
                break
            }
            reach.append(r)
        }
        return reach
    }
}
