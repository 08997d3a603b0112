// Which Lottie layers lie under a point: what a state machine's pointer interactions
// (`layerName`) are tested against. A Lottie layer's generated content layer carries the
// layer's `nm` as its `name`; a point is over it when it falls inside the bounding box of a
// shape path, or the bounds of a layer with contents or a background, anywhere in that
// layer's subtree, taken in the presentation tree at the current time (as dotlottie-rs tests
// a pointer against a layer's bounding box). Walked with an explicit stack, bounded by the
// tree's size.
import LayerKit

extension LottieScene {
    /// The names of the Lottie layers under `point` (in the animation's coordinates, 0…width ×
    /// 0…height), innermost first.
    public func layerNames(at point: Point) -> [String] {
        var names: [String] = []
        var seen = Set<String>()
        // (layer, names of the named layers above it)
        var stack: [(CALayer, [String])] = [(root, [])]
        while let (layer, above) = stack.popLast() {
            let shown = layer.presentation() ?? layer
            if shown.isHidden || shown.opacity <= 0 { continue }
            var chain = above
            if let n = layer.name, !n.isEmpty, layer !== root { chain.append(n) }
            if Self.covers(shown, layer: layer, point: point, root: root) {
                for n in chain.reversed() where !seen.contains(n) { seen.insert(n); names.append(n) }
            }
            for s in layer.sublayers ?? [] { stack.append((s, chain)) }
        }
        return names
    }

    /// Whether `shown` (the presentation of `layer`) draws something whose box holds `point`.
    private static func covers(_ shown: CALayer, layer: CALayer, point: Point, root: CALayer) -> Bool {
        let local = layer.convert(point, from: root)
        if let shape = shown as? CAShapeLayer, let path = shape.path {
            let box = path.boundingBox
            return local.x >= box.minX && local.x <= box.maxX && local.y >= box.minY && local.y <= box.maxY
        }
        if shown.contents != nil || shown.backgroundColor != nil {
            let b = shown.bounds
            return local.x >= b.minX && local.x <= b.maxX && local.y >= b.minY && local.y <= b.maxY
        }
        return false
    }
}
