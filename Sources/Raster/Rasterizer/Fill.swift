// The fill entry point and the sweep: bounding box and clip → accumulate edges → for each
// touched row, a running sum over its touched cells gives runs of constant coverage, folded by
// the fill rule, handed to a painter (solid colour, clear, or an image sampler). The sweep
// zeroes the cells it reads, so the buffer is clean for the next fill without a memset. A solid
// colour without an anti-aliased clip (every plain fill and stroke) is swept by the C kernel
// lk_sweep_solid, the same rule and arithmetic as `sweep` here, which serves the other painters.
import CRasterSIMD

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Canvas {
    /// Rasterizes device-space polygons with exact-area coverage under `rule`, clipped to the
    /// target and `clip`, and composites `color` × `opacity` source-over.
    public func fill(_ polygons: FlatPath, color: Color, rule: FillRule, opacity: Double = 1) {
        guard opacity.isFinite, opacity > 0 else { return }
        let op = min(1, opacity)
        let argb = color.withAlphaScaled(op).premultipliedARGB
        guard argb >> 24 != 0 else { return }
        if fillWholePixelRectangle(polygons, argb: argb) { return }
        rasterize(polygons, rule: rule, painter: SolidPainter(color: argb))
    }

    /// Fills `polygons` with the premultiplied opaque `argb` when they are one rectangle whose
    /// sides lie on whole pixels and the clip has no anti-aliased rim (a solid layer's or a
    /// background's rectangle on the pixel grid); false, drawing nothing, for anything else.
    /// Every pixel such a rectangle touches is covered whole, and an opaque colour at full
    /// coverage is a plain store (lk_solid_spans.h), so its rows are set as a clear sets them
    /// (`lk_clear_pixels`): the sweep's pixels, without accumulating and sweeping its cells.
    @usableFromInline
    func fillWholePixelRectangle(_ polygons: FlatPath, argb: UInt32) -> Bool {
        guard argb >> 24 == 0xFF, let (x0, y0, x1, y1) = polygons.axisAlignedRectangle,
              x0 > -1e9, y0 > -1e9, x1 < 1e9, y1 < 1e9,
              x0.rounded(.down) == x0, x1.rounded(.down) == x1, y0.rounded(.down) == y0, y1.rounded(.down) == y1
        else { return false }
        guard let mask = ClipMask(clip, width: target.width, height: target.height) else { return true }
        guard !mask.active else { return false }
        let l = max(mask.left, Int(x0)), r = min(mask.right, Int(x1))
        let t = max(mask.top, Int(y0)), b = min(mask.bottom, Int(y1))
        guard l < r, t < b else { return true }
        let width = target.width, pixels = target.pixels
        if l == 0 && r == width {
            lk_clear_pixels(pixels + t * width, (b - t) * width, argb)
        } else {
            for y in t..<b { lk_clear_pixels(pixels + y * width + l, r - l, argb) }
        }
        return true
    }

    /// `fill(_:color:rule:opacity:)` of polygons whose points are all finite, with their bounding
    /// box found by the caller (the stroke outlines mapped to device space, StrokeOutlineCache).
    func fill(_ polygons: FlatPath, color: Color, rule: FillRule, opacity: Double, minX: Double, minY: Double,
              maxX: Double, maxY: Double) {
        guard opacity.isFinite, opacity > 0 else { return }
        let op = min(1, opacity)
        let argb = color.withAlphaScaled(op).premultipliedARGB
        guard argb >> 24 != 0 else { return }
        rasterize(polygons, rule: rule, painter: SolidPainter(color: argb), minX: minX, minY: minY, maxX: maxX,
                  maxY: maxY)
    }

    /// Erases (to transparent black) what `polygons` cover, in proportion to their coverage.
    public func clear(_ polygons: FlatPath, rule: FillRule = .nonZero) {
        rasterize(polygons, rule: rule, painter: ClearPainter())
    }

    /// The shared pipeline of fills and image draws. Returns without drawing for empty,
    /// non-finite or fully clipped input.
    @inline(__always) @usableFromInline
    func rasterize<P: SpanPainter>(_ polygons: FlatPath, rule: FillRule, painter: P) {
        // Bounding box; NaN or infinity anywhere rejects the whole fill.
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        let finite: Bool = polygons.points.withUnsafeBufferPointer { pts in
            for p in pts {
                guard p.x.isFinite && p.y.isFinite else { return false }
                if p.x < minX { minX = p.x }
                if p.x > maxX { maxX = p.x }
                if p.y < minY { minY = p.y }
                if p.y > maxY { maxY = p.y }
            }
            return true
        }
        guard finite else { return }
        rasterize(polygons, rule: rule, painter: painter, minX: minX, minY: minY, maxX: maxX, maxY: maxY)
    }

    /// `rasterize(_:rule:painter:)` for polygons whose points are all finite and whose bounding
    /// box the caller has found (minX…maxX, minY…maxY; empty when min > max).
    @inline(__always) @usableFromInline
    func rasterize<P: SpanPainter>(_ polygons: FlatPath, rule: FillRule, painter: P, minX: Double, minY: Double,
                                   maxX: Double, maxY: Double) {
        guard let mask = ClipMask(clip, width: target.width, height: target.height) else { return }
        guard minX <= maxX, minY <= maxY else { return }
        let l = max(Double(mask.left), minX.rounded(.down)), r = min(Double(mask.right), maxX.rounded(.up))
        let t = max(Double(mask.top), minY.rounded(.down)), b = min(Double(mask.bottom), maxY.rounded(.up))
        guard l < r, t < b else { return }
        let left = Int(l), right = Int(r), top = Int(t), bottom = Int(b)

        // Bands of about 256 KB of cells: a large polygon is accumulated and swept band by band
        // so its cells are still in cache when the sweep reads them (the edges are re-clipped
        // per band, which costs a y-range test per edge and band).
        // A row's cells: the drawn columns, the two an edge on the right boundary writes, and
        // seven that stay zero, so the dense sweep's eight-cell blocks (lk_sweep_dense.h) never
        // run past the row.
        let s = rasterScratch
        let cellsPerRow = right - left + 2
        let bandRows = max(16, min(bottom - top, 65_536 / cellsPerRow))
        s.reserve(rows: bandRows, stride: cellsPerRow + 7)
        var bandTop = top
        while bandTop < bottom {
            let bandBottom = min(bottom, bandTop + bandRows)
            let acc = CoverageAccumulator(scratch: s, top: bandTop, bottom: bandBottom, left: left, right: right)
            acc.add(polygons, portable: kernels == .portable)
            if let color = painter.solidColor, !mask.active {
                // A colour without an anti-aliased clip: the C sweep (lk_coverage_sweep.h).
                withUnsafePointer(to: acc.band) { band in
                    lk_sweep_solid(band, target.pixels, target.width, right, rule == .evenOdd ? 1 : 0, color,
                                   kernels == .portable ? 1 : 0)
                }
            } else {
                sweep(s, top: bandTop, bottom: bandBottom, left: left, right: right, evenOdd: rule == .evenOdd,
                      mask: mask, painter: painter)
            }
            bandTop = bandBottom
        }
    }

    /// Turns accumulated cells into coverage runs and paints them, clearing the cells.
    @inline(__always) @usableFromInline
    func sweep<P: SpanPainter>(_ s: RasterizerScratch, top: Int, bottom: Int, left: Int, right: Int,
                               evenOdd: Bool, mask: ClipMask, painter: P) {
        let cells = s.cells, rowRange = s.rowRange, stride = s.stride
        let bits = s.bits, wordsPerRow = s.wordsPerRow
        let pixels = target.pixels, width = target.width
        for ri in 0..<(bottom - top) {
            let lo = Int(rowRange[2 &* ri]), hi = Int(rowRange[2 &* ri &+ 1])
            if lo >= hi { continue }
            rowRange[2 &* ri] = .max; rowRange[2 &* ri &+ 1] = .min
            let y = top &+ ri
            let cellRow = cells + ri &* stride
            let dst = pixels + y &* width               // cells and bits are relative to `left`
            var inLo = 0, inHi = 0
            if mask.active { (inLo, inHi) = mask.interior(row: y) }
            // Visit only written cells (their bits); between two of them coverage is constant.
            let bitRow = bits + ri &* wordsPerRow
            var sum: Float = 0
            var runStart = 0
            var runCov: UInt32 = 0
            var w = lo >> 6
            let wEnd = (hi &- 1) >> 6
            while w <= wEnd {
                var word = bitRow[w]
                bitRow[w] = 0
                while word != 0 {
                    let p = (w << 6) | word.trailingZeroBitCount
                    word &= word &- 1
                    if runCov != 0 && p > runStart {
                        emit(painter, mask, row: dst, y: y, from: runStart &+ left, to: p &+ left, coverage: runCov,
                             left: left, right: right, interiorLo: inLo, interiorHi: inHi)
                    }
                    sum += cellRow[p]; cellRow[p] = 0
                    var v = abs(sum)
                    if evenOdd {
                        v -= 2 * Float(Int(v * 0.5))      // v ≥ 0: truncation is floor
                        if v > 1 { v = 2 - v }
                    } else if v > 1 { v = 1 }
                    runCov = coverageByte(v)
                    runStart = p
                }
                w &+= 1
            }
            // After the last written cell the row's deltas sum to zero: only that pixel remains.
            if runCov != 0 {
                emit(painter, mask, row: dst, y: y, from: runStart &+ left, to: runStart &+ left &+ 1, coverage: runCov,
                     left: left, right: right, interiorLo: inLo, interiorHi: inHi)
            }
        }
    }

    /// ⌊v · 255 + 0.5⌋ for v in 0…1, without the range check of `UInt32(_: Float)`: adding
    /// 2²³ leaves the sum rounded to the nearest integer in the low mantissa bits, and one
    /// comparison corrects a round up (the same value as the checked conversion).
    @inline(__always) @usableFromInline
    func coverageByte(_ v: Float) -> UInt32 {
        let c = v * 255 + 0.5
        let t = c + 0x1p23
        let k = t.bitPattern & 0x007F_FFFF
        return t - 0x1p23 > c ? k &- 1 : k
    }

    /// Paints one run of constant coverage, clipped to the drawn columns and the clip.
    @inline(__always) @usableFromInline
    func emit<P: SpanPainter>(_ painter: P, _ mask: ClipMask, row: UnsafeMutablePointer<UInt32>, y: Int,
                              from x0: Int, to x1: Int, coverage c: UInt32, left: Int, right: Int,
                              interiorLo: Int, interiorHi: Int) {
        let a = max(x0, left), z = min(x1, right)
        guard a < z else { return }
        if !mask.active {
            painter.paint(row: row, y: y, x: a, count: z &- a, coverage: c)
        } else {
            paintMasked(painter, mask, row: row, y: y, from: a, to: z, coverage: c,
                        interiorLo: interiorLo, interiorHi: interiorHi)
        }
    }

    /// A run under an anti-aliased clip: the clip's interior directly, its rim pixel by pixel.
    @inline(never) @usableFromInline
    func paintMasked<P: SpanPainter>(_ painter: P, _ mask: ClipMask, row: UnsafeMutablePointer<UInt32>, y: Int,
                                     from a: Int, to z: Int, coverage c: UInt32, interiorLo: Int, interiorHi: Int) {
        let ia = max(a, interiorLo), iz = min(z, interiorHi)
        if ia < iz {
            painter.paint(row: row, y: y, x: ia, count: iz - ia, coverage: c)
            rim(painter, mask, row: row, y: y, from: a, to: ia, coverage: c)
            rim(painter, mask, row: row, y: y, from: iz, to: z, coverage: c)
        } else {
            rim(painter, mask, row: row, y: y, from: a, to: z, coverage: c)
        }
    }

    @inline(__always) func rim<P: SpanPainter>(_ painter: P, _ mask: ClipMask, row: UnsafeMutablePointer<UInt32>,
                                               y: Int, from a: Int, to z: Int, coverage c: UInt32) {
        var x = a
        while x < z {
            let k = lkDiv255(c * mask.coverage(x: x, y: y))
            if k != 0 { painter.paint(row: row, y: y, x: x, count: 1, coverage: k) }
            x += 1
        }
    }
}

extension FlatPath {
    /// The bounds of these polygons when they are one rectangle with sides along the axes: one
    /// contour of four corners (or five, the last closing on the first) joined by vertical and
    /// horizontal sides in turn, either way round, with an area; nil for anything else (a bow
    /// tie, a side that doubles back). The rectangle fast paths of `fill` and the aliased fill.
    var axisAlignedRectangle: (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        guard contourStarts.count == 1, contourStarts[0] == 0, points.count == 4 || points.count == 5 else { return nil }
        return points.withUnsafeBufferPointer { p in
            if p.count == 5 && p[4] != p[0] { return nil }
            let verticalFirst = p[0].x == p[1].x && p[1].y == p[2].y && p[2].x == p[3].x && p[3].y == p[0].y
            let horizontalFirst = p[0].y == p[1].y && p[1].x == p[2].x && p[2].y == p[3].y && p[3].x == p[0].x
            guard verticalFirst || horizontalFirst else { return nil }
            let x0 = min(p[0].x, p[2].x), x1 = max(p[0].x, p[2].x), y0 = min(p[0].y, p[2].y), y1 = max(p[0].y, p[2].y)
            return x0 < x1 && y0 < y1 ? (x0, y0, x1, y1) : nil
        }
    }
}
