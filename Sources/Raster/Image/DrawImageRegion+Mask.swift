// Compositing part of a group's image through a mask in one pass: what multiplying the image
// by the mask's alpha inside the box (`Bitmap.multiply(byAlphaOf:in:)`) and then compositing
// the box (`draw(_:box:x:y:opacity:)`) give, pixel for pixel, without writing the masked
// image back: each texel times the mask's alpha with the multiply's rounding (`lkScale` is
// that rounding, channel by channel), then times the opacity and source-over as the box
// composite does (lk_composite_row.h, eight pixels a step where the CPU has AVX2).

import CRasterSIMD

extension Canvas {
    /// `image.multiply(byAlphaOf: mask, in: box)` followed by `draw(image, box:, x:, y:,
    /// opacity:)`, except that `image` is left as it was. `mask` has the image's size.
    func draw(_ image: Bitmap, box: PixelBox, x: Int, y: Int, opacity: Double, maskedBy mask: Bitmap) {
        let b = box.intersect(PixelBox(x0: 0, y0: 0, x1: image.width, y1: image.height))
        guard mask.width == image.width, mask.height == image.height, !b.isEmpty,
              opacity.isFinite, opacity > 0, abs(x) < 1_000_000_000, abs(y) < 1_000_000_000,
              let clipMask = ClipMask(clip, width: target.width, height: target.height), !clipMask.active else {
            // Another size (the multiply then covers the whole image), or an anti-aliased clip
            // rim (the composite samples through the rasterizer): the two steps.
            image.multiply(byAlphaOf: mask, in: box)
            draw(image, box: box, x: x, y: y, opacity: opacity)
            return
        }
        let alpha = UInt32(saturating: min(1, opacity) * 255 + 0.5)
        guard alpha > 0 else { return }
        let cx0 = max(clipMask.left, x + b.x0), cy0 = max(clipMask.top, y + b.y0)
        let cx1 = min(clipMask.right, x + b.x1), cy1 = min(clipMask.bottom, y + b.y1)
        guard cx0 < cx1, cy0 < cy1 else { return }
        for row in cy0..<cy1 {
            let offset = (row - y) * image.width + (cx0 - x)
            lk_composite_box_row(target.pixels + row * target.width + cx0, image.pixels + offset, mask.pixels + offset,
                                 cx1 - cx0, alpha)
        }
    }
}
