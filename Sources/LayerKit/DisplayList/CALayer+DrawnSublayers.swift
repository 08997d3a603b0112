// The sublayers a display list draws of a layer: its sublayers in drawing order without
// those hidden or at opacity 0 (they draw nothing, nor does anything beneath them). When none
// is left out — most layers, most frames — the answer is the drawing-order array itself, not
// a copy; otherwise one array sized once, instead of one grown append by append.

extension CALayer {
    /// `drawnSublayers(sublayersInDrawingOrder)`, in one pass over the sublayers when they
    /// share one zPosition and all draw (the array itself, as both would give).
    static func drawnSublayersInDrawingOrder(of l: CALayer) -> [CALayer] {
        guard let subs = l.sublayers, let first = subs.first else { return [] }
        let z = first.zPosition
        for s in subs where s.zPosition != z || s.isHidden || !(s.opacity > 0) {
            return drawnSublayers(l.sublayersInDrawingOrder)
        }
        return subs
    }

    /// `ordered` without the layers hidden or at opacity 0, in the same order.
    static func drawnSublayers(_ ordered: [CALayer]) -> [CALayer] {
        guard let first = ordered.firstIndex(where: { $0.isHidden || !($0.opacity > 0) }) else { return ordered }
        var drawn: [CALayer] = []
        drawn.reserveCapacity(ordered.count - 1)
        drawn.append(contentsOf: ordered[..<first])
        for s in ordered[(first + 1)...] where !s.isHidden && s.opacity > 0 { drawn.append(s) }
        return drawn
    }
}
