// Filling with a gradient: the span painter that gives each covered pixel the gradient's
// colour at the pixel centre, and the Canvas entry point. The colours come from a table of
// `lutSize` premultiplied entries in floating point (the stops mixed unpremultiplied, then
// premultiplied), read with linear interpolation between entries; each pixel is quantized
// to 8 bits with a 4 × 4 ordered (Bayer) dither, so a slow ramp shows no bands.

/// Paints runs with a gradient: no allocation, no reference counting, no existential per pixel.
@usableFromInline struct GradientPainter: SpanPainter {
    /// `count` entries of (a, r, g, b), premultiplied, 0…255, opacity applied.
    let lut: UnsafePointer<Float>
    let count: Int
    /// Table index = (t − t0) · tScale.
    let t0: Double, tScale: Double
    let gradient: Gradient
    /// Device pixel → gradient plane.
    let inverse: AffineTransform

    /// The 4 × 4 Bayer matrix, one nibble per entry (row-major).
    static let bayer: UInt64 = 0x5d7f_91b3_6e4c_a280

    @inline(__always) @usableFromInline
    func paint(row: UnsafeMutablePointer<UInt32>, y: Int, x: Int, count n: Int, coverage: UInt32) {
        let py = Double(y) + 0.5
        let cov = Float(coverage) / 255
        let m = inverse, g = gradient, last = count - 1
        let rowShift = (y & 3) << 4
        for i in 0..<n {
            let xi = x &+ i
            let px = Double(xi) + 0.5
            let t = g.parameter(at: Point(m.a * px + m.c * py + m.tx, m.b * px + m.d * py + m.ty))
            var f = (t - t0) * tScale
            if !(f > 0) { f = 0 } else if f > Double(last) { f = Double(last) }
            let k = Int(f)
            let k1 = k < last ? k &+ 1 : k
            let w = Float(f - Double(k)), iw = 1 - w
            let p0 = lut + k &* 4, p1 = lut + k1 &* 4
            let d = Float((Self.bayer >> UInt64(rowShift | ((xi & 3) << 2))) & 15) * (1.0 / 16) + (1.0 / 32)
            let a = (p0[0] * iw + p1[0] * w) * cov + d
            let r = (p0[1] * iw + p1[1] * w) * cov + d
            let gg = (p0[2] * iw + p1[2] * w) * cov + d
            let b = (p0[3] * iw + p1[3] * w) * cov + d
            let ab = UInt32(min(255, max(0, a)))
            let rb = min(ab, UInt32(min(255, max(0, r))))
            let gb = min(ab, UInt32(min(255, max(0, gg))))
            let bb = min(ab, UInt32(min(255, max(0, b))))
            let src = (ab << 24) | (rb << 16) | (gb << 8) | bb
            row[xi] = lkSourceOver(src, row[xi])
        }
    }
}

extension Canvas {
    /// Entries of a gradient's colour table.
    static let gradientTableSize = 1024

    /// Fills `path` mapped by `transform` with `gradient` (in the path's plane) × `opacity`.
    public func fill(_ path: Path, transform: AffineTransform = .identity, gradient: Gradient,
                     rule: FillRule = .nonZero, opacity: Double = 1) {
        guard opacity.isFinite, opacity > 0, !gradient.stops.isEmpty, !path.isEmpty, path.isFinite,
              let inverse = transform.inverted else { return }
        let lo = min(0, gradient.stops[0].location), hi = max(1, gradient.stops[gradient.stops.count - 1].location)
        guard lo.isFinite, hi.isFinite else { return }
        let n = Self.gradientTableSize
        let lut = UnsafeMutablePointer<Float>.allocate(capacity: n * 4)
        defer { lut.deallocate() }
        let op = min(1, opacity)
        for i in 0..<n {
            let c = gradient.color(at: lo + (hi - lo) * Double(i) / Double(n - 1))
            let a = max(0, min(1, c.a)) * op
            lut[i * 4] = Float(a * 255)
            lut[i * 4 + 1] = Float(max(0, min(1, c.r)) * a * 255)
            lut[i * 4 + 2] = Float(max(0, min(1, c.g)) * a * 255)
            lut[i * 4 + 3] = Float(max(0, min(1, c.b)) * a * 255)
        }
        scratch.removeAll()
        path.flatten(transform: transform, tolerance: tolerance, into: &scratch)
        let painter = GradientPainter(lut: UnsafePointer(lut), count: n, t0: lo, tScale: Double(n - 1) / (hi - lo),
                                      gradient: gradient, inverse: inverse)
        rasterize(scratch, rule: rule, painter: painter)
    }
}
