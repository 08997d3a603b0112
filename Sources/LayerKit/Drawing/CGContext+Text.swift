// Text drawing of a CGContext, through the text renderer every CATextLayer uses
// (`CATextLayer.renderer`): the string is rendered at its size in device pixels (the font
// size times the CTM's scale) in the fill colour and drawn upright through the CTM. The
// renderer reports no baseline, so the point given is the top left of the text's line box,
// as for UIKit's `NSString.draw(at:withAttributes:)`.

extension CGContext {
    /// The text size in user-space units (default 12).
    public func setFontSize(_ size: Double) { state.fontSize = size }

    /// Draws `string` in the fill colour with its line box's top left at `point` (user space).
    /// Returns the width it took in user space (0 when nothing was drawn: no renderer, an
    /// empty string, a size beyond 4096 device pixels).
    @discardableResult
    public func showText(_ string: String, at point: Point) -> Double {
        let ctm = state.ctm
        let ds = ctm.maxScale
        let size = (state.fontSize * ds * 4).rounded() / 4
        guard !string.isEmpty, ds > 0, size > 0, size.isFinite, size <= 4096, point.isFinite,
              let renderer = CATextLayer.renderer,
              let image = renderer.render(string, fontSize: size, color: state.fillColor) else { return 0 }
        // Device pixels of the rendered image → user space (1/ds per pixel) → device.
        let m = AffineTransform.scale(1 / ds, 1 / ds).concatenating(.translation(point.x, point.y)).concatenating(ctm)
        let alpha = state.alpha
        paint { $0.draw(image, transform: m, opacity: alpha) }
        return Double(image.width) / ds
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
