// Compositing part of a group's image through a mask shape, without the mask's bitmap: what
// filling the shape white into a cleared bitmap of the group's size (clipped to the box), and
// then compositing the box through that bitmap's alpha (DrawImageRegion+Mask.swift) give,
// pixel for pixel. A white fill over transparent pixels leaves each pixel's alpha equal to the
// shape's coverage there (255 × c / 255 = c, exactly rounded), and the pixels the shape does
// not cover keep an alpha of zero, which leaves the destination as it is; so the shape is
// rasterized in the group's pixels through the same clip, and each run of constant coverage
// c composites its texels times c, times the opacity, source-over (lk_composite_row.h's
// arithmetic: a fully covered run is that row kernel itself, a partly covered one the same
// steps pixel by pixel). The mask's bitmap is neither cleared, nor filled, nor read.
// A mask layer holding one fill of an opaque colour at full opacity under the non-zero rule is
// the same mask (DisplayListRasterizer's `opaqueMaskFill`): any colour whose premultiplied
// alpha is 255 leaves each mask pixel's alpha equal to the coverage, as white does. That is a
// Lottie mask as lottie-ios's Core Animation engine draws it (a CAShapeLayer as the layer's
// mask): issue_769's Fade, a 3840 × 719 mask bitmap cleared, filled and read per 4K frame.

import CRasterSIMD

/// Composites a group's texels onto the destination through the coverage of the runs it is
/// handed (in the group's pixels), within the composite's rows and columns.
struct MaskShapeCompositePainter: SpanPainter {
    /// The group's pixels and row length (a row length of 0: one row of them, for every row).
    var source: UnsafeMutablePointer<UInt32>
    var sourceWidth: Int
    /// The destination's pixel at the group's (0, 0) (it may lie outside the destination: only
    /// pixels within the rows and columns below are reached) and the destination's row length.
    let destination: UnsafeMutablePointer<UInt32>
    let destinationWidth: Int
    /// The group's pixels that are composited: columns x0 ..< x1 of rows y0 ..< y1.
    let x0: Int, x1: Int, y0: Int, y1: Int
    /// The opacity, 1…255.
    let alpha: UInt32

    @inline(__always)
    func paint(row: UnsafeMutablePointer<UInt32>, y: Int, x: Int, count: Int, coverage: UInt32) {
        guard y >= y0, y < y1 else { return }
        let a = max(x, x0), z = min(x &+ count, x1)
        guard a < z else { return }
        let s = source + y &* sourceWidth, d = destination + y &* destinationWidth
        if coverage == 255 {
            // The mask's alpha is 255: lk_scale by it changes no texel.
            lk_composite_row(d + a, s + a, nil, z &- a, alpha)
            return
        }
        for i in a..<z {
            var v = lkScale(s[i], coverage)
            if alpha < 255 {
                v = lkScale(v, alpha)
                if v == 0 { continue }
            } else if v >> 24 == 0 {
                continue
            }
            d[i] = v &+ lkScale(d[i], 255 &- (v >> 24))
        }
    }
}

extension Canvas {
    /// What filling `path` (mapped by `transform`, its `aliasing` sides aliased) white into a
    /// cleared bitmap of this canvas's size through this canvas's clip, then
    /// `parent.draw(target, box:, x:, y:, opacity:, maskedBy: that bitmap)` draw, for a parent
    /// clipped by nothing or by an integer rectangle, without the mask's bitmap (see above).
    func composite(through path: Path, transform: AffineTransform, aliasing: EdgeAliasing?, onto parent: Canvas,
                   box: PixelBox, x: Int, y: Int, opacity: Double) {
        // The mask fill's guards (Canvas.fill, AliasedFill.swift): without them the mask stays
        // transparent and nothing is drawn.
        guard !path.isEmpty, path.isFinite,
              let painter = maskShapePainter(onto: parent, box: box, x: x, y: y, opacity: opacity) else { return }
        rasterizeMaskShape(path, transform: transform, aliasing: aliasing, painter: painter)
    }

    /// The painter compositing this canvas's bitmap's `box` at (x, y) with `opacity` onto
    /// `parent` through the runs it is handed; nil when the composite draws nothing (its
    /// guards, DrawImageRegion+Mask.swift's).
    func maskShapePainter(onto parent: Canvas, box: PixelBox, x: Int, y: Int, opacity: Double) -> MaskShapeCompositePainter? {
        let image = target
        let b = box.intersect(PixelBox(x0: 0, y0: 0, x1: image.width, y1: image.height))
        guard !b.isEmpty, opacity.isFinite, opacity > 0, abs(x) < 1_000_000_000, abs(y) < 1_000_000_000,
              let clipMask = ClipMask(parent.clip, width: parent.target.width, height: parent.target.height),
              !clipMask.active else { return nil }
        let alpha = UInt32(saturating: min(1, opacity) * 255 + 0.5)
        guard alpha > 0 else { return nil }
        let cx0 = max(clipMask.left, x + b.x0), cy0 = max(clipMask.top, y + b.y0)
        let cx1 = min(clipMask.right, x + b.x1), cy1 = min(clipMask.bottom, y + b.y1)
        guard cx0 < cx1, cy0 < cy1 else { return nil }
        return MaskShapeCompositePainter(
            source: image.pixels, sourceWidth: image.width,
            destination: parent.target.pixels + y * parent.target.width + x, destinationWidth: parent.target.width,
            x0: cx0 - x, x1: cx1 - x, y0: cy0 - y, y1: cy1 - y, alpha: alpha)
    }

    /// The mask shape's runs, in this canvas's pixels through its clip, handed to `painter`:
    /// the sweep `fill` would run, through the generic span painter path.
    func rasterizeMaskShape<P: SpanPainter>(_ path: Path, transform: AffineTransform, aliasing: EdgeAliasing?, painter: P) {
        flattenIntoScratch(path, transform: transform)
        rasterize(&scratch, rule: .nonZero, painter: painter, aliasing: aliasing, transform: transform)
    }
}
