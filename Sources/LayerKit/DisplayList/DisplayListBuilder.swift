// The first stage of a frame: the presentation tree becomes a flat display list, composed as
// Core Animation composes. Each layer's plane maps into its superlayer's (anchorPoint,
// position, transform, the superlayer's sublayerTransform about its bounds centre), the pixel
// scale multiplies last. Opacity applies to a layer and its sublayers as a group: an offscreen
// group whenever more than one thing would overlap, else the single primitive takes it.
// masksToBounds clips through a clip item when the layer is axis-aligned on the surface,
// otherwise through a group masked by the (rounded) bounds. A plane that is not affine on
// screen (perspective, 3D rotation) is drawn flat in a plane item and composited through a
// projective map. Every item carries the device pixels it can change, for damage tracking.

/// Turns a layer tree (normally a presentation tree) into a `DisplayList`.
public final class DisplayListBuilder {
    /// Device pixels per point (hi-DPI); applied at the last step.
    public var scale: Double
    /// Rendered text bitmaps by everything their pixels depend on, so unchanged text is rendered once.
    var textCache = GenerationalCache<TextLayoutSpec, Bitmap>(capacity: 256)
    /// Cropped parts of contents images (contentsRect, contentsCenter), by image and rectangle.
    var contentsParts = GenerationalCache<ContentsPartKey, (source: Bitmap, part: Bitmap)>(capacity: 512)
    /// Each contents crossfade's two placed images (CALayer+ContentsDissolve.swift), by item key.
    var contentsDissolves = GenerationalCache<DisplayItemKey, ContentsDissolvePair>(capacity: 64)
    /// The mipmaps of contents minified trilinearly, by image (CALayer+ContentsFiltering.swift).
    var contentsMipmaps = GenerationalCache<ObjectIdentifier, MipmapChain>(capacity: 32)
    // The two below skip the runtime's exclusivity check (a runtime call per access, several
    // per layer): only the builder's own methods touch them, one access at a time.
    /// The items of the list being built.
    @exclusivity(unchecked) var items: [DisplayItem] = []
    /// Per layer class: the type through which it draws content of its own, nil when it has
    /// none (see `contentDisplay(of:)`). A list searched by identity: a tree has a few layer
    /// classes, and comparing a few pointers costs less than hashing one per layer.
    @exclusivity(unchecked) var contentDisplayTypes: [(layerClass: ObjectIdentifier, kind: (any LayerContentDisplay.Type)?)] = []
    /// Mixed into every item's slot while a replicator's instance is appended, so each copy of
    /// a layer keeps keys of its own (0 outside replicators).
    @exclusivity(unchecked) var instanceSalt = 0
    /// Counts the lists built, so a layer can keep what it computed for one build (an
    /// emitter's particles) and recompute it for the next.
    @exclusivity(unchecked) var buildNumber = 0
    /// Rasterized subtrees (shouldRasterize) by the key of their image item, with the list
    /// each bitmap was drawn from (DisplayListBuilder+Rasterization.swift).
    var rasterizedSubtrees = GenerationalCache<DisplayItemKey, RasterizedSubtree>(capacity: 64)
    /// Draws rasterized subtrees into their bitmaps.
    let subtreeRasterizer = DisplayListRasterizer()
    /// The keys of the last list's rasterized-subtree images (for the debugging aids).
    public internal(set) var rasterizedItemKeys: Set<DisplayItemKey> = []
    /// Rasterized subtrees reused from their cached bitmap, and drawn again, over all builds.
    public internal(set) var rasterizationHits = 0, rasterizationMisses = 0
    /// Pixels of rasterization bitmaps the list being built uses (against its budget).
    @exclusivity(unchecked) var rasterizedPixels = 0
    /// The target's pixels in the list being built (what a tiled layer can show).
    @exclusivity(unchecked) var targetBounds = Rect.null
    /// Items of the last list left out as hidden under an opaque rectangle drawn after them.
    public internal(set) var occludedItems = 0

    public init(scale: Double = 1) { self.scale = scale }

    /// The display list of `root` for a `width` × `height` pixel target.
    public func build(_ root: CALayer, width: Int, height: Int) -> DisplayList {
        items.removeAll(keepingCapacity: true)
        root.displayPendingContentsOfTree()
        buildNumber &+= 1
        textCache.startGeneration()
        contentsParts.startGeneration()
        contentsDissolves.startGeneration()
        contentsMipmaps.startGeneration()
        rasterizedSubtrees.startGeneration()
        rasterizedItemKeys.removeAll(keepingCapacity: true)
        rasterizedPixels = 0
        targetBounds = Rect(0, 0, Double(width), Double(height))
        let device = ProjectiveTransform(AffineTransform.scale(scale, scale))
        appendLayer(root, parent: device, Surface(device: device, deviceClip: nil, clip: nil,
                                                  bounds: Rect(0, 0, Double(width), Double(height))))
        var list = DisplayList(width: width, height: height, items: items)
        // What an opaque rectangle hides is left out (DisplayList+Occlusion.swift).
        occludedItems = list.removeOccludedItems()
        return list
    }

    /// Where the items of a subtree land: the superlayer's plane in device pixels (for bounds),
    /// the masking superlayers' clip there, and the surface drawn on (device target, group or
    /// plane bitmap): the clip a full redraw has there and the surface's pixel bounds.
    struct Surface {
        var device: ProjectiveTransform
        var deviceClip: Rect?
        var clip: ClipShape?
        var bounds: Rect
        /// The opacity of superlayers that do not composite as a group (allowsGroupOpacity
        /// false), passed on to each sublayer.
        var inheritedOpacity = 1.0
    }

    /// Appends `l` and its subtree; `parent` maps the superlayer's plane onto the surface.
    /// `local` replaces the layer's own map into that plane (a replicated or 3D-composed
    /// layer) and `opacity` multiplies its opacity (a transform layer's, applied to each of
    /// its sublayers). `flatParent`, when given, names a layer known to place its sublayers flat
    /// (`placesSublayersFlat`, asked once for all of them); when it is `l`'s superlayer that
    /// is not asked again.
    func appendLayer(_ l: CALayer, parent: ProjectiveTransform, _ s: Surface,
                     local override: ProjectiveTransform? = nil, opacity k: Double = 1, flatParent: ObjectIdentifier? = nil) {
        guard !l.isHidden, l.opacity > 0 else { return }
        if l.isTransformLayer { appendTransformLayer(l, parent: parent, s, local: override, opacity: k); return }
        let local = override ?? l.transformToSuperlayer(superlayerIsFlat: Self.superlayerIsFlat(of: l, flatParent: flatParent))
        let m = local.concatenating(parent)
        // Non-finite geometry (overflowing or NaN values from a document or an animation) draws nothing.
        guard m.m11.isFinite, m.m12.isFinite, m.m13.isFinite, m.m21.isFinite, m.m22.isFinite, m.m23.isFinite,
              m.m31.isFinite, m.m32.isFinite, m.m33.isFinite, l.bounds.isFiniteRect, l.opacity.isFinite else { return }
        // The layer's plane in device pixels (for the items' bounds): `m` itself while the
        // surface is the device target.
        let device = parent == s.device ? m : local.concatenating(s.device)
        let model = l.model()
        let source = ObjectIdentifier(model)
        // A transition (or any animation that is not a property animation) draws the subtree
        // in ways its properties do not show: its whole extent changes every frame.
        // (Only an animated layer can have either: the common unanimated one skips both looks,
        // as does one whose animations the render tree knows to be property animations.)
        let animated = !model.animationStore.isEmpty && !model.animatesOnlyProperties
        if animated, model.hasVolatileAnimation {
            let sub = l.subtreeLocalExtent(self).union(l.bounds)
            append(source, .invalidate, .invalidate, bounds: Self.deviceBounds(sub, device, s.deviceClip, pad: 2))
        }
        if !l.isDoubleSided && l.isFacingAway(m) { return }
        if animated, appendTransitionIfActive(l, m, device: device, s) { return }
        let opacity = l.opacity * k * s.inheritedOpacity
        if l.shouldRasterize { appendRasterized(l, m, device: device, s, opacity: opacity); return }
        guard m.isAffine else { appendProjected(l, m, device: device, s, opacity: opacity); return }
        appendBody(l, m.affinePart, device: device, s, opacity: opacity)
    }

    /// Whether `l`'s superlayer places its sublayers flat (true without one): known when it is
    /// `flatParent`, compared by address so that neither layer is retained for it.
    @inline(__always)
    static func superlayerIsFlat(of l: CALayer, flatParent: ObjectIdentifier?) -> Bool {
        guard let sup = l.superlayerReference else { return true }
        if let f = flatParent, UInt(bitPattern: f) == UInt(bitPattern: sup.toOpaque()) { return true }
        return sup.takeUnretainedValue().placesSublayersFlat
    }

    /// Appends `l` (known visible) with its plane mapped onto the surface by `a`, its group
    /// opacity `opacity`.
    func appendBody(_ l: CALayer, _ a: AffineTransform, device: ProjectiveTransform, _ s: Surface, opacity: Double) {
        let subs = CALayer.drawnSublayersInDrawingOrder(of: l)
        let content = contentDisplay(of: l)
        // "When true, and the layer's opacity property is less than one, the layer is allowed
        // to composite itself as a group separate from its parent." (CALayer.h,
        // allowsGroupOpacity): when false, each part takes the opacity on its own, as does a
        // single item (CALayer+GroupOpacity.swift).
        let needsGroup = opacity < 1 && l.allowsGroupOpacity && l.drawsMoreThanOneItem(content: content, subs: subs, self)
        // A mask, or a shadow of the composited alpha, needs the layer's pixels as a group.
        let maskLayer = l.mask
        if let m = maskLayer, m.isHidden || m.opacity <= 0 { return }
        let shadow = l.castsShadow && l.shadowPath == nil
        // A compositing filter blends the layer's pixels, as one group, with what is behind.
        let blend = l.compositingFilter == nil || l is CATransformLayer ? nil : l.compositingFilter?.blendMode
        var clipShape: ClipShape? = nil
        var needsMask = false
        if l.masksToBounds && (!subs.isEmpty || l.hasContentBeyondBackground(content: content)) {
            if let c = Self.deviceClip(l, a) { clipShape = l.aliasedClip(c, a, device: device) } else { needsMask = true }
        }
        let source = ObjectIdentifier(l.model())
        // What lies behind the layer, filtered inside its shape, comes first (backgroundFilters).
        if l.backgroundFilters != nil {
            l.appendBackdropItem(self, a, source: source, device: device, deviceClip: s.deviceClip, opacity: opacity)
        }
        var inner = s
        inner.device = device
        if l.masksToBounds {
            let b = Self.map(l.bounds, device)?.insetBy(dx: -1, dy: -1) ?? .infinite
            inner.deviceClip = s.deviceClip.map { $0.intersection(b) } ?? b
        }
        if shadow && l.masksToBounds {
            inner.inheritedOpacity = 1
            appendBoundsClippedShadowGroup(l, a, source: source, content: content, s, inner, opacity: opacity, subs: subs,
                                           mask: needsMask, maskLayer: maskLayer, blend: blend)
            return
        }
        if needsGroup || needsMask || shadow || maskLayer != nil || blend != nil || l.hasFilters {
            inner.inheritedOpacity = 1
            appendGroup(l, a, source: source, content: content, s, inner, opacity: opacity, subs: subs, mask: needsMask,
                        shadow: shadow, maskLayer: maskLayer, blend: blend)
            return
        }
        inner.inheritedOpacity = opacity < 1 ? opacity : 1
        let sink = DisplayItemSink(builder: self, source: source, transform: a, opacity: opacity,
                                   device: device, deviceClip: s.deviceClip)
        var clipBounds = Rect.null
        if let c = clipShape {
            inner.clip = c.intersected(with: s.clip)
            clipBounds = Self.deviceBounds(l.bounds, device, s.deviceClip, pad: 1)
            append(source, .clip, .beginClip(c), bounds: clipBounds)
        }
        l.appendOwnItems(to: sink, content: content)
        let pa = ProjectiveTransform(a)
        appendSublayers(of: l, subs, content: content, parent: pa, inner)
        if clipShape != nil { append(source, .endClip, .endClip, bounds: clipBounds) }
        l.appendBorderItem(to: sink)
    }

    /// Appends `l` as an offscreen group in the surface's pixels over its subtree's extent,
    /// masked by its (rounded) bounds when `mask`, composited once with `opacity` (in
    /// `blend`, when given).
    func appendGroup(_ l: CALayer, _ a: AffineTransform, source: ObjectIdentifier, content: (any LayerContentDisplay)?,
                     _ s: Surface, _ inner: Surface, opacity: Double, subs: [CALayer], mask: Bool,
                     shadow: Bool = false, maskLayer: CALayer? = nil, blend: BlendMode? = nil) {
        // What the mask lets through, first: a mask that covers nothing of the surface hides
        // the whole subtree, whose extent is then not worked out (no shadow or filter here
        // reaches beyond the group's pixels).
        if let m = maskLayer, !shadow, !l.hasFilters {
            let e = m.maskLocalExtent(self)
            if e.isNull { return }
            if e.isFiniteRect {
                var d = e.applying(a).intersection(s.bounds)
                if !d.isNull, let c = s.clip { d = d.intersection(c.boundingRect) }
                if d.isNull || d.isEmpty { return }
            }
        }
        var local = l.masksToBounds ? l.bounds : l.subtreeLocalExtent(self)
        if l.masksToBounds, let m = maskLayer { local = local.intersection(m.maskLocalExtent(self)) }
        // Filters (CALayer+FilterDisplay.swift): a blur spreads the group by its reach, and
        // reads what lies up to its reach beyond the surface.
        let filterChain = l.hasFilters ? l.displayFilters(a) : []
        let filterReach = l.masksToBounds ? 0 : Double(filterChain.reach) + 1
        if filterReach > 1, !local.isNull { let r = l.filterLocalReach; local = local.insetBy(dx: -r, dy: -r) }
        var ext = local.applyingOrNull(a)
        if filterReach > 1, !ext.isNull { ext = ext.insetBy(dx: -filterReach, dy: -filterReach) }
        // Border and background live inside the bounds; the unmasked extent already holds them.
        // What casts a shadow may lie beyond the surface and still shade it.
        let reach = (shadow ? min(l.displayShadow(a).extent, 256) : 0) + (filterReach > 1 ? filterReach : 0)
        ext = ext.intersection(s.bounds.insetBy(dx: -reach, dy: -reach))
        if let c = s.clip { ext = ext.intersection(c.boundingRect.insetBy(dx: -reach, dy: -reach)) }
        // An unbounded compositing filter (destination-in, minimum) clears what lies behind
        // wherever the layer draws nothing, so a layer that draws nothing at all still
        // composites: a one-pixel group of nothing, over the whole surface's damage.
        let clears = blend?.isUnbounded == true && (ext.isNull || ext.isEmpty)
        if clears { ext = Rect(s.bounds.minX, s.bounds.minY, 1, 1) }
        guard !ext.isNull, !ext.isEmpty, ext.isFiniteRect else { return }
        let x0 = Int(saturating: ext.minX.rounded(.down)), y0 = Int(saturating: ext.minY.rounded(.down))
        let x1 = Int(saturating: ext.maxX.rounded(.up)), y1 = Int(saturating: ext.maxY.rounded(.up))
        guard x1 > x0, y1 > y0 else { return }
        var bounds = clears ? s.deviceClip ?? .infinite : Self.deviceBounds(local, inner.device, s.deviceClip, pad: 1)
        let groupStart = items.count
        if shadow {
            bounds = bounds.union(Self.deviceBounds(l.shadowLocalExtent(of: local), inner.device, s.deviceClip, pad: 2))
            append(source, .group, .beginShadowedGroup(x: x0, y: y0, width: x1 - x0, height: y1 - y0, opacity: opacity,
                                                       shadow: l.displayShadow(a)), bounds: bounds)
        } else {
            append(source, .group, .beginGroup(x: x0, y: y0, width: x1 - x0, height: y1 - y0, opacity: opacity), bounds: bounds)
        }
        let a2 = a.concatenating(.translation(Double(-x0), Double(-y0)))
        var g = inner
        g.clip = nil
        g.bounds = Rect(0, 0, Double(x1 - x0), Double(y1 - y0))
        let sink = DisplayItemSink(builder: self, source: source, transform: a2, opacity: 1,
                                   device: inner.device, deviceClip: s.deviceClip)
        var clipped = false
        if l.masksToBounds && !mask, let c = Self.deviceClip(l, a2).map({ l.aliasedClip($0, a2, device: inner.device) }) {
            g.clip = c
            clipped = true
            append(source, .clip, .beginClip(c), bounds: bounds)
        }
        l.appendOwnItems(to: sink, content: content)
        let pa = ProjectiveTransform(a2)
        appendSublayers(of: l, subs, content: content, parent: pa, g)
        if clipped { append(source, .endClip, .endClip, bounds: bounds) }
        if !filterChain.isEmpty {
            // The border is content the filters see; the cut to the bounds comes after them.
            l.appendBorderItem(to: sink)
            // On the group's bitmap (a2): a gradient ramp's points move with its origin.
            append(source, .filter, .filterGroup(filterChain.map { $0.translated(dx: Double(-x0), dy: Double(-y0)) }), bounds: bounds)
            if mask || clipped {
                append(source, .mask, .maskGroup(l.boundsClipPath, transform: a2), bounds: bounds,
                       aliasing: l.shapeAliasing(device: inner.device))
            }
            spreadFilterDamage(from: groupStart + 1, pad: filterReach, clip: s.deviceClip)
        } else if mask {
            let p = l.boundsClipPath
            append(source, .mask, .maskGroup(p, transform: a2), bounds: bounds,
                   aliasing: l.shapeAliasing(device: inner.device))
        }
        if filterChain.isEmpty { l.appendBorderItem(to: sink) }
        if let m = maskLayer {
            append(source, .maskLayer, .beginMask, bounds: bounds)
            var ms = g
            ms.clip = nil
            // The mask changes no pixel beyond the group's: its items' bounds (damage, the
            // group's box) are cut to the group's, however far the mask reaches (an inverted
            // matte's plane covers the whole canvas).
            if !bounds.isNull { ms.deviceClip = bounds }
            appendLayer(m, parent: pa, ms)
            append(source, .endMaskLayer, .endMask, bounds: bounds)
        }
        if shadow { spreadShadowDamage(from: groupStart, l, local: local, device: inner.device, clip: s.deviceClip) }
        if let blend { append(source, .blend, .blendGroup(blend), bounds: bounds) }
        append(source, .endGroup, .endGroup, bounds: bounds)
    }

    /// Appends `l`, whose plane is not affine on the surface under `m`, drawn flat in a plane
    /// of its own at about the device resolution and composited through the projective map.
    func appendProjected(_ l: CALayer, _ m: ProjectiveTransform, device: ProjectiveTransform, _ s: Surface,
                         opacity: Double) {
        var r = l.masksToBounds ? l.bounds : l.paintedLocalExtent(self)
        guard !r.isNull, !r.isEmpty, r.isFiniteRect else { return }
        // Keep the flat image within reason: about the device resolution where it lands.
        var dev = Rect.null
        for p in [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.minX, r.maxY), Point(r.maxX, r.maxY)] {
            if let q = m.apply(p) { dev = dev.union(Rect(q.x, q.y, 0, 0)) }
        }
        var k = scale
        if !dev.isNull {
            k = max(dev.width / max(r.width, 1e-9), dev.height / max(r.height, 1e-9))
            k = min(max(k, 0.25 * scale), 4 * scale)
        }
        let maxSide = 4096.0
        k = min(k, maxSide / max(r.width, 1), maxSide / max(r.height, 1))
        let bounds = Self.deviceBounds(r, device, s.deviceClip, pad: 1)
        r = Rect(r.minX.rounded(.down), r.minY.rounded(.down), r.width.rounded(.up) + 1, r.height.rounded(.up) + 1)
        let w = Int(saturating: (r.width * k).rounded(.up)) + 2, h = Int(saturating: (r.height * k).rounded(.up)) + 2
        guard w > 0, h > 0 else { return }
        let aOff = AffineTransform.translation(-r.minX, -r.minY).concatenating(.scale(k, k)).concatenating(.translation(1, 1))
        guard let inv = aOff.inverted else { return }
        let source = ObjectIdentifier(l.model())
        let planeStart = items.count
        append(source, .plane, .beginPlane(width: w, height: h, transform: ProjectiveTransform(inv).concatenating(m),
                                           opacity: opacity), bounds: bounds)
        var plane = s
        plane.clip = nil
        plane.inheritedOpacity = 1
        plane.bounds = Rect(0, 0, Double(w), Double(h))
        appendBody(l, aOff, device: device, plane, opacity: 1)
        append(source, .endPlane, .endPlane, bounds: bounds)
        outlinePlane(at: planeStart, l.planeAliasing(aOff), clipped: l.masksToBounds)
    }

    /// Appends `operation` (moved into the item, as `DisplayItemSink.append`) in `slot` of `source`.
    func append(_ source: ObjectIdentifier, _ slot: DisplaySlot, _ operation: consuming DisplayOperation, bounds: Rect,
                aliasing: EdgeAliasing? = nil) {
        items.append(DisplayItem(key: DisplayItemKey(source: source, slot: slot.rawValue &+ instanceSalt),
                                 operation: operation, bounds: bounds, aliasing: aliasing))
    }

    // MARK: Geometry

    /// The bounds as a clip on the surface when the map is axis-aligned (with a uniform scale
    /// for a rounded clip) and the layer's shape is one a clip can express (square corners, or
    /// all four rounded along circles); nil when a coverage mask of `boundsClipPath` is needed.
    static func deviceClip(_ l: CALayer, _ a: AffineTransform) -> ClipShape? {
        guard a.b == 0, a.c == 0 else { return nil }
        let r = l.bounds.applying(a)
        if l.cornerRadius <= 0 || l.maskedCorners.isEmpty { return .rect(r) }
        guard l.hasPlainCorners, abs(abs(a.a) - abs(a.d)) < 1e-9 else { return nil }
        return .roundedRect(r, cornerRadius: l.cornerRadius * abs(a.a))
    }

    /// `local` in device pixels: the bounding box of its corners under `device` (everything
    /// when a corner lands behind the eye), grown by `pad` pixels, cut by `clip`.
    static func deviceBounds(_ local: Rect, _ device: ProjectiveTransform, _ clip: Rect?, pad: Double) -> Rect {
        guard !local.isNull else { return .null }
        var r = (map(local, device) ?? .infinite).insetBy(dx: -pad, dy: -pad)
        if let c = clip { r = r.intersection(c) }
        return r
    }

    /// The bounding box of `r`'s corners under `m`; nil when a corner lands behind the eye.
    static func map(_ r: Rect, _ m: ProjectiveTransform) -> Rect? {
        guard let p0 = m.apply(Point(r.minX, r.minY)), let p1 = m.apply(Point(r.maxX, r.minY)),
              let p2 = m.apply(Point(r.minX, r.maxY)), let p3 = m.apply(Point(r.maxX, r.maxY)) else { return nil }
        let x0 = min(p0.x, p1.x, p2.x, p3.x), y0 = min(p0.y, p1.y, p2.y, p3.y)
        let x1 = max(p0.x, p1.x, p2.x, p3.x), y1 = max(p0.y, p1.y, p2.y, p3.y)
        return Rect(x0, y0, x1 - x0, y1 - y0)
    }
}

extension Rect {
    /// The rectangle mapped by `a`, or null when it is null.
    func applyingOrNull(_ a: AffineTransform) -> Rect { isNull ? .null : applying(a) }
}

extension CALayer {
    /// Whether the layer (its model) has an animation that is neither a property animation nor
    /// a group, a transition: what it draws then changes with time in ways its properties do
    /// not show.
    var hasVolatileAnimation: Bool {
        model().animationStore.contains { !($0.animation is CAPropertyAnimation) && !($0.animation is CAAnimationGroup) }
    }
}
