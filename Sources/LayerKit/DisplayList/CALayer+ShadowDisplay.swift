// A layer's shadow as display items. With `shadowPath` the shadow is that path filled and
// blurred, one item below everything the layer draws. Without it the shadow is "the layer's
// composited alpha channel" (CALayer.h): the layer is drawn as a group that casts the
// shadow when it is composited. Like Core Animation, masksToBounds cuts the shadow away
// with everything else outside the bounds, and keeps what falls inside (see
// DisplayListBuilder+ClippedShadow.swift). The offset and the radius live in the layer's
// plane and follow its transform.
//
// The Gaussian's standard deviation: Apple gives shadowRadius only as "The blur radius used
// to create the shadow". Design tools that export Core Animation shadows (Sketch, Figma)
// write a CSS-style blur of 2 × shadowRadius, and CSS defines a shadow's blur as "a Gaussian
// blur with a standard deviation equal to half the blur radius" (CSS Backgrounds 3,
// box-shadow); so σ = shadowRadius.

extension CALayer {
    /// The shadow's Gaussian standard deviation in the layer's plane (σ = shadowRadius).
    public var shadowSigma: Double { max(0, shadowRadius) }

    /// Whether the layer casts a visible shadow.
    var castsShadow: Bool {
        guard shadowOpacity > 0, shadowOpacity.isFinite, let c = shadowColor, c.a > 0,
              shadowRadius.isFinite, shadowOffset.width.isFinite, shadowOffset.height.isFinite else { return false }
        return true
    }

    /// The shadow on a surface the layer's plane maps onto by `a`: σ scaled by the map's
    /// mean scale, the offset mapped as a vector.
    func displayShadow(_ a: AffineTransform) -> DisplayShadow {
        let c = (shadowColor ?? .black).withAlphaScaled(min(1, shadowOpacity))
        let k = abs(a.determinant).squareRoot()
        return DisplayShadow(color: c, sigma: shadowSigma * k,
                             offset: a.applyVector(Point(shadowOffset.width, shadowOffset.height)))
    }

    /// Where the shadow of something covering `e` (layer coordinates) can paint: `e` moved by
    /// the offset and grown by the shadow's reach (`DisplayShadow.reach`, the layer's units
    /// taken as pixels).
    func shadowLocalExtent(of e: Rect) -> Rect {
        guard !e.isNull else { return .null }
        let pad = DisplayShadow.reach(sigma: shadowSigma)
        return e.union(e.offsetBy(dx: shadowOffset.width, dy: shadowOffset.height).insetBy(dx: -pad, dy: -pad))
    }

    /// The extent of the shadowPath's shadow (null without one).
    var shadowPathLocalExtent: Rect {
        guard castsShadow, let p = shadowPath, !p.isEmpty else { return .null }
        return shadowLocalExtent(of: p.controlPointBounds)
    }

    /// Everything the layer paints in its own coordinates: its subtree (spread by its
    /// filters' blur) and its shadow.
    func paintedLocalExtent(_ builder: DisplayListBuilder) -> Rect {
        var e = subtreeLocalExtent(builder)
        // A blur among the layer's filters spreads it (CALayer+FilterDisplay.swift).
        if !e.isNull, hasFilters { let r = filterLocalReach; e = e.insetBy(dx: -r, dy: -r) }
        guard castsShadow, shadowPath == nil, !masksToBounds else { return e }
        return shadowLocalExtent(of: e)
    }

    /// What a mask layer lets through, in the masked layer's coordinates.
    func maskLocalExtent(_ builder: DisplayListBuilder) -> Rect {
        guard !isHidden, opacity > 0 else { return .null }
        let e = paintedLocalExtent(builder)
        guard !e.isNull else { return .null }
        return DisplayListBuilder.map(e, transformToSuperlayer) ?? .infinite
    }

    /// The shadowPath's shadow item, below everything else the layer draws.
    func appendShadowPathItem(to sink: DisplayItemSink) {
        guard castsShadow, let p = shadowPath, !p.isEmpty else { return }
        sink.append(.shadow, .shadow(p, transform: sink.transform, shadow: displayShadow(sink.transform)),
                    local: shadowLocalExtent(of: p.controlPointBounds))
    }
}
