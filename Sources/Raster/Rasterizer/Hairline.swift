// Hairlines: a stroke that is one straight segment, butt-capped, at most one device pixel wide,
// is drawn by the C kernel lk_hairline (CRasterSIMD/lk_hairline.h: one pass along the major
// axis, a few pixels per step; `kernels` picks its SSE2 or its portable form, the same pixels)
// instead of outlining it and sweeping a cell buffer.
import CRasterSIMD

extension Canvas {
    /// Draws `path` stroked with `style` as a hairline when that applies: the path is one
    /// straight segment, the cap is butt, `transform` is a similarity (a uniform scale with a
    /// rotation or reflection, so the pen stays round) under which the width is at most one
    /// pixel, and the clip has no anti-aliased rim. Returns false, having drawn nothing, when it
    /// does not apply (the caller strokes through the outline).
    @usableFromInline func drawHairline(_ path: Path, style: StrokeStyle, transform t: AffineTransform,
                                        color: Color, opacity: Double) -> Bool {
        let elements = path.elements
        guard style.lineCap == .butt, elements.count == 2,
              case .move(let a) = elements[0], case .line(let b) = elements[1] else { return false }
        let s1 = t.a * t.a + t.b * t.b, s2 = t.c * t.c + t.d * t.d, cross = t.a * t.c + t.b * t.d
        let slack = 1e-12 * (s1 + s2)
        guard abs(s1 - s2) <= slack, abs(cross) <= slack else { return false }
        let width = style.lineWidth * s1.squareRoot()
        guard width.isFinite, width > 0, width <= 1 else { return false }
        guard let mask = ClipMask(clip, width: target.width, height: target.height) else { return true }
        guard !mask.active else { return false }
        // As `fill`: nothing to draw for a transparent colour or a segment leaving finite space.
        guard opacity.isFinite, opacity > 0 else { return true }
        let argb = color.withAlphaScaled(min(1, opacity)).premultipliedARGB
        let p0 = t.apply(a), p1 = t.apply(b)
        guard argb >> 24 != 0, p0.isFinite, p1.isFinite else { return true }
        switch kernels {
        case .vector:
            lk_hairline(target.pixels, target.width, mask.left, mask.top, mask.right, mask.bottom,
                        p0.x, p0.y, p1.x, p1.y, width, argb)
        case .portable:
            lk_hairline_portable(target.pixels, target.width, mask.left, mask.top, mask.right, mask.bottom,
                                 p0.x, p0.y, p1.x, p1.y, width, argb)
        }
        return true
    }
}
