// The layer outline overlay as a pass over the frame's display list: every item names the
// model layer that produced it (its key's source) and the device pixels it can change, so one
// pass gathers, per layer in drawing order, the union of its items' pixels — the layer's
// outline on screen, whatever transforms, groups or planes it went through. The pointer's
// layer comes from `hitTest(_:)` on the presentation tree that was drawn (Core Animation's
// rule for what is under a point), and its presentation values are what that copy holds.
import LayerKit
import Raster

/// One drawn layer's outline.
public struct LayerOutline {
    /// The display items' source: the model layer.
    public var source: ObjectIdentifier
    /// The device pixels its items can change.
    public var bounds: Rect
}

public enum LayerOutlines {
    /// Outlines never listed past this many layers (a tree of a million layers still draws
    /// one bounded overlay).
    public static let maximumCount = 4096

    /// Per source, in order of first appearance, the union of its items' device bounds.
    public static func outlines(in list: DisplayList) -> [LayerOutline] {
        var index: [ObjectIdentifier: Int] = [:]
        var out: [LayerOutline] = []
        for item in list.items {
            switch item.operation {
            case .invalidate, .endClip, .endGroup, .endPlane, .maskGroup: continue
            default: break
            }
            let b = item.bounds.intersection(Rect(0, 0, Double(list.width), Double(list.height)))
            guard !b.isNull, !b.isEmpty, b.isFiniteRect else { continue }
            if let i = index[item.key.source] {
                out[i].bounds = out[i].bounds.union(b)
            } else if out.count < maximumCount {
                index[item.key.source] = out.count
                out.append(LayerOutline(source: item.key.source, bounds: b))
            }
        }
        return out
    }

    /// The model layer a display item's source identifies. The builder takes every source
    /// from `ObjectIdentifier(layer.model())`, and the model tree outlives the frame drawn
    /// from it, so while that tree is alive (within the render call that built the list) the
    /// identifier is the address of a live `CALayer`.
    static func layer(_ source: ObjectIdentifier) -> CALayer? {
        let address = unsafeBitCast(source, to: UnsafeRawPointer.self)
        return Unmanaged<AnyObject>.fromOpaque(address).takeUnretainedValue() as? CALayer
    }

    /// The label of a layer: its name, else its class.
    static func label(_ layer: CALayer) -> String {
        if let n = layer.name, !n.isEmpty { return n }
        return String(describing: type(of: layer))
    }

    /// The presentation values of `layer` shown beside the pointer, one per line.
    public static func presentationValues(_ layer: CALayer) -> [String] {
        func f(_ v: Double) -> String { formatFixed(v, 1) }
        let t = layer.transform
        var lines = ["\(label(layer))  (\(String(describing: type(of: layer.model()))))",
                     "position (\(f(layer.position.x)), \(f(layer.position.y)))  anchorPoint (\(formatFixed(layer.anchorPoint.x, 2)), \(formatFixed(layer.anchorPoint.y, 2)))",
                     "bounds (\(f(layer.bounds.minX)), \(f(layer.bounds.minY)), \(f(layer.bounds.width)), \(f(layer.bounds.height)))",
                     "opacity \(formatFixed(layer.opacity, 2))  zPosition \(f(layer.zPosition))  hidden \(layer.isHidden)"]
        if t != .identity {
            lines.append("transform [\(formatFixed(t.m11, 2)) \(formatFixed(t.m12, 2)) \(formatFixed(t.m21, 2)) \(formatFixed(t.m22, 2)) \(f(t.m41)) \(f(t.m42))]")
        }
        let keys = layer.model().animationStore.map(\.key)
        if !keys.isEmpty {
            lines.append("animations: " + keys.prefix(6).joined(separator: ", ") + (keys.count > 6 ? " …" : ""))
        }
        return lines
    }
}
