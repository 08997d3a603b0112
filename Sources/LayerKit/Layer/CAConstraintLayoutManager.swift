// CAConstraintLayoutManager: "An object that provides a constraint-based layout manager." Each
// sublayer's constraints place it relative to its superlayer (its bounds) or to a sibling
// named by them (that sibling's frame, after the sibling is laid out). Per axis, of the four
// attributes (min, mid, max, size) the constraints give, the rest follow: "A minimum of two
// relationships must be specified per axis. If you specify constraints for the left and right
// edges of a layer, the width will vary. If you specify constraints for the left edge and the
// width, the right edge of the layer will move relative to the superlayer's frame." With one
// relationship on an axis the layer keeps its size there; with none, its place too.
//
// Order: a sublayer is laid out after the siblings its constraints name (a depth-first walk of
// those references); a cycle is broken where the walk meets it, in sublayer order. Values that
// are not finite leave the layer where it was; a negative size becomes 0.

/// Lays out sublayers by their `constraints` (CAConstraintLayoutManager).
public final class CAConstraintLayoutManager: CALayoutManager {
    public init() {}

    /// "Returns a new constraint layout manager instance."
    public static func layoutManager() -> CAConstraintLayoutManager { CAConstraintLayoutManager() }

    public func layoutSublayers(of layer: CALayer) {
        guard let subs = layer.sublayers, !subs.isEmpty else { return }
        var byName: [String: Int] = [:]
        for (i, s) in subs.enumerated() { if let n = s.name, byName[n] == nil { byName[n] = i } }
        // 0 not visited, 1 on the walk, 2 laid out.
        var state = [UInt8](repeating: 0, count: subs.count)
        var stack: [(index: Int, next: Int)] = []
        for start in subs.indices where state[start] == 0 {
            state[start] = 1
            stack.append((start, 0))
            while let top = stack.last {
                let cs = subs[top.index].constraints ?? []
                if top.next < cs.count {
                    stack[stack.count - 1].next += 1
                    if let j = byName[cs[top.next].sourceName], state[j] == 0 {
                        state[j] = 1
                        stack.append((j, 0))
                    }
                    continue
                }
                stack.removeLast()
                state[top.index] = 2
                Self.apply(subs[top.index], in: layer, siblings: subs, byName: byName)
            }
        }
    }

    /// Places `l` by its constraints (see the file header).
    static func apply(_ l: CALayer, in superlayer: CALayer, siblings: [CALayer], byName: [String: Int]) {
        guard let cs = l.constraints, !cs.isEmpty else { return }
        var given = [Double?](repeating: nil, count: 8)
        for c in cs {
            let source: Rect
            if c.sourceName == CAConstraint.superlayerName {
                source = superlayer.bounds
            } else if let j = byName[c.sourceName], siblings[j] !== l {
                source = siblings[j].frame
            } else {
                continue   // no such sibling: the constraint is ignored, as Core Animation does
            }
            guard !source.isNull else { continue }
            let v = c.value(source: source)
            if v.isFinite { given[c.attribute.rawValue] = v }
        }
        let f = l.frame
        guard !f.isNull else { return }
        let (x, w) = solve(given[0], given[1], given[2], given[3], current: (f.minX, f.width))
        let (y, h) = solve(given[4], given[5], given[6], given[7], current: (f.minY, f.height))
        let r = Rect(x, y, max(0, w), max(0, h))
        guard r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite, r != f else { return }
        l.frame = r
    }

    /// One axis's origin and size from the given minimum, middle, maximum and size (see the
    /// file header); what is not given keeps `current`.
    static func solve(_ lo: Double?, _ mid: Double?, _ hi: Double?, _ size: Double?,
                      current: (origin: Double, size: Double)) -> (Double, Double) {
        let s: Double
        if let size { s = size }
        else if let lo, let hi { s = hi - lo }
        else if let lo, let mid { s = 2 * (mid - lo) }
        else if let mid, let hi { s = 2 * (hi - mid) }
        else { s = current.size }
        let o: Double
        if let lo { o = lo }
        else if let mid { o = mid - s / 2 }
        else if let hi { o = hi - s }
        else { o = current.origin }
        return (o, s)
    }
}
