// The generated tree with its pass-through wrappers folded away: every layer is copied into
// each frame's presentation tree and walked into its display list, and a Lottie layer comes
// wrapped in layers that often do nothing at a frame but hold one sublayer (a shape group's
// constant transform around its one fill; a content layer whose only property is its in/out
// visibility, inside its transform's innermost layer). Two rules, each exactly equivalent —
// the same map onto the canvas from the same products, the same layers drawn, hidden and
// named — applied once after the import, top down, until neither holds:
//
// 1. A plain layer that only moves its one sublayer by a constant flat `transform` (its
//    anchor point, position and bounds origin at its plane's origin, nothing drawn, masked,
//    clipped, filtered, faded or timed), whose sublayer sits at its superlayer's origin
//    (identity transform, anchor point, position and bounds origin at the origin, none of them
//    animated): the sublayer takes the transform and the wrapper's place. The layer's map is
//    translate(−anchor − origin) · transform · translate(position) (CALayer+Geometry.swift);
//    with every translation zero it is the transform itself on either layer, and the map that
//    the sublayer was given, identity · wrapper's, is the wrapper's to the sign of a zero.
//    A wrapper whose transform is the identity too (unnamed, under a superlayer placing its
//    sublayers by their own geometry) gives way to a sublayer of any geometry: it adds an
//    identity factor to the product and nothing else.
// 2. A plain layer placing its sublayers by their own geometry (no sublayer transform, no
//    flip) whose one sublayer is a plain layer at its origin that draws nothing, has
//    full opacity and the layer's own time, and whose only animation is its `hidden`
//    visibility: the layer takes that visibility (its model `isHidden` and the animation) and
//    the sublayer's sublayers. A hidden layer is drawn with nothing of its subtree (Core
//    Animation's `isHidden`, "whether the layer is displayed", and the display list's
//    `appendLayer`), so hiding the only way down hides the same.
//
// Names stay where a state machine finds them (LottieHitTest.swift, LottieSceneGeometry.swift):
// a fold is made only where at most one of the two layers is named, or both alike, and the
// layer that stays takes the name. Walked with an explicit stack (as deep as the input makes).
import LayerKit

enum LottieLayerFolding {
    /// Folds the wrappers under `root` (never `root` itself, nor a mask layer itself);
    /// returns how many layers were folded away.
    @discardableResult
    static func fold(_ root: CALayer) -> Int {
        var folded = 0
        var stack: [CALayer] = [root]
        while let x = stack.popLast() {
            if let m = x.mask { stack.append(m) }
            guard let subs = x.sublayers else { continue }
            for var s in subs {
                while let c = s.sublayers?.first, s.sublayers!.count == 1 {
                    if type(of: x) == CALayer.self, movesOnly(s), namesAgree(s, c),
                       sitsAtOrigin(c) || (s.transform.isIdentity && s.name == nil && x.sublayerTransform.isIdentity
                                           && !x.isGeometryFlipped) {
                        // Rule 1: the sublayer takes the transform and the wrapper's place.
                        c.removeFromSuperlayer()
                        if !s.transform.isIdentity { c.transform = s.transform }
                        if c.name == nil { c.name = s.name }
                        x.replaceSublayer(s, with: c)
                        s = c
                    } else if type(of: s) == CALayer.self, s.mask == nil, !s.isHidden, !animatesHidden(s),
                              s.sublayerTransform.isIdentity, !s.isGeometryFlipped, holdsVisibilityOnly(c), namesAgree(s, c) {
                        // Rule 2: the layer takes the sublayer's visibility and its sublayers.
                        s.isHidden = c.isHidden
                        if let a = c.animation(forKey: hiddenKey) {
                            s.add(a, forKey: hiddenKey)
                            c.removeAnimation(forKey: hiddenKey)
                        }
                        if s.name == nil { s.name = c.name }
                        let grand = c.sublayers ?? []
                        c.removeFromSuperlayer()
                        for g in grand { s.addSublayer(g) }
                    } else {
                        break
                    }
                    folded += 1
                }
                stack.append(s)
            }
        }
        return folded
    }

    static let hiddenKey = LayerKeyPath<Bool>.isHidden.keyPath

    /// Whether at most one of the two is named, or both alike.
    static func namesAgree(_ a: CALayer, _ b: CALayer) -> Bool { a.name == nil || b.name == nil || a.name == b.name }

    /// Whether `l` is a plain layer that does nothing to its sublayers but place them by its
    /// constant flat `transform`: no animation, nothing of its own drawn, no mask, clip,
    /// filter, compositing, group opacity, sublayer transform, flip, layout or timing.
    static func movesOnly(_ l: CALayer) -> Bool {
        type(of: l) == CALayer.self && l.animationStore.isEmpty && atOrigin(l) && isFlat(l.transform)
            && drawsNothingAndPassesThrough(l) && !l.isHidden && l.opacity == 1 && runsOnSuperlayerTime(l)
    }

    /// Whether `l` sits at its superlayer's origin whatever the time: identity transform,
    /// anchor point, position and bounds origin at the origin, none of them animated.
    static func sitsAtOrigin(_ l: CALayer) -> Bool {
        guard l.transform.isIdentity, atOrigin(l), l.layoutManager == nil, l.constraints == nil else { return false }
        return !l.animationStore.contains { writesGeometry($0.animation) }
    }

    /// Whether `l` is a plain layer at its superlayer's origin drawing nothing, at full opacity
    /// and on its superlayer's time, whose animations (if any) are its `hidden` visibility only.
    static func holdsVisibilityOnly(_ l: CALayer) -> Bool {
        type(of: l) == CALayer.self && l.transform.isIdentity && atOrigin(l) && drawsNothingAndPassesThrough(l)
            && l.opacity == 1 && runsOnSuperlayerTime(l) && l.mask == nil
            && l.animationStore.allSatisfy { $0.key == hiddenKey && ($0.animation as? CAPropertyAnimation)?.keyPath == hiddenKey }
    }

    /// Whether an animation of `l` writes `hidden`.
    static func animatesHidden(_ l: CALayer) -> Bool {
        l.animationStore.contains { $0.key == hiddenKey || ($0.animation as? CAPropertyAnimation)?.keyPath?.hasPrefix("hidden") != false }
    }

    /// Anchor point, position, bounds origin, z position and anchor point z at zero.
    static func atOrigin(_ l: CALayer) -> Bool {
        l.anchorPoint == Point(0, 0) && l.position == Point(0, 0) && l.bounds.origin == Point(0, 0)
            && l.bounds.size.width.isFinite && l.bounds.size.height.isFinite && l.zPosition == 0 && l.anchorPointZ == 0
    }

    /// A transform of the plane onto itself (no perspective, nothing moved out of z = 0), finite.
    static func isFlat(_ t: CATransform3D) -> Bool {
        t.m13 == 0 && t.m14 == 0 && t.m23 == 0 && t.m24 == 0 && t.m31 == 0 && t.m32 == 0 && t.m33 == 1 && t.m34 == 0
            && t.m43 == 0 && t.m44 == 1 && t.m11.isFinite && t.m12.isFinite && t.m21.isFinite && t.m22.isFinite
            && t.m41.isFinite && t.m42.isFinite
    }

    /// Nothing drawn of its own (background, contents, border, shadow, delegate), and nothing
    /// done to its sublayers beyond its geometry and opacity: no mask, clip, filters,
    /// compositing filter, rasterization, sublayer transform, flip, one-sided culling or layout.
    static func drawsNothingAndPassesThrough(_ l: CALayer) -> Bool {
        l.mask == nil && !l.masksToBounds && l.backgroundColor == nil && l.contents == nil && l.borderWidth == 0
            && l.shadowOpacity == 0 && (l.filters ?? []).isEmpty && (l.backgroundFilters ?? []).isEmpty
            && l.compositingFilter == nil && !l.shouldRasterize && l.sublayerTransform.isIdentity && !l.isGeometryFlipped
            && l.isDoubleSided && l.delegate == nil && l.layoutManager == nil && l.constraints == nil
    }

    /// Whether the layer runs on its superlayer's time (CAMediaTiming at its defaults).
    static func runsOnSuperlayerTime(_ l: CALayer) -> Bool {
        l.beginTime == 0 && l.speed == 1 && l.timeOffset == 0 && l.duration == 0 && l.repeatCount == 0
            && l.repeatDuration == 0 && !l.autoreverses
    }

    /// Whether `a` may write a property that places the layer (or is not a property animation).
    static func writesGeometry(_ a: CAAnimation) -> Bool {
        if let g = a as? CAAnimationGroup { return (g.animations ?? []).contains(where: writesGeometry) }
        guard let p = a as? CAPropertyAnimation else { return true }
        guard let k = p.keyPath else { return false }
        let head = k.split(separator: ".").first.map(String.init) ?? k
        return ["transform", "position", "anchorPoint", "bounds", "zPosition", "anchorPointZ", "frame"].contains(head)
    }
}
