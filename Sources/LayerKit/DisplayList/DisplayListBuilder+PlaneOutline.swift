// Whether a projected plane's composite may take its layer's bounds as its outline: only when
// nothing drawn into the plane reaches past the bounds, or the aliased sides would cut it. The
// items appended into the plane are measured (each operation's extent on the plane's pixels,
// strokes and shadows grown by their reach), not the layers' extents, which allow for what a
// layer may draw (a text layer's string overflowing its bounds either way) rather than what it
// does.

extension DisplayListBuilder {
    /// Sets the aliasing of the plane item at `start` (its items follow, up to the end) to
    /// `aliasing` when the plane's layer masks to its bounds (`clipped`) or every item drawn in
    /// the plane lies within `aliasing.rect`; else leaves it nil (every edge of the plane
    /// anti-aliased).
    func outlinePlane(at start: Int, _ aliasing: EdgeAliasing?, clipped: Bool) {
        guard let aliasing, start < items.count else { return }
        if clipped { items[start].aliasing = aliasing; return }
        let r = aliasing.rect.insetBy(dx: -1e-6, dy: -1e-6)
        var i = start + 1
        while i < items.count {
            guard let e = Self.planeExtent(of: items[i].operation) else { return }
            if !e.isNull, e.minX < r.minX || e.minY < r.minY || e.maxX > r.maxX || e.maxY > r.maxY { return }
            i += 1
        }
        items[start].aliasing = aliasing
    }

    /// What `operation` may paint on the surface it lands on: null for nothing, nil when it
    /// cannot be told (a nested plane, a transition, sprites).
    static func planeExtent(of operation: DisplayOperation) -> Rect? {
        func mapped(_ p: Path, _ t: AffineTransform, grownBy d: Double = 0) -> Rect {
            let b = p.boundingBox
            guard !b.isNull else { return .null }
            return b.insetBy(dx: -d, dy: -d).applying(t)
        }
        switch operation {
        case let .fill(p, t, _, _, _), let .gradient(p, t, _, _, _):
            return mapped(p, t)
        case let .stroke(p, style, t, _, _, _, _):
            // Half the width, more at a miter or a square cap: the miter limit bounds both.
            return mapped(p, t, grownBy: style.lineWidth / 2 * max(1.5, style.miterLimit))
        case let .image(b, t, _), let .filteredImage(b, t, _, _):
            return Rect(0, 0, Double(b.width), Double(b.height)).applying(t)
        case let .shadow(p, t, sh):
            return mapped(p, t).insetBy(dx: -(sh.extent + abs(sh.offset.x)), dy: -(sh.extent + abs(sh.offset.y)))
        case let .beginGroup(x, y, w, h, _):
            return Rect(Double(x), Double(y), Double(w), Double(h))
        case let .beginShadowedGroup(x, y, w, h, _, sh):
            return Rect(Double(x), Double(y), Double(w), Double(h))
                .insetBy(dx: -(sh.extent + abs(sh.offset.x)), dy: -(sh.extent + abs(sh.offset.y)))
        case .beginClip, .endClip, .maskGroup, .endGroup, .endPlane, .beginMask, .endMask, .tintGroup, .blendGroup, .invalidate:
            return .null
        case .backdrop(let b):
            return b.path.controlPointBounds.applying(b.transform)
        case .filterGroup:
            return nil
        case .beginPlane, .transition, .sprites:
            return nil
        }
    }
}
