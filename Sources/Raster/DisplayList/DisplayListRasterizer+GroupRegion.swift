// The part of a group's bitmap that its items draw: the union of the drawing items' bounds
// (device pixels each item can change, DisplayItem.bounds), in the group's own pixels. Only
// that box is cleared, drawn (through an integer clip, which cuts spans without changing the
// coverage of the pixels it keeps), masked and composited; the pixels outside it are never
// written nor read. In the whole bitmap they would stay transparent, and a transparent pixel
// neither changes a source-over composite nor changes under a mask's multiply, so the result
// is the whole bitmap's, pixel for pixel, without clearing or compositing the rest.
//
// Rules: the items inside a mask section (beginMask … endMask) and mask shapes only multiply
// what the group drew, so they add nothing to the box; they cut it instead, since outside
// what a mask draws its alpha is zero and the group's pixels become transparent there (the
// mask is drawn through the same clip, so inside the box it is the same mask). A nested group
// adds what it draws by the same rule (its bitmap is transparent outside that box, and a
// transparent pixel composites to nothing), cut to its bracket's bounds; a plane, or a nested
// group below `nestedGroupLevels` or drawn whole, adds its bracket's bounds (everything inside
// it). A group holding an item whose pixels would not
// combine with a rectangular clip exactly (a clip item, whose shape the canvas intersects with
// the rectangle only approximately; a layer shadow, a transition, sprites, a filter chain or
// a backdrop, which read pixels beyond the box) is drawn whole, as is one composited with an
// unbounded operator (destination-in, minimum), which changes what lies behind everywhere.

extension PixelBox {
    var width: Int { x1 - x0 }
    var rect: Rect { Rect(Double(x0), Double(y0), Double(x1 - x0), Double(y1 - y0)) }

    /// The whole pixels touched by `r` (finite, not null) shifted by (−dx, −dy).
    init(covering r: Rect, dx: Int, dy: Int) {
        self.init(x0: Int(max(-1e9, r.minX).rounded(.down)) - dx, y0: Int(max(-1e9, r.minY).rounded(.down)) - dy,
                  x1: Int(min(1e9, r.maxX).rounded(.up)) - dx, y1: Int(min(1e9, r.maxY).rounded(.up)) - dy)
    }
}

extension DisplayListRasterizer {
    /// The group opened at `start` at (x, y), `width` × `height`, on `canvas`, whose pixel
    /// (0, 0) lies at `origin` in the list's pixels (nil inside a plane): its visible whole
    /// pixels (`shown`, in its own pixels) and of those the box its items can change (nil: it
    /// is drawn whole); nil when it draws nothing.
    static func region(ofGroupAt start: Int, _ items: [DisplayItem], x: Int, y: Int, width w: Int, height h: Int,
                       on canvas: Canvas, origin: (x: Int, y: Int)?) -> (shown: PixelBox, box: PixelBox?)? {
        var visible = Rect(Double(x), Double(y), Double(w), Double(h)).intersection(canvas.target.bounds)
        if let c = canvas.clip { visible = visible.intersection(c.boundingRect) }
        guard w > 0, h > 0, !visible.isNull, !visible.isEmpty else { return nil }
        let shown = PixelBox(covering: visible, dx: x, dy: y).intersect(PixelBox(x0: 0, y0: 0, x1: w, y1: h))
        guard let o = origin, let drawn = drawnBounds(ofGroupAt: start, in: items) else { return (shown, nil) }
        let b = drawn.isNull ? PixelBox(x0: 0, y0: 0, x1: 0, y1: 0)
            : PixelBox(covering: drawn, dx: o.x + x, dy: o.y + y).intersect(shown)
        return b.isEmpty ? nil : (shown, b)
    }

    /// The device pixels the group opened at `start` can change in its own bitmap (see the
    /// file's header); `.null` when it changes none, nil when the group must be drawn whole.
    static func drawnBounds(ofGroupAt start: Int, in items: [DisplayItem]) -> Rect? {
        drawnBounds(ofGroupAt: start, in: items, levels: nestedGroupLevels)
    }

    /// How many levels of nested groups `drawnBounds` looks into (each level scans its items
    /// again: the limit keeps a deep nest linear in its items).
    static let nestedGroupLevels = 2

    private static func drawnBounds(ofGroupAt start: Int, in items: [DisplayItem], levels: Int) -> Rect? {
        var drawn = Rect.null
        // What the open mask section draws, and where every mask so far lets pixels through.
        var section = Rect.null, masked: Rect? = nil
        var inMask = false
        var i = start + 1
        while i < items.count {
            let item = items[i]
            switch item.operation {
            case .fill, .stroke, .image, .filteredImage, .gradient:
                if inMask { section = section.union(item.bounds) } else { drawn = drawn.union(item.bounds) }
            case .beginGroup, .beginPlane:
                var nested = item.bounds
                if case .beginGroup = item.operation, levels > 0,
                   let d = drawnBounds(ofGroupAt: i, in: items, levels: levels - 1) {
                    nested = d.isNull ? d : d.intersection(item.bounds)
                }
                if inMask { section = section.union(nested) } else { drawn = drawn.union(nested) }
                i = end(of: i, in: items)
            case .beginMask:
                guard !inMask else { return nil }
                inMask = true
                section = .null
            case .endMask:
                guard inMask else { return nil }
                inMask = false
                masked = (masked ?? section).intersection(section)
            case .maskGroup:
                masked = (masked ?? item.bounds).intersection(item.bounds)
            case .blendGroup(let mode) where mode.isUnbounded:
                // Destination-in and minimum change the pixels behind where the group drew
                // nothing too: its box is all of it.
                return nil
            case .tintGroup, .blendGroup, .invalidate:
                break
            case .endGroup, .endPlane:
                // The group's own end (nested ones are stepped over whole).
                guard !inMask else { return nil }
                if let m = masked { drawn = drawn.intersection(m) }
                return drawn.isNull || drawn.isFiniteRect ? drawn : nil
            case .beginClip, .endClip, .beginShadowedGroup, .shadow, .transition, .sprites, .filterGroup, .backdrop:
                return nil
            }
            i += 1
        }
        return nil
    }
}
