// OWNER: raster-pix helper. Placeholder.
extension Canvas {
    /// Draws `image` (its pixel rectangle 0…w × 0…h) mapped by `transform` into device pixels,
    /// bilinear through the inverse mapping, with `opacity`, clipped like fills.
    public func draw(_ image: Bitmap, transform: AffineTransform, opacity: Double = 1) {
        fatalError("draw(image, affine): not yet implemented")
    }
    /// The same under a projective (perspective) 3×3 transform.
    public func draw(_ image: Bitmap, projective: ProjectiveTransform, opacity: Double = 1) {
        fatalError("draw(image, projective): not yet implemented")
    }
}
