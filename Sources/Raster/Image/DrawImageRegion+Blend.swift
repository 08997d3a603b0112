// Compositing part of an image at an integer offset in a blend mode (Bitmap/BlendMode.swift):
// the pixels inside a box, each texel times the opacity and the clip's coverage of its pixel,
// mixed with the pixel behind it. Like the source-over region draw (DrawImageRegion.swift),
// only the box is read, and a transparent texel leaves its pixel as it is, so the box of a
// group's bitmap is the whole bitmap's draw. A run of the same source over the same backdrop
// is blended once. Destination-out (an eraser) mixes no colour: each backdrop pixel is
// scaled by one minus the texel's weighted alpha, on the bytes, without the blend.

extension Canvas {
    /// Draws the pixels of `image` inside `box` (image pixels) at (x, y) with `opacity` in
    /// `blendMode`, through the clip.
    func draw(_ image: Bitmap, box: PixelBox, x: Int, y: Int, opacity: Double, blendMode: BlendMode) {
        if !blendMode.blendsColors && blendMode != .destinationOut {
            return drawOperator(image, box: box, x: x, y: y, opacity: opacity, operator: blendMode)
        }
        let b = box.intersect(PixelBox(x0: 0, y0: 0, x1: image.width, y1: image.height))
        guard !b.isEmpty, opacity.isFinite, opacity > 0, abs(x) < 1_000_000_000, abs(y) < 1_000_000_000 else { return }
        let alpha = UInt32(saturating: min(1, opacity) * 255 + 0.5)
        guard alpha > 0, let mask = ClipMask(clip, width: target.width, height: target.height) else { return }
        let cx0 = max(mask.left, x + b.x0), cy0 = max(mask.top, y + b.y0)
        let cx1 = min(mask.right, x + b.x1), cy1 = min(mask.bottom, y + b.y1)
        guard cx0 < cx1, cy0 < cy1 else { return }
        if blendMode == .destinationOut {
            for row in cy0..<cy1 {
                let dst = target.pixels + row * target.width, src = image.pixels + (row - y) * image.width - x
                if !mask.active && alpha == 255 {
                    for col in cx0..<cx1 where src[col] >> 24 != 0 { dst[col] = BlendMode.erase(dst[col], by: src[col]) }
                } else {
                    for col in cx0..<cx1 {
                        let weight = mask.active ? alpha * mask.coverage(x: col, y: row) / 255 : alpha
                        let s = lkScale(src[col], weight)
                        if s >> 24 != 0 { dst[col] = BlendMode.erase(dst[col], by: s) }
                    }
                }
            }
            return
        }
        // The blend is worked out in floating point, one pixel at a time; flat colours over
        // flat backdrops (shapes over shapes) repeat the same pair of pixels along a row, so
        // the last pair's result is kept and taken again (the same function of the same
        // two pixels: the same bytes).
        var lastS: UInt32 = 0, lastB: UInt32 = 0, lastOut: UInt32 = 0
        // Unclipped at full opacity, a texel is its own weighted source (x·255/255 = x under
        // lkScale's rounding): the row reads the texels as they are, and a transparent one
        // (most of a group's box around what it drew) costs one test. (Kept apart from the
        // weighted loop below on purpose: one loop choosing per pixel cost 38 % more
        // instructions in blend_mode_test's 4K frames, callgrind; the compiler does not
        // unswitch it.)
        if !mask.active && alpha == 255 {
            for row in cy0..<cy1 {
                let dst = target.pixels + row * target.width, src = image.pixels + (row - y) * image.width - x
                for col in cx0..<cx1 {
                    let s = src[col]
                    if s == 0 { continue }
                    let b = dst[col]
                    if s != lastS || b != lastB {
                        lastS = s; lastB = b
                        lastOut = blendMode.composite(s, over: b)
                    }
                    dst[col] = lastOut
                }
            }
            return
        }
        for row in cy0..<cy1 {
            let dst = target.pixels + row * target.width, src = image.pixels + (row - y) * image.width - x
            for col in cx0..<cx1 {
                let weight = mask.active ? alpha * mask.coverage(x: col, y: row) / 255 : alpha
                let s = lkScale(src[col], weight)
                if s == 0 { continue }
                let b = dst[col]
                if s != lastS || b != lastB {
                    lastS = s; lastB = b
                    lastOut = blendMode.composite(s, over: b)
                }
                dst[col] = lastOut
            }
        }
    }
}
