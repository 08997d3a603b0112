// Image drawing of a CGContext. Core Graphics places an image in user space with its first
// row at the rectangle's maximum y: Quartz's user space has y up, so the image stands
// upright there. A layer's context on iOS is flipped (y down), so `draw(_:in:)` there draws
// the image upside down unless the CTM is flipped around the call, which is what UIKit's
// `UIImage.draw(in:)` does; the same holds here, for the same code to give the same picture.

extension CGContext {
    /// Draws `image` scaled into `rect` (user space), first row at `rect`'s maximum y,
    /// bilinear, with the context's alpha, through the clip.
    public func draw(_ image: Bitmap, in rect: Rect) {
        guard image.width > 0, image.height > 0, !rect.isNull, rect.isFiniteRect, rect.width > 0, rect.height > 0 else { return }
        // Image pixels → user space (rows towards −y from maxY) → device.
        let toUser = AffineTransform(a: rect.width / Double(image.width), b: 0, c: 0,
                                     d: -rect.height / Double(image.height), tx: rect.minX, ty: rect.maxY)
        let m = toUser.concatenating(state.ctm)
        let alpha = state.alpha
        paint { $0.draw(image, transform: m, opacity: alpha) }
    }

    /// Draws layer contents (`ImageRef`) as `draw(_:in:)` draws a bitmap.
    public func draw(_ image: ImageRef, in rect: Rect) { draw(image.bitmap, in: rect) }
}
