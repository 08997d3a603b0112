// What a text layer paints: its string rendered by the text renderer at the device size
// (cached by string, size and colour) and drawn as an image, top-aligned in the bounds and
// placed horizontally by alignmentMode.

extension CATextLayer: LayerContentDisplay {
    func appendContentItems(to sink: DisplayItemSink) {
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
    struct TextKey: Hashable { var string: String; var size: Double; var color: Color }

    /// The text layer's string rendered at its device size under `a`, cached.
    func textBitmap(_ t: CATextLayer, _ a: AffineTransform) -> Bitmap? {
        guard !t.string.isEmpty, let fg = t.foregroundColor, fg.a > 0, let r = CATextLayer.renderer else { return nil }
        let size = (t.fontSize * a.maxScale * 4).rounded() / 4
        // SDL_ttf takes whole pixel sizes as Int32; beyond a few thousand pixels text is not useful.
        guard size > 0, size.isFinite, size <= 4096 else { return nil }
        let key = TextKey(string: t.string, size: size, color: fg)
        if let b = textCache[key] { return b }
        guard let b = r.render(t.string, fontSize: size, color: fg) else { return nil }
        if textCache.count > 256 { textCache.removeAll() }
        textCache[key] = b
        return b
    }
}
