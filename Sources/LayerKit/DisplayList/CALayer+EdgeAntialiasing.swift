// Which edges of a layer are drawn aliased, as display-item fields. Core Animation draws a
// layer's bounds edges (the background, the border, the contents and the masksToBounds clip)
// without anti-aliasing unless the layer allows it: "When the value is true, the layer is
// allowed to antialias its edges, as requested by the value in the layer's
// edgeAntialiasingMask property. … If no value is found, the default value is false."
// (allowsEdgeAntialiasing), and UIViewEdgeAntialiasing: "whether Core Animation layers use
// antialiasing when drawing a layer that isn't aligned to pixel boundaries". A layer aligned
// to pixel boundaries covers whole pixels either way (the rasterizer leaves such edges to the
// plain fill). What a layer class draws inside (a shape layer's path, a text layer's glyphs)
// is not an edge of the layer and keeps its anti-aliasing, as do rounded corners: only the
// straight part of each side is aliased (Raster's AliasedFill.swift). A layer drawn in a
// projected plane (perspective, 3D) is drawn anti-aliased inside its plane, and its aliased
// sides are those of the plane's composite: the projected bounds, sampled at pixel centres
// (Raster's ProjectiveAliasedEdges.swift) — the jagged edges of a layer turned in 3D that
// allowsEdgeAntialiasing smooths on iOS: "I have a CALayer that I apply a perspective to using
// a CGTransform3D … When the perspective is applied, the layer has jagged edges." (Stack
// Overflow, "iPhone - Jagged Edges when applying perspective to CALayer"; the later answers
// name allowsEdgeAntialiasing and UIViewEdgeAntialiasing as the fix).

extension CALayer {
    /// The sides of the bounds drawn aliased. "This property specifies which edges of the
    /// layer are antialiased" (edgeAntialiasingMask), and only applies while
    /// allowsEdgeAntialiasing is true; the mask's bits are Raster's sides (left minX, right
    /// maxX, bottom minY, top maxY).
    var aliasedSides: RectSides {
        guard allowsEdgeAntialiasing else { return .all }
        return RectSides(rawValue: UInt8(truncatingIfNeeded: ~edgeAntialiasingMask.rawValue & 0xF))
    }

    /// The aliasing of a fill of the layer's shape (`b`, by default the bounds, its corners
    /// rounded as `cornerShape` rounds them) whose plane maps to device pixels by `device`;
    /// nil when every edge is anti-aliased or the layer lands in a projected plane.
    func shapeAliasing(device: ProjectiveTransform, _ b: Rect? = nil, radius: Double? = nil) -> EdgeAliasing? {
        let sides = aliasedSides
        guard !sides.isEmpty, device.isAffine else { return nil }
        let b = b ?? bounds
        let r = radius ?? cornerRadius
        var e = EdgeAliasing(rect: b, sides: sides)
        guard r > 0, !maskedCorners.isEmpty else { return e }
        let half = min(b.width, b.height) / 2
        // How far along the sides each rounded corner reaches (as cornerShape draws it).
        let reach = cornerCurve == .continuous
            ? Self.continuousCornerExtent * min(r, half / Self.continuousCornerExtent) : min(r, half)
        if maskedCorners.contains(.layerMinXMinYCorner) { e.minXMinYInset = reach }
        if maskedCorners.contains(.layerMaxXMinYCorner) { e.maxXMinYInset = reach }
        if maskedCorners.contains(.layerMinXMaxYCorner) { e.minXMaxYInset = reach }
        if maskedCorners.contains(.layerMaxXMaxYCorner) { e.maxXMaxYInset = reach }
        return e
    }

    /// The aliasing of a contents image of `width` × `height` pixels drawn through `sink`:
    /// the sides of its pixel rectangle (in the image's own orientation) that land on the
    /// layer's aliased sides, the image mirrored vertically when `flipped`.
    func imageAliasing(_ sink: DisplayItemSink, width: Int, height: Int, flipped: Bool) -> EdgeAliasing? {
        let sides = contentsAliasedSides(sink, flipped: flipped)
        guard !sides.isEmpty else { return nil }
        return EdgeAliasing(rect: Rect(0, 0, Double(width), Double(height)), sides: sides)
    }

    /// The layer's aliased sides named as the sides of its contents image: "layerBottomEdge:
    /// Bottom edge of the layer" names the layer's side whichever way the image is drawn, so
    /// under a flipped superlayer, where the image is mirrored to show upright
    /// (CALayer+FlippedContents.swift), the image's top row lies along the layer's bottom
    /// (minY) and its bottom row along the layer's top. Empty in a projected plane (its
    /// edges are the plane's, `planeAliasing`).
    func contentsAliasedSides(_ sink: DisplayItemSink, flipped: Bool) -> RectSides {
        let sides = aliasedSides
        guard !sides.isEmpty, sink.device.isAffine else { return [] }
        return flipped ? sides.mirroredVertically : sides
    }

    /// The aliasing of the composite of the layer's projected plane, `a` mapping the layer's
    /// plane onto the plane's pixels (a uniform scale and a translation): the bounds' aliased
    /// sides, rounded corners as `shapeAliasing` gives them, in the plane's pixels. (The
    /// builder drops it when the plane shows more than the bounds: sublayers or a shadow
    /// beyond them, DisplayListBuilder+PlaneOutline.swift.)
    func planeAliasing(_ a: AffineTransform) -> EdgeAliasing? {
        let b = bounds
        guard !aliasedSides.isEmpty, a.b == 0, a.c == 0, a.a > 0, a.a == a.d, !b.isEmpty, b.isFiniteRect,
              var e = shapeAliasing(device: ProjectiveTransform(a)) else { return nil }
        let k = a.a
        e.rect = b.applying(a)
        e.minXMinYInset *= k; e.maxXMinYInset *= k; e.minXMaxYInset *= k; e.maxXMaxYInset *= k
        return e
    }

    /// `clip` (the bounds on a surface the layer's plane maps onto by the axis-aligned `a`)
    /// with its aliased sides moved to the pixel boundaries a pixel-centre test gives: a
    /// pixel is inside when its centre is, a centre on a left or top side inside, on a right
    /// or bottom side outside (Raster's top-left rule).
    func aliasedClip(_ clip: ClipShape, _ a: AffineTransform, device: ProjectiveTransform) -> ClipShape {
        let sides = aliasedSides
        guard !sides.isEmpty, device.isAffine, a.b == 0, a.c == 0 else { return clip }
        var r: Rect, radius = 0.0
        switch clip {
        case .rect(let rr): r = rr
        case .roundedRect(let rr, let cr): r = rr; radius = cr
        }
        guard r.isFiniteRect, !r.isNull else { return clip }
        // The layer's minX side lands on the surface's left unless the map mirrors x.
        let left: RectSides = a.a >= 0 ? .minX : .maxX, right: RectSides = a.a >= 0 ? .maxX : .minX
        let top: RectSides = a.d >= 0 ? .minY : .maxY, bottom: RectSides = a.d >= 0 ? .maxY : .minY
        var x0 = r.minX, y0 = r.minY, x1 = r.maxX, y1 = r.maxY
        if sides.contains(left) { x0 = (x0 - 0.5).rounded(.up) }
        if sides.contains(right) { x1 = (x1 - 0.5).rounded(.up) }
        if sides.contains(top) { y0 = (y0 - 0.5).rounded(.up) }
        if sides.contains(bottom) { y1 = (y1 - 0.5).rounded(.up) }
        let snapped = Rect(x0, y0, max(0, x1 - x0), max(0, y1 - y0))
        return radius > 0 ? .roundedRect(snapped, cornerRadius: radius) : .rect(snapped)
    }
}

extension RectSides {
    /// The same sides seen in a vertical mirror: minY and maxY exchanged.
    var mirroredVertically: RectSides {
        var r = intersection([.minX, .maxX])
        if contains(.minY) { r.insert(.maxY) }
        if contains(.maxY) { r.insert(.minY) }
        return r
    }
}
