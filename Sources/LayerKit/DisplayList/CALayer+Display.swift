// What a layer paints, as display items, in Core Animation's order: the background (rounded
// by cornerRadius), the contents (placed by contentsGravity), what the layer's class draws
// (a shape's path, a text layer's string), then, after the sublayers, the border; the
// bounds edges of the background, contents and border are aliased unless the layer allows
// edge anti-aliasing (CALayer+EdgeAntialiasing.swift). A layer
// class that draws something of its own conforms to `LayerContentDisplay` in one file next
// to its declaration; nothing else in the renderer knows the class.

/// What a layer class draws between its contents and its sublayers.
protocol LayerContentDisplay: CALayer {
    /// Appends the class's items through `sink` (in the layer's coordinates).
    func appendContentItems(to sink: DisplayItemSink)
    /// How many separately composited primitives those items are: a layer at opacity below 1
    /// that draws more than one is drawn as a group.
    var contentPrimitiveCount: Int { get }
    /// Whether the class draws anything that masksToBounds can cut.
    var hasClippableContent: Bool { get }
    /// What the class may paint, in the layer's coordinates (null for nothing).
    func contentLocalExtent(_ builder: DisplayListBuilder) -> Rect
    /// Whether the class draws the layer's `contents` itself (a tiled layer, tile by tile),
    /// so the contents are not drawn as an image.
    var replacesContents: Bool { get }
}

extension LayerContentDisplay {
    var replacesContents: Bool { false }
}

/// The slot of each item a layer produces (one item per slot and layer): the `slot` of its
/// `DisplayItemKey`.
public enum DisplaySlot: Int, Sendable, CaseIterable {
    case background, contents, fill, stroke, text, border
    case clip, endClip, group, mask, endGroup, plane, endPlane, transition, invalidate
    case shadow, maskLayer, endMaskLayer, gradient, blend
    case filter, backdrop
    /// The image of a rasterized subtree (shouldRasterize).
    case rasterized
}

/// Where a layer's items go: the list being built, with the layer's map onto the surface
/// being drawn, its group opacity, and its map to device pixels (for each item's bounds).
struct DisplayItemSink {
    /// Unowned without reference counting: a sink lives only while its builder builds.
    unowned(unsafe) let builder: DisplayListBuilder
    let source: ObjectIdentifier
    /// The layer's plane to the surface's pixels.
    let transform: AffineTransform
    let opacity: Double
    /// The layer's plane to device pixels, and the clip of its masking superlayers there.
    let device: ProjectiveTransform
    let deviceClip: Rect?

    /// Appends `operation` in `slot`; it paints within `local` (layer coordinates). A slot
    /// that holds several items numbers them by `index` (the key's slot above its low byte).
    /// `aliasing` names the sides of the item's shape drawn aliased (CALayer+EdgeAntialiasing).
    /// The operation is consumed: moved into the item, not copied (a copy retains its path and
    /// dash pattern once more, and the caller's release follows).
    func append(_ slot: DisplaySlot, _ operation: consuming DisplayOperation, local: Rect, index: Int = 0,
                aliasing: EdgeAliasing? = nil) {
        builder.items.append(DisplayItem(key: DisplayItemKey(source: source, slot: (slot.rawValue | index << 8) &+ builder.instanceSalt),
                                         operation: operation,
                                         bounds: DisplayListBuilder.deviceBounds(local, device, deviceClip, pad: 1),
                                         aliasing: aliasing))
    }
}

extension DisplayListBuilder {
    /// `l` as the drawing of its class, when the class draws something of its own. Whether a
    /// class conforms is asked once per class: a cast to a protocol searches the runtime's
    /// conformance records (thousands of instructions, every layer of every frame otherwise);
    /// afterwards the layer is viewed through the remembered conforming type without a cast.
    func contentDisplay(of l: CALayer) -> (any LayerContentDisplay)? {
        let id = ObjectIdentifier(type(of: l))
        var kind: (any LayerContentDisplay.Type)?
        if let i = contentDisplayTypes.firstIndex(where: { $0.layerClass == id }) {
            kind = contentDisplayTypes[i].kind
        } else {
            kind = type(of: l) as? any LayerContentDisplay.Type
            contentDisplayTypes.append((id, kind))
        }
        guard let kind else { return nil }
        return viewed(l, as: kind)
    }

    /// `l`, known to be an instance of `T` (its dynamic type or a superclass of it).
    private func viewed<T: LayerContentDisplay>(_ l: CALayer, as _: T.Type) -> any LayerContentDisplay {
        unsafeDowncast(l, to: T.self)
    }
}

extension CALayer {

    /// The layer's own items below its sublayers: background, contents, the class's drawing.
    func appendOwnItems(to sink: DisplayItemSink, content: (any LayerContentDisplay)?) {
        let b = bounds
        appendShadowPathItem(to: sink)
        if let bg = backgroundColor, bg.a > 0, !b.isEmpty {
            let p = cornerRadius > 0 ? cornerShape() : Path.rect(b)
            sink.append(.background, .fill(p, transform: sink.transform, color: bg, rule: .nonZero, opacity: sink.opacity),
                        local: b, aliasing: shapeAliasing(device: sink.device))
        }
        if content?.replacesContents == true {
            // The class draws its contents itself (CATiledLayer+Display.swift).
        } else if let fade = contentsCrossfade, let a = fade.from?.bitmap, let b = contents?.bitmap,
           let one = Bitmap.crossDissolve(from: a, to: b, progress: fade.fraction) {
            // Two images of one size: one image, (1 − f)·old + f·new per premultiplied pixel,
            // exact for translucent images too.
            appendContentsImage(one, to: sink, opacity: 1, firstIndex: 0)
        } else if let fade = contentsCrossfade, let a = fade.from?.bitmap, let b = contents?.bitmap,
                  appendContentsDissolve(from: a, to: b, fraction: fade.fraction, to: sink) {
            // Two images of different sizes: each placed in the bounds, the placed results
            // interpolated per premultiplied pixel (CALayer+ContentsDissolve.swift).
        } else if let fade = contentsCrossfade {
            // One side is no contents: the old image at 1 − f, or the new one at f (exact); a
            // pair too large to snapshot: the old image, the new one over it at f.
            appendContentsImage(fade.from?.bitmap, to: sink, opacity: contents == nil ? 1 - fade.fraction : 1, firstIndex: 0)
            appendContentsImage(contents?.bitmap, to: sink, opacity: fade.fraction, firstIndex: 16)
        } else {
            appendContentsImage(contents?.bitmap, to: sink, opacity: 1, firstIndex: 0)
        }
        content?.appendContentItems(to: sink)
    }

    /// `img` as contents (placed by contentsGravity, contentsRect, contentsCenter and
    /// contentsScale) at `opacity` times the sink's, its items numbered from `firstIndex`.
    func appendContentsImage(_ img: Bitmap?, to sink: DisplayItemSink, opacity k: Double, firstIndex: Int) {
        guard let img, img.width > 0, img.height > 0, k > 0 else { return }
        let isFlipped = contentsAreFlipped()
        let flipped = sink.mirrored(about: contentsDestination(img), if: isFlipped)
        let sink = DisplayItemSink(builder: flipped.builder, source: flipped.source, transform: flipped.transform,
                                   opacity: flipped.opacity * k, device: flipped.device, deviceClip: flipped.deviceClip)
        if hasPlainContentsGeometry {
            let dst = contentsGravity.rect(for: Size(Double(img.width), Double(img.height)), in: bounds)
            let t = AffineTransform.scale(dst.width / Double(img.width), dst.height / Double(img.height))
                .concatenating(.translation(dst.minX, dst.minY)).concatenating(sink.transform)
            sink.append(.contents, contentsOperation(img, transform: t, opacity: sink.opacity, builder: sink.builder),
                        local: dst, index: firstIndex,
                        aliasing: imageAliasing(sink, width: img.width, height: img.height, flipped: isFlipped))
        } else {
            appendContentsPieces(img, to: sink, firstIndex: firstIndex, flipped: isFlipped)
        }
    }

    /// The border, inside the bounds, above everything else of the layer.
    func appendBorderItem(to sink: DisplayItemSink) {
        guard borderWidth > 0, let bc = borderColor, bc.a > 0, !bounds.isEmpty else { return }
        let b = bounds, w = min(borderWidth, b.width / 2, b.height / 2)
        var p = cornerShape(b, radius: cornerRadius)
        p.addPath(cornerShape(b.insetBy(dx: w, dy: w), radius: max(0, cornerRadius - w)))
        sink.append(.border, .fill(p, transform: sink.transform, color: bc, rule: .evenOdd, opacity: sink.opacity), local: b,
                    aliasing: shapeAliasing(device: sink.device))
    }

    /// How many separately composited things the layer itself draws (overlaps matter for opacity).
    func primitiveCount(content: (any LayerContentDisplay)?) -> Int {
        var n = 0
        if let c = backgroundColor, c.a > 0 { n += 1 }
        if contents != nil { n += 1 }
        if contentsCrossfade?.from != nil { n += 1 }
        if borderWidth > 0, let c = borderColor, c.a > 0 { n += 1 }
        if shadowPath != nil && castsShadow { n += 1 }
        return n + (content?.contentPrimitiveCount ?? 0)
    }

    /// Whether the layer draws anything that masksToBounds could cut (contents, path, text).
    func hasContentBeyondBackground(content: (any LayerContentDisplay)?) -> Bool {
        contents != nil || contentsCrossfade?.from != nil || (content?.hasClippableContent ?? false)
    }

    /// What the layer itself may paint, in its own coordinates (bounds, contents, the class's
    /// drawing), before any mask.
    func ownLocalExtent(_ builder: DisplayListBuilder) -> Rect {
        var r = Rect.null
        if backgroundColor != nil || borderWidth > 0 || !(backgroundFilters ?? []).isEmpty { r = bounds }
        for img in [contents?.bitmap, contentsCrossfade?.from?.bitmap] {
            guard let img else { continue }
            r = r.union(contentsDestination(img))
        }
        if let c = builder.contentDisplay(of: self) { r = r.union(c.contentLocalExtent(builder)) }
        return r.union(shadowPathLocalExtent)
    }

    /// The subtree's extent in the layer's own coordinates (visible sublayers through their
    /// maps, cut by masksToBounds).
    func subtreeLocalExtent(_ builder: DisplayListBuilder) -> Rect {
        var r = ownLocalExtent(builder)
        if masksToBounds {
            r = r.union(bounds).intersection(bounds)
        } else {
            for s in sublayers ?? [] where !s.isHidden && s.opacity > 0 {
                let e = s.paintedLocalExtent(builder)
                guard !e.isNull else { continue }
                r = r.union(DisplayListBuilder.map(e, s.transformToSuperlayer) ?? .null)
            }
        }
        if let m = mask { r = r.intersection(m.maskLocalExtent(builder)) }
        return r
    }
}
