// LottieStyleHomes.swift — where a fill or stroke paints, in After Effects' reading: in its own
// group's layer, once, as ONE path joining every shape it paints — its group's shapes listed
// before it and the shapes of the groups nested below it (repeater copies among them), each
// nested group's transform carried into the path. lottie-web builds one path element per
// style in the style's own group element (SVGShapeElement's `searchShapes`) and `renderPath`
// (SVGElementsRenderer.js) appends every shape's path, multiplied by the transforms of the
// groups between the shape and the style, to that one element's data
// (`itemData.styles[l].d += pathStringTransformed`). So overlapping shapes of a translucent
// fill do not double its alpha, a stroke over two nested groups is one stroke, the even-odd
// rule cuts holes across groups, a nested scale never thickens an outer stroke, and a nested
// group's opacity does not fade an outer style. lottie-ios's Core Animation engine instead
// hands a group's fills and strokes down to each child group (ShapeLayer.swift's
// `inheritedItemsForChildGroups`), one layer per group: `--ios` keeps that.

import LayerKit

/// The fills and strokes of one shape layer waiting to be painted: each style is opened where
/// it stands in its group (`open`), gathers the shapes it paints while its group's items and
/// nested groups are built (`gather`, through `LottieShapeItem.inGroups`'s `home`), and is
/// painted when its group's build ends (`close`). Opened and closed in build order, a stack.
final class LottieStyleHomes {
    /// Shapes painted alike: the trims and rounding that act on them (a style over nested
    /// groups whose trims or roundings differ paints one path per kind).
    struct Part {
        var shapes: [LottieShapeGroupBuilder.Shape]
        var trims: [LottieTrim]
        var rounding: LottieProperty<[Double]>?
    }
    /// A style, the layer of its group and its place there (the layer count when the style was
    /// met: items are built bottom first, so it lies beneath everything listed before it).
    struct Pending {
        var style: LottieShapeItem
        var layer: CALayer
        var index: Int
        var parts: [Part] = []
    }
    private var pending: [Pending] = []

    /// Where the styles a group's build opens begin (pass it to `close`).
    var mark: Int { pending.count }

    /// Opens `style`, met in the layer `layer`: its home.
    func open(_ style: LottieShapeItem, in layer: CALayer) -> Int {
        pending.append(Pending(style: style, layer: layer, index: layer.sublayers?.count ?? 0))
        return pending.count - 1
    }

    /// Adds `shapes` (their paths already carried into the home's coordinates) to the style
    /// opened as `home`.
    func gather(_ shapes: [LottieShapeGroupBuilder.Shape], trims: [LottieTrim], rounding: LottieProperty<[Double]>?,
                home: Int) {
        guard pending.indices.contains(home), !shapes.isEmpty else { return }
        if let p = pending[home].parts.firstIndex(where: { $0.trims == trims && $0.rounding == rounding }) {
            pending[home].parts[p].shapes += shapes
        } else {
            pending[home].parts.append(Part(shapes: shapes, trims: trims, rounding: rounding))
        }
    }

    /// The styles opened since `mark`, to paint, in their layer's order (by place, then in the
    /// order met: a style met first lies lower).
    func close(from mark: Int) -> [Pending] {
        guard mark < pending.count else { return [] }
        let closed = pending[mark...].enumerated().sorted { ($0.element.index, $0.offset) < ($1.element.index, $1.offset) }
        pending.removeSubrange(mark...)
        return closed.map(\.element)
    }
}
