// A layer's filters as display items.
//
// `filters`: "The filters you add to this property affect the content of the layer,
// including its border, filled background and sublayers" (CALayer, filters). The layer is
// drawn as an offscreen group (DisplayListBuilder.appendGroup) grown by the blur's reach, and
// a `filterGroup` item filters the group's pixels in place after everything the layer and
// its sublayers draw and before its mask and masksToBounds cut them (a masksToBounds layer's
// content is clipped to its shape, filtered, and the result cut to its shape again, so a blur
// never leaves the bounds). Every item inside the group claims the pixels its blur can reach,
// for damage, as a shadow-casting group's items do.
//
// `backgroundFilters`: "Background filters affect the content behind the layer that shows
// through into the layer itself … These filters do not affect the content of the layer
// itself, including the layer's background color and border" (CALayer, backgroundFilters).
// A `backdrop` item comes first, before the layer's own group if it has one, on the surface
// the layer lands on: it filters what is drawn there so far, inside the layer's shape
// (bounds, cornerRadius, maskedCorners, cornerCurve), mixed in by the layer's opacity
// (DisplayBackdrop.swift). Inside an ancestor's offscreen group (group opacity, a mask) that
// surface is the group's bitmap, so it sees only what the group drew.

import Raster

extension CALayer {
    /// Whether the layer has filters that change its pixels.
    /// (Not `!(filters ?? []).isEmpty`, which retains and releases the array for every layer
    /// of every display list.)
    var hasFilters: Bool {
        guard let f = filters else { return false }
        return !f.isEmpty
    }

    /// The mean scale of a map (pixels per point), as a shadow's blur takes it.
    static func meanScale(_ a: AffineTransform) -> Double {
        let k = abs(a.determinant).squareRoot()
        return k.isFinite ? k : 0
    }

    /// The layer's filters as a pixel chain on a surface its plane maps onto by `a`.
    func displayFilters(_ a: AffineTransform) -> [PixelFilter] {
        (filters ?? []).pixelFilters(scale: Self.meanScale(a), map: a)
    }

    /// How far (points) the layer's filters spread what it draws beyond its subtree.
    var filterLocalReach: Double { masksToBounds ? 0 : (filters ?? []).localReach }

    /// The backdrop item of `backgroundFilters`, first of the layer's items, on a surface its
    /// plane maps onto by `a`.
    func appendBackdropItem(_ builder: DisplayListBuilder, _ a: AffineTransform, source: ObjectIdentifier,
                            device: ProjectiveTransform, deviceClip: Rect?, opacity: Double) {
        guard let list = backgroundFilters, !list.isEmpty, !bounds.isEmpty else { return }
        let chain = list.pixelFilters(scale: Self.meanScale(a))
        guard !chain.isEmpty else { return }
        let bounds = DisplayListBuilder.deviceBounds(self.bounds, device, deviceClip, pad: 1)
        builder.append(source, .backdrop, .backdrop(DisplayBackdrop(path: cornerShape(), transform: a, filters: chain,
                                                                    opacity: opacity)),
                       bounds: bounds, aliasing: shapeAliasing(device: device))
    }
}

extension DisplayListBuilder {
    /// Grows the bounds of the items from `start` on (the inside of a filtered group) by
    /// `pad` device pixels, cut by `clip`: a change anywhere inside changes the blur around it.
    func spreadFilterDamage(from start: Int, pad: Double, clip: Rect?) {
        guard pad > 0 else { return }
        for i in start..<items.count {
            let b = items[i].bounds
            guard !b.isNull else { continue }
            var r = b.isFiniteRect ? b.insetBy(dx: -pad, dy: -pad) : b
            if let clip { r = r.intersection(clip) }
            items[i].bounds = r
        }
    }
}
