// How an incremental frame redraws its damage, chosen by an estimate of what each way costs.
// The damage tracker gives the damage as one bounding rectangle and as a few rectangles apart
// (DamageRegion). Redrawing the rectangles one by one clears and draws fewer pixels, but every
// item reaching several of them is set up (flattened, its edges accumulated, its group bitmap
// made, its shadow blurred) once per rectangle; the bounding rectangle sets each item up once.
// Whichever way is chosen the pixels are the same: each rectangle is cleared and the list is
// drawn through it, and everything outside the damage draws as it did the frame before.
//
// The estimate, in units of about one pixel drawn: per rectangle, its area cleared; per
// drawing item or bracket whose reach (its bounds cut by the brackets around it,
// DisplayList+Reach.swift) meets it, a fixed set-up cost plus the part of its reach inside the
// rectangle times a per-kind weight (a solid fill, stroke or mask shape 1, a gradient or
// image 3, a group's bitmap cleared and composited 2, its composite in a blend mode 3 more).
// A group that casts a shadow, a filter chain or a backdrop is filtered whole whatever the
// clip, so its full bounds count for every rectangle it meets. Damage that is the whole target is drawn as a full frame (clear
// and draw, no clip).
import Raster

/// The way `LayerRenderer.renderFrame` redraws a frame's damage.
enum DamageRedrawPlan: Equatable {
    /// Clear the whole target and draw every item.
    case whole
    /// Clear the bounding rectangle of the damage and draw the items that reach it.
    case bounds(Rect)
    /// Clear and draw each rectangle on its own, with the items that reach it.
    case rects([Rect])

    /// Set-up cost of one item, in pixels drawn (a path flattened and its edges accumulated,
    /// a group's bitmap made): of the order of a small fill's whole cost.
    static let itemSetup = 4096.0
    /// A cleared pixel against a drawn one.
    static let clearWeight = 0.25

    /// The cheaper way to redraw `damage` (whole pixels inside the target), given its `region`
    /// (the tracker's rectangles, `[damage]` when they did not pay) and what each item of
    /// `list` reaches (`DisplayList.itemReach`, one rectangle per item).
    static func choose(_ list: DisplayList, reach: [Rect], damage: Rect, region: [Rect]) -> DamageRedrawPlan {
        if damage.minX <= 0, damage.minY <= 0, damage.maxX >= Double(list.width), damage.maxY >= Double(list.height) {
            return .whole
        }
        guard region.count > 1, reach.count == list.items.count else { return .bounds(damage) }
        // The rectangles' costs summed, against the bounding rectangle's; stop as soon as the
        // rectangles cost as much.
        let weights = Self.weights(list, reach: reach)
        let single = cost(reach, weights, in: damage)
        var apart = 0.0
        for r in region {
            apart += cost(reach, weights, in: r)
            if apart >= single { return .bounds(damage) }
        }
        return .rects(region)
    }

    /// Marks a group blurred whole (its shadow) in `weights`.
    static let blurredWhole = -1.0

    /// Each item's weight per pixel of its reach (see the file header): 0 for an item that
    /// costs nothing or is cut away by its brackets, `blurredWhole` for a shadowed group.
    static func weights(_ list: DisplayList, reach: [Rect]) -> [Double] {
        var out = [Double](repeating: 0, count: list.items.count)
        for i in list.items.indices {
            // A null reach is an item cut away by its brackets, unless its own bounds are null
            // (not known): then, like unbounded ones, it is counted over the whole rectangle.
            if reach[i].isNull && !list.items[i].bounds.isNull { continue }
            switch list.items[i].operation {
            case .fill, .stroke, .shadow, .maskGroup: out[i] = 1
            case .gradient, .image, .filteredImage, .sprites, .transition, .blendGroup: out[i] = 3
            case .beginGroup, .beginPlane, .beginMask: out[i] = 2
            case .beginShadowedGroup, .filterGroup, .backdrop: out[i] = blurredWhole
            case .beginClip, .endClip, .endGroup, .endPlane, .endMask, .tintGroup, .invalidate: break
            }
        }
        return out
    }

    /// The estimated cost of clearing `r` and drawing through it the items that reach
    /// `reach` with `weights` (see the file header).
    static func cost(_ reach: [Rect], _ weights: [Double], in r: Rect) -> Double {
        var total = clearWeight * r.width * r.height
        for i in reach.indices where weights[i] != 0 {
            let b = reach[i], weight = weights[i]
            if b.isNull || !b.isFiniteRect {
                // Not known or unbounded: over the whole rectangle (a shadow: over its blur).
                total += itemSetup + (weight == blurredWhole ? 4 : weight) * r.width * r.height
                continue
            }
            guard meets(b, r) else { continue }
            if weight == blurredWhole {
                // Blurred whole, whatever part of it the rectangle shows.
                total += itemSetup + 4 * min(b.width * b.height, 1e12)
            } else {
                let c = b.intersection(r)
                total += itemSetup + weight * c.width * c.height
            }
        }
        return total
    }

    /// Whether `a` and `b` share pixels (touching edges do not).
    @inline(__always) static func meets(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }
}
