// Filling with a gradient: the span painter that gives each covered pixel the gradient's
// colour at the pixel centre, and the Canvas entry point. The colours come from a table of
// `gradientTableSize` premultiplied entries with 8 fractional bits per channel (the stops
// mixed unpremultiplied, then premultiplied; four 16-bit lanes in one 64-bit word), read at
// the nearest entry (1024 entries: within 1/8 of an 8-bit step of the exact colour); each
// pixel drops the fraction after adding a 4 × 4 ordered (Bayer) dither, so a slow ramp shows
// no bands, and a premultiplied channel never exceeds its alpha (the same dither on every
// lane keeps their order). Along a row an axial gradient's parameter grows by a constant
// step, so it is added, not recomputed; so do a radial gradient's scaled offsets (u, v),
// whose length t = √(u² + v²) (or focal parameter) is taken for a chunk of pixels at once by
// a C kernel (CRasterSIMD's lk_gradient_row.h, four lanes with AVX2), which also deposits a
// chunk's dithered entries at full coverage, eight a gather.
import CRasterSIMD

/// Paints runs with a gradient: no allocation, no reference counting, no existential per pixel.
@usableFromInline struct GradientPainter: SpanPainter {
    /// `count` entries: lanes (b, g, r, a) from the low end, premultiplied, × 256, opacity applied.
    let lut: UnsafePointer<UInt64>
    /// When the table is kept from before, its dithered form (GradientTableCache): entry i at
    /// dither position (y mod 4, x mod 4) is `(4·(y mod 4) + x mod 4) · count + i`.
    let dithered: UnsafePointer<UInt32>?
    let count: Int
    /// Table index = (t − t0) · tScale.
    let t0: Double, tScale: Double
    let gradient: Gradient
    /// Device pixel → gradient plane.
    let inverse: AffineTransform

    /// Pixels whose table indices are worked out together.
    static let chunk = 128

    /// The 4 × 4 Bayer matrix, one nibble per entry (row-major).
    static let bayer: UInt64 = 0x5d7f_91b3_6e4c_a280

    @inline(__always) @usableFromInline
    func paint(row: UnsafeMutablePointer<UInt32>, y: Int, x: Int, count n: Int, coverage: UInt32) {
        paint(row: row, y: y, x: x, count: n, coverage: coverage, overTransparent: false)
    }

    /// `paint(row:y:x:count:coverage: 255)` over pixels x ..< x + n that the caller has not
    /// cleared but wants painted as if they were transparent (0): the pixels the paint leaves on a
    /// cleared row, where source-over of an entry onto 0 is the entry, so the dithered paths
    /// store the entries without clearing or reading the row (lk_gradient_store).
    @inline(__always)
    func paintOverTransparent(row: UnsafeMutablePointer<UInt32>, y: Int, x: Int, count n: Int) {
        paint(row: row, y: y, x: x, count: n, coverage: 255, overTransparent: true)
    }

    @inline(__always)
    func paint(row: UnsafeMutablePointer<UInt32>, y: Int, x: Int, count n: Int, coverage: UInt32, overTransparent: Bool) {
        // The paths that read the row (all but the dithered axial and radial ones): clear it first.
        if overTransparent && (dithered == nil || gradient.kind == .conic) { (row + x).update(repeating: 0, count: n) }
        let py = Double(y) + 0.5, px0 = Double(x) + 0.5
        let m = inverse, g = gradient, last = Double(count - 1)
        let rowShift = (y & 3) << 4
        // Entry `index` at column `xi`: read dithered, or dithered here.
        let rowTable = dithered.map { $0 + ((y & 3) &<< 2) &* count }
        let n1 = count
        @inline(__always) func put(_ index: Int, _ xi: Int) {
            if let rowTable {
                Self.put(rowTable[((xi & 3) &* n1) &+ index], at: row + xi, coverage: coverage)
            } else {
                Self.deposit(lut[index], at: row + xi, x: xi, rowShift: rowShift, coverage: coverage)
            }
        }
        // The axial parameter at the first pixel and its step per pixel, in table units.
        var f = 0.0, df = 0.0
        let axial = g.kind == .axial
        if axial {
            let dx = g.end.x - g.start.x, dy = g.end.y - g.start.y
            let l2 = dx * dx + dy * dy
            if l2 > 0 {
                let u = m.a * px0 + m.c * py + m.tx - g.start.x, v = m.b * px0 + m.d * py + m.ty - g.start.y
                f = ((u * dx + v * dy) / l2 - t0) * tScale
                df = (m.a * dx + m.b * dy) / l2 * tScale
            } else {
                f = -t0 * tScale
            }
        }
        // Axial: the table index in 16.16 fixed point, stepped per pixel (bounded so that no
        // sum can overflow; beyond those bounds every pixel is clamped to an end anyway).
        let fixedStart = Int64((max(-1e7, min(1e7, f)) + 0.5) * 65536)
        let fixedStep = Int64(max(-1e6, min(1e6, df)) * 65536)
        let lastIndex = Int64(count - 1)
        // Radial: `Gradient.parameter(at:)`'s radii worked out once per run, not per pixel.
        // Along the row (u, v) = ((p − start)·inverse) / (rx, ry) grows by a constant step,
        // multiplied by the radii's reciprocals rather than divided per pixel (a difference
        // of an ulp or two in t, far below the table's 1/1024 steps). The table indices of
        // `chunk` pixels at a time come from lk_radial_indices; the deposits follow.
        if g.kind == .radial {
            var rx = abs(g.end.x - g.start.x), ry = abs(g.end.y - g.start.y)
            if rx == 0 { rx = ry }
            if ry == 0 { ry = rx }
            guard rx > 0 else {
                if overTransparent && dithered != nil { (row + x).update(repeating: 0, count: n) }
                var fi = (1 - t0) * tScale
                if !(fi > 0) { fi = 0 } else if fi > last { fi = last }
                let e = Int(fi + 0.5)
                for i in 0..<n { put(e, x &+ i) }
                return
            }
            let irx = 1 / rx, iry = 1 / ry
            let ub = m.c * py + m.tx - g.start.x, vb = m.d * py + m.ty - g.start.y
            let ua = m.a * irx, va = m.b * iry
            let u0 = (m.a * px0 + ub) * irx, v0 = (m.b * px0 + vb) * iry
            // Seen from a focus: the focal parameter (Gradient.swift). Both parameters come
            // from the C kernel (lk_gradient_row.h: four lanes with AVX2, two with SSE2), the
            // same operations in the same order as the Swift formulas, so the same indices.
            let focus = g.unitFocus(rx: rx, ry: ry)
            var run = lk_radial_run(u0: u0, v0: v0, ua: ua, va: va, fx: focus?.x ?? 0, fy: focus?.y ?? 0,
                                    fk: focus?.k ?? 1, t0: t0, tScale: tScale, last: last, focal: focus == nil ? 0 : 1)
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: Self.chunk) { chunk in
                let index = chunk.baseAddress!
                var done = 0
                while done < n {
                    let c = min(Self.chunk, n &- done)
                    lk_radial_indices(index, done, c, &run)
                    let x0 = x &+ done
                    if let rowTable, coverage == 255 {
                        // `put` at full coverage from a dithered table: eight pixels a gather.
                        if overTransparent {
                            lk_gradient_store(row + x0, x0, c, rowTable, n1, index)
                        } else {
                            lk_gradient_deposit(row + x0, x0, c, rowTable, n1, index)
                        }
                    } else {
                        for j in 0..<c { put(Int(index[j]), x0 &+ j) }
                    }
                    done &+= c
                }
            }
            return
        }
        // Axial through a dithered table at full coverage (the interior of every large
        // gradient fill, and all of a masked gradient group): the loop of `put` without its
        // per-pixel choices, a chunk's 16.16 indices from lk_axial_indices (the same integer
        // sums, eight a step with AVX2) and deposited by lk_gradient_deposit.
        if axial, let rowTable, coverage == 255 {
            if overTransparent, fixedStep == 0 {
                // The parameter does not change along the row (a gradient across it, as a
                // Lottie fade's): every index is the first, the row four pixels repeated
                // (lk_gradient_store_uniform, the same pixels).
                let e = max(0, min(lastIndex, fixedStart >> 16))
                lk_gradient_store_uniform(row + x, x, n, rowTable, n1, Int32(truncatingIfNeeded: e))
                return
            }
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: Self.chunk) { chunk in
                let index = chunk.baseAddress!
                var done = 0, acc = fixedStart
                while done < n {
                    let c = min(Self.chunk, n &- done)
                    lk_axial_indices(index, acc, fixedStep, c, lastIndex)
                    if overTransparent {
                        lk_gradient_store(row + (x &+ done), x &+ done, c, rowTable, n1, index)
                    } else {
                        lk_gradient_deposit(row + (x &+ done), x &+ done, c, rowTable, n1, index)
                    }
                    acc &+= Int64(c) &* fixedStep
                    done &+= c
                }
            }
            return
        }
        for i in 0..<n {
            let xi = x &+ i
            let index: Int
            if axial {
                index = Int(max(0, min(lastIndex, (fixedStart &+ Int64(i) &* fixedStep) >> 16)))
            } else {
                let px = px0 + Double(i)
                var fi = (g.parameter(at: Point(m.a * px + m.c * py + m.tx, m.b * px + m.d * py + m.ty)) - t0) * tScale
                if !(fi > 0) { fi = 0 } else if fi > last { fi = last }
                index = Int(fi + 0.5)
            }
            put(index, xi)
        }
    }

    /// Writes table entry `e` at `pixel` (column `x`, `rowShift` = (y & 3) << 4): the
    /// entry's fraction dropped after the ordered dither of that pixel, times `coverage`,
    /// source-over.
    @inline(__always) @usableFromInline
    static func deposit(_ e: UInt64, at pixel: UnsafeMutablePointer<UInt32>, x: Int, rowShift: Int, coverage: UInt32) {
        put(ditheredEntry(e, y: rowShift >> 4, x: x), at: pixel, coverage: coverage)
    }

    /// Table entry `e` as the packed premultiplied pixel (a, r, g, b from the high byte) the
    /// pixel at column `x` of row `y` shows: its fraction dropped after that pixel's ordered
    /// dither.
    @inline(__always) @usableFromInline
    static func ditheredEntry(_ e: UInt64, y: Int, x: Int) -> UInt32 {
        let lanes: UInt64 = 0x00FF_00FF_00FF_00FF
        let d = ((bayer >> UInt64(((y & 3) << 4) | ((x & 3) << 2))) & 15) &* 16 &+ 8
        let q = ((e &+ d &* 0x0001_0001_0001_0001) >> 8) & lanes
        return UInt32(truncatingIfNeeded: q & 0xFF) | UInt32(truncatingIfNeeded: (q >> 8) & 0xFF00)
            | UInt32(truncatingIfNeeded: (q >> 16) & 0xFF_0000) | UInt32(truncatingIfNeeded: (q >> 24) & 0xFF00_0000)
    }

    /// Writes the dithered entry `src` × `coverage` at `pixel`, source-over.
    @inline(__always) @usableFromInline
    static func put(_ src: UInt32, at pixel: UnsafeMutablePointer<UInt32>, coverage: UInt32) {
        var src = src
        if coverage != 255 { src = lkScale(src, coverage) }
        pixel.pointee = src >> 24 == 255 ? src : lkSourceOver(src, pixel.pointee)
    }

    /// Fills `lut` with `n` entries of `color` at evenly spaced parameters from `lo` to `hi`,
    /// premultiplied, × 256, alpha scaled by `opacity`.
    static func fillTable(_ lut: UnsafeMutablePointer<UInt64>, count n: Int, lo: Double, hi: Double, opacity op: Double,
                          color: (Double) -> Color) {
        for i in 0..<n {
            let c = color(lo + (hi - lo) * Double(i) / Double(n - 1))
            let a = max(0, min(1, c.a)) * op
            @inline(__always) func lane(_ v: Double) -> UInt64 { UInt64(max(0, min(65280, (v * 65280).rounded()))) }
            let aa = lane(a)
            lut[i] = min(lane(max(0, min(1, c.b)) * a), aa) | min(lane(max(0, min(1, c.g)) * a), aa) << 16
                | min(lane(max(0, min(1, c.r)) * a), aa) << 32 | aa << 48
        }
    }
}

extension Canvas {
    /// Entries of a gradient's colour table.
    static let gradientTableSize = 1024

    /// Fills `path` mapped by `transform` with `gradient` (in the path's plane) × `opacity`,
    /// the sides of `aliasing` drawn aliased (AliasedFill.swift).
    public func fill(_ path: Path, transform: AffineTransform = .identity, gradient: Gradient,
                     rule: FillRule = .nonZero, opacity: Double = 1, aliasing: EdgeAliasing? = nil) {
        guard opacity.isFinite, opacity > 0, !gradient.stops.isEmpty, !path.isEmpty, path.isFinite,
              let inverse = transform.inverted else { return }
        // The pixels the fill can paint, at most: what decides whether a new table is dithered.
        let reach = path.controlPointBounds.applying(transform).intersection(target.bounds)
        let area = reach.isNull || !reach.isFiniteRect ? 0 : Int(min(1e9, reach.width * reach.height))
        guard let painter = gradientPainter(gradient, inverse: inverse, opacity: opacity, area: area) else { return }
        flattenIntoScratch(path, transform: transform)
        rasterize(&scratch, rule: rule, painter: painter, aliasing: aliasing, transform: transform)
    }
}

extension Canvas {
    /// The painter of `gradient` × `opacity` through `inverse` (device to gradient plane), its
    /// colour table kept from an earlier paint with the same stops, range and opacity, or made;
    /// nil for a range that is not finite.
    /// `area` is about how many pixels it will paint: a new table paints them dithered in
    /// advance when they outnumber the dithered table's entries (GradientTableCache).
    func gradientPainter(_ gradient: Gradient, inverse: AffineTransform, opacity: Double, area: Int) -> GradientPainter? {
        let lo = min(0, gradient.stops[0].location), hi = max(1, gradient.stops[gradient.stops.count - 1].location)
        guard lo.isFinite, hi.isFinite else { return nil }
        let n = Self.gradientTableSize
        let key = GradientTableCache.Key(stops: gradient.stops, lo: lo, hi: hi, opacity: min(1, opacity))
        let (lut, dithered) = rasterScratch.gradientTables.tables(for: key, dither: area >= 16 * n) { table in
            GradientPainter.fillTable(table, count: n, lo: lo, hi: hi, opacity: key.opacity) { gradient.color(at: $0) }
        }
        return GradientPainter(lut: lut, dithered: dithered, count: n, t0: lo, tScale: Double(n - 1) / (hi - lo), gradient: gradient, inverse: inverse)
    }


    /// Paints `gradient` at full coverage (as `fill(_:transform:gradient:…)` paints the pixels
    /// a shape covers wholly) only over the pixels of `box` where `mask` has some alpha: the
    /// gradient of a group masked by a shape (DisplayListRasterizer+MaskedGradient.swift).
    /// The caller knows the shape to cover the whole box.
    func paintGradient(_ gradient: Gradient, transform: AffineTransform, opacity: Double, where mask: Bitmap,
                       box: PixelBox) {
        guard opacity.isFinite, opacity > 0, !gradient.stops.isEmpty, let inverse = transform.inverted,
              mask.width == target.width, mask.height == target.height else { return }
        let b = box.intersect(PixelBox(x0: 0, y0: 0, x1: target.width, y1: target.height))
        guard !b.isEmpty else { return }
        guard let painter = gradientPainter(gradient, inverse: inverse, opacity: opacity,
                                            area: (b.x1 - b.x0) * (b.y1 - b.y0)) else { return }
        let w = target.width
        for y in b.y0..<b.y1 {
            let m = mask.pixels + y * w, row = target.pixels + y * w
            var x = b.x0
            while x < b.x1 {
                while x < b.x1 && m[x] >> 24 == 0 { x += 1 }
                let start = x
                while x < b.x1 && m[x] >> 24 != 0 { x += 1 }
                if x > start { painter.paint(row: row, y: y, x: start, count: x - start, coverage: 255) }
            }
        }
    }
}
