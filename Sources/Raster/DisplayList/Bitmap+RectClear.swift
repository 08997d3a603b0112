// Clearing a rectangle of whole pixels, row by row through the same store as a whole-bitmap
// clear (lk_clear_pixels): what an incremental frame does to its damage before redrawing it.
import CRasterSIMD

extension Bitmap {
    /// Sets every pixel of the whole-pixel rectangle `rect`, cut to the bitmap, to `color`
    /// (premultiplied); a rectangle with non-finite or fractional edges is rounded out.
    public func clear(_ color: Color, in rect: Rect) {
        guard !rect.isNull, rect.isFiniteRect else { return }
        let x0 = max(0, Int(max(-1e9, rect.minX).rounded(.down))), y0 = max(0, Int(max(-1e9, rect.minY).rounded(.down)))
        let x1 = min(width, Int(min(1e9, rect.maxX).rounded(.up))), y1 = min(height, Int(min(1e9, rect.maxY).rounded(.up)))
        guard x1 > x0, y1 > y0 else { return }
        let v = color.premultipliedARGB
        if x0 == 0 && x1 == width {
            lk_clear_pixels(pixels + y0 * width, (y1 - y0) * width, v)
            return
        }
        for y in y0..<y1 { lk_clear_pixels(pixels + y * width + x0, x1 - x0, v) }
    }
}
