// strokeStart / strokeEnd: the part of a path between two fractions of its total length.

extension Path {
    /// The part of the path between two fractions of its total arc length (strokeStart/strokeEnd).
    /// Lengths are true arc lengths (curves are cut at the parameter of a length, not at a
    /// parameter fraction). All subpaths count, closing segments included; a closed subpath
    /// entirely inside the range stays closed, one cut by the range becomes open. Fractions are
    /// clamped to [0, 1]; start ≥ end (or NaN) gives an empty path.
    public func trimmed(from start: Double, to end: Double) -> Path {
        guard start.isFinite, end.isFinite else { return Path() }
        let f0 = max(0, min(1, start)), f1 = max(0, min(1, end))
        guard f1 > f0 else { return Path() }
        if f0 == 0 && f1 == 1 { return self }
        // The same cut made lately (the display list's bounds, then the stroke): kept (TrimMemo.swift).
        if let kept = TrimMemo.shared.withLock({ $0.cut(self, f0, f1) }) { return kept }
        let out = cut(f0, f1)
        TrimMemo.shared.withLock { $0.storeCut(self, f0, f1, out) }
        return out
    }

    /// `trimmed(from:to:)` worked out, for clamped fractions 0 ≤ f0 < f1 ≤ 1, not both ends.
    private func cut(_ f0: Double, _ f1: Double) -> Path {
        let subs: [MeasuredSubpath]
        if let kept = TrimMemo.shared.withLock({ $0.subpaths(of: self) }) {
            subs = kept
        } else {
            subs = measuredSubpaths()
            TrimMemo.shared.withLock { $0.storeSubpaths(self, subs) }
        }
        var total = 0.0
        for s in subs { total += s.length }
        guard total > 0, total.isFinite else { return Path() }
        let a = f0 * total, b = f1 * total
        var out = Path()
        // A piece of one or two segments (a trim path's usual cut) in one allocation.
        out.reserveCapacity(4)
        var pos = 0.0
        for sub in subs {
            if pos >= b { break }
            let subEnd = pos + sub.length
            if subEnd <= a { pos = subEnd; continue }
            if sub.closed && pos >= a && subEnd <= b {
                // Always restart at the subpath's start (a subpath that follows a close has no move).
                out.move(to: sub.start)
                for i in sub.elements {
                    if case .move = elements[i] { continue }
                    out.append(elements[i])
                }
                pos = subEnd
                continue
            }
            var inRun = false
            for seg in sub.segments {
                let segEnd = pos + seg.length
                let lo = max(a, pos), hi = min(b, segEnd)
                if hi > lo {
                    let t0 = lo > pos ? seg.parameter(atLength: lo - pos) : 0
                    let t1 = hi < segEnd ? seg.parameter(atLength: hi - pos) : 1
                    if !inRun { out.move(to: seg.point(t0)); inRun = true }
                    seg.appendPiece(t0, t1, to: &out)
                }
                pos = segEnd
                if pos >= b { break }
            }
            pos = subEnd
        }
        return out
    }
}
