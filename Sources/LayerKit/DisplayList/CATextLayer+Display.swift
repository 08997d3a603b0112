// What a text layer paints: its string rendered by the text renderer at the device size
// (cached by everything its pixels depend on) and drawn as an image, top-aligned in the
// bounds and placed horizontally by alignmentMode. A single line in the default font,
// neither wrapped nor truncated, is one rendered string; anything else is laid out line by
// line (`CATextLayer+Layout.swift`). A layer's image is found through its model layer first
// (`textDisplayEntry`, the spec then compared), so that a frame hashes neither the string (a
// String's hash normalises its Unicode) nor the layer.
//
// Text that lands at a fractional pixel offset with no scale or rotation on the surface (text
// laid out by advances, a Lottie letter) would be resampled bilinearly every frame. Instead
// the image is resampled once at that subpixel phase, by the same image drawing the raster
// would do (`Canvas.draw` at the fractional translation, onto a transparent bitmap one pixel
// larger), and each frame composites that with a whole-pixel translation: a source-over row
// blit, no sampling (`DisplayListBuilder.placedText`). The shifted image is made the first
// frame the text is drawn, and after a change of phase the second frame at the new one, so
// text that moves every frame is drawn as before without an extra bitmap per frame; it keeps only its inked box (a glyph's image is mostly
// the empty rest of its line box). Over a transparent pixel the shifted image is what the
// direct draw leaves; over other pixels they differ by the rounding of one premultiplied
// intermediate (at most a level or two per channel).

extension CATextLayer: LayerContentDisplay {
    func appendContentItems(to sink: DisplayItemSink) {
        let sink = sink.mirrored(about: bounds, if: contentsAreFlipped())
        let a = sink.transform
        guard let entry = sink.builder.textEntry(self, a) else { return }
        let bmp = entry.image
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
        let (image, placement) = sink.builder.placedText(entry, m)
        sink.append(.text, .image(image, transform: placement, opacity: sink.opacity),
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
    func textBitmap(_ t: CATextLayer, _ a: AffineTransform) -> Bitmap? { textEntry(t, a, keep: false)?.image }

    /// The text layer's entry for its string rendered at its device size under `a`: the one
    /// its model layer kept from the last build when that was rendered for the same spec,
    /// else a new one (its image from `textCache`, or rendered), which the layer keeps unless
    /// `keep` is false (a measure at another size must not displace what the frame draws).
    func textEntry(_ t: CATextLayer, _ a: AffineTransform, keep: Bool = true) -> TextDisplayEntry? {
        guard !t.string.isEmpty, let fg = t.foregroundColor, fg.a > 0, let r = CATextLayer.renderer else { return nil }
        let k = a.maxScale
        let size = (t.fontSize * k * 4).rounded() / 4
        // SDL_ttf takes whole pixel sizes as Int32; beyond a few thousand pixels text is not useful.
        guard size > 0, size.isFinite, size <= 4096 else { return nil }
        let simple = t.font == nil && !t.isWrapped && t.truncationMode == .none
            && (t.alignmentMode == .natural || t.alignmentMode == .left || !t.string.contains("\n"))
        let key = simple
            ? TextLayoutSpec(string: t.string, font: nil, size: size, color: fg, width: 0, height: 0, wrapped: false,
                             truncation: .none, alignment: .natural)
            : TextLayoutSpec(string: t.string, font: t.font, size: size, color: fg, width: t.bounds.width * k,
                             height: t.bounds.height * k, wrapped: t.isWrapped, truncation: t.truncationMode,
                             alignment: t.alignmentMode)
        let model = t.model() as? CATextLayer ?? t
        if let kept = model.textDisplayEntry, kept.spec == key { return kept }
        let image: Bitmap
        if let b = textCache.value(for: key) {
            image = b
        } else {
            guard let b = simple ? r.render(t.string, fontSize: size, color: fg) : TextLayout.render(key, r) else { return nil }
            image = b
            textCache.insert(b, for: key)
        }
        let entry = TextDisplayEntry(spec: key, image: image)
        if keep { model.textDisplayEntry = entry }
        return entry
    }

    /// `entry`'s image under `m` as the item draws it: when `m` is a translation (scale 1, no
    /// rotation) by a fractional offset, the image resampled at that subpixel phase (once,
    /// kept in the entry while the phase holds) under the whole-pixel rest of the offset,
    /// which the raster composites as a row blit; otherwise the image under `m` unchanged.
    func placedText(_ entry: TextDisplayEntry, _ m: AffineTransform) -> (Bitmap, AffineTransform) {
        let image = entry.image, tol = 1e-9
        guard abs(m.a - 1) < tol, abs(m.d - 1) < tol, abs(m.b) < tol, abs(m.c) < tol,
              abs(m.tx) < 1e9, abs(m.ty) < 1e9 else { return (image, m) }
        let ix = m.tx.rounded(.down), iy = m.ty.rounded(.down)
        let fx = m.tx - ix, fy = m.ty - iy
        if fx == 0, fy == 0 { return (image, .translation(ix, iy)) }
        // Past the largest text bitmap a glyph needs, keep to the direct draw (no second copy).
        guard image.width < 4096, image.height < 4096 else { return (image, m) }
        if entry.phaseX != fx || entry.phaseY != fy {
            // The first phase the entry sees is resampled at once (a still label's item is then
            // the same from its first frame on, so damage tracking sees no change); a phase
            // that differs from the last one (moving text) is drawn directly this frame, and
            // resampled if the next frame keeps it.
            let first = entry.phaseX.isNaN
            entry.phaseX = fx
            entry.phaseY = fy
            entry.shifted = nil
            if !first { return (image, m) }
        }
        if let s = entry.shifted { return (s, .translation(ix + Double(entry.inkX), iy + Double(entry.inkY))) }
        let s = Bitmap(width: image.width + 1, height: image.height + 1)
        Canvas(s).draw(image, transform: .translation(fx, fy))
        // Only the inked box is kept: a glyph's image is mostly the empty rest of its line
        // box, and an empty pixel composites to nothing.
        let ink = TextDisplayEntry.inkedBox(s) ?? (0, 0, s.width, s.height)
        let kept = ink.width == s.width && ink.height == s.height ? s : s.copy(x: ink.x, y: ink.y, width: ink.width, height: ink.height)
        entry.shifted = kept
        entry.inkX = ink.x
        entry.inkY = ink.y
        return (kept, .translation(ix + Double(ink.x), iy + Double(ink.y)))
    }
}

/// What a text layer drew at the last build, kept by its model layer
/// (`CATextLayer.textDisplayEntry`), so that a frame finds its image without hashing the
/// string or the layer: the spec the image was rendered for, and the image resampled at the
/// subpixel phase last seen once that phase has held for two builds.
final class TextDisplayEntry {
    let spec: TextLayoutSpec
    let image: Bitmap
    /// The subpixel phase of the last build (NaN before the first).
    var phaseX = Double.nan, phaseY = Double.nan
    /// `image` resampled at that phase, cropped to its inked box, which lies at
    /// (`inkX`, `inkY`) in the resampled image.
    var shifted: Bitmap?
    var inkX = 0, inkY = 0

    init(spec: TextLayoutSpec, image: Bitmap) { self.spec = spec; self.image = image }

    /// The smallest box holding every pixel of `b` that is not 0 (transparent black); nil
    /// when there is none.
    static func inkedBox(_ b: Bitmap) -> (x: Int, y: Int, width: Int, height: Int)? {
        var x0 = b.width, y0 = b.height, x1 = -1, y1 = -1
        for y in 0..<b.height {
            let row = b.pixels + y * b.width
            var first = -1, last = -1
            for x in 0..<b.width where row[x] != 0 {
                if first < 0 { first = x }
                last = x
            }
            guard first >= 0 else { continue }
            x0 = min(x0, first); x1 = max(x1, last)
            y0 = min(y0, y); y1 = y
        }
        guard x1 >= 0 else { return nil }
        return (x0, y0, x1 - x0 + 1, y1 - y0 + 1)
    }
}
