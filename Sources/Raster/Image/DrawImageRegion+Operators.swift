// Compositing part of an image at an integer offset with one of the byte operators of
// Bitmap/BlendMode.swift — maximum, minimum, xor, destination-in (After Effects' lighten,
// darken, difference and intersect masks) — on the premultiplied bytes, no colour blend. Each texel is scaled by
// the opacity, combined with the pixel behind it, and the result mixed with that pixel by the
// clip's coverage of it (the operator applies inside the clip, as a clip does in Core
// Graphics). Maximum and xor leave a pixel alone where the texel is transparent, so only the
// box is read; minimum and destination-in are unbounded (min(0, b) = b · 0 = 0): every pixel inside the clip that the box
// does not cover with a texel is cleared too, as Core Image's CIMinimumCompositing of a source
// that is transparent there gives.

extension Canvas {
    /// Draws the pixels of `image` inside `box` (image pixels) at (x, y) with `opacity`,
    /// combined with the target by `op` (`.maximum`, `.minimum`, `.xor` or `.destinationIn`),
    /// through the clip.
    func drawOperator(_ image: Bitmap, box: PixelBox, x: Int, y: Int, opacity: Double, operator op: BlendMode) {
        guard opacity.isFinite, abs(x) < 1_000_000_000, abs(y) < 1_000_000_000,
              let mask = ClipMask(clip, width: target.width, height: target.height) else { return }
        let alpha = UInt32(min(1, max(0, opacity)) * 255 + 0.5)
        let b = box.intersect(PixelBox(x0: 0, y0: 0, x1: image.width, y1: image.height))
        // The target pixels the texels cover (possibly none).
        let sx0 = b.isEmpty ? 0 : x + b.x0, sx1 = b.isEmpty ? 0 : x + b.x1
        let sy0 = b.isEmpty ? 0 : y + b.y0, sy1 = b.isEmpty ? 0 : y + b.y1
        // Bounded operators touch the covered pixels only; unbounded ones every pixel of the clip.
        let unbounded = op.isUnbounded
        let cx0 = unbounded ? mask.left : max(mask.left, sx0), cx1 = unbounded ? mask.right : min(mask.right, sx1)
        let cy0 = unbounded ? mask.top : max(mask.top, sy0), cy1 = unbounded ? mask.bottom : min(mask.bottom, sy1)
        guard cx0 < cx1, cy0 < cy1 else { return }
        for row in cy0..<cy1 {
            let dst = target.pixels + row * target.width
            let inRows = row >= sy0 && row < sy1
            let src = image.pixels + (row - y) * image.width - x
            for col in cx0..<cx1 {
                let s = inRows && col >= sx0 && col < sx1 && alpha > 0 ? lkScale(src[col], alpha) : 0
                if s == 0 && !unbounded { continue }
                let d = dst[col]
                let r = op.composite(s, over: d)
                if mask.active {
                    let c = mask.coverage(x: col, y: row)
                    dst[col] = lkLerp(d, r, (c * 256 + 127) / 255)
                } else {
                    dst[col] = r
                }
            }
        }
    }
}
