// A masked gradient group (a gradient masked by a mask layer of one fill, drawn row by row
// without bitmaps: DisplayListRasterizer+MaskedGradient.swift) that is the only content of a
// group masked by a mask layer of one opaque fill (`beginGroup, beginGroup, gradient,
// beginMask, fill, endMask, endGroup, beginMask, fill, endMask, endGroup`): a Lottie layer
// holding a gradient fill, with a Lottie mask, as lottie-ios's Core Animation engine draws it
// (issue_769's Fade: a white alpha ramp over the bottom of the frame, a 3840 × 719 group at 4K).
//
// The general way clears the outer group's box, composites the masked gradient's rows into it,
// and composites the box onto the parent through the mask fill's coverage (as a mask shape,
// DrawImageRegion+MaskShape.swift). Here the outer group's bitmap is not made: the mask
// fill's runs are rasterized first, in the outer group's pixels through the same clip, and
// recorded (row, columns, coverage: a few runs a row for a mask layer's shape); then the
// inner gradient's mask fill is swept as before, and each finished row of it is drawn through
// the recorded runs of its row. The group's pixels of that row are what its bitmap would hold:
// the gradient row composited through the mask row over zero (lk_composite_row over a cleared
// row gives them exactly), zero elsewhere; each run composites them as the mask-shape painter
// composites the bitmap's (MaskShapeCompositePainter: the same painter, handed that one row).
// A run of full coverage at full opacity of both groups composites the gradient through the
// mask row in one pass: lk_composite_row(d, gradient, mask, 255) gives s·m/255 source-over,
// keeping the destination where that has no alpha, which is what compositing the group's pixel
// (that product, zero where it has no alpha) at coverage 255 gives. So every pixel is the
// general way's, bit for bit, and neither the 11 MB clear nor the group's second pass is made.
// Runs are recorded up to a limit (`runLimit`): a mask with more (a shape of many pieces)
// draws the general way; nothing is drawn before the limit is known to hold.

import CRasterSIMD

/// One run of a mask shape's coverage, in a group's pixels.
struct MaskShapeRun {
    var y: Int32, x: Int32, count: Int32
    var coverage: UInt32
}

/// A mask shape's runs, recorded in the order of the sweep (rows down, left to right), and the
/// composite through them of a group whose pixels come one row at a time (see above).
final class MaskShapeRuns {
    private(set) var runs: [MaskShapeRun] = []
    /// The most runs kept; past it `overflowed` is set and the recording is useless.
    let limit: Int
    private(set) var overflowed = false
    /// The composite through the runs: its source is one row of the group's pixels.
    private var painter: MaskShapeCompositePainter
    /// The next run to draw, and the inner group's (0, 0) in the outer group's pixels.
    private var next = 0
    private var dx = 0, dy = 0

    init(limit: Int, painter: MaskShapeCompositePainter) {
        self.limit = limit
        self.painter = painter
        runs.reserveCapacity(min(limit, 4096))
    }

    @inline(__always)
    func record(y: Int, x: Int, count: Int, coverage: UInt32) {
        guard runs.count < limit else { overflowed = true; return }
        runs.append(MaskShapeRun(y: Int32(truncatingIfNeeded: y), x: Int32(truncatingIfNeeded: x),
                                 count: Int32(truncatingIfNeeded: count), coverage: coverage))
    }

    /// Before the rows: one row for the group's pixels (indexed by the outer group's columns),
    /// and the inner group's place (x, y) in the outer group.
    func begin(groupRow: UnsafeMutablePointer<UInt32>, x: Int, y: Int) {
        painter.source = groupRow
        painter.sourceWidth = 0
        dx = x; dy = y
        next = 0
    }

    /// Draws the inner group's row `row`, its pixels those of `gradient` through `mask` with
    /// `alpha` (lk_composite_row's) over columns `a ..< z` (the inner group's, indexed as both
    /// rows are) and zero elsewhere, through the runs of its row of the outer group.
    func composite(row: Int, from a: Int, to z: Int, gradient: UnsafeMutablePointer<UInt32>,
                   mask: UnsafeMutablePointer<UInt32>, alpha: UInt32) {
        let y = row + dy
        let n = runs.count
        while next < n, Int(runs[next].y) < y { next += 1 }
        let p = painter
        let fused = alpha == 255 && p.alpha == 255
        let first = a + dx, last = z + dx
        while next < n, Int(runs[next].y) == y {
            let r = runs[next]
            next += 1
            // The run within the row's pixels (zero outside them: nothing to composite).
            let ra = max(Int(r.x), first), rz = min(Int(r.x) + Int(r.count), last)
            guard ra < rz else { continue }
            if fused, r.coverage == 255 {
                let ca = max(ra, p.x0), cz = min(rz, p.x1)
                if y >= p.y0, y < p.y1, ca < cz {
                    lk_composite_row(p.destination + y * p.destinationWidth + ca, gradient + (ca - dx), mask + (ca - dx),
                                     cz - ca, 255)
                }
                continue
            }
            // The group's pixels of the run, as its bitmap would hold them (over zero).
            (p.source + ra).update(repeating: 0, count: rz - ra)
            lk_composite_row(p.source + ra, gradient + (ra - dx), mask + (ra - dx), rz - ra, alpha)
            p.paint(row: p.source, y: y, x: ra, count: rz - ra, coverage: r.coverage)
        }
    }
}

/// Records a mask shape's runs (MaskShapeRuns).
struct MaskShapeRunRecorder: SpanPainter {
    let runs: MaskShapeRuns

    @inline(__always)
    func paint(row: UnsafeMutablePointer<UInt32>, y: Int, x: Int, count: Int, coverage: UInt32) {
        runs.record(y: y, x: x, count: count, coverage: coverage)
    }
}

extension DisplayListRasterizer {
    /// The most mask runs recorded for a group of `rows` rows (see above): a mask layer's
    /// shape has a few a row.
    static func runLimit(rows: Int) -> Int { 16 * max(0, rows) + 1024 }

    /// Draws the group opened at `start` (at (x, y), `width` × `height`, its box `box`, its
    /// pixel (0, 0) at `origin` in the list's pixels) onto `parent` when it is a masked
    /// gradient group under a mask layer of one opaque fill (see above) and both composite in
    /// one pass (integer clips or none); false, with nothing drawn, otherwise. The caller has
    /// checked that no blend mode waits. Under a damage rectangle `within` the three drawing
    /// items must all meet it (then the general way draws them all; else it draws nothing,
    /// and is left to do so).
    static func drawMaskedGradientThroughMask(groupAt start: Int, _ items: [DisplayItem], box: PixelBox,
                                              origin: (x: Int, y: Int), x: Int, y: Int, width: Int, height: Int,
                                              opacity: Double, onto parent: Canvas, within: Rect? = nil) -> Bool {
        let inner = start + 1
        guard start + 10 < items.count, case let .beginGroup(ix, iy, iw, ih, innerOpacity) = items[inner].operation,
              masksGradientByOneFill(groupAt: inner, items), case .beginMask = items[start + 7].operation,
              case .endGroup = items[start + 10].operation,
              within.map({ reaches(items[inner + 1].bounds, $0) && reaches(items[inner + 3].bounds, $0) }) ?? true,
              let (maskPath, maskTransform) = opaqueMaskFill(start + 7, items, within: within),
              compositesPlainly(onto: parent),
              case let .gradient(_, gt, gradient, _, gop) = items[inner + 1].operation,
              case let .fill(fp, ft, fc, fr, fo) = items[inner + 3].operation else { return false }
        // The outer group's surface as its bracket opens it (its clip the box), never cleared
        // nor drawn into: it lends its size, clip and scratch.
        let group = surface(width: width, height: height, box: box, like: parent, clearing: false)
        guard let region = region(ofGroupAt: inner, items, x: ix, y: iy, width: iw, height: ih, on: group, origin: origin),
              let innerBox = region.box,
              drawsMaskedGradientDirectly(first: inner + 1, items, box: innerBox, onto: group) else { return false }
        // The outer mask's runs; without a composite (its guards) the general way draws nothing.
        guard !maskPath.isEmpty, maskPath.isFinite,
              let painter = group.maskShapePainter(onto: parent, box: box, x: x, y: y, opacity: opacity) else { return true }
        let runs = MaskShapeRuns(limit: runLimit(rows: box.y1 - box.y0), painter: painter)
        group.rasterizeMaskShape(maskPath, transform: maskTransform, aliasing: items[start + 8].aliasing,
                                 painter: MaskShapeRunRecorder(runs: runs))
        guard !runs.overflowed else { return false }
        group.drawGradient(gradient, transform: gt, gradientOpacity: gop,
                           maskedBy: (path: fp, transform: ft, color: fc, rule: fr, opacity: fo,
                                      aliasing: items[inner + 3].aliasing),
                           width: iw, height: ih, box: innerBox, x: ix, y: iy, opacity: innerOpacity, through: runs)
        return true
    }
}
