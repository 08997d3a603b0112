// Text drawing of a CGContext, through the text renderer every CATextLayer uses
// (`CATextLayer.renderer`): the string is rendered at its size in device pixels (the font
// size times the CTM's scale) in the fill colour and drawn upright through the CTM. As in
// Core Graphics, whose showTextAtPoint "Displays a character string at a position you
// specify", the point is the text position: the origin of the first glyph on the baseline,
// where a font's glyph origins lie. The line's ascent (the renderer's, in user space) rises
// above it, toward smaller y in the layer's y-down coordinates.

extension CGContext {
    /// The text size in user-space units (default 12).
    public func setFontSize(_ size: Double) { state.fontSize = size }

    /// Draws `string` in the fill colour with its first line's baseline starting at `point`
    /// (user space). Returns the width it took in user space (0 when nothing was drawn: no
    /// renderer, an empty string, a size beyond 4096 device pixels).
    @discardableResult
    public func showText(_ string: String, at point: Point) -> Double {
        let ctm = state.ctm
        let ds = ctm.maxScale
        let size = (state.fontSize * ds * 4).rounded() / 4
        guard !string.isEmpty, ds > 0, size > 0, size.isFinite, size <= 4096, point.isFinite,
              let renderer = CATextLayer.renderer,
              let image = renderer.render(string, fontSize: size, color: state.fillColor) else { return 0 }
        let ascent = renderer.ascent(font: nil, fontSize: size) / ds
        // Device pixels of the rendered image → user space (1/ds per pixel), its baseline on
        // the point → device.
        let m = AffineTransform.scale(1 / ds, 1 / ds).concatenating(.translation(point.x, point.y - ascent))
            .concatenating(ctm)
        let alpha = state.alpha
        paint { $0.draw(image, transform: m, opacity: alpha) }
        return Double(image.width) / ds
    }

    /// The ascent of the current font size in user space: how far the first line of
    /// `showText` rises above its baseline (CTFontGetAscent's role); 0 when text cannot be drawn.
    public func textAscent() -> Double {
        let ds = state.ctm.maxScale
        let size = (state.fontSize * ds * 4).rounded() / 4
        guard ds > 0, size > 0, size.isFinite, size <= 4096, let renderer = CATextLayer.renderer else { return 0 }
        return renderer.ascent(font: nil, fontSize: size) / ds
    }
}

extension CGContext {
    /// The size in user space `showText` would give `string` at the current font size (as
    /// UIKit's `NSString.size(withAttributes:)`); zero when it cannot be drawn.
    public func sizeOfText(_ string: String) -> Size {
        let ds = state.ctm.maxScale
        let size = (state.fontSize * ds * 4).rounded() / 4
        guard !string.isEmpty, ds > 0, size > 0, size.isFinite, size <= 4096, let renderer = CATextLayer.renderer,
              let image = renderer.render(string, fontSize: size, color: .black) else { return .zero }
        return Size(Double(image.width) / ds, Double(image.height) / ds)
    }
}
