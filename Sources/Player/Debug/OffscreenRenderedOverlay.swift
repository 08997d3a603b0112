// Color Offscreen-Rendered as a pass over the frame's display list: Instruments' debug option
// "Color Offscreen-Rendered Yellow" tints whatever needed a pass of its own before it was
// composited. In our display list an offscreen pass is a group (group opacity, a
// mask, a shadow, a replicator's tint), a mask layer's own bitmap, a plane (a layer drawn
// flat and composited projectively), a transition (two snapshots) or a backdrop (the pixels
// behind a layer copied and filtered, its backgroundFilters) or a rasterized layer's bitmap
// (shouldRasterize; its image item, named by the builder's `rasterizedItemKeys`): each item
// carries the device pixels it can change, so each becomes a yellow rectangle over those
// pixels. Nested passes overlap and show deeper.
import Raster

/// Builds the Color Offscreen-Rendered tint list from a frame's display list.
public enum OffscreenRenderedOverlay {
    public static let tint = Color(1, 0.85, 0, 0.4)

    /// Yellow rectangles over every offscreen pass of `list`, in device pixels; `rasterized`
    /// names the items that draw rasterized layers' bitmaps.
    public static func tints(for list: DisplayList, rasterized: Set<DisplayItemKey> = []) -> DisplayList {
        var out = DisplayList(width: list.width, height: list.height)
        for item in list.items {
            switch item.operation {
            case .image where rasterized.contains(item.key), .filteredImage where rasterized.contains(item.key):
                fallthrough
            case .beginGroup, .beginShadowedGroup, .beginMask, .beginPlane, .transition, .backdrop:
                guard !item.bounds.isNull, !item.bounds.isEmpty, item.bounds.isFiniteRect else { continue }
                out.items.append(DisplayItem(key: item.key, operation: .fill(.rect(item.bounds), transform: .identity,
                                                                               color: tint, rule: .nonZero, opacity: 1),
                                             bounds: item.bounds))
            default:
                continue
            }
        }
        return out
    }

    /// How many offscreen bitmaps the list needs (one per group, mask, plane, transition,
    /// backdrop and rasterized layer).
    public static func passCount(in list: DisplayList, rasterized: Set<DisplayItemKey> = []) -> Int {
        var n = 0
        for item in list.items {
            switch item.operation {
            case .image where rasterized.contains(item.key), .filteredImage where rasterized.contains(item.key): n += 1
            case .beginGroup, .beginShadowedGroup, .beginMask, .beginPlane, .transition, .backdrop: n += 1
            default: break
            }
        }
        return n
    }
}
