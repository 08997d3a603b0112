// A Lottie transform as nested layers, so that each Core Animation property carries one
// Lottie property with its own keyframes: the outer layer holds the position (`position`,
// or `position.x` / `position.y` when split) and the rotation (`transform.rotation.z`, with
// `.x` and `.y` on 3D layers); the middle layer the x scale (`transform.scale.x`); the inner
// layer the y scale and the anchor point as its bounds origin (the layers have empty bounds,
// so the anchor point sits at the bounds origin). The scales live on separate layers because
// a transform key path rebuilds the matrix from its decomposition, which a zero scale on the
// other axis would reset. A point q of the content lands at position + R · S · (q − anchor),
// Lottie's composition. Opacity belongs to the content, so it is left to the caller (a
// parent's opacity does not reach its children).
//
// Layers that would only ever hold constant values are merged, since every layer is copied
// into each frame's presentation tree: a transform that never changes is one layer whose
// `transform` is that whole map, translate(−anchor) · scale · rotate · translate(position) in
// Core Animation's row-vector order; a constant 2D scale joins the anchor point on one inner
// layer (transform = the scale, bounds origin = the anchor) inside the outer layer. The
// importer folds a constant transform into the layer it would hold instead, when that layer
// has its anchor point and position at its plane's origin and no transform of its own.
import Foundation
import LayerKit
import Raster

enum LottieTransformLayers {
    /// The outer and inner layer of `t`, animated on `timeline`; the content goes into `inner`
    /// (the same layer when the transform never changes).
    static func make(_ t: LottieTransformModel, timeline: LottieTimeline, autoOrient: Bool = false,
                     name: String, warnings: LottieWarnings) -> (outer: CALayer, inner: CALayer) {
        if t.hasSkew { warnings.unsupported("skew", layer: name) }
        if isConstant(t) {
            let only = emptyLayer()
            only.name = name
            only.transform = constantMatrix(t)
            return (only, only)
        }
        let scaleMoves = t.scale.changesOverTime
        let outer = emptyLayer(), inner = emptyLayer()
        outer.name = name
        let degrees = Double.pi / 180
        if let rx = t.rotationX {
            LottieKeyframeAnimation.apply(rx, keyPath: "transform.rotation.x", to: outer, timeline: timeline) { .number(($0.first ?? 0) * degrees) }
        }
        if let ry = t.rotationY {
            LottieKeyframeAnimation.apply(ry, keyPath: "transform.rotation.y", to: outer, timeline: timeline) { .number(($0.first ?? 0) * degrees) }
        }
        LottieKeyframeAnimation.apply(t.rotation, keyPath: "transform.rotation.z", to: outer, timeline: timeline) { .number(($0.first ?? 0) * degrees) }
        switch t.position {
        case .combined(let p):
            LottieKeyframeAnimation.apply(p, keyPath: "position", to: outer, timeline: timeline, spatial: true) { .point(point($0)) }
            if autoOrient, let a = outer.animation(forKey: "position") as? CAKeyframeAnimation {
                // "The objects rotate to match the tangent of the path" (kCAAnimationRotateAuto).
                a.rotationMode = .auto
                outer.add(a, forKey: "position")
            }
        case .split(let x, let y):
            LottieKeyframeAnimation.apply(x, keyPath: "position.x", to: outer, timeline: timeline) { .number($0.first ?? 0) }
            LottieKeyframeAnimation.apply(y, keyPath: "position.y", to: outer, timeline: timeline) { .number($0.first ?? 0) }
        }
        LottieKeyframeAnimation.apply(t.anchor, keyPath: "bounds.origin", to: inner, timeline: timeline) { .point(point($0)) }
        if !scaleMoves {
            let (sx, sy) = scales(t.scale.initialValue)
            inner.transform = .scale(sx, sy)
            outer.addSublayer(inner)
            return (outer, inner)
        }
        let middle = emptyLayer()
        outer.addSublayer(middle)
        middle.addSublayer(inner)
        LottieKeyframeAnimation.apply(t.scale, keyPath: "transform.scale.x", to: middle, timeline: timeline) { .number(scales($0).x) }
        LottieKeyframeAnimation.apply(t.scale, keyPath: "transform.scale.y", to: inner, timeline: timeline) { .number(scales($0).y) }
        return (outer, inner)
    }

    /// Whether `t` is planar and none of its values ever changes: then `constantMatrix` is all of it.
    static func isConstant(_ t: LottieTransformModel) -> Bool {
        guard t.rotationX == nil && t.rotationY == nil else { return false }
        switch t.position {
        case .combined(let p): if p.changesOverTime { return false }
        case .split(let x, let y): if x.changesOverTime || y.changesOverTime { return false }
        }
        return !t.scale.changesOverTime && !t.rotation.changesOverTime && !t.anchor.changesOverTime
    }

    /// How many layers `make` returned: `outer`, `inner` and those between them.
    static func depth(_ outer: CALayer, _ inner: CALayer) -> Int {
        var n = 1, l = outer
        while l !== inner, let next = l.sublayers?.first { n += 1; l = next }
        return n
    }

    /// A layer with its anchor point at the origin of empty bounds at the origin.
    static func emptyLayer() -> CALayer {
        let l = CALayer()
        l.anchorPoint = Point(0, 0)
        l.bounds = Rect(0, 0, 0, 0)
        l.position = Point(0, 0)
        return l
    }

    /// The whole map of a planar transform whose values never change: q ↦ position + R · S · (q − anchor).
    static func constantMatrix(_ t: LottieTransformModel) -> CATransform3D {
        let a = point(t.anchor.initialValue)
        var p = Point(0, 0)
        switch t.position {
        case .combined(let v): p = point(v.initialValue)
        case .split(let x, let y): p = Point(x.initialValue.first ?? 0, y.initialValue.first ?? 0)
        }
        let (sx, sy) = scales(t.scale.initialValue)
        let angle = (t.rotation.initialValue.first ?? 0) * .pi / 180
        var m = CATransform3D.translation(-a.x, -a.y).concatenating(.scale(sx, sy))
        if angle != 0 { m = m.concatenating(.rotation(angle)) }
        return m.concatenating(.translation(p.x, p.y))
    }

    /// Lottie's scale percentages as factors (one value scales both axes).
    static func scales(_ v: [Double]) -> (x: Double, y: Double) {
        ((v.first ?? 100) / 100, (v.count > 1 ? v[1] : (v.first ?? 100)) / 100)
    }

    static func point(_ v: [Double]) -> Point { Point(v.count > 0 ? v[0] : 0, v.count > 1 ? v[1] : 0) }
}
