// Where a named Lottie layer is drawn, for a state machine's drags (`LottieStateMachineGeometry`):
// its position, its box, its first path — all in the animation's coordinates, read from the
// presentation tree at the current time, as dotlottie-rs reads the rendered scene
// (layer_transform, layer_bounds, layer_path of its state machine engine). A layer is the
// first one in the tree carrying the Lottie layer's `nm` as its `name` (`LottieHitTest`); a
// point of it is carried up to the root through each layer's presentation
// `transformToSuperlayer`. Walks use explicit stacks, bounded by the tree's size.
// A layer's box is ThorVG's oriented bounding box of the layer's paint (Paint::bounds(Point*),
// tvg_paint_get_obb, which dotlottie-rs's layer_bounds and hit_test read): the axis-aligned box,
// in the layer's own coordinates, of everything its subtree draws — each descendant's own box
// carried down into the layer's coordinates (SceneImpl::bounds merges its paints' boxes there)
// — whose four corners are then carried up to the root, so a rotated layer's box turns with
// it. What a layer draws itself (`ownBox`): a shape's path box (Path.boundingBox), or when it
// is stroked the box of its stroke outline as drawn joined to the fill's (ThorVG's software
// engine: SwRenderer::bounds → shapeStrokeBBox); a gradient's mask shape; a layer's bounds
// when it has contents or a background (an image, a solid). Hidden layers and layers at
// opacity 0 add nothing (ThorVG's Lottie builder makes no paint for them); clips and masks do
// not shrink the box (Paint bounds ignore a paint's clipper and mask). Where we differ: a
// descendant's box is carried down by its four corners, where ThorVG carries the path's points
// (a shape under a rotated group gets a slightly larger box here).
import LayerKit

extension LottieScene: LottieStateMachineGeometry {
    /// The first layer named `name` below the root, and the transforms from it up to the root.
    func find(_ name: String) -> (CALayer, [ProjectiveTransform])? {
        var stack: [(CALayer, [ProjectiveTransform])] = (root.sublayers ?? []).reversed().map { ($0, []) }
        while let (layer, up) = stack.popLast() {
            let shown = layer.presentation() ?? layer
            let chain = [shown.transformToSuperlayer] + up
            if layer.name == name { return (layer, chain) }
            for s in (layer.sublayers ?? []).reversed() { stack.append((s, chain)) }
        }
        return nil
    }

    static func carry(_ p: Point, _ chain: [ProjectiveTransform]) -> Point? {
        var q = p
        for t in chain { guard let r = t.apply(q) else { return nil }; q = r }
        return q
    }

    public func layerPosition(named name: String) -> Point? {
        guard let (_, chain) = find(name) else { return nil }
        return Self.carry(Point(0, 0), chain)
    }

    public func layerCorners(named name: String) -> [Point]? {
        guard let (layer, chain) = find(name) else { return nil }
        return Self.corners(of: layer, up: chain)
    }

    /// The four corners of the box of what `layer`'s subtree draws, carried up through `chain`
    /// (its transforms to the root, its own first); nil when it draws nothing. `shown` gives a
    /// layer's presentation (a caller testing many layers keeps each one it made).
    static func corners(of layer: CALayer, up chain: [ProjectiveTransform],
                        shown: (CALayer) -> CALayer = { $0.presentation() ?? $0 }) -> [Point]? {
        guard let b = subtreeBox(layer, shown: shown), !b.isNull else { return nil }
        let corners = b.corners.compactMap { carry($0, chain) }
        return corners.count == 4 ? corners : nil
    }

    /// The box of what `layer`'s shown subtree draws, in `layer`'s coordinates.
    static func subtreeBox(_ layer: CALayer, shown: (CALayer) -> CALayer) -> Rect? {
        var box = Rect.null
        var stack: [(CALayer, [ProjectiveTransform])] = [(layer, [])]
        while let (l, down) = stack.popLast() {
            let p = shown(l)
            if p.isHidden || p.opacity <= 0 { continue }
            if let r = ownBox(p) { box = box.union(Self.box(of: r) { carry($0, down) }) }
            for s in l.sublayers ?? [] { stack.append((s, [shown(s).transformToSuperlayer] + down)) }
        }
        return box.isNull ? nil : box
    }

    /// The upright box of `r`'s corners mapped by `map` (a corner it cannot map is left out).
    static func box(of r: Rect, mappedBy map: (Point) -> Point?) -> Rect {
        var box = Rect.null
        for c in r.corners { if let q = map(c) { box = box.union(Rect(q.x, q.y, 0, 0)) } }
        return box
    }

    /// The box of what `shown` draws itself, in its own coordinates; nil when it draws nothing.
    static func ownBox(_ shown: CALayer) -> Rect? {
        // A gradient fill is a CAGradientLayer masked by its shape (`LottieGradientLayers`).
        if shown is CAGradientLayer, let m = shown.mask, let shape = (m.presentation() ?? m) as? CAShapeLayer {
            guard let r = ownBox(shape) else { return nil }
            let t = shape.transformToSuperlayer
            let box = Self.box(of: r) { t.apply($0) }
            return box.isNull ? nil : box
        }
        if let shape = shown as? CAShapeLayer, let path = shape.path, !path.isEmpty {
            guard shape.strokeColor != nil, shape.lineWidth > 0 else { return path.boundingBox }
            let stroke = path.strokeBoundingBox(style: shape.strokeStyle, strokeStart: shape.strokeStart, strokeEnd: shape.strokeEnd)
            let box = shape.fillColor != nil ? stroke.union(path.boundingBox) : stroke
            return box.isNull ? nil : box
        }
        if shown.contents != nil || shown.backgroundColor != nil { return shown.bounds }
        return nil
    }

    public func layerPath(named name: String) -> [(Point, Point, Point, Point)]? {
        guard let (layer, chain) = find(name) else { return nil }
        var stack: [(CALayer, [ProjectiveTransform])] = [(layer, chain)]
        while let (l, up) = stack.popLast() {
            if let shape = (l.presentation() ?? l) as? CAShapeLayer, let path = shape.path, !path.isEmpty {
                func at(_ p: Point) -> Point { Self.carry(p, up) ?? p }
                var out: [(Point, Point, Point, Point)] = []
                var current = Point(0, 0), start = Point(0, 0)
                for e in path.elements {
                    switch e {
                    case .move(let p):
                        if !out.isEmpty { return out }   // the first subpath only
                        current = p; start = p
                    case .line(let p): out.append((at(current), at(current), at(p), at(p))); current = p
                    case .quad(let c, let p):
                        let c1 = Point(current.x + 2 / 3 * (c.x - current.x), current.y + 2 / 3 * (c.y - current.y))
                        let c2 = Point(p.x + 2 / 3 * (c.x - p.x), p.y + 2 / 3 * (c.y - p.y))
                        out.append((at(current), at(c1), at(c2), at(p))); current = p
                    case .cubic(let c1, let c2, let p): out.append((at(current), at(c1), at(c2), at(p))); current = p
                    case .close:
                        if current != start { out.append((at(current), at(current), at(start), at(start))) }
                        current = start
                    }
                }
                return out.isEmpty ? nil : out
            }
            for s in (l.sublayers ?? []).reversed() { stack.append((s, [(s.presentation() ?? s).transformToSuperlayer] + up)) }
        }
        return nil
    }
}
