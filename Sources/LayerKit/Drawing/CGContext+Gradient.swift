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
//   sides the options extend. Circles with different centres fill the clip through Raster's
//   two-point conical gradient (Gradient/TwoPointConicalGradient.swift), the options giving
//   its extent before t = 0 and after t = 1.

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
              startRadius >= 0, endRadius >= 0, state.ctm.inverted != nil else { return }
        if startCenter == endCenter {
            drawConcentricGradient(gradient, center: startCenter, startRadius: startRadius, endRadius: endRadius,
                                   options: options)
            return
        }
        let box = boundingBoxOfClipPath
        guard !box.isNull, box.isFiniteRect else { return }
        // "Paints a gradient fill that varies along the area defined by the provided starting
        // and ending circles" (CGContext.drawRadialGradient); drawsBeforeStartLocation: "The
        // fill should extend beyond the starting location. The color that extends beyond the
        // starting point is the solid color defined by the CGGradient object to be at
        // location 0" (drawsAfterEndLocation likewise, location 1). Without them the clip
        // stays unpainted outside the circles from t = 0 to t = 1.
        let g = TwoPointConicalGradient(stops: gradient.stops, startCenter: startCenter, startRadius: startRadius,
                                        endCenter: endCenter, endRadius: endRadius,
                                        extendsBefore: options.contains(.drawsBeforeStartLocation),
                                        extendsAfter: options.contains(.drawsAfterEndLocation))
        let ctm = state.ctm, alpha = state.alpha
        paint { $0.fill(.rect(box.insetBy(dx: -1, dy: -1)), transform: ctm, gradient: g, opacity: alpha) }
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
}
