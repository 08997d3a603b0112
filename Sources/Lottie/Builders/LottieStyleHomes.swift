// LottieStyleHomes.swift — where a fill or stroke paints the shapes of the transformed groups
// nested below it. After Effects strokes and fills a style's shapes in the style's own group,
// the nested groups' transforms carried into the paths (lottie-web's `renderPath`,
// SVGElementsRenderer.js), so a nested scale never thickens an outer stroke. Each style's
// home is its group's layer; a repeater's copies gather their shapes there, so a style after
// the repeater paints all copies once (lottie-web's `RepeaterModifier` clones the items above
// it into groups).

import LayerKit

/// The layers of the groups whose fills and strokes paint the shapes of transformed groups
/// nested in them (`LottieShapeItem.inGroups`'s `home`), each once.
final class LottieStyleHomes {
    private(set) var layers: [CALayer] = []
    private var indices: [ObjectIdentifier: Int] = [:]
    func index(of layer: CALayer) -> Int {
        if let i = indices[ObjectIdentifier(layer)] { return i }
        layers.append(layer)
        indices[ObjectIdentifier(layer)] = layers.count - 1
        return layers.count - 1
    }

    /// A style from outside a repeater's copies gathering their shapes, and where in its home
    /// it goes (the home's layer count when the first copy met it: beneath the copies).
    struct Pending {
        var style: LottieShapeItem
        var shapes: [LottieShapeGroupBuilder.Shape]
        var trims: [LottieTrim]
        var rounding: LottieProperty<[Double]>?
        var home: Int, index: Int
    }
    /// The styles met while one repeater's copies are built. Every copy holds the same items,
    /// so the n-th style met in each copy is the same style (`cursor`, reset per copy); only
    /// styles whose home lies outside the copies (registered before them, `outside`) gather.
    final class Batch {
        var pending: [Pending] = []
        var cursor = 0
        let outside: Int
        init(outside: Int) { self.outside = outside }
    }
    private var batches: [Batch] = []

    /// A copy's group is about to be built (the first one starts the repeater's batch).
    func enterCopy(first: Bool, container: CALayer) {
        if first {
            _ = index(of: container)
            batches.append(Batch(outside: layers.count))
        }
        batches.last?.cursor = 0
    }

    /// The copies are built: their batch, to paint.
    func endCopies(started: Bool) -> Batch? { started ? batches.popLast() : nil }

    /// Gathers a style painting a copy's shapes when a batch is open and the style's home
    /// lies outside the copies; false when it should be painted now.
    func gather(_ style: LottieShapeItem, shapes: [LottieShapeGroupBuilder.Shape], trims: [LottieTrim],
                rounding: LottieProperty<[Double]>?, home: Int) -> Bool {
        guard let batch = batches.last, home < batch.outside else { return false }
        if batch.cursor < batch.pending.count, batch.pending[batch.cursor].home == home {
            batch.pending[batch.cursor].shapes += shapes
        } else {
            batch.pending.append(Pending(style: style, shapes: shapes, trims: trims, rounding: rounding, home: home,
                                         index: layers[home].sublayers?.count ?? 0))
        }
        batch.cursor += 1
        return true
    }
}
