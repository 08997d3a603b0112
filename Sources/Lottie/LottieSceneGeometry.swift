// Where a named Lottie layer is drawn, for a state machine's drags (`LottieStateMachineGeometry`):
// its position, its box, its first path — all in the animation's coordinates, read from the
// presentation tree at the current time, as dotlottie-rs reads the rendered scene
// (layer_transform, layer_bounds, layer_path of its state machine engine). A layer is the
// first one in the tree carrying the Lottie layer's `nm` as its `name` (`LottieHitTest`); a
// point of it is carried up to the root through each layer's presentation
// `transformToSuperlayer`. Walks use explicit stacks, bounded by the tree's size.
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

    private static func carry(_ p: Point, _ chain: [ProjectiveTransform]) -> Point? {
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
        // The box of what the subtree draws, in the named layer's coordinates.
        var box: (minX: Double, minY: Double, maxX: Double, maxY: Double)?
        var stack: [(CALayer, [ProjectiveTransform])] = [(layer, [])]
        while let (l, down) = stack.popLast() {
            let shown = l.presentation() ?? l
            if shown.isHidden { continue }
            var r: Rect?
            if let shape = shown as? CAShapeLayer, let path = shape.path, !path.isEmpty { r = path.boundingBox }
            else if shown.contents != nil || shown.backgroundColor != nil { r = shown.bounds }
            if let r {
                for c in [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.maxX, r.maxY), Point(r.minX, r.maxY)] {
                    guard let q = Self.carry(c, down) else { continue }
                    box = box.map { (min($0.minX, q.x), min($0.minY, q.y), max($0.maxX, q.x), max($0.maxY, q.y)) } ?? (q.x, q.y, q.x, q.y)
                }
            }
            for s in l.sublayers ?? [] { stack.append((s, [(s.presentation() ?? s).transformToSuperlayer] + down)) }
        }
        guard let b = box else { return nil }
        let corners = [Point(b.minX, b.minY), Point(b.maxX, b.minY), Point(b.maxX, b.maxY), Point(b.minX, b.maxY)].compactMap { Self.carry($0, chain) }
        return corners.count == 4 ? corners : nil
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
