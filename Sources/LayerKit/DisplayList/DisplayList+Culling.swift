// The part of a display list that can change the pixels of one rectangle: a frame whose
// damage is a few rectangles apart (the gallery's animated tiles) redraws each rectangle on
// its own, and each pass performs only the drawing items whose bounds meet it. Rule: every
// item's bounds hold the device pixels it can change (a shadow-casting group's items claim
// where their shadow lands), so a drawing item whose bounds miss the rectangle leaves the
// rectangle's pixels as they are and is dropped; brackets (clips, groups, masks, planes),
// transitions and invalidations are kept whole, so the list's structure is unchanged.
import Raster

extension DisplayList {
    /// This list without the drawing items that cannot touch `rect` (device pixels).
    func culled(to rect: Rect) -> DisplayList {
        var kept: [DisplayItem] = []
        kept.reserveCapacity(items.count)
        for item in items {
            switch item.operation {
            case .fill, .stroke, .image, .gradient, .shadow, .sprites:
                let b = item.bounds
                if !b.isNull && !Self.meets(b, rect) { continue }
            default:
                break
            }
            kept.append(item)
        }
        return DisplayList(width: width, height: height, items: kept)
    }

    /// Whether `a` and `b` share pixels (touching edges do not).
    @inline(__always) private static func meets(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }
}
