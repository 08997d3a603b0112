// Which Lottie layers lie under a point: what a state machine's pointer interactions
// (`layerName`) are tested against. A Lottie layer's generated content layer carries the
// layer's `nm` as its `name`. Two tests, as dotlottie-rs has them (its engine's
// manage_explicit_events / manage_cross_platform_events / dnd_resolve_drop call the
// renderer's `hit_test`, its dnd_try_grab and manage_path_drag `hit_test_precise`;
// docs/explainers/thorvg-paint-apis-for-dnd.md §3.1):
// - the box (`layerNames(at:)`, for Click, PointerDown / Up / Enter / Exit and drop zones):
//   dotlottie-rs's hit_test (lottie_renderer/thorvg.rs) takes the oriented bounding box of the
//   layer's paint (tvg_paint_get_obb: the box of everything the layer draws, children
//   included, in the layer's own coordinates, its corners carried to the canvas — the rule is
//   `LottieSceneGeometry`'s `corners(of:up:)`, which `layerCorners(named:)` reads too) and
//   projects the point onto the box's two edges from its first corner: the point is over the
//   layer when both projections lie in 0…1 (a box of no area holds no point). So a rotated
//   layer is hit in its turned box, not in an upright box around it, and a point between two
//   shapes of a layer is over the layer. As there, a name means the first layer carrying it
//   (tvg_picture_get_paint), and a hidden or fully transparent layer has no box;
// - the shape (`layerShape(named:contains:)`, for a drag's pick-up): inside a shape's fill
//   under its fill rule (when it has a fill colour), or inside its stroke as drawn (when it has
//   a stroke colour and width: trimmed to strokeStart…strokeEnd, dashed by lineDashPattern /
//   lineDashPhase, with its caps, joins and miter limit) — path geometry (`Path.fillContains`,
//   `Path.strokeContains`, the raster's own trimmer, dasher and stroker), nothing drawn — or
//   inside the bounds of a layer with contents or a background (an image, a solid). ThorVG's
//   hit_test_precise (tvg_paint_intersects_region) tests the paint's rendered coverage, so it
//   too misses a dash's gap or a trimmed-away part. A gradient (a CAGradientLayer masked by
//   its shape, `LottieGradientLayers`) is tested by the shape of its mask. The point is carried
//   down the presentation tree at the current time — each layer's presentation
//   `transformToSuperlayer` inverted — so a layer that moves is hit where it is drawn; hidden
//   layers and what a layer clips away (`masksToBounds`, precompositions) are not hit, as the
//   rendered coverage has no pixels there.
// Walks use explicit stacks, bounded by the tree's size.
import LayerKit

extension LottieScene {
    /// The names of the Lottie layers whose boxes hold `point` (in the animation's coordinates,
    /// 0…width × 0…height), in the tree's order.
    public func layerNames(at point: Point) -> [String] {
        var names: [String] = []
        var seen = Set<String>()
        // Each layer's presentation is made once (a named layer's box reads its subtree's).
        var made: [ObjectIdentifier: CALayer] = [:]
        func shown(_ l: CALayer) -> CALayer {
            if let p = made[ObjectIdentifier(l)] { return p }
            let p = l.presentation() ?? l
            made[ObjectIdentifier(l)] = p
            return p
        }
        // (layer, its transforms up to the root, its own first), in `find`'s order.
        var stack: [(CALayer, [ProjectiveTransform])] = (root.sublayers ?? []).reversed().map { ($0, []) }
        while let (layer, up) = stack.popLast() {
            let p = shown(layer)
            if p.isHidden || p.opacity <= 0 { continue }
            let chain = [p.transformToSuperlayer] + up
            if let n = layer.name, !n.isEmpty, !seen.contains(n) {
                seen.insert(n)
                if let c = Self.corners(of: layer, up: chain, shown: shown), Self.box(c, contains: point) { names.append(n) }
            }
            for s in (layer.sublayers ?? []).reversed() { stack.append((s, chain)) }
        }
        return names
    }

    /// Whether the box with corners `c` (in order around it) holds `p`: its projections onto
    /// the edges c0→c1 and c0→c3 both lie in 0…1 (dotlottie-rs's hit_test).
    static func box(_ c: [Point], contains p: Point) -> Bool {
        guard c.count == 4 else { return false }
        let e1 = Point(c[1].x - c[0].x, c[1].y - c[0].y), e2 = Point(c[3].x - c[0].x, c[3].y - c[0].y)
        let l1 = e1.x * e1.x + e1.y * e1.y, l2 = e2.x * e2.x + e2.y * e2.y
        guard l1 > 0, l2 > 0 else { return false }
        let o = Point(p.x - c[0].x, p.y - c[0].y)
        let u = (o.x * e1.x + o.y * e1.y) / l1, v = (o.x * e2.x + o.y * e2.y) / l2
        return (0...1).contains(u) && (0...1).contains(v)
    }

    /// Whether what a layer named `name` draws covers `point` (the animation's coordinates) by
    /// its shapes, not its box: a press in the transparent corner of a round knob misses it.
    public func layerShape(named name: String, contains point: Point) -> Bool {
        walk(from: point) { shown, local, chain in
            chain.contains(name) && Self.shapeCovers(shown, at: local)
        }
    }

    /// Visits each shown layer under the root with `point` in its coordinates and the names of
    /// the named layers from the root down to it (its own last); stops when `visit` says so.
    @discardableResult
    private func walk(from point: Point, _ visit: (CALayer, Point, [String]) -> Bool) -> Bool {
        // (layer, the point in its coordinates, names of the named layers above it)
        var stack: [(CALayer, Point, [String])] = [(root, point, [])]
        while let (layer, local, above) = stack.popLast() {
            let shown = layer.presentation() ?? layer
            if shown.isHidden || shown.opacity <= 0 { continue }
            if shown.masksToBounds && !shown.bounds.contains(local) { continue }
            var chain = above
            if let n = layer.name, !n.isEmpty, layer !== root { chain.append(n) }
            if visit(shown, local, chain) { return true }
            for s in layer.sublayers ?? [] {
                let t = (s.presentation() ?? s).transformToSuperlayer
                guard let inv = t.inverted, let p = inv.apply(local) else { continue }
                stack.append((s, p, chain))
            }
        }
        return false
    }

    /// A gradient fill is a CAGradientLayer masked by the shape (`LottieGradientLayers`): the
    /// shape it draws through, and `local` in the mask's coordinates.
    private static func gradientShape(_ shown: CALayer, _ local: Point) -> (CAShapeLayer, Point)? {
        guard shown is CAGradientLayer, let m = shown.mask, let shape = (m.presentation() ?? m) as? CAShapeLayer,
              let inv = shape.transformToSuperlayer.inverted, let p = inv.apply(local) else { return nil }
        return (shape, p)
    }

    /// Whether `shown`'s own drawing covers `local` (its own coordinates): its shape's fill or
    /// stroke, else its bounds when it has contents or a background.
    private static func shapeCovers(_ shown: CALayer, at local: Point) -> Bool {
        if let (shape, p) = gradientShape(shown, local) { return shapeCovers(shape, at: p) }
        guard let shape = shown as? CAShapeLayer, let path = shape.path else {
            guard shown.contents != nil || shown.backgroundColor != nil else { return false }
            let b = shown.bounds
            return local.x >= b.minX && local.x <= b.maxX && local.y >= b.minY && local.y <= b.maxY
        }
        // The box first (a stroke reaches half its width beyond the path, a square cap √2 times
        // that, a miter up to the miter limit times it): most layers are missed there.
        let box = path.boundingBox
        let h = shape.strokeColor != nil ? max(shape.lineWidth, 0) / 2 * max(shape.lineJoin == .miter ? shape.miterLimit : 1, 2.0.squareRoot()) : 0
        guard local.x >= box.minX - h, local.x <= box.maxX + h, local.y >= box.minY - h, local.y <= box.maxY + h else { return false }
        if let fill = shape.fillColor, fill.a > 0, path.fillContains(local, fillRule: shape.fillRule) { return true }
        if let stroke = shape.strokeColor, stroke.a > 0, shape.lineWidth > 0,
           path.strokeContains(local, style: shape.strokeStyle, strokeStart: shape.strokeStart, strokeEnd: shape.strokeEnd) { return true }
        return false
    }
}
