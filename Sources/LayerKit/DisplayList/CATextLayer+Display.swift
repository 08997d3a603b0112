// What a text layer paints: its string rendered by the text renderer at the device size
// (cached by everything its pixels depend on) and drawn as an image, top-aligned in the
// bounds and placed horizontally by alignmentMode. A single line in the default font,
// neither wrapped nor truncated, is one rendered string; anything else is laid out line by
// line (`CATextLayer+Layout.swift`).
//
// The image kept is the rendered bitmap cut to its painted pixels with two transparent
// pixels around them (`TextImage`), placed where they were in the whole bitmap: a wrapped
// text box renders the box's size and is mostly transparent, and every pixel of the image
// is sampled each frame it is drawn; the pixels cut away are transparent, as are the ones a
// sample reads beside the kept ones. The lookup of a layer's image goes through the layer
// first (`textImages`, by the layer and the pixel size, the spec then compared), so that a
// frame does not hash every string again (a String's hash normalises its Unicode).

extension CATextLayer: LayerContentDisplay {
    func appendContentItems(to sink: DisplayItemSink) {
        let sink = sink.mirrored(about: bounds, if: contentsAreFlipped())
        let a = sink.transform
        guard let text = sink.builder.textBitmap(self, a), let bmp = text.painted else { return }
        let b = bounds
        let ds = max(a.maxScale, 1e-6)
        let w = Double(text.width) / ds
        let x: Double
        switch alignmentMode {
        case .natural, .left: x = b.minX
        case .right: x = b.maxX - w
        case .center: x = b.midX - w / 2
        }
        // The painted part's pixel (0, 0) is (text.x, text.y) of the whole rendered bitmap.
        let m = AffineTransform.translation(Double(text.x), Double(text.y)).concatenating(.scale(1 / ds, 1 / ds))
            .concatenating(.translation(x, b.minY)).concatenating(a)
        sink.append(.text, .image(bmp, transform: m, opacity: sink.opacity),
                    local: Rect(x + Double(text.x) / ds, b.minY + Double(text.y) / ds,
                                Double(bmp.width) / ds, Double(bmp.height) / ds))
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
    func textBitmap(_ t: CATextLayer, _ a: AffineTransform) -> TextImage? {
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
        let image: TextImage
        if let b = textCache.value(for: key) {
            image = b
        } else {
            guard let b = simple ? r.render(t.string, fontSize: size, color: fg) : TextLayout.render(key, r) else { return nil }
            image = TextImage(b)
            textCache.insert(image, for: key)
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

/// A rendered text bitmap, kept as its painted pixels: `painted` holds the pixels of the
/// whole `width` × `height` rendering from (`x`, `y`), cut to the painted ones and two
/// transparent pixels around them (nil when nothing is painted).
struct TextImage {
    let painted: Bitmap?
    let x: Int, y: Int
    let width: Int, height: Int

    /// Margin of transparent pixels kept around the painted ones: a bilinear sample reads the
    /// texel beside its own, and an image's edge is covered in part.
    static let margin = 2

    init(_ b: Bitmap) {
        width = b.width; height = b.height
        var x0 = b.width, y0 = b.height, x1 = 0, y1 = 0
        for row in 0..<b.height {
            let p = b.pixels + row * b.width
            var lo = -1, hi = -1
            for i in 0..<b.width where p[i] >> 24 != 0 { lo = i; break }
            guard lo >= 0 else { continue }
            for i in stride(from: b.width - 1, through: lo, by: -1) where p[i] >> 24 != 0 { hi = i; break }
            x0 = min(x0, lo); x1 = max(x1, hi + 1); y0 = min(y0, row); y1 = row + 1
        }
        guard x1 > x0, y1 > y0 else { painted = nil; x = 0; y = 0; return }
        let m = Self.margin
        x0 = max(0, x0 - m); y0 = max(0, y0 - m); x1 = min(b.width, x1 + m); y1 = min(b.height, y1 + m)
        x = x0; y = y0
        painted = (x0 == 0 && y0 == 0 && x1 == b.width && y1 == b.height) ? b
            : b.copy(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
