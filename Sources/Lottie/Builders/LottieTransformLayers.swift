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
//
// Skew (After Effects' reading only; lottie-ios's Core Animation engine draws none): Lottie
// places it between the scale and the rotation, anchor → scale → skew → rotation → position
// (lottie-web's TransformProperty: `skewFromAxis(-sk, sa)` after `scale`), a shear of
// −tan(sk) along the axis turned sa degrees from x ("Skew Axis: the axis along which the skew
// occurs", After Effects Help, "Transform properties"). In the layers it is a layer of its own
// between the rotating outer layer and the scaling ones, its `transform` that shear
// (sampled frame by frame when the skew or its axis moves).
import Foundation
import LayerKit
import Raster

enum LottieTransformLayers {
    /// The outer and inner layer of `t`, animated on `timeline`; the content goes into `inner`
    /// (the same layer when the transform never changes).
    static func make(_ t: LottieTransformModel, timeline: LottieTimeline, autoOrient: Bool = false,
                     name: String, warnings: LottieWarnings) -> (outer: CALayer, inner: CALayer) {
        let skews = timeline.reading.drawsAfterEffectsFeatures
        if t.hasSkew && !skews { warnings.unsupported("skew", layer: name) }
        if isConstant(t, reading: timeline.reading) {
            let only = emptyLayer()
            only.name = name
            only.transform = constantMatrix(t, reading: timeline.reading)
            return (only, only)
        }
        let scaleMoves = t.scale.changesOverTime
        let outer = emptyLayer(), inner = emptyLayer()
        outer.name = name
        let degrees = Double.pi / 180
        if let rx = t.rotationX {
            LottieKeyframeAnimation.apply(rx, to: outer, .rotationX, timeline: timeline) { ($0.first ?? 0) * degrees }
        }
        if let ry = t.rotationY {
            LottieKeyframeAnimation.apply(ry, to: outer, .rotationY, timeline: timeline) { ($0.first ?? 0) * degrees }
        }
        LottieKeyframeAnimation.apply(t.rotation, to: outer, .rotationZ, timeline: timeline) { ($0.first ?? 0) * degrees }
        switch t.position {
        case .combined(let p):
            // After Effects orients a layer along straight motion too: a path of lines then.
            LottieKeyframeAnimation.apply(p, to: outer, .position, timeline: timeline, spatial: true,
                                          alwaysPath: autoOrient && timeline.reading.drawsAfterEffectsFeatures) { point($0) }
            if autoOrient, let a = outer.animation(forKey: LayerKeyPath<Point>.position.keyPath) as? CAKeyframeAnimation {
                // "The objects rotate to match the tangent of the path" (kCAAnimationRotateAuto).
                a.rotationMode = .auto
                outer.add(a, forKey: LayerKeyPath<Point>.position.keyPath)
            }
        case .split(let x, let y):
            LottieKeyframeAnimation.apply(x, to: outer, .positionX, timeline: timeline) { $0.first ?? 0 }
            LottieKeyframeAnimation.apply(y, to: outer, .positionY, timeline: timeline) { $0.first ?? 0 }
        }
        LottieKeyframeAnimation.apply(t.anchor, to: inner, .boundsOrigin, timeline: timeline) { point($0) }
        // The skew, when drawn, between the rotation (outer) and the scale (middle, inner).
        var holder = outer
        if skews && t.hasSkew, let sk = t.skew {
            let sa = t.skewAxis ?? LottieProperty([0])
            let shear = emptyLayer()
            shear.transform = skewMatrix(sk.initialValue.first ?? 0, axis: sa.initialValue.first ?? 0)
            if sk.changesOverTime || sa.changesOverTime,
               let a = LottieKeyframeAnimation.sampled(.transform, timeline: timeline, value: { r in
                   let f = timeline.frame(atRoot: r)
                   return skewMatrix(sk.value(at: f).first ?? 0, axis: sa.value(at: f).first ?? 0)
               }) {
                shear.add(a, forKey: LayerKeyPath<CATransform3D>.transform.keyPath)
            }
            outer.addSublayer(shear)
            holder = shear
        }
        if !scaleMoves {
            let (sx, sy) = scales(t.scale.initialValue)
            inner.transform = .scale(sx, sy)
            holder.addSublayer(inner)
            return (outer, inner)
        }
        let middle = emptyLayer()
        holder.addSublayer(middle)
        middle.addSublayer(inner)
        LottieKeyframeAnimation.apply(t.scale, to: middle, .scaleX, timeline: timeline) { scales($0).x }
        LottieKeyframeAnimation.apply(t.scale, to: inner, .scaleY, timeline: timeline) { scales($0).y }
        return (outer, inner)
    }

    /// Whether `t` is planar and none of its values ever changes: then `constantMatrix` is all of it.
    static func isConstant(_ t: LottieTransformModel, reading: LottieReading) -> Bool {
        guard t.rotationX == nil && t.rotationY == nil else { return false }
        if reading.drawsAfterEffectsFeatures && t.hasSkew
            && ((t.skew?.changesOverTime ?? false) || (t.skewAxis?.changesOverTime ?? false)) { return false }
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
    static func constantMatrix(_ t: LottieTransformModel, reading: LottieReading) -> CATransform3D {
        let a = point(t.anchor.initialValue)
        var p = Point(0, 0)
        switch t.position {
        case .combined(let v): p = point(v.initialValue)
        case .split(let x, let y): p = Point(x.initialValue.first ?? 0, y.initialValue.first ?? 0)
        }
        let (sx, sy) = scales(t.scale.initialValue)
        let angle = (t.rotation.initialValue.first ?? 0) * .pi / 180
        var m = CATransform3D.translation(-a.x, -a.y).concatenating(.scale(sx, sy))
        if reading.drawsAfterEffectsFeatures && t.hasSkew {
            m = m.concatenating(skewMatrix(t.skew?.initialValue.first ?? 0, axis: t.skewAxis?.initialValue.first ?? 0))
        }
        if angle != 0 { m = m.concatenating(.rotation(angle)) }
        return m.concatenating(.translation(p.x, p.y))
    }

    /// The shear of skew `degrees` along an axis turned `axis` degrees from x, in Core
    /// Animation's row-vector order: turn by the axis, shear x by −tan(skew) · y, turn back
    /// (lottie-web's `skewFromAxis(-sk, sa)`). The shear is tan(skew), whose period is 180°: a skew
    /// of 180° is none and one of 135° leans as −45° does (lottie-web and ThorVG take the tangent
    /// of any angle; the Lottie specification's transform playground runs skew from 0 to 360).
    /// Within that period, ±90° is clamped short of the infinite shear; a non-finite skew is none.
    static func skewMatrix(_ degrees: Double, axis: Double) -> CATransform3D {
        var turned = degrees.isFinite ? degrees.truncatingRemainder(dividingBy: 180) : 0
        if turned > 90 { turned -= 180 } else if turned < -90 { turned += 180 }
        let k = -tan(min(max(turned, -89.9), 89.9) * .pi / 180)
        let c = cos(axis * .pi / 180), s = sin(axis * .pi / 180)
        // p ↦ R(−axis) · shear · R(axis) · p, written as the images of the unit vectors.
        func map(_ x: Double, _ y: Double) -> (Double, Double) {
            let x1 = x * c - y * s, y1 = x * s + y * c
            let x2 = x1 + k * y1, y2 = y1
            return (x2 * c + y2 * s, -x2 * s + y2 * c)
        }
        let (a, b) = map(1, 0), (cc, d) = map(0, 1)
        var m = CATransform3D.identity
        m.m11 = a; m.m12 = b; m.m21 = cc; m.m22 = d
        return m
    }

    /// Lottie's scale percentages as factors (one value scales both axes).
    static func scales(_ v: [Double]) -> (x: Double, y: Double) {
        ((v.first ?? 100) / 100, (v.count > 1 ? v[1] : (v.first ?? 100)) / 100)
    }

    static func point(_ v: [Double]) -> Point { Point(v.count > 0 ? v[0] : 0, v.count > 1 ? v[1] : 0) }
}
