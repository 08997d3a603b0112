// Which Lottie layers lie under a point: what a state machine's pointer interactions
// (`layerName`) are tested against. A Lottie layer's generated content layer carries the
// layer's `nm` as its `name`; a point is over it when it falls inside the bounding box of a
// shape path, or the bounds of a layer with contents or a background, anywhere in that
// layer's subtree (as dotlottie-rs tests a pointer against a layer's bounding box). The point
// is carried down the presentation tree at the current time — each layer's presentation
// `transformToSuperlayer` inverted — so a layer that moves is hit where it is drawn; hidden
// layers and what a layer clips away (`masksToBounds`, precompositions) are not hit, as in
// Core Animation's `hitTest:`. Walked with an explicit stack, bounded by the tree's size.
import LayerKit

extension LottieScene {
    /// The names of the Lottie layers under `point` (in the animation's coordinates, 0…width ×
    /// 0…height), innermost first.
    public func layerNames(at point: Point) -> [String] {
        var names: [String] = []
        var seen = Set<String>()
        // (layer, the point in its coordinates, names of the named layers above it)
        var stack: [(CALayer, Point, [String])] = [(root, point, [])]
        while let (layer, local, above) = stack.popLast() {
            let shown = layer.presentation() ?? layer
            if shown.isHidden || shown.opacity <= 0 { continue }
            if shown.masksToBounds && !shown.bounds.contains(local) { continue }
            var chain = above
            if let n = layer.name, !n.isEmpty, layer !== root { chain.append(n) }
            if Self.covers(shown, at: local) {
                for n in chain.reversed() where !seen.contains(n) { seen.insert(n); names.append(n) }
            }
            for s in layer.sublayers ?? [] {
                let t = (s.presentation() ?? s).transformToSuperlayer
                guard let inv = t.inverted, let p = inv.apply(local) else { continue }
                stack.append((s, p, chain))
            }
        }
        return names
    }

    /// Whether `shown` draws something whose box holds `local` (its own coordinates).
    private static func covers(_ shown: CALayer, at local: Point) -> Bool {
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
