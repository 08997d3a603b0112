// Color Blended Layers as a pass over the frame's display list. Apple's description of the
// option: "Shows blended view layers. Multiple view layers that are drawn on top of each
// other with blending enabled are highlighted in red. Reducing the amount of red in your app
// when this option is selected can dramatically improve your app's performance"; drawing
// without blending shows green. Every drawing item becomes the same geometry filled with a translucent tint: green
// when it covers its pixels with an opaque colour at full opacity (in no translucent group),
// red otherwise (translucent colours, opacity below 1, strokes' and images' blended edges and
// alpha, gradients with a translucent stop, shadows, particles). Clips, groups, masks and
// planes stay in place so the tints land where the drawing did; a group composites its tints
// at full opacity (its translucency already made them red). A mask layer's own items are kept
// as they are: they shape the tints beneath them, as they shaped the drawing.
import Raster

/// Builds the Color Blended Layers tint list from a frame's display list.
public enum BlendedLayersOverlay {
    /// Tint alpha: strong enough to read, weak enough to see the layers under it.
    public static let opaqueTint = Color(0, 0.8, 0, 0.45)
    public static let blendedTint = Color(0.95, 0, 0, 0.45)

    /// The tinted items of `list`, drawn over the frame by the display-list rasterizer.
    public static func tints(for list: DisplayList) -> DisplayList {
        var out = DisplayList(width: list.width, height: list.height)
        out.items.reserveCapacity(list.items.count)
        // Opacity of the enclosing groups and planes (1 when all are opaque).
        var groupOpacity: [Double] = [1]
        // Open beginMask … endMask sections: their items are the mask's alpha, copied unchanged.
        var maskDepth = 0
        for item in list.items {
            switch item.operation {
            case .beginMask: maskDepth += 1
            case .endMask: maskDepth -= 1
            default: break
            }
            if maskDepth > 0 || item.operation == .endMask {
                out.items.append(item)
                continue
            }
            let outer = groupOpacity.last ?? 1
            var op: DisplayOperation?
            switch item.operation {
            case let .fill(path, transform, color, rule, opacity):
                let opaque = color.a >= 1 && opacity >= 1 && outer >= 1
                op = .fill(path, transform: transform, color: opaque ? opaqueTint : blendedTint, rule: rule, opacity: 1)
            case let .stroke(path, style, transform, _, start, end, _):
                op = .stroke(path, style: style, transform: transform, color: blendedTint, start: start, end: end, opacity: 1)
            case let .image(bitmap, transform, _), let .filteredImage(bitmap, transform, _, _):
                let r = Rect(0, 0, Double(bitmap.width), Double(bitmap.height))
                op = .fill(.rect(r), transform: transform, color: blendedTint, rule: .nonZero, opacity: 1)
            case let .gradient(path, transform, gradient, rule, opacity):
                let opaque = gradient.stops.allSatisfy { $0.color.a >= 1 } && opacity >= 1 && outer >= 1
                op = .fill(path, transform: transform, color: opaque ? opaqueTint : blendedTint, rule: rule, opacity: 1)
            case let .shadow(path, transform, _):
                op = .fill(path, transform: transform, color: blendedTint, rule: .nonZero, opacity: 1)
            case .transition, .sprites, .backdrop:
                op = .fill(.rect(item.bounds), transform: .identity, color: blendedTint, rule: .nonZero, opacity: 1)
            case let .beginGroup(x, y, w, h, opacity):
                groupOpacity.append(outer * opacity)
                op = .beginGroup(x: x, y: y, width: w, height: h, opacity: 1)
            case let .beginShadowedGroup(x, y, w, h, _, _):
                // The shadow's pixels blend under the group's: the group reads as blended.
                groupOpacity.append(0)
                op = .beginGroup(x: x, y: y, width: w, height: h, opacity: 1)
            case let .beginPlane(w, h, transform, opacity):
                groupOpacity.append(outer * opacity)
                op = .beginPlane(width: w, height: h, transform: transform, opacity: 1)
            case .endGroup, .endPlane:
                if groupOpacity.count > 1 { groupOpacity.removeLast() }
                op = item.operation
            case .beginClip, .endClip, .maskGroup:
                op = item.operation
            case .invalidate, .tintGroup, .blendGroup, .filterGroup, .beginMask, .endMask:
                op = nil
            }
            if let op { out.items.append(DisplayItem(key: item.key, operation: op, bounds: item.bounds)) }
        }
        return out
    }
}
