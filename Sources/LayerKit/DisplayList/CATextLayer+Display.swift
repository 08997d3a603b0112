// What a text layer paints: its string rendered by the text renderer at the device size
// (cached by everything its pixels depend on) and drawn as an image, top-aligned in the
// bounds and placed horizontally by alignmentMode. A single line in the default font,
// neither wrapped nor truncated, is one rendered string; anything else is laid out line by
// line (`CATextLayer+Layout.swift`). A layer's image is found through the layer first
// (`textImages`, by the layer and the pixel size, the spec then compared), so that a frame
// does not hash every string again (a String's hash normalises its Unicode).

extension CATextLayer: LayerContentDisplay {
    func appendContentItems(to sink: DisplayItemSink) {
        let sink = sink.mirrored(about: bounds, if: contentsAreFlipped())
        let a = sink.transform
        guard let bmp = sink.builder.textBitmap(self, a) else { return }
        let b = bounds
        let ds = max(a.maxScale, 1e-6)
        let w = Double(bmp.width) / ds
        let x: Double
        switch alignmentMode {
        case .natural, .left: x = b.minX
        case .right: x = b.maxX - w
        case .center: x = b.midX - w / 2
        }
        let m = AffineTransform.scale(1 / ds, 1 / ds).concatenating(.translation(x, b.minY)).concatenating(a)
        sink.append(.text, .image(bmp, transform: m, opacity: sink.opacity),
                    local: Rect(x, b.minY, w, Double(bmp.height) / ds))
    }

    var contentPrimitiveCount: Int { string.isEmpty ? 0 : 1 }

    var hasClippableContent: Bool { true }

    func contentLocalExtent(_ builder: DisplayListBuilder) -> Rect {
        guard !string.isEmpty else { return .null }
        var tr = bounds
        if let b = builder.textBitmap(self, .identity) {
            tr = tr.union(Rect(bounds.minX - Double(b.width), bounds.minY, 2 * Double(b.width) + bounds.width, Double(b.height)))
        }
        return tr
    }
}

extension DisplayListBuilder {

    /// The text layer's string rendered at its device size under `a`, cached.
    func textBitmap(_ t: CATextLayer, _ a: AffineTransform) -> Bitmap? {
        guard !t.string.isEmpty, let fg = t.foregroundColor, fg.a > 0, let r = CATextLayer.renderer else { return nil }
        let size = (t.fontSize * a.maxScale * 4).rounded() / 4
        // SDL_ttf takes whole pixel sizes as Int32; beyond a few thousand pixels text is not useful.
        guard size > 0, size.isFinite, size <= 4096 else { return nil }
        let simple = t.font == nil && !t.isWrapped && t.truncationMode == .none
            && (t.alignmentMode == .natural || t.alignmentMode == .left || !t.string.contains("\n"))
        let k = a.maxScale
        let key = simple
            ? TextLayoutSpec(string: t.string, font: nil, size: size, color: fg, width: 0, height: 0, wrapped: false,
                             truncation: .none, alignment: .natural)
            : TextLayoutSpec(string: t.string, font: t.font, size: size, color: fg, width: t.bounds.width * k,
                             height: t.bounds.height * k, wrapped: t.isWrapped, truncation: t.truncationMode,
                             alignment: t.alignmentMode)
        let layerKey = TextImageKey(layer: ObjectIdentifier(t.model()), size: size)
        if let kept = textImages.value(for: layerKey), kept.spec == key { return kept.image }
        let image: Bitmap
        if let b = textCache.value(for: key) {
            image = b
        } else {
            guard let b = simple ? r.render(t.string, fontSize: size, color: fg) : TextLayout.render(key, r) else { return nil }
            image = b
            textCache.insert(b, for: key)
        }
        textImages.insert((spec: key, image: image), for: layerKey)
        return image
    }
}

/// Which layer's text at which pixel size (`DisplayListBuilder.textImages`).
struct TextImageKey: Hashable {
    var layer: ObjectIdentifier
    var size: Double
}
