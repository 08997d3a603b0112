// A group whose only content is a gradient over a shape covering the whole group, masked by
// a mask layer (`beginGroup, gradient, beginMask, …, endMask, endGroup`): a Lottie gradient
// fill or stroke, as lottie-ios's Core Animation engine draws it (a CAGradientLayer masked by
// a CAShapeLayer of the painted shape). The group's pixels where the mask has no alpha are
// multiplied by zero, so the gradient is painted after the mask, only where the mask has
// some (Canvas.paintGradient): a stroked ring's gradient costs the ring, not its bounding box.
// Where it is painted, every pixel is the one the fill paints (the shape covers it wholly, so
// at full coverage over a cleared pixel), the composite is the same, but for one thing: an
// axial gradient's table index is stepped in 16.16 fixed point from a run's first pixel, and
// the runs start where the mask does, not at the box's left, so an index can land one table
// entry away (at most 1/255 on a channel, at a few pixels of a frame).
import CRasterSIMD

extension DisplayListRasterizer {
    /// Whether the gradient at `i` is the first and only content of a group drawn over a box
    /// (`box`: the open group's), closed right after a mask that follows it, and its shape (a
    /// rectangle mapped by its transform) covers the box with two pixels to spare.
    static func masksGradientWholly(_ i: Int, _ items: [DisplayItem], box: PixelBox?) -> Bool {
        guard let box, i > 0, i + 2 < items.count, case .beginGroup = items[i - 1].operation,
              case .beginMask = items[i + 1].operation,
              case let .gradient(path, transform, _, _, _) = items[i].operation else { return false }
        // The mask closes, then the group.
        var depth = 0, j = i + 1
        while j < items.count {
            switch items[j].operation {
            case .beginMask: depth += 1
            case .endMask: depth -= 1
            default: break
            }
            if depth == 0 { break }
            j += 1
        }
        guard j + 1 < items.count, case .endGroup = items[j + 1].operation else { return false }
        // A rectangle: move, three lines, close.
        let e = path.elements
        guard e.count == 5, case .move(let p0) = e[0], case .line(let p1) = e[1], case .line(let p2) = e[2],
              case .line(let p3) = e[3], case .close = e[4] else { return false }
        let quad = [p0, p1, p2, p3].map { transform.apply($0) }
        let corners = [Point(Double(box.x0), Double(box.y0)), Point(Double(box.x1), Double(box.y0)),
                       Point(Double(box.x1), Double(box.y1)), Point(Double(box.x0), Double(box.y1))]
        // Every corner of the box at least two pixels inside every side of the convex quad.
        var sign = 0.0
        for k in 0..<4 {
            let a = quad[k], b = quad[(k + 1) % 4]
            let dx = b.x - a.x, dy = b.y - a.y
            let len = (dx * dx + dy * dy).squareRoot()
            guard len.isFinite, len > 0 else { return false }
            for c in corners {
                let d = (dx * (c.y - a.y) - dy * (c.x - a.x)) / len
                guard d.isFinite, abs(d) >= 2 else { return false }
                if sign == 0 { sign = d > 0 ? 1 : -1 } else if (d > 0 ? 1 : -1) != sign { return false }
            }
        }
        return true
    }
}

// Without the group's bitmap: when the group composites straight through its mask onto a
// surface clipped by nothing or by an integer rectangle (the one-pass composite of
// DrawImageRegion+Mask.swift), the group's pixels are the gradient where the mask has alpha
// and transparent elsewhere, and the composite multiplies every one of them by the mask's
// alpha first: a transparent pixel and any other pixel under a mask alpha of zero both leave
// the destination as it is. So each row of the gradient is painted into one row of scratch
// (the runs where the mask has alpha, from the same first pixel as `paintGradient`'s runs,
// painted as over zeroed scratch, `GradientPainter.paintOverTransparent`: the same pixels as
// the group's row) and composited from there at
// once. The group's bitmap is neither cleared nor written nor read, and only the rows that
// reach the destination are painted.

extension DisplayListRasterizer {
    /// Whether the group to open on `canvas` with `box`, whose first item is at `first`, holds
    /// only a gradient its mask covers wholly and composites in one pass through an integer
    /// clip (or none): then the group's bitmap is not needed (`drawGradient(_:…maskedBy:…)`).
    static func drawsMaskedGradientDirectly(first: Int, _ items: [DisplayItem], box: PixelBox, onto canvas: Canvas) -> Bool {
        first < items.count && masksGradientWholly(first, items, box: box) && compositesPlainly(onto: canvas)
    }
}

extension Canvas {
    /// Both direct paths' guards and region: the group's pixels `b` (its `box` within its
    /// `width` × `height`), the canvas rows and columns it composites over (DrawImageRegion+Mask.swift),
    /// the group's alpha and the gradient's painter; nil when nothing is drawn (paintGradient's
    /// guards: without a painter the group stays transparent).
    private func directComposite(of gradient: Gradient, transform: AffineTransform, gradientOpacity: Double,
                                 width: Int, height: Int, box: PixelBox, x: Int, y: Int, opacity: Double)
        -> (b: PixelBox, cx0: Int, cy0: Int, cx1: Int, cy1: Int, alpha: UInt32, painter: GradientPainter)? {
        guard gradientOpacity.isFinite, gradientOpacity > 0, !gradient.stops.isEmpty, let inverse = transform.inverted
        else { return nil }
        let b = box.intersect(PixelBox(x0: 0, y0: 0, x1: width, y1: height))
        guard !b.isEmpty, opacity.isFinite, opacity > 0, abs(x) < 1_000_000_000, abs(y) < 1_000_000_000,
              let clipMask = ClipMask(clip, width: target.width, height: target.height), !clipMask.active else { return nil }
        let alpha = UInt32(saturating: min(1, opacity) * 255 + 0.5)
        guard alpha > 0 else { return nil }
        let cx0 = max(clipMask.left, x + b.x0), cy0 = max(clipMask.top, y + b.y0)
        let cx1 = min(clipMask.right, x + b.x1), cy1 = min(clipMask.bottom, y + b.y1)
        guard cx0 < cx1, cy0 < cy1,
              let painter = gradientPainter(gradient, inverse: inverse, opacity: gradientOpacity,
                                            area: (b.x1 - b.x0) * (b.y1 - b.y0)) else { return nil }
        return (b, cx0, cy0, cx1, cy1, alpha, painter)
    }

    /// What `group.paintGradient(gradient, transform:, opacity: gradientOpacity, where: mask,
    /// box:)` over a group bitmap of `mask`'s size, cleared over `box`, followed by
    /// `draw(group, box:, x:, y:, opacity:, maskedBy: mask)` draw, without the group bitmap
    /// (see above). The canvas's clip is nil or an integer rectangle
    /// (`DisplayListRasterizer.drawsMaskedGradientDirectly`).
    func drawGradient(_ gradient: Gradient, transform: AffineTransform, gradientOpacity: Double, maskedBy mask: Bitmap,
                      box: PixelBox, x: Int, y: Int, opacity: Double) {
        guard let (b, cx0, cy0, cx1, cy1, alpha, painter) = directComposite(
            of: gradient, transform: transform, gradientOpacity: gradientOpacity, width: mask.width, height: mask.height,
            box: box, x: x, y: y, opacity: opacity) else { return }
        // One row of the group's pixels, b.x0 ..< b.x1, from the surface pool.
        let span = b.x1 - b.x0
        let block = rasterScratch.surfaces.take(count: span)
        defer { rasterScratch.surfaces.give(block.pixels, capacity: block.capacity) }
        let scratchRow = block.pixels - b.x0        // indexed by the group's columns
        let w = mask.width
        for row in cy0..<cy1 {
            let gy = row - y
            let m = mask.pixels + gy * w
            var gx = b.x0
            while gx < b.x1 {
                gx = lk_alpha_run_end(m, gx, b.x1, 0)
                let start = gx
                gx = lk_alpha_run_end(m, gx, b.x1, 1)
                if gx > start {
                    painter.paintOverTransparent(row: scratchRow, y: gy, x: start, count: gx - start)
                }
            }
            lk_composite_row(target.pixels + row * target.width + cx0, scratchRow + (cx0 - x), m + (cx0 - x),
                             cx1 - cx0, alpha)
        }
    }
}

// Without the mask's bitmap either, when the mask layer is one fill (`beginGroup, gradient,
// beginMask, fill, endMask, endGroup`: a Lottie gradient fill's shape): the fill is
// rasterized in the group's pixels through the same clip as into the mask's bitmap, and its
// runs land in one row of mask alpha (a colour of premultiplied alpha a at coverage c over a
// transparent pixel leaves the alpha of lkScale(colour, c), which is what is kept); when the
// sweep moves to the next row, the finished row is drawn as `drawGradient(_:…maskedBy:…)`
// draws a row of the mask's bitmap (the same runs of alpha, so the same gradient runs). The
// finished row's alpha is not cleared then: the next row's runs write over most of it (a
// shape's rows overlap), so only the columns of the last row's runs that the new row's runs
// leave out are cleared — the gaps before and between its runs as they arrive, the rest past
// its last run before the row is drawn — which leaves the row exactly its own runs' alpha over
// zero, as the whole clear did. Rows the fill does not reach have no alpha and draw nothing,
// in both.

/// The one row of mask alpha a fill's runs are gathered in, and what draws a finished row.
final class MaskedGradientRows {
    /// Mask alpha (in the top byte) and the gradient's pixels, indexed by the group's columns.
    let mask: UnsafeMutablePointer<UInt32>, gradientRow: UnsafeMutablePointer<UInt32>
    /// The group's columns b.x0 ..< b.x1 the gradient is painted over.
    let x0: Int, x1: Int
    /// The composite: group rows cy0 ..< cy1 and columns cx0 ..< cx1 (group pixels), the
    /// destination's pixel at the group's (0, 0) and its row length, the opacity 1…255.
    let cx0: Int, cx1: Int, cy0: Int, cy1: Int
    let destination: UnsafeMutablePointer<UInt32>, destinationWidth: Int
    let alpha: UInt32
    let painter: GradientPainter
    /// When the group's own group composites through a mask shape without a bitmap: its runs,
    /// through which each finished row is drawn instead (+MaskedGradientThroughMask.swift).
    let through: MaskShapeRuns?
    /// The row being gathered (nil: none) and the columns written in it.
    var row: Int? = nil
    var lo = Int.max, hi = Int.min
    /// The columns the last drawn row's runs wrote (alpha left in them), and the end of the
    /// gathered row's last run: that row's alpha left of it is cleared or written over.
    var staleLo = Int.max, staleHi = Int.min
    var cursor = Int.min

    init(mask: UnsafeMutablePointer<UInt32>, gradientRow: UnsafeMutablePointer<UInt32>, x0: Int, x1: Int,
         cx0: Int, cx1: Int, cy0: Int, cy1: Int, destination: UnsafeMutablePointer<UInt32>, destinationWidth: Int,
         alpha: UInt32, painter: GradientPainter, through: MaskShapeRuns? = nil) {
        self.mask = mask; self.gradientRow = gradientRow; self.x0 = x0; self.x1 = x1
        self.cx0 = cx0; self.cx1 = cx1; self.cy0 = cy0; self.cy1 = cy1
        self.destination = destination; self.destinationWidth = destinationWidth; self.alpha = alpha; self.painter = painter
        self.through = through
    }

    /// A run of the gathered row: alpha `m` over `count` columns from `x`, the last row's
    /// alpha cleared in the gap since the previous run.
    @inline(__always)
    func paint(x: Int, count: Int, alpha m: UInt32) {
        clearStale(from: cursor, to: x)
        (mask + x).update(repeating: m, count: count)
        if x < lo { lo = x }
        if x + count > hi { hi = x + count }
        if x + count > cursor { cursor = x + count }
    }

    /// Clears what the last drawn row left in columns a ..< z.
    @inline(__always)
    private func clearStale(from a: Int, to z: Int) {
        let a = max(a, staleLo), z = min(z, staleHi)
        if a < z { (mask + a).update(repeating: 0, count: z - a) }
    }

    /// Draws the gathered row, if any; its alpha stays for the next row's runs (see above).
    func flush() {
        guard let y = row else { return }
        row = nil
        clearStale(from: cursor, to: .max)
        let a = max(lo, x0), z = min(hi, x1)
        if y >= cy0, y < cy1, a < z {
            // paintGradient's runs: maximal stretches of alpha from the left of the box (the
            // alpha outside lo ..< hi is zero).
            var gx = a
            while gx < z {
                gx = lk_alpha_run_end(mask, gx, z, 0)
                let start = gx
                gx = lk_alpha_run_end(mask, gx, z, 1)
                if gx > start {
                    painter.paintOverTransparent(row: gradientRow, y: y, x: start, count: gx - start)
                }
            }
            let ca = max(a, cx0), cz = min(z, cx1)
            if ca < cz {
                if let through {
                    through.composite(row: y, from: ca, to: cz, gradient: gradientRow, mask: mask, alpha: alpha)
                } else {
                    lk_composite_row(destination + y * destinationWidth + ca, gradientRow + ca, mask + ca, cz - ca, alpha)
                }
            }
        }
        staleLo = lo; staleHi = hi
        lo = .max; hi = .min; cursor = .min
    }
}

/// Gathers a mask fill's runs into `MaskedGradientRows`, row by row (the sweep goes down the
/// rows in order, and left to right within one).
struct MaskedGradientRowPainter: SpanPainter {
    let rows: MaskedGradientRows
    /// The mask fill's premultiplied colour.
    let color: UInt32

    @inline(__always)
    func paint(row: UnsafeMutablePointer<UInt32>, y: Int, x: Int, count: Int, coverage: UInt32) {
        let r = rows
        if r.row != y {
            r.flush()
            r.row = y
        }
        r.paint(x: x, count: count, alpha: (coverage == 255 ? color : lkScale(color, coverage)) & 0xFF00_0000)
    }
}

extension DisplayListRasterizer {
    /// Whether the group opened at `start` (drawn directly: `drawsMaskedGradientDirectly`) has
    /// a mask layer of one fill, closed right before the group (see above).
    static func masksGradientByOneFill(groupAt start: Int, _ items: [DisplayItem]) -> Bool {
        guard start + 5 < items.count, case .beginMask = items[start + 2].operation,
              case .fill = items[start + 3].operation, case .endMask = items[start + 4].operation,
              case .endGroup = items[start + 5].operation else { return false }
        return true
    }
}

extension Canvas {
    /// What the group opened over `box` at (x, y) with `opacity` on this canvas, holding a
    /// gradient its mask covers wholly and a mask layer of one fill, draws (see above): this
    /// canvas's clip is nil or an integer rectangle. `width` × `height` is the group's size.
    /// With `through`, this canvas is a group's surface that is never drawn into: each row is
    /// drawn through the runs of that group's mask shape (+MaskedGradientThroughMask.swift).
    func drawGradient(_ gradient: Gradient, transform: AffineTransform, gradientOpacity: Double,
                      maskedBy fill: (path: Path, transform: AffineTransform, color: Color, rule: FillRule, opacity: Double,
                                      aliasing: EdgeAliasing?),
                      width: Int, height: Int, box: PixelBox, x: Int, y: Int, opacity: Double,
                      through: MaskShapeRuns? = nil) {
        // The mask fill's guards (Canvas.fill and AliasedFill's): a mask without alpha draws nothing.
        guard fill.color.a * fill.opacity > 0, !fill.path.isEmpty, fill.path.isFinite, fill.opacity.isFinite,
              fill.opacity > 0 else { return }
        let argb = fill.color.withAlphaScaled(min(1, fill.opacity)).premultipliedARGB
        guard argb >> 24 != 0 else { return }
        guard let (b, cx0, cy0, cx1, cy1, alpha, painter) = directComposite(
            of: gradient, transform: transform, gradientOpacity: gradientOpacity, width: width, height: height,
            box: box, x: x, y: y, opacity: opacity) else { return }
        // The two rows, b.x0 ..< b.x1, from the surface pool; the mask row starts cleared.
        let span = b.x1 - b.x0
        let pool = rasterScratch.surfaces
        let maskBlock = pool.take(count: span), gradientBlock = pool.take(count: span)
        defer {
            pool.give(gradientBlock.pixels, capacity: gradientBlock.capacity)
            pool.give(maskBlock.pixels, capacity: maskBlock.capacity)
        }
        maskBlock.pixels.update(repeating: 0, count: span)
        // With `through`, one more row: the group's own pixels, indexed by this canvas's columns.
        let groupBlock = through.map { _ in pool.take(count: span) }
        defer { if let groupBlock { pool.give(groupBlock.pixels, capacity: groupBlock.capacity) } }
        if let through, let groupBlock { through.begin(groupRow: groupBlock.pixels - (b.x0 + x), x: x, y: y) }
        let rows = MaskedGradientRows(mask: maskBlock.pixels - b.x0, gradientRow: gradientBlock.pixels - b.x0,
                                      x0: b.x0, x1: b.x1, cx0: cx0 - x, cx1: cx1 - x, cy0: cy0 - y, cy1: cy1 - y,
                                      destination: target.pixels + y * target.width + x, destinationWidth: target.width,
                                      alpha: alpha, painter: painter, through: through)
        // The mask fill, rasterized in the group's pixels through the box (its bitmap's clip),
        // on a canvas of the group's size whose pixels are never touched.
        let group = Canvas(Bitmap(width: width, height: height, clearing: PixelBox(x0: 0, y0: 0, x1: 0, y1: 0),
                                  pool: pool), drawingAfter: self)
        group.clip = .rect(box.rect)
        group.flattenIntoScratch(fill.path, transform: fill.transform)
        group.rasterize(&group.scratch, rule: fill.rule, painter: MaskedGradientRowPainter(rows: rows, color: argb),
                        aliasing: fill.aliasing, transform: fill.transform)
        rows.flush()
    }
}
