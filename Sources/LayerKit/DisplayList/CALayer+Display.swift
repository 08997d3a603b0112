// What a layer paints, as display items, in Core Animation's order: the background (rounded
// by cornerRadius), the contents (placed by contentsGravity), what the layer's class draws
// (a shape's path, a text layer's string), then, after the sublayers, the border. A layer
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
}

/// The slot of each item a layer produces (one item per slot and layer): the `slot` of its
/// `DisplayItemKey`.
public enum DisplaySlot: Int, Sendable, CaseIterable {
    case background, contents, fill, stroke, text, border
    case clip, endClip, group, mask, endGroup, plane, endPlane, transition, invalidate
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

    /// Appends `operation` in `slot`; it paints within `local` (layer coordinates).
    func append(_ slot: DisplaySlot, _ operation: DisplayOperation, local: Rect) {
        builder.items.append(DisplayItem(key: DisplayItemKey(source: source, slot: slot.rawValue),
                                         operation: operation,
                                         bounds: DisplayListBuilder.deviceBounds(local, device, deviceClip, pad: 1)))
    }
}

extension DisplayListBuilder {
    /// `l` as the drawing of its class, when the class draws something of its own. Whether a
    /// class conforms is asked once per class: a cast to a protocol searches the runtime's
    /// conformance records (thousands of instructions, every layer of every frame otherwise);
    /// afterwards the layer is viewed through the remembered conforming type without a cast.
    func contentDisplay(of l: CALayer) -> (any LayerContentDisplay)? {
        let id = ObjectIdentifier(type(of: l))
        let kind: (any LayerContentDisplay.Type)?
        if let known = contentDisplayTypes[id] {
            kind = known
        } else {
            kind = type(of: l) as? any LayerContentDisplay.Type
            contentDisplayTypes[id] = kind
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
        if let bg = backgroundColor, bg.a > 0, !b.isEmpty {
            let p = cornerRadius > 0 ? Path.roundedRect(b, cornerRadius: cornerRadius) : Path.rect(b)
            sink.append(.background, .fill(p, transform: sink.transform, color: bg, rule: .nonZero, opacity: sink.opacity),
                        local: b)
        }
        if let img = contents?.bitmap, img.width > 0, img.height > 0 {
            let dst = contentsGravity.rect(for: Size(Double(img.width), Double(img.height)), in: b)
            let t = AffineTransform.scale(dst.width / Double(img.width), dst.height / Double(img.height))
                .concatenating(.translation(dst.minX, dst.minY)).concatenating(sink.transform)
            sink.append(.contents, .image(img, transform: t, opacity: sink.opacity), local: dst)
        }
        content?.appendContentItems(to: sink)
    }

    /// The border, inside the bounds, above everything else of the layer.
    func appendBorderItem(to sink: DisplayItemSink) {
        guard borderWidth > 0, let bc = borderColor, bc.a > 0, !bounds.isEmpty else { return }
        let b = bounds, w = min(borderWidth, b.width / 2, b.height / 2)
        var p = Path.roundedRect(b, cornerRadius: cornerRadius)
        p.addPath(.roundedRect(b.insetBy(dx: w, dy: w), cornerRadius: max(0, cornerRadius - w)))
        sink.append(.border, .fill(p, transform: sink.transform, color: bc, rule: .evenOdd, opacity: sink.opacity), local: b)
    }

    /// How many separately composited things the layer itself draws (overlaps matter for opacity).
    func primitiveCount(content: (any LayerContentDisplay)?) -> Int {
        var n = 0
        if let c = backgroundColor, c.a > 0 { n += 1 }
        if contents != nil { n += 1 }
        if borderWidth > 0, let c = borderColor, c.a > 0 { n += 1 }
        return n + (content?.contentPrimitiveCount ?? 0)
    }

    /// Whether the layer draws anything that masksToBounds could cut (contents, path, text).
    func hasContentBeyondBackground(content: (any LayerContentDisplay)?) -> Bool {
        contents != nil || (content?.hasClippableContent ?? false)
    }

    /// What the layer itself may paint, in its own coordinates (bounds, contents, the class's
    /// drawing), before any mask.
    func ownLocalExtent(_ builder: DisplayListBuilder) -> Rect {
        var r = Rect.null
        if backgroundColor != nil || borderWidth > 0 { r = bounds }
        if let img = contents?.bitmap {
            r = r.union(contentsGravity.rect(for: Size(Double(img.width), Double(img.height)), in: bounds))
        }
        if let c = builder.contentDisplay(of: self) { r = r.union(c.contentLocalExtent(builder)) }
        return r
    }

    /// The subtree's extent in the layer's own coordinates (visible sublayers through their
    /// maps, cut by masksToBounds).
    func subtreeLocalExtent(_ builder: DisplayListBuilder) -> Rect {
        var r = ownLocalExtent(builder)
        if masksToBounds { return r.union(bounds).intersection(bounds) }
        for s in sublayers ?? [] where !s.isHidden && s.opacity > 0 {
            let e = s.subtreeLocalExtent(builder)
            guard !e.isNull else { continue }
            r = r.union(DisplayListBuilder.map(e, s.transformToSuperlayer) ?? .null)
        }
        return r
    }
}
