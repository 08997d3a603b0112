// The two-point conical gradient (PDF's radial shading, Core Graphics' drawRadialGradient,
// Cairo's and Skia's two-point conical gradient): the circles c(t) = c0 + t·(c1 − c0) of
// radius r(t) = r0 + t·(r1 − r0) sweep the plane in increasing t, each painted over the ones
// before it, so a point shows the largest t whose circle passes through it with r(t) ≥ 0 and
// that the extent allows (t ≥ 0 unless the gradient extends before its start, t ≤ 1 unless it
// extends after its end); a point no allowed circle reaches stays unpainted. With q = p − c0,
// Δc = c1 − c0, Δr = r1 − r0, |q − t·Δc| = r0 + t·Δr squares to a·t² − 2b·t + c = 0 with
// a = |Δc|² − Δr², b = q·Δc + r0·Δr, c = |q|² − r0², whose roots are (b ± √(b² − a·c)) / a,
// or c / 2b when a is 0 (one circle touches the other from inside). Along a row q moves by a
// constant step, so b and c are updated, not recomputed. The colours come from the same
// dithered table as every gradient fill (GradientPainter.swift).

/// A two-point conical gradient in its own plane.
public struct TwoPointConicalGradient: Hashable, Sendable {
    /// The stops, in increasing location.
    public var stops: [GradientStop]
    public var startCenter: Point, startRadius: Double
    public var endCenter: Point, endRadius: Double
    /// Whether points before t = 0 take the first colour (else stay unpainted).
    public var extendsBefore: Bool
    /// Whether points after t = 1 take the last colour (else stay unpainted).
    public var extendsAfter: Bool

    public init(stops: [GradientStop], startCenter: Point, startRadius: Double, endCenter: Point, endRadius: Double,
                extendsBefore: Bool = true, extendsAfter: Bool = true) {
        self.stops = stops; self.startCenter = startCenter; self.startRadius = startRadius
        self.endCenter = endCenter; self.endRadius = endRadius
        self.extendsBefore = extendsBefore; self.extendsAfter = extendsAfter
    }

    /// The t point `p` shows; nil when no allowed circle passes through it.
    public func parameter(at p: Point) -> Double? {
        let s = TwoPointConicalSolver(self)
        let qx = p.x - startCenter.x, qy = p.y - startCenter.y
        return s.solve(b: qx * s.dcx + qy * s.dcy + startRadius * s.dr, c: qx * qx + qy * qy - startRadius * startRadius)
    }
}

/// The per-point solution of a two-point conical gradient: its constants, and the choice of
/// root. No allocation, no reference counting.
@usableFromInline struct TwoPointConicalSolver {
    let dcx: Double, dcy: Double, dr: Double, r0: Double
    /// a = |Δc|² − Δr², and its reciprocal (0 when a is treated as 0).
    let a: Double, inverseA: Double
    let before: Bool, after: Bool

    init(_ g: TwoPointConicalGradient) {
        dcx = g.endCenter.x - g.startCenter.x; dcy = g.endCenter.y - g.startCenter.y
        dr = g.endRadius - g.startRadius; r0 = g.startRadius
        let dc2 = dcx * dcx + dcy * dcy, dr2 = dr * dr
        let raw = dc2 - dr2
        // Relative to the terms it is the difference of: below that, a is rounding noise.
        a = abs(raw) <= 1e-9 * (dc2 + dr2) ? 0 : raw
        inverseA = a == 0 ? 0 : 1 / a
        before = g.extendsBefore; after = g.extendsAfter
    }

    /// Whether the circle of parameter `t` exists (r ≥ 0) and the extent allows it.
    @inline(__always) func allowed(_ t: Double) -> Bool {
        t.isFinite && r0 + t * dr >= 0 && (t >= 0 || before) && (t <= 1 || after)
    }

    /// The largest allowed root of a·t² − 2b·t + c = 0; nil when none is.
    @inline(__always) func solve(b: Double, c: Double) -> Double? {
        if a == 0 {
            guard b != 0 else { return nil }
            let t = c / (2 * b)
            return allowed(t) ? t : nil
        }
        let disc = b * b - a * c
        guard disc >= 0 else { return nil }
        let s = disc.squareRoot()
        var t1 = (b + s) * inverseA, t2 = (b - s) * inverseA
        if t2 > t1 { swap(&t1, &t2) }
        if allowed(t1) { return t1 }
        return allowed(t2) ? t2 : nil
    }
}

/// Paints runs with a two-point conical gradient; pixels no allowed circle reaches are left.
@usableFromInline struct TwoPointConicalPainter: SpanPainter {
    let lut: UnsafePointer<UInt64>
    let count: Int
    /// Table index = (t − t0) · tScale.
    let t0: Double, tScale: Double
    let solver: TwoPointConicalSolver
    let start: Point
    /// Device pixel → gradient plane.
    let inverse: AffineTransform

    @inline(__always) @usableFromInline
    func paint(row: UnsafeMutablePointer<UInt32>, y: Int, x: Int, count n: Int, coverage: UInt32) {
        let m = inverse, s = solver
        let py = Double(y) + 0.5, px0 = Double(x) + 0.5
        let rowShift = (y & 3) << 4
        let last = Double(count - 1)
        // q = p − c0 at the first pixel, and its step per pixel.
        var qx = m.a * px0 + m.c * py + m.tx - start.x, qy = m.b * px0 + m.d * py + m.ty - start.y
        let sx = m.a, sy = m.b
        for i in 0..<n {
            defer { qx += sx; qy += sy }
            guard let t = s.solve(b: qx * s.dcx + qy * s.dcy + s.r0 * s.dr, c: qx * qx + qy * qy - s.r0 * s.r0) else { continue }
            var f = (t - t0) * tScale
            if !(f > 0) { f = 0 } else if f > last { f = last }
            let xi = x &+ i
            GradientPainter.deposit(lut[Int(f + 0.5)], at: row + xi, x: xi, rowShift: rowShift, coverage: coverage)
        }
    }
}

extension Canvas {
    /// Fills `path` mapped by `transform` with the two-point conical `gradient` (in the
    /// path's plane) × `opacity`; points of the path no allowed circle reaches stay unpainted.
    public func fill(_ path: Path, transform: AffineTransform = .identity, gradient: TwoPointConicalGradient,
                     rule: FillRule = .nonZero, opacity: Double = 1) {
        guard opacity.isFinite, opacity > 0, !gradient.stops.isEmpty, !path.isEmpty, path.isFinite,
              gradient.startCenter.isFinite, gradient.endCenter.isFinite,
              gradient.startRadius.isFinite, gradient.endRadius.isFinite,
              let inverse = transform.inverted else { return }
        let lo = min(0, gradient.stops[0].location), hi = max(1, gradient.stops[gradient.stops.count - 1].location)
        guard lo.isFinite, hi.isFinite else { return }
        let n = Self.gradientTableSize
        let colors = Gradient(kind: .axial, stops: gradient.stops, start: .zero, end: .zero)
        // The table kept from an earlier fill with the same stops, range and opacity, or made.
        let key = GradientTableCache.Key(stops: gradient.stops, lo: lo, hi: hi, opacity: min(1, opacity))
        let lut = rasterScratch.gradientTables.table(for: key) { table in
            GradientPainter.fillTable(table, count: n, lo: lo, hi: hi, opacity: key.opacity) { colors.color(at: $0) }
        }
        flattenIntoScratch(path, transform: transform)
        let painter = TwoPointConicalPainter(lut: lut, count: n, t0: lo, tScale: Double(n - 1) / (hi - lo),
                                             solver: TwoPointConicalSolver(gradient), start: gradient.startCenter,
                                             inverse: inverse)
        rasterize(scratch, rule: rule, painter: painter)
    }
}
