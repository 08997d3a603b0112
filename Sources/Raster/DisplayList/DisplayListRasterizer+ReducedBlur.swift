// A group whose one effect is a large blur, drawn at the reduced size the blur runs at. A lone
// blur of σ above the exact kernel's limit runs on the group's bitmap shrunk by f (an f × f
// box), blurred there and enlarged back (FilterDownsampledBlur.swift); when the group's items
// are fills, strokes and gradients drawn anti-aliased, they are drawn straight at that size
// instead — through their transforms scaled by 1/f — so the bitmap of the group's full size is
// neither cleared, nor filled, nor shrunk, and the enlargement is composited row by row onto
// the parent without being stored (lk_blur_resample.h's `lk_upsample_composite`, which also
// leaves the cells of one transparent small pixel alone and stores those of one opaque one).
// At 4K a Lottie layer blurred by σ ≈ 6 (issue_1939: two groups of up to 2757 × 2030, f = 4)
// was up to 2 × 22 MB cleared, filled, shrunk, enlarged and composited each frame.
//
// Why the pixels are the blur's. An anti-aliased fill's coverage of a pixel is the area of the
// shape over it, so the coverage of a pixel f times larger is the mean of the f × f small
// pixels' coverages: what the box shrink computes from the full-size drawing (up to their
// rounding: the coarse pixel's is rounded once, the shrink's mean of 64 rounded values). For
// one colour over transparency (a Lottie shadow or glow) that is the shrunk bitmap itself;
// where shapes of the group overlap or abut, a coverage-blended edge of the small drawing
// differs from the mean of the large one's (conflation along a shared edge, a pixel f wide),
// which the blur of σ ≥ 1.5 coarse pixels then spreads and softens. Curves are flattened with
// the canvas's tolerance at the small size (f times coarser in full-size pixels, within the σ
// the blur spreads them by). A shape beyond the group's right or bottom edge covers the last
// cut coarse pixel for its whole area where the shrink averages only the pixels the bitmap has
// (a Lottie layer's group is padded by the blur's reach: its edge pixels are transparent).
//
// Only a group of fills, strokes and gradients (and invalidations), without clips, masks, nested
// groups, images, blend mode or shadow, ending in one blur the same both ways read transparent
// beyond the edges (`.transparent`), is drawn so; any other keeps its bitmap.

import CRasterSIMD

extension DisplayListRasterizer {
    /// A group drawn at the reduced size of its blur: the reduction, the blur's σ (full-size
    /// pixels) and the index of its `endGroup` (the blur is the item before).
    struct ReducedBlurPlan {
        var factor: Int
        var sigma: Double
        var end: Int
    }

    /// The plan for the group opened at `start`, or nil when it must keep its bitmap (see the
    /// file's header).
    static func reducedBlurPlan(ofGroupAt start: Int, in items: [DisplayItem]) -> ReducedBlurPlan? {
        var i = start + 1
        while i < items.count {
            let item = items[i]
            switch item.operation {
            case .fill, .stroke, .gradient:
                guard item.aliasing == nil else { return nil }
            case .invalidate:
                break
            case .filterGroup(let filters):
                guard filters.count == 1, case let .gaussianBlur(sx, sy) = filters[0],
                      i + 1 < items.count, case .endGroup = items[i + 1].operation else { return nil }
                let s = PixelFilter.usableSigma(sx)
                guard s == PixelFilter.usableSigma(sy), s > PixelFilter.exactSigmaLimit else { return nil }
                let f = FilterChain.factor(sigma: s)
                guard f >= 2 else { return nil }
                return ReducedBlurPlan(factor: f, sigma: s, end: i + 1)
            default:
                return nil
            }
            i += 1
        }
        return nil
    }

    /// Draws the group opened at `start` (its bitmap w × h at (x, y) on `parent`) by `plan`:
    /// its items at 1/f of the size, blurred there, enlarged and composited with `opacity`.
    /// Items whose bounds miss `within` are left out, as `drawItems` leaves them.
    func drawReducedBlurGroup(_ plan: ReducedBlurPlan, start: Int, _ items: [DisplayItem], x: Int, y: Int,
                              width w: Int, height h: Int, opacity: Double, onto parent: Canvas, within: Rect?) {
        let f = plan.factor
        let small = Canvas(Bitmap(width: (w + f - 1) / f, height: (h + f - 1) / f, clearing: nil,
                                  pool: parent.rasterScratch.surfaces), drawingAfter: parent)
        let shrink = AffineTransform.scale(1 / Double(f), 1 / Double(f))
        var drew = false
        for k in (start + 1)..<(plan.end - 1) {
            if let within, !Self.reaches(items[k].bounds, within) { continue }
            switch items[k].operation {
            case let .fill(path, transform, color, rule, fillOpacity):
                small.fill(path, transform: transform.concatenating(shrink), color: color, rule: rule, opacity: fillOpacity)
                drew = true
            case let .stroke(path, style, transform, color, strokeStart, strokeEnd, strokeOpacity):
                small.stroke(path, style: style, transform: transform.concatenating(shrink), color: color,
                             strokeStart: strokeStart, strokeEnd: strokeEnd, opacity: strokeOpacity)
                drew = true
            case let .gradient(path, transform, gradient, rule, gradientOpacity):
                small.fill(path, transform: transform.concatenating(shrink), gradient: gradient, rule: rule,
                           opacity: gradientOpacity, aliasing: nil)
                drew = true
            default:
                break
            }
        }
        guard drew else { return }
        let s = FilterChain.coarseSigma(plan.sigma, factor: f)
        if s > 0 { FilterChain.apply([.gaussianBlur(sigma: s)], to: small.target, edge: .transparent) }
        parent.drawEnlarged(small.target, factor: f, width: w, height: h, x: x, y: y, opacity: opacity)
    }
}

extension Canvas {
    /// Composites `small` enlarged by f (a power of two, 2…8) to w × h (lk_upsample_bilinear's
    /// enlargement; small is ⌈w/f⌉ × ⌈h/f⌉) at (x, y) with `opacity`, through the clip: the
    /// enlarged bitmap's `draw(_:transform:opacity:)` at (x, y), over the box its
    /// non-transparent small pixels reach (beyond it the enlargement is transparent). Onto an
    /// integer clip row by row without the enlarged bitmap; through another clip, enlarged
    /// into a surface first.
    func drawEnlarged(_ small: Bitmap, factor f: Int, width w: Int, height h: Int, x: Int, y: Int, opacity: Double) {
        let lw = small.width, lh = small.height
        guard f >= 2, f <= 8, f & (f - 1) == 0, lw == (w + f - 1) / f, lh == (h + f - 1) / f,
              opacity.isFinite, opacity > 0, abs(x) < 1_000_000_000, abs(y) < 1_000_000_000 else { return }
        let alpha = UInt32(min(1, opacity) * 255 + 0.5)
        guard alpha > 0, let reach = small.nonTransparentBox() else { return }
        // A small pixel is read by the outputs within one small pixel of its centre.
        let box = PixelBox(x0: max(0, (reach.x0 - 1) * f), y0: max(0, (reach.y0 - 1) * f),
                           x1: min(w, (reach.x1 + 1) * f), y1: min(h, (reach.y1 + 1) * f))
        guard let mask = ClipMask(clip, width: target.width, height: target.height) else { return }
        let pool = rasterScratch.surfaces
        let lineBlock = pool.take(count: 2 * (lw + 2))   // 4·(lw + 2) 16-bit sums
        defer { pool.give(lineBlock.pixels, capacity: lineBlock.capacity) }
        let line = UnsafeMutableRawPointer(lineBlock.pixels).assumingMemoryBound(to: UInt16.self)
        if !mask.active {
            let cx0 = max(mask.left, x + box.x0), cy0 = max(mask.top, y + box.y0)
            let cx1 = min(mask.right, x + box.x1), cy1 = min(mask.bottom, y + box.y1)
            guard cx0 < cx1, cy0 < cy1 else { return }
            let rowBlock = pool.take(count: w)
            defer { pool.give(rowBlock.pixels, capacity: rowBlock.capacity) }
            lk_upsample_composite(small.pixels, lw, lh, f, w, cx0 - x, cy0 - y, cx1 - x, cy1 - y,
                                  target.pixels + cy0 * target.width + cx0, target.width, alpha, rowBlock.pixels, line)
            return
        }
        let large = Bitmap(width: w, height: h, clearing: PixelBox(x0: 0, y0: 0, x1: 0, y1: 0), pool: pool)
        for row in box.y0..<box.y1 {
            lk_upsample_bilinear_row(small.pixels, lw, lh, f, row, large.pixels + row * w, w, line, 0)
        }
        draw(large, box: box, x: x, y: y, opacity: opacity)
    }
}

extension Bitmap {
    /// The box of the pixels that are not transparent black (nil: none).
    func nonTransparentBox() -> PixelBox? {
        var x0 = width, y0 = height, x1 = 0, y1 = 0
        for row in 0..<height {
            let p = pixels + row * width
            var first = -1
            for col in 0..<width where p[col] != 0 { first = col; break }
            guard first >= 0 else { continue }
            var last = first
            var col = width - 1
            while col > first { if p[col] != 0 { last = col; break }; col -= 1 }
            x0 = min(x0, first); x1 = max(x1, last + 1)
            y0 = min(y0, row); y1 = row + 1
        }
        return x0 < x1 ? PixelBox(x0: x0, y0: y0, x1: x1, y1: y1) : nil
    }
}
