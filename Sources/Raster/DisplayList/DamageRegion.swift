// A frame's damage as a few rectangles instead of one. The damage tracker unites the bounds of
// every changed item into one rectangle, which is what the renderer clears and redraws (the
// pixels between changed items redraw the same). A presenter that can send several rectangles
// (X11's shared-memory images, SDL_UpdateWindowSurfaceRects) sends less when the changes are
// far apart — the gallery's nine animated tiles cover about half of their bounding box. Rule:
// the parts, rounded out to whole pixels and cut to the target, sorted by top edge; each joins
// an earlier rectangle it overlaps (growing it to their union), else starts one; more than
// `limit` rectangles, or rectangles whose area adds up to the union's, give the union alone.

/// Covers a set of damaged bounds with at most a few pixel rectangles.
public enum DamageRegion {
    /// Past this many rectangles one union is cheaper to send.
    public static let limit = 16

    /// Rectangles (whole pixels, inside `target`) covering every part; `[union]` when merging
    /// does not pay.
    public static func cover(_ parts: [Rect], within target: Rect, union: Rect) -> [Rect] {
        guard parts.count > 1 else { return [union] }
        var pixels: [Rect] = []
        pixels.reserveCapacity(parts.count)
        for p in parts {
            let c = p.intersection(target)
            guard !c.isNull, !c.isEmpty, c.isFiniteRect else { continue }
            let x0 = c.minX.rounded(.down), y0 = c.minY.rounded(.down)
            pixels.append(Rect(x0, y0, c.maxX.rounded(.up) - x0, c.maxY.rounded(.up) - y0))
        }
        pixels.sort { $0.minY < $1.minY }
        var out: [Rect] = []
        for var r in pixels {
            // Join every rectangle this one overlaps (growing may make it overlap more).
            var i = 0
            while i < out.count {
                if overlap(out[i], r) {
                    r = r.union(out[i])
                    out.remove(at: i)
                    i = 0
                } else {
                    i += 1
                }
            }
            out.append(r)
            if out.count > limit { return [union] }
        }
        let area = out.reduce(0) { $0 + $1.width * $1.height }
        return area < 0.9 * union.width * union.height ? out : [union]
    }

    /// Whether two rectangles share pixels (touching edges do not).
    @inline(__always) static func overlap(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }
}
