// Color Hits Green and Misses Red as a pass over the frame's display list: Instruments' Core
// Animation option tints each layer with shouldRasterize green when its rasterized bitmap
// came from the cache and red when it had to be drawn again. A rasterized layer is one image
// item of the list (named by the builder's `rasterizedItemKeys`); the builder reuses the very
// bitmap on a hit and makes a new one on a miss (DisplayListBuilder+Rasterization.swift), so
// an item whose bitmap is the one the same key showed the frame before is a hit, any other a
// miss (a layer's first frame is a miss: its bitmap was drawn for it).
import LayerKit
import Raster

/// Builds the hit and miss tints of rasterized layers, frame after frame.
public final class RasterizationHitsOverlay {
    public static let hitTint = Color(0, 0.85, 0, 0.4)
    public static let missTint = Color(1, 0, 0, 0.4)
    /// The bitmap each rasterized item showed in the last frame looked at.
    private var lastBitmaps: [DisplayItemKey: Bitmap] = [:]

    public init() {}

    /// Green rectangles over the rasterized items of `list` that reuse last frame's bitmap,
    /// red over those that drew a new one; `rasterized` names those items.
    public func tints(for list: DisplayList, rasterized: Set<DisplayItemKey>) -> (tints: DisplayList, hits: Int, misses: Int) {
        var out = DisplayList(width: list.width, height: list.height)
        var seen: [DisplayItemKey: Bitmap] = [:]
        var hits = 0, misses = 0
        for item in list.items where rasterized.contains(item.key) {
            let bitmap: Bitmap
            switch item.operation {
            case .image(let b, _, _), .filteredImage(let b, _, _, _): bitmap = b
            default: continue
            }
            let hit = lastBitmaps[item.key] === bitmap
            if hit { hits += 1 } else { misses += 1 }
            seen[item.key] = bitmap
            guard !item.bounds.isNull, !item.bounds.isEmpty, item.bounds.isFiniteRect else { continue }
            out.items.append(DisplayItem(key: item.key, operation: .fill(.rect(item.bounds), transform: .identity,
                                                                           color: hit ? Self.hitTint : Self.missTint,
                                                                           rule: .nonZero, opacity: 1),
                                         bounds: item.bounds))
        }
        lastBitmaps = seen
        return (out, hits, misses)
    }
}
