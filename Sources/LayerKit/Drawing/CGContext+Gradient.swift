// Gradient drawing of a CGContext: the gradient paints the whole clip, as Core Graphics'
// drawLinearGradient and drawRadialGradient do (they take no shape: clip first), written pixel by pixel into the scratch bitmap over the clip's pixels
// and composited through the clip. Each pixel centre maps back to user space through the
// inverse CTM; its gradient parameter t picks a premultiplied colour from the gradient's table.
//   Axial: t is the projection of the point onto start→end, t = (p − s)·(e − s) / |e − s|².
//   Radial: the circles c(t) = c0 + t(c1 − c0) of radius r(t) = r0 + t(r1 − r0) sweep the
//   plane; a point takes the largest t whose circle passes through it with r(t) ≥ 0 (the
//   two-circle construction Core Graphics, PDF and the HTML canvas share): the roots of
//   a·t² − 2b·t + c = 0 with a = |Δc|² − Δr², b = (p − c0)·Δc + r0·Δr, c = |p − c0|² − r0².
// Without the extend options, points whose t falls before 0 or after 1 stay unpainted.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension CGContext {
    /// Fills the clip with `gradient` along the line from `start` to `end` (user space),
    /// constant across it.
    public func drawLinearGradient(_ gradient: CGGradient, start: Point, end: Point,
                                   options: CGGradientDrawingOptions = []) {
        let d = end - start, dd = d.dot(d)
        guard dd > 0, dd.isFinite, start.isFinite, let inv = state.ctm.inverted else { return }
        // t at device pixel (x, y) is affine: a·x + b·y + c.
        let ta = (inv.a * d.x + inv.b * d.y) / dd, tb = (inv.c * d.x + inv.d * d.y) / dd
        let tc = ((inv.tx - start.x) * d.x + (inv.ty - start.y) * d.y) / dd
        guard ta.isFinite, tb.isFinite, tc.isFinite else { return }
        fillClip(gradient) { table, row, x0, x1, y in
            let last = Double(table.count - 1)
            let before = options.contains(.drawsBeforeStartLocation), after = options.contains(.drawsAfterEndLocation)
            let cy = tb * (Double(y) + 0.5) + tc
            for x in x0..<x1 {
                var t = ta * (Double(x) + 0.5) + cy
                if t < 0 { if !before { continue }; t = 0 }
                if t > 1 { if !after { continue }; t = 1 }
                row[x] = table[Int(t * last + 0.5)]
            }
        }
    }

    /// Fills the clip with `gradient` swept from the circle (`startCenter`, `startRadius`) to
    /// the circle (`endCenter`, `endRadius`), user space.
    public func drawRadialGradient(_ gradient: CGGradient, startCenter: Point, startRadius: Double,
                                   endCenter: Point, endRadius: Double, options: CGGradientDrawingOptions = []) {
        guard startCenter.isFinite, endCenter.isFinite, startRadius.isFinite, endRadius.isFinite,
              startRadius >= 0, endRadius >= 0, let inv = state.ctm.inverted else { return }
        let dc = endCenter - startCenter, dr = endRadius - startRadius, r0 = startRadius
        let a = dc.dot(dc) - dr * dr
        fillClip(gradient) { table, row, x0, x1, y in
            let last = Double(table.count - 1)
            let before = options.contains(.drawsBeforeStartLocation), after = options.contains(.drawsAfterEndLocation)
            // The pixel centre relative to the start centre, user space, stepped along the row.
            let fx0 = Double(x0) + 0.5, fy = Double(y) + 0.5
            var px = inv.a * fx0 + inv.c * fy + inv.tx - startCenter.x
            var py = inv.b * fx0 + inv.d * fy + inv.ty - startCenter.y
            for x in x0..<x1 {
                defer { px += inv.a; py += inv.b }
                let b = px * dc.x + py * dc.y + r0 * dr
                let c = px * px + py * py - r0 * r0
                // The candidate roots, larger first.
                var t1 = Double.nan, t2 = Double.nan
                if abs(a) < 1e-12 {
                    if b != 0 { t1 = c / (2 * b) }
                } else {
                    let disc = b * b - a * c
                    if disc < 0 { continue }
                    let s = disc.squareRoot()
                    t1 = (b + s) / a; t2 = (b - s) / a
                    if t2 > t1 { swap(&t1, &t2) }
                }
                // Circles paint in increasing t, later over earlier: the largest allowed root wins.
                @inline(__always) func allowed(_ t: Double) -> Bool {
                    t.isFinite && r0 + t * dr >= 0 && (t >= 0 || before) && (t <= 1 || after)
                }
                let chosen = allowed(t1) ? t1 : (allowed(t2) ? t2 : Double.nan)
                guard chosen.isFinite else { continue }
                let k = max(0, min(1, chosen))
                row[x] = table[Int(k * last + 0.5)]
            }
        }
    }

    /// Writes `gradient`'s pixels over the clip's whole pixels into the scratch bitmap (one
    /// call of `span` per row: the table, the row, columns x0..<x1, the row index), then
    /// composites them through the clip.
    private func fillClip(_ gradient: CGGradient,
                          _ span: (UnsafeBufferPointer<UInt32>, UnsafeMutablePointer<UInt32>, Int, Int, Int) -> Void) {
        let area = state.clipRect.intersection(bitmap.bounds)
        guard !area.isNull, !area.isEmpty, state.alpha > 0 else { return }
        let px = area.pixelAligned
        let x0 = Int(px.minX), y0 = Int(px.minY), x1 = Int(px.maxX), y1 = Int(px.maxY)
        let s = scratchBitmap()
        let table = gradient.pixelTable(alpha: state.alpha)
        table.withUnsafeBufferPointer { t in
            for y in y0..<y1 { span(t, s.pixels + y * s.width, x0, x1, y) }
        }
        compositeScratch()
    }
}
