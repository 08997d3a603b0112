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
    /// The ancestors of the layer being updated, root first.
    private var ancestors: [Ancestor] = []
    /// How many masks the walk is inside: their layers are not placed on the canvas.
    var maskDepth = 0
    /// Layers of a mask's subtree to measure (a reused buffer).
    private var pending: [CALayer] = []
    /// Measures masks as the display list does (`maskLocalExtent`), for the layer classes it
    /// measures without caches (see `measurableMask`).
    private let extentBuilder = DisplayListBuilder()

    /// The most layers of a mask's subtree measured; a larger mask is not measured.
    static let maximumMeasuredMaskLayers = 256

    /// Whether the walk places layers where it is (outside every mask).
    @inline(__always) var places: Bool { maskDepth == 0 }

    func start(visibleRect v: Rect) {
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
            if e.isNull { return true }
        }
        if copy.masksToBounds {
            e = e.intersection(copy.bounds)
            if e.isNull { return true }
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
