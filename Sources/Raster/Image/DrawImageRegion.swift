// Compositing part of an image at an integer offset: only the image pixels inside a box are
// read and drawn. For an image whose pixels outside the box are all transparent (a group's
// bitmap of which only the box was drawn) this is the whole image's draw, pixel for pixel:
// the box's edges lie on pixel edges, so each pixel inside keeps full coverage and reads its
// own texel exactly (an integer translation samples texel centres with zero weights), and a
// transparent source pixel leaves the destination as it is. Without an anti-aliased clip rim
// that is a loop over the box's rows (the texel times the opacity, source-over), without the
// rasterizer's sweep and the bilinear sampler.

import CRasterSIMD

extension Canvas {
    /// Draws the pixels of `image` inside `box` (image pixels) at (x, y) with `opacity`,
    /// through the clip: `draw(image, transform: .translation(x, y), opacity:)` restricted to
    /// the box.
    func draw(_ image: Bitmap, box: PixelBox, x: Int, y: Int, opacity: Double) {
        let b = box.intersect(PixelBox(x0: 0, y0: 0, x1: image.width, y1: image.height))
        guard !b.isEmpty, opacity.isFinite, opacity > 0, abs(x) < 1_000_000_000, abs(y) < 1_000_000_000 else { return }
        let alpha = UInt32(saturating: min(1, opacity) * 255 + 0.5)
        guard alpha > 0 else { return }
        guard let mask = ClipMask(clip, width: target.width, height: target.height) else { return }
        if !mask.active {
            // Every pixel of the box is wholly covered and reads its own texel: the source
            // pixel times the opacity (the painter's `lkScale` by coverage × alpha / 255,
            // which is alpha), source-over; opaque it is the blit `draw` takes.
            let cx0 = max(mask.left, x + b.x0), cy0 = max(mask.top, y + b.y0)
            let cx1 = min(mask.right, x + b.x1), cy1 = min(mask.bottom, y + b.y1)
            guard cx0 < cx1, cy0 < cy1 else { return }
            // (lk_composite_row.h: the same arithmetic, eight pixels a step where the CPU has AVX2,
            // eight transparent texels stepped over.)
            for row in cy0..<cy1 {
                lk_composite_box_row(target.pixels + row * target.width + cx0,
                                     image.pixels + (row - y) * image.width + (cx0 - x), nil, cx1 - cx0, alpha)
            }
            return
        }
        // The box's quadrilateral, sampled through the inverse translation as `draw` samples.
        var quad = rasterScratch.quad
        rasterScratch.quad = FlatPath()
        quad.removeAll()
        let x0 = Double(x + b.x0), y0 = Double(y + b.y0), x1 = Double(x + b.x1), y1 = Double(y + b.y1)
        quad.move(to: Point(x0, y0)); quad.line(to: Point(x1, y0))
        quad.line(to: Point(x1, y1)); quad.line(to: Point(x0, y1))
        let inverse = AffineTransform.translation(Double(x), Double(y)).inverted ?? .translation(Double(-x), Double(-y))
        rasterize(quad, rule: .nonZero,
                  painter: AffineImagePainter(sampler: ImageSampler(image), inverse: inverse, alpha: alpha,
                                              portable: kernels == .portable))
        rasterScratch.quad = quad
    }
}
