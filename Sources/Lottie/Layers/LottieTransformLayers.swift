// A Lottie transform as three nested layers, so that each Core Animation property carries
// one Lottie property with its own keyframes: the outer layer holds the position
// (`position`, or `position.x` / `position.y` when split) and the rotation
// (`transform.rotation.z`, with `.x` and `.y` on 3D layers); the middle layer the x scale
// (`transform.scale.x`); the inner layer the y scale and the anchor point as its bounds
// origin (the layers have empty bounds, so the anchor point sits at the bounds origin).
// The scales live on separate layers because a transform key path rebuilds the matrix from
// its decomposition, which a zero scale on the other axis would reset. A point q of the content lands at
// position + R · S · (q − anchor), Lottie's composition. Opacity belongs to the content, so
// it is left to the caller (a parent's opacity does not reach its children).
import Foundation
import LayerKit
import Raster

enum LottieTransformLayers {
    /// The outer and inner layer of `t`, animated on `timeline`; the content goes into `inner`.
    static func make(_ t: LottieTransformModel, timeline: LottieTimeline, autoOrient: Bool = false,
                     name: String, warnings: LottieWarnings) -> (outer: CALayer, inner: CALayer) {
        let outer = CALayer(), middle = CALayer(), inner = CALayer()
        for l in [outer, middle, inner] {
            l.anchorPoint = Point(0, 0)
            l.bounds = Rect(0, 0, 0, 0)
            l.position = Point(0, 0)
        }
        outer.name = name
        outer.addSublayer(middle)
        middle.addSublayer(inner)
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
        LottieKeyframeAnimation.apply(t.scale, keyPath: "transform.scale.x", to: middle, timeline: timeline) { .number(($0.first ?? 100) / 100) }
        LottieKeyframeAnimation.apply(t.scale, keyPath: "transform.scale.y", to: inner, timeline: timeline) {
            .number(($0.count > 1 ? $0[1] : ($0.first ?? 100)) / 100)
        }
        if t.hasSkew { warnings.unsupported("skew", layer: name) }
        return (outer, inner)
    }

    static func point(_ v: [Double]) -> Point { Point(v.count > 0 ? v[0] : 0, v.count > 1 ? v[1] : 0) }
}
