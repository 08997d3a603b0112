// Aliased edges of an image drawn through a projective (perspective) map: the sides of a
// rectangle in the image (a layer's bounds in the bitmap its plane was drawn into) rasterized
// as a GPU rasterizes a textured quad without multisampling. The projected rectangle is still a
// convex quadrilateral in device space, its sides straight lines through the projected corners,
// so AliasedFill's per-side rule applies unchanged: a pixel lies inside an aliased side when its
// centre does (the top-left rule on the line), over the side's straight part. Two things differ
// from the affine fill:
// - The strips that keep the exact-area sweep from seeing an aliased side are laid out in device
//   space (two device pixels outward from the projected side), since a fixed depth in image
//   units would vary along a side under perspective.
// - The image inside its bitmap was drawn anti-aliased, its outermost texels partly covered, and
//   bilinear sampling would fade an aliased side over a device pixel again. Along an aliased
//   side's straight part the sample position is therefore kept on the texels wholly inside the
//   rectangle (a texture clamped to its edge, as a GPU samples a layer's quad); at rounded
//   corners and along anti-aliased sides it is not, and their coverage stays the bitmap's own.
// - The quadrilateral drawn is the rectangle's, not the image's (a pixel more beyond its
//   anti-aliased sides): the centre test cuts only along a side's straight part, and under
//   perspective the image beyond a side would otherwise show past a rounded corner.
// A rectangle with a corner at or behind the eye is not a quadrilateral on screen: it is drawn
// with every edge anti-aliased (the cut against the near plane is not one of its sides).

extension DeviceAliasedSides {
    /// The aliased sides of `aliasing` (in image pixels) mapped by the projective `m`, with their
    /// device-space strips appended to `polygons` (wound as they are); nil when there is none, or
    /// a corner of the rectangle lies within `nearW` of the eye's plane, or the polygons are
    /// degenerate.
    init?(_ aliasing: EdgeAliasing, projective m: ProjectiveTransform, polygons: inout FlatPath, nearW: Double) {
        let r = aliasing.rect
        guard !aliasing.sides.isEmpty, !r.isNull, !r.isEmpty, r.isFiniteRect else { return nil }
        let x0 = r.minX, y0 = r.minY, x1 = r.maxX, y1 = r.maxY
        for p in [Point(x0, y0), Point(x1, y0), Point(x0, y1), Point(x1, y1)] {
            guard m.m31 * p.x + m.m32 * p.y + m.m33 >= nearW else { return nil }
        }
        let all = aliasing.rectangleSides
        var needed: RectSides = []
        for s in all where aliasing.sides.contains(s.side) {
            if aliasing.hasStraightPart(s) { needed.insert(s.side) }
        }
        guard !needed.isEmpty else { return nil }
        let winding = Self.signedArea(polygons.points, contours: polygons)
        guard winding != 0, winding.isFinite, let centre = m.apply(Point(r.midX, r.midY)) else { return nil }
        var lane = 0
        for s in all where needed.contains(s.side) {
            guard let p = m.apply(s.p), let q = m.apply(s.q) else { return nil }
            var la = q.y - p.y, lb = p.x - q.x
            var lc = -(la * p.x + lb * p.y)
            if la * centre.x + lb * centre.y + lc < 0 { la = -la; lb = -lb; lc = -lc }
            let n = (la * la + lb * lb).squareRoot()
            guard n > 1e-9, n.isFinite else { continue }
            // Unit direction along the projected side, and outward (away from the centre).
            let dx = (q.x - p.x) / n, dy = (q.y - p.y) / n
            let ox = -la / n, oy = -lb / n
            // Where the straight part begins and ends, in device pixels from p: at the projected
            // end of a rounded corner's reach, else at the corner (two pixels on when the other
            // side there is aliased too).
            let length = s.side == .minX || s.side == .maxX ? r.height : r.width
            let ux = (s.q.x - s.p.x) / length, uy = (s.q.y - s.p.y) / length
            func along(_ d: Double) -> Double? {
                guard let e = m.apply(Point(s.p.x + ux * d, s.p.y + uy * d)) else { return nil }
                return (e.x - p.x) * dx + (e.y - p.y) * dy
            }
            guard let start = s.inP > 0 ? along(s.inP) : (needed.contains(s.atP) ? -2 : 0),
                  let end = s.inQ > 0 ? along(length - s.inQ) : n + (needed.contains(s.atQ) ? 2 : 0),
                  start < end, start.isFinite, end.isFinite else { continue }
            func at(_ t: Double, _ out: Double) -> Point { Point(p.x + dx * t + ox * out, p.y + dy * t + oy * out) }
            var strip = [at(start, 0), at(end, 0), at(end, 2), at(start, 2)]
            if (Self.signedArea(strip) > 0) != (winding > 0) { strip.reverse() }
            polygons.move(to: strip[0])
            for k in 1..<4 { polygons.line(to: strip[k]) }
            a[lane] = la / n; b[lane] = lb / n; c[lane] = lc / n
            onLineInside[lane] = a[lane] > 0 || (a[lane] == 0 && b[lane] > 0) ? 1 : 0
            u[lane] = dx; v[lane] = dy; w[lane] = -(dx * p.x + dy * p.y)
            if s.inP > 0 { from[lane] = start - 1 }
            if s.inQ > 0 { to[lane] = end + 1 }
            lane += 1
        }
        guard lane > 0 else { return nil }
        count = lane
    }
}

/// Where samples are held on the texels wholly inside an aliased rectangle: per side, the
/// bound (u ≥ minU for the minX side, and so on; infinite for a side not held) and the span
/// of the other coordinate over which it holds (the side's straight part; unbounded past a
/// sharp corner).
@usableFromInline struct EdgeSampleClamp {
    @usableFromInline var minU = -Double.infinity, maxU = Double.infinity
    @usableFromInline var minV = -Double.infinity, maxV = Double.infinity
    /// The v span of the minX and maxX bounds, the u span of the minY and maxY bounds.
    @usableFromInline var minXSpan = (-Double.infinity, Double.infinity), maxXSpan = (-Double.infinity, Double.infinity)
    @usableFromInline var minYSpan = (-Double.infinity, Double.infinity), maxYSpan = (-Double.infinity, Double.infinity)

    /// The clamp for the aliased sides of `aliasing`: a bilinear sample at u reads texels
    /// ⌊u − ½⌋ and the next, so u ≥ ⌈minX⌉ + ½ and u ≤ ⌊maxX⌋ − ½ read only whole texels.
    @usableFromInline init(_ aliasing: EdgeAliasing) {
        let r = aliasing.rect, s = aliasing.sides
        if s.contains(.minX) { minU = r.minX.rounded(.up) + 0.5 }
        if s.contains(.maxX) { maxU = r.maxX.rounded(.down) - 0.5 }
        if s.contains(.minY) { minV = r.minY.rounded(.up) + 0.5 }
        if s.contains(.maxY) { maxV = r.maxY.rounded(.down) - 0.5 }
        // Less than a whole texel across: the middle.
        if minU > maxU { minU = r.midX; maxU = r.midX }
        if minV > maxV { minV = r.midY; maxV = r.midY }
        func span(_ lo: Double, _ inLo: Double, _ hi: Double, _ inHi: Double) -> (Double, Double) {
            (inLo > 0 ? lo + inLo : -.infinity, inHi > 0 ? hi - inHi : .infinity)
        }
        minXSpan = span(r.minY, aliasing.minXMinYInset, r.maxY, aliasing.minXMaxYInset)
        maxXSpan = span(r.minY, aliasing.maxXMinYInset, r.maxY, aliasing.maxXMaxYInset)
        minYSpan = span(r.minX, aliasing.minXMinYInset, r.maxX, aliasing.maxXMinYInset)
        maxYSpan = span(r.minX, aliasing.minXMaxYInset, r.maxX, aliasing.maxXMaxYInset)
    }

    /// (u, v) held inside the bounds that apply there.
    @inline(__always) @usableFromInline
    func apply(_ u: Double, _ v: Double) -> (Double, Double) {
        var cu = u, cv = v
        if u < minU && v >= minXSpan.0 && v <= minXSpan.1 { cu = minU }
        if u > maxU && v >= maxXSpan.0 && v <= maxXSpan.1 { cu = maxU }
        if v < minV && u >= minYSpan.0 && u <= minYSpan.1 { cv = minV }
        if v > maxV && u >= maxYSpan.0 && u <= maxYSpan.1 { cv = maxV }
        return (cu, cv)
    }
}

/// The aliased sides' clamp is where a projective image painter holds its sample positions.
extension EdgeSampleClamp: SamplePositionClamp {}
