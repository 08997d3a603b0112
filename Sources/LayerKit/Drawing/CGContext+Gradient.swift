// Gradient drawing of a CGContext: the gradient paints the whole clip, as Core Graphics'
// drawLinearGradient and drawRadialGradient do (they take no shape: clip first). Without the
// extend options, points whose t falls before 0 or after 1 stay unpainted.
//   Axial: t is the projection of the point onto start→end, t = (p − s)·(e − s) / |e − s|².
//   Raster's gradient fill (its span painter, dithered from a 1024-entry table) paints the
//   band between the lines through start and end perpendicular to them, widened to the
//   clip on the sides the options extend.
//   Radial: the circles c(t) = c0 + t(c1 − c0) of radius r(t) = r0 + t(r1 − r0) sweep the
//   plane; a point takes the largest t whose circle passes through it with r(t) ≥ 0 (the
//   two-circle construction Core Graphics, PDF and the HTML canvas share). With one centre
//   the circles are concentric and t grows with the distance d from it, d = r0 + t(r1 − r0):
//   Raster's radial fill (t′ = d / max(r0, r1)) paints it, with the stops moved to
//   (r0 + location·(r1 − r0)) / max(r0, r1), over the ring between the two circles and the
//   sides the options extend. Circles with different centres are solved per pixel: the roots
//   of a·t² − 2b·t + c = 0 with a = |Δc|² − Δr², b = (p − c0)·Δc + r0·Δr, c = |p − c0|² − r0²,
//   written into the scratch bitmap over the clip's pixels and composited through the clip.

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
        guard dd > 0, dd.isFinite, start.isFinite, state.ctm.inverted != nil else { return }
        let box = boundingBoxOfClipPath
        guard !box.isNull, box.isFiniteRect else { return }
        // Far enough from start to pass every corner of the clip: the band's half width, and
        // how far (in units of d) an extended side reaches.
        let corners = [Point(box.minX, box.minY), Point(box.maxX, box.minY), Point(box.minX, box.maxY), Point(box.maxX, box.maxY)]
        let reach = corners.map { ($0 - start).dot($0 - start).squareRoot() }.max()! + 1
        let length = dd.squareRoot(), along = reach / length
        let u0 = options.contains(.drawsBeforeStartLocation) ? -along : 0
        let u1 = options.contains(.drawsAfterEndLocation) ? 1 + along : 1
        let n = Point(-d.y / length * reach, d.x / length * reach)
        var band = Path()
        band.move(to: start + d * u0 + n)
        band.addLine(to: start + d * u1 + n)
        band.addLine(to: start + d * u1 - n)
        band.addLine(to: start + d * u0 - n)
        band.closeSubpath()
        let g = Gradient(kind: .axial, stops: gradient.stops, start: start, end: end)
        let ctm = state.ctm, alpha = state.alpha
        paint { $0.fill(band, transform: ctm, gradient: g, opacity: alpha) }
    }

    /// Fills the clip with `gradient` swept from the circle (`startCenter`, `startRadius`) to
    /// the circle (`endCenter`, `endRadius`), user space.
    public func drawRadialGradient(_ gradient: CGGradient, startCenter: Point, startRadius: Double,
                                   endCenter: Point, endRadius: Double, options: CGGradientDrawingOptions = []) {
        guard startCenter.isFinite, endCenter.isFinite, startRadius.isFinite, endRadius.isFinite,
              startRadius >= 0, endRadius >= 0, let inv = state.ctm.inverted else { return }
        if startCenter == endCenter {
            drawConcentricGradient(gradient, center: startCenter, startRadius: startRadius, endRadius: endRadius,
                                   options: options)
            return
        }
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

    /// The radial gradient of two circles about one centre, through Raster's radial fill.
    private func drawConcentricGradient(_ gradient: CGGradient, center: Point, startRadius r0: Double,
                                        endRadius r1: Double, options: CGGradientDrawingOptions) {
        let outer = max(r0, r1), inner = min(r0, r1)
        guard outer > inner else { return }
        let box = boundingBoxOfClipPath
        guard !box.isNull, box.isFiniteRect else { return }
        // The stops where t′ = d / outer puts them (ascending when the circles shrink too).
        var stops = zip(gradient.colors, gradient.locations).map {
            GradientStop(location: (r0 + $1 * (r1 - r0)) / outer, color: $0)
        }
        if r1 < r0 { stops.reverse() }
        // Inside the inner circle t is before 0 when the circles grow, after 1 when they shrink.
        let growing = r1 > r0
        let fillsInside = options.contains(growing ? .drawsBeforeStartLocation : .drawsAfterEndLocation)
        let fillsOutside = options.contains(growing ? .drawsAfterEndLocation : .drawsBeforeStartLocation)
        var region = Path()
        if fillsOutside {
            region.addPath(.rect(box.union(Rect(center.x - outer, center.y - outer, 2 * outer, 2 * outer)).insetBy(dx: -1, dy: -1)))
        } else {
            region.addPath(.ellipse(in: Rect(center.x - outer, center.y - outer, 2 * outer, 2 * outer)))
        }
        if !fillsInside && inner > 0 {
            region.addPath(.ellipse(in: Rect(center.x - inner, center.y - inner, 2 * inner, 2 * inner)))
        }
        let g = Gradient(kind: .radial, stops: stops, start: center, end: Point(center.x + outer, center.y + outer))
        let ctm = state.ctm, alpha = state.alpha
        paint { $0.fill(region, transform: ctm, gradient: g, rule: .evenOdd, opacity: alpha) }
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
