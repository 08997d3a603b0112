// Occlusion and the drawn-work budget of one display list.
//
// Occlusion: what an opaque rectangle covers cannot be seen. An item of the list's top level
// (outside every clip, group and plane) that fills an axis-aligned rectangle with an opaque
// colour at full opacity hides every pixel it covers whole, whatever was drawn there before;
// the items before it at the top level (single items, or whole brackets by the bounds of
// their opening item, which hold everything inside them) whose pixels within the target all
// lie in such a rectangle are left out. Scanned from the end with the largest cover found so
// far: one pass, no per-item allocation. The list then draws the same pixels, and items that
// would have drawn nothing visible (a file of thousands of full-canvas solids under one
// opaque one, found by the Lottie fuzzer) cost nothing. A list one of whose top-level opaque
// rectangles covers the whole target (`coversTargetOpaquely`, a Lottie file's full-canvas solid
// layer) needs no clear of the target before it.
//
// The budget: `drawnPixels` counts the pixels the list's items can change, each drawing item
// by its bounds within the target and each group or plane by the bitmap it composites, the
// work rasterizing the list costs in proportion to (the commands check it against
// `DocumentLimits.maximumDrawnPixels` before drawing a frame).

extension DisplayList {
    /// Leaves out the top-level items that an opaque rectangle drawn after them hides wholly
    /// (see the file header); returns how many items were left out.
    @discardableResult
    public mutating func removeOccludedItems() -> Int {
        let target = Rect(0, 0, Double(width), Double(height))
        guard !items.isEmpty, !target.isEmpty else { return 0 }
        var cover: (x0: Double, y0: Double, x1: Double, y1: Double)? = nil
        var coverArea = 0.0
        // Ranges to drop, found from the end (so in decreasing order).
        var dropped: [Range<Int>] = []
        var depth = 0
        var bracketEnd = 0
        var i = items.count - 1
        while i >= 0 {
            let op = items[i].operation
            if op.closesBracket {
                if depth == 0 { bracketEnd = i }
                depth += 1
                i -= 1
                continue
            }
            if op.opensBracket {
                depth -= 1
                guard depth >= 0 else { return 0 }  // unbalanced: left as it is
                if depth > 0 { i -= 1; continue }
            } else if depth > 0 {
                i -= 1
                continue
            } else {
                bracketEnd = i
            }
            // A top-level unit: items[i] (an item, or the opening of a bracket ending at bracketEnd).
            if let c = cover, Self.lies(items[i].bounds, within: c, target: target) {
                if let last = dropped.last, last.lowerBound == bracketEnd + 1 {
                    dropped[dropped.count - 1] = i..<last.upperBound
                } else {
                    dropped.append(i..<(bracketEnd + 1))
                }
            } else if let r = Self.opaqueCover(op, target: target) {
                let area = (r.x1 - r.x0) * (r.y1 - r.y0)
                if area > coverArea { cover = r; coverArea = area }
            }
            i -= 1
        }
        guard depth == 0, !dropped.isEmpty else { return 0 }
        var kept: [DisplayItem] = []
        var removed = 0
        for r in dropped { removed += r.count }
        kept.reserveCapacity(items.count - removed)
        var next = 0
        for r in dropped.reversed() {
            kept.append(contentsOf: items[next..<r.lowerBound])
            next = r.upperBound
        }
        kept.append(contentsOf: items[next...])
        items = kept
        return removed
    }

    /// Whether a top-level item paints every pixel of the target opaque whatever lies beneath
    /// (an opaque rectangle covering the target whole, outside every clip, group and plane):
    /// the list then leaves no pixel of what the target held before, so clearing the target
    /// first changes nothing (`LayerRenderer.draw` skips it).
    public var coversTargetOpaquely: Bool {
        let target = Rect(0, 0, Double(width), Double(height))
        guard !target.isEmpty else { return false }
        var depth = 0
        for item in items {
            let op = item.operation
            if op.opensBracket { depth += 1; continue }
            if op.closesBracket { depth -= 1; if depth < 0 { return false }; continue }
            guard depth == 0, let c = Self.opaqueCover(op, target: target) else { continue }
            if c.x0 <= target.minX, c.y0 <= target.minY, c.x1 >= target.maxX, c.y1 >= target.maxY { return true }
        }
        return false
    }

    /// Whether the pixels of `bounds` within `target` all lie in the whole-pixel rectangle
    /// `c` (null bounds are not known: they do not).
    private static func lies(_ bounds: Rect, within c: (x0: Double, y0: Double, x1: Double, y1: Double), target: Rect) -> Bool {
        guard !bounds.isNull, bounds.isFiniteRect else { return false }
        let b = bounds.intersection(target)
        if b.isNull || b.isEmpty { return true }
        return b.minX.rounded(.down) >= c.x0 && b.minY.rounded(.down) >= c.y0
            && b.maxX.rounded(.up) <= c.x1 && b.maxY.rounded(.up) <= c.y1
    }

    /// The whole pixels of the target that `op` paints opaque whatever lies beneath: a fill of
    /// one axis-aligned rectangle with an opaque colour at full opacity; nil for anything else.
    private static func opaqueCover(_ op: DisplayOperation, target: Rect) -> (x0: Double, y0: Double, x1: Double, y1: Double)? {
        guard case let .fill(path, t, color, _, opacity) = op, color.a >= 1, opacity >= 1,
              t.b == 0, t.c == 0, let r = path.axisAlignedRectangle else { return nil }
        let m = r.applying(t)
        guard !m.isNull, m.isFiniteRect else { return nil }
        // Only the pixels the rectangle covers whole are opaque (its edges are anti-aliased).
        let x0 = max(m.minX.rounded(.up), target.minX), y0 = max(m.minY.rounded(.up), target.minY)
        let x1 = min(m.maxX.rounded(.down), target.maxX), y1 = min(m.maxY.rounded(.down), target.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return (x0, y0, x1, y1)
    }

    /// Pixels the items can change, within the target: each drawing item by its bounds, each
    /// group or plane by the bitmap it composites (null bounds count the whole target). The
    /// work of rasterizing the list grows with it.
    public var drawnPixels: Double {
        let target = Rect(0, 0, Double(width), Double(height))
        let whole = target.width * target.height
        var n = 0.0
        for item in items {
            switch item.operation {
            case let .beginGroup(_, _, w, h, _), let .beginShadowedGroup(_, _, w, h, _, _):
                n += min(Double(w) * Double(h), whole)
            case let .beginPlane(w, h, _, _):
                n += Double(w) * Double(h)
            default:
                guard item.operation.isDrawing else { continue }
                let b = item.bounds
                if b.isNull || !b.isFiniteRect { n += whole; continue }
                let c = b.intersection(target)
                if !c.isNull { n += c.width * c.height }
            }
        }
        return n
    }
}

extension DisplayOperation {
    /// Whether the operation opens a bracket closed by a later item (a clip, a group, a plane
    /// or a mask layer's bitmap).
    var opensBracket: Bool {
        switch self {
        case .beginClip, .beginGroup, .beginShadowedGroup, .beginPlane, .beginMask: true
        default: false
        }
    }

    /// Whether the operation closes the innermost open bracket.
    var closesBracket: Bool {
        switch self {
        case .endClip, .endGroup, .endPlane, .endMask: true
        default: false
        }
    }
}

extension Path {
    /// The rectangle the path is, when it is one closed axis-aligned rectangle as
    /// `addRect` makes it (move, three lines, close, or a fourth line back first); else nil.
    var axisAlignedRectangle: Rect? {
        let e = elements
        guard e.count == 5 || e.count == 6, case .move(let p0) = e[0], case .line(let p1) = e[1],
              case .line(let p2) = e[2], case .line(let p3) = e[3] else { return nil }
        if e.count == 6 {
            guard case .line(let p4) = e[4], p4 == p0, case .close = e[5] else { return nil }
        } else {
            guard case .close = e[4] else { return nil }
        }
        let horizontalFirst = p0.y == p1.y && p1.x == p2.x && p2.y == p3.y && p3.x == p0.x
        let verticalFirst = p0.x == p1.x && p1.y == p2.y && p2.x == p3.x && p3.y == p0.y
        guard horizontalFirst || verticalFirst else { return nil }
        let x0 = min(p0.x, p2.x), x1 = max(p0.x, p2.x), y0 = min(p0.y, p2.y), y1 = max(p0.y, p2.y)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x0, y0, x1 - x0, y1 - y0)
    }
}
