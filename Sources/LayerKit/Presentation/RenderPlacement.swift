// Where the render tree's layers lie on the canvas (RenderTree.swift), so that a layer whose
// mask lets nothing through there costs nothing: "The layer's alpha channel determines how
// much of the layer's content and background shows through" (CALayer.mask), and with
// masksToBounds "sublayers are clipped to the layer's bounds" (CALayer.h): nothing of the
// layer's subtree is drawn outside what its mask paints, nor outside its bounds when it
// masks to them. When that region, mapped onto the canvas, misses the visible rect (given to
// `RenderTree.update`), or is nothing at all (a mask of an empty or zero-area path), the
// layer's copy is marked as drawing nothing and its sublayers are not evaluated — the
// display list would leave its group out for the same reason (`DisplayListBuilder.appendGroup`:
// "a mask that covers nothing of the surface hides the whole subtree").
//
// The map onto the canvas is the product of the layer's and each ancestor's
// `transformToSuperlayer` at this update, from the copies' own values. The render tree
// writes a plain layer's own values after its sublayers (so that a wrapper over layers that
// draw nothing is never evaluated): the ancestors on the walk's path are kept on a stack, and
// the first layer that needs its place writes the own values of those not written yet
// (`ownValuesDone`), which the ancestor then does not write again. Animated transforms of
// ancestors are thus always evaluated before a layer is left out; what lies below the layer
// is not.
//
// Only what is certain is left out: the layer and every ancestor a plain, shape, gradient or
// text layer (no replicator, whose instances sit elsewhere, no transform layer, no emitter),
// none casting a shadow (a shadow offset brings far pixels in), filtering (a blur reads beyond
// the canvas), rasterizing, or animated by a transition; the layer without background
// filters or drawing of its own (`drawingState`); every map affine; the mask's subtree made
// of plain, shape and gradient layers (its extent found as the display list finds it,
// `maskLocalExtent`); outside the mask subtrees (a mask's layers are not placed on the
// canvas). The visible rect is grown by a point on every side, so that rounding in the
// products never leaves out a layer that touches the canvas.
//
// Whatever the time: a layer left out is then asked once (per model revision) whether it
// shows nothing at any time (`concludePlacedAway`): when its mask's subtree has no
// animation, and every animation of it and of its ancestors writes only `opacity`, `hidden`
// or the position (`position`, `position.x`, `position.y`: a basic animation from one value
// to another, or a keyframe animation of values, linear, discrete or paced, neither additive
// nor cumulative), each layer's position lies, at any time, in the box of its model position
// and its animations' values, each segment stretched by its timing function's reach (a
// cubic Bézier's value lies in the hull of its control points, so a segment's progress in
// [min(0, y1, y2), max(1, y1, y2)] — After Effects' overshooting eases included). The
// region pushed out through the maps with each position free in its box missing the visible
// rect, the layer is `placedAway`: the render tree takes its kept copy, and the plain layers
// above it conclude in their turn that they draw nothing (`staticallyUndrawn`), so that runs
// of such layers are not visited at all. The conclusion holds while the layer's revision
// and the placement epoch stay: a change of any ancestor, or of any layer of the mask, that
// it was drawn from (`watchedByPlacement`) or of the visible rect starts a new epoch
// (`endConclusions`, counted per animation context: `CAAnimationContext.placementEpoch`),
// which every conclusion relying on it — the layer's, and those drawn
// from it above — no longer holds at.
import Raster

/// The visible rect and the path of ancestors of one `RenderTree.update`.
final class RenderPlacement: @unchecked Sendable {
    /// One ancestor on the walk's path: its model, its copy (whose sublayers are being
    /// updated), its local time, whether its own values are written at this update, and its
    /// plane's map onto the canvas once found (`Placed`).
    struct Ancestor {
        unowned(unsafe) let model: CALayer
        unowned(unsafe) let copy: CALayer
        let localTime: Double
        var ownValuesDone: Bool
        var placed = Placed.unknown
    }

    /// Where an ancestor's plane lies on the canvas, as far as worked out at this update.
    enum Placed {
        case unknown
        /// Its plane's map into the root's superlayer's coordinates.
        case at(ProjectiveTransform)
        /// It, or an ancestor of it, does not pass its subtree through as its maps say.
        case nowhere
    }

    /// The canvas in the root's superlayer's coordinates, grown by a point on every side.
    private(set) var visibleRect = Rect.null
    // Read and written for every layer of every frame by the one walk that owns this
    // placement: no exclusivity check (each access paid a runtime call and an access-set insert).
    /// The ancestors of the layer being updated, root first.
    @exclusivity(unchecked) private var ancestors: [Ancestor] = []
    /// How many masks the walk is inside: their layers are not placed on the canvas.
    @exclusivity(unchecked) var maskDepth = 0
    /// Layers of a mask's subtree to measure (a reused buffer).
    private var pending: [CALayer] = []
    /// Measures masks as the display list does (`maskLocalExtent`), for the layer classes it
    /// measures without caches (see `measurableMask`).
    private let extentBuilder = DisplayListBuilder()

    /// The most layers of a mask's subtree measured; a larger mask is not measured.
    static let maximumMeasuredMaskLayers = 256

    /// Whether the walk places layers where it is (outside every mask).
    @inline(__always) var places: Bool { maskDepth == 0 }

    /// The epoch of this update (`CAAnimationContext.placementEpoch`).
    private(set) var epoch: UInt = 0
    /// The visible rect the last update was given (conclusions drawn for it).
    private var lastVisibleRect = Rect.null

    /// Ends every conclusion drawn so far: a layer one was drawn from changed.
    static func endConclusions() { CAAnimationContext.current.placementEpoch &+= 1 }

    /// An update without a visible rect: conclusions drawn for the last one are ended.
    func startUnplaced() {
        if !lastVisibleRect.isNull { Self.endConclusions() }
        lastVisibleRect = .null
    }

    func start(visibleRect v: Rect) {
        if v != lastVisibleRect {
            if !lastVisibleRect.isNull { Self.endConclusions() }
            lastVisibleRect = v
        }
        epoch = CAAnimationContext.current.placementEpoch
        visibleRect = v.insetBy(dx: -1, dy: -1)
        ancestors.removeAll(keepingCapacity: true)
        maskDepth = 0
    }

    func finish() {
        ancestors.removeAll(keepingCapacity: true)
        pending.removeAll(keepingCapacity: true)
    }

    /// `model`, whose copy `copy` is having its sublayers updated, enters the path.
    @inline(__always) func push(_ model: CALayer, copy: CALayer, localTime: Double, ownValuesDone: Bool) {
        ancestors.append(Ancestor(model: model, copy: copy, localTime: localTime, ownValuesDone: ownValuesDone))
    }

    /// The last ancestor pushed leaves the path: whether its own values are written now.
    @inline(__always) func pop() -> Bool { ancestors.removeLast().ownValuesDone }

    /// Whether the layer `model`, whose copy `copy` holds its own values at `time` and whose
    /// mask's copy is `maskCopy`, shows nothing on the canvas (see the file header). May
    /// write the own values of ancestors that have not written them yet.
    func showsNothing(of model: CALayer, copy: CALayer, maskCopy: CALayer?, at time: Double, owner: ObjectIdentifier,
                      context: CAAnimationContext, walk: inout RenderWalk) -> Bool {
        guard Self.passesThrough(copy, model), (copy.backgroundFilters ?? []).isEmpty, model.drawingState == nil else { return false }
        var e = Rect.infinite
        if let mc = maskCopy {
            guard measurableMask(mc) else { return false }
            e = mc.maskLocalExtent(extentBuilder)
            if e.isEmpty { return true }
        }
        if copy.masksToBounds {
            e = e.intersection(copy.bounds)
            if e.isEmpty { return true }
        }
        guard e.isFiniteRect else { return false }
        guard let up = canvasMap(of: ancestors.count - 1, at: time, owner: owner, context: context, walk: &walk) else { return false }
        let m = copy.transformToSuperlayer(superlayerIsFlat: ancestors.last?.copy.placesSublayersFlat ?? true).concatenating(up)
        guard m.isAffine, m.m11.isFinite, m.m12.isFinite, m.m13.isFinite, m.m21.isFinite, m.m22.isFinite, m.m23.isFinite,
              let d = DisplayListBuilder.map(e, m), d.isFiniteRect else { return false }
        return d.intersection(visibleRect).isEmpty
    }

    /// The map of the plane of the ancestor at `index` (−1: above the root, the identity) onto
    /// the canvas, each ancestor's found once per update; nil when one of them does not pass
    /// its subtree through (`passesThrough`). Writes the own values of ancestors that have not
    /// written them yet.
    private func canvasMap(of index: Int, at time: Double, owner: ObjectIdentifier, context: CAAnimationContext,
                           walk: inout RenderWalk) -> ProjectiveTransform? {
        var j = index
        var m = ProjectiveTransform.identity
        search: while j >= 0 {
            switch ancestors[j].placed {
            case .unknown: j -= 1
            case .at(let known): m = known; break search
            case .nowhere: return nil
            }
        }
        var k = j + 1
        while k <= index {
            if !ancestors[k].ownValuesDone && !writeOwnValues(of: k, at: time, owner: owner, context: context, walk: &walk) {
                break
            }
            let a = ancestors[k]
            guard Self.passesThrough(a.copy, a.model) else { break }
            m = a.copy.transformToSuperlayer(superlayerIsFlat: k > 0 ? ancestors[k - 1].copy.placesSublayersFlat : true)
                .concatenating(m)
            ancestors[k].placed = .at(m)
            k += 1
        }
        guard k > index else {
            for n in k...index { ancestors[n].placed = .nowhere }
            return nil
        }
        return m
    }

    /// Whether the layer `model` (copy `copy`, mask copy `maskCopy`), which `showsNothing` at
    /// this update, shows nothing at any time (see the file header); if so, watches the
    /// layers the conclusion is drawn from. Every ancestor's own values are written.
    func concludePlacedAway(of model: CALayer, copy: CALayer, maskCopy: CALayer?) -> Bool {
        // The mask's region does not change: no animation in its subtree.
        if let m = model.mask {
            guard maskCopy != nil, visitMaskModel(m, { $0.animationStore.isEmpty }) else { return false }
        }
        var e = Rect.infinite
        if let mc = maskCopy {
            e = mc.maskLocalExtent(extentBuilder)
            if e.isEmpty { return watch(model) }
        }
        if copy.masksToBounds {
            e = e.intersection(copy.bounds)
            if e.isEmpty { return watch(model) }
        }
        guard e.isFiniteRect else { return false }
        // Out through the maps, each position free in its box.
        var region = e
        var layer = (model: model, copy: copy)
        var i = ancestors.count - 1
        while true {
            guard let box = Self.positionBox(of: layer.model), Self.passesThrough(layer.copy, layer.model) else { return false }
            let flat = i >= 0 ? ancestors[i].copy.placesSublayersFlat : true
            guard flat else { return false }
            let m = layer.copy.transformToSuperlayer(superlayerIsFlat: true)
            guard m.isAffine, let r = DisplayListBuilder.map(region, m), r.isFiniteRect else { return false }
            let p = layer.copy.position
            region = Rect(r.minX - p.x + box.minX, r.minY - p.y + box.minY, r.width + box.width, r.height + box.height)
            guard region.isFiniteRect else { return false }
            guard i >= 0 else { break }
            guard ancestors[i].ownValuesDone else { return false }
            layer = (ancestors[i].model, ancestors[i].copy)
            i -= 1
        }
        guard region.intersection(visibleRect).isEmpty else { return false }
        return watch(model)
    }

    /// Watches the ancestors and the mask's layers a conclusion about `model` is drawn from;
    /// true.
    private func watch(_ model: CALayer) -> Bool {
        for a in ancestors { a.model.renderNode?.watchedByPlacement = true }
        if let m = model.mask {
            _ = visitMaskModel(m) { l in
                // A layer of the mask the render tree has not reached (below a hidden one)
                // has no node: it changes the mask only once the hidden layer above it,
                // watched, is shown.
                l.renderNode?.watchedByPlacement = true
                return true
            }
        }
        return true
    }

    /// Calls `body` on each layer of the model mask `mask`'s subtree (masks of its layers
    /// included); false when `body` returns false for one, or past `maximumMeasuredMaskLayers`.
    private func visitMaskModel(_ mask: CALayer, _ body: (CALayer) -> Bool) -> Bool {
        pending.removeAll(keepingCapacity: true)
        pending.append(mask)
        defer { pending.removeAll(keepingCapacity: true) }
        var seen = 0
        while let l = pending.popLast() {
            seen += 1
            guard seen <= Self.maximumMeasuredMaskLayers, body(l) else { return false }
            if let m = l.mask { pending.append(m) }
            if let subs = l.sublayers { pending.append(contentsOf: subs) }
        }
        return true
    }

    /// The box of the positions the model layer `l` takes at any time at its present
    /// revision (see the file header); nil when its animations may change its map otherwise.
    static func positionBox(of l: CALayer) -> Rect? {
        var x0 = l.position.x, x1 = x0, y0 = l.position.y, y1 = y0
        func reach(_ f: CAMediaTimingFunction?) -> (lo: Double, hi: Double)? {
            guard let f else { return (0, 1) }
            guard f.c1x >= 0, f.c1x <= 1, f.c2x >= 0, f.c2x <= 1, f.c1y.isFinite, f.c2y.isFinite else { return nil }
            return (min(0, f.c1y, f.c2y), max(1, f.c1y, f.c2y))
        }
        for (_, a) in l.animationStore {
            let kind = ObjectIdentifier(type(of: a))
            let basic = kind == ObjectIdentifier(CABasicAnimation.self)
            guard basic || kind == ObjectIdentifier(CAKeyframeAnimation.self) else { return nil }
            let pa = unsafeDowncast(a, to: CAPropertyAnimation.self)
            guard let key = pa.keyPath else { continue }
            if key == "opacity" || key == "hidden" { continue }
            guard key == "position" || key == "position.x" || key == "position.y",
                  !pa.isAdditive, !pa.isCumulative, pa.valueFunction == nil else { return nil }
            // The values, and each segment's timing function.
            var values: [AnimatableValue]
            var functions: [CAMediaTimingFunction?]
            if basic {
                let b = unsafeDowncast(a, to: CABasicAnimation.self)
                guard let from = b.fromValue, let to = b.toValue, b.byValue == nil else { return nil }
                values = [from, to]
                functions = [b.timingFunction]
            } else {
                let k = unsafeDowncast(a, to: CAKeyframeAnimation.self)
                guard k.path == nil, let v = k.values, !v.isEmpty else { return nil }
                switch k.calculationMode {
                case .linear, .discrete: break
                case .paced: break
                case .cubic, .cubicPaced: return nil
                }
                values = v
                let tf = k.timingFunctions ?? []
                // A segment's progress is eased by its timing function (linear mode; paced
                // and discrete ease none: a wider box).
                functions = (0..<max(v.count - 1, 1)).map { tf.isEmpty ? nil : tf[min($0, tf.count - 1)] }
            }
            func point(_ v: AnimatableValue) -> Point? {
                switch (key, v) {
                case ("position", .point(let p)): return p
                case ("position.x", .number(let x)): return Point(x, l.position.y)
                case ("position.y", .number(let y)): return Point(l.position.x, y)
                default: return nil
                }
            }
            guard var last = point(values[0]) else { return nil }
            x0 = min(x0, last.x); x1 = max(x1, last.x); y0 = min(y0, last.y); y1 = max(y1, last.y)
            for i in 1..<max(values.count, 1) where values.count > 1 {
                guard let next = point(values[i]), let (lo, hi) = reach(functions[min(i - 1, functions.count - 1)]) else { return nil }
                for f in [lo, hi] {
                    let x = last.x + f * (next.x - last.x), y = last.y + f * (next.y - last.y)
                    x0 = min(x0, x); x1 = max(x1, x); y0 = min(y0, y); y1 = max(y1, y)
                }
                x0 = min(x0, next.x); x1 = max(x1, next.x); y0 = min(y0, next.y); y1 = max(y1, next.y)
                last = next
            }
        }
        let box = Rect(x0, y0, x1 - x0, y1 - y0)
        return box.isFiniteRect ? box : nil
    }

    /// Writes the own values of the ancestor at `index` (a plain layer whose sublayers come
    /// first); false when its kept copy is not the one to write (then nothing is written).
    private func writeOwnValues(of index: Int, at time: Double, owner: ObjectIdentifier, context: CAAnimationContext,
                                walk: inout RenderWalk) -> Bool {
        let a = ancestors[index]
        guard let node = a.model.renderNode, node.owner == owner, node.copy === a.copy,
              node.revision == a.model.modelRevision else { return false }
        if case .freshEachFrame = node.animations { return false }
        let written = a.model.renderOwnValuesOnly(at: time, localTime: a.localTime, owner: owner, context: context, walk: &walk)
        // The kept copy, as the guard above ensures (`renderCopyWithModelValues`).
        guard written === a.copy else { return false }
        ancestors[index].ownValuesDone = true
        return true
    }

    /// Whether the subtree of the mask copy `mask` is measured alike here and in the display
    /// list: its shown layers plain, shape or gradient layers (no cache of the builder's is
    /// read), at most `maximumMeasuredMaskLayers` of them.
    private func measurableMask(_ mask: CALayer) -> Bool {
        pending.removeAll(keepingCapacity: true)
        pending.append(mask)
        var seen = 0
        defer { pending.removeAll(keepingCapacity: true) }
        while let l = pending.popLast() {
            guard !l.isHidden, l.opacity > 0 else { continue }
            seen += 1
            let t = ObjectIdentifier(type(of: l))
            guard seen <= Self.maximumMeasuredMaskLayers,
                  t == ObjectIdentifier(CALayer.self) || t == ObjectIdentifier(CAShapeLayer.self)
                    || t == ObjectIdentifier(CAGradientLayer.self) else { return false }
            if let m = l.mask { pending.append(m) }
            if let subs = l.sublayers { pending.append(contentsOf: subs) }
        }
        return true
    }

    /// Whether `copy` (of `model`) draws its subtree where its maps put it, clipped at most:
    /// a plain, shape, gradient or text layer, casting no shadow, without filters or
    /// rasterization, animated (if at all) by property animations only.
    private static func passesThrough(_ copy: CALayer, _ model: CALayer) -> Bool {
        let t = ObjectIdentifier(type(of: copy))
        guard t == ObjectIdentifier(CALayer.self) || t == ObjectIdentifier(CAShapeLayer.self)
                || t == ObjectIdentifier(CAGradientLayer.self) || t == ObjectIdentifier(CATextLayer.self) else { return false }
        guard !copy.castsShadow, !copy.hasFilters, !copy.shouldRasterize else { return false }
        return model.animationStore.isEmpty || model.animatesOnlyProperties
    }
}
