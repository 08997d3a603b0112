// Tests of Raster's path geometry: flattening within tolerance, trimming by length, dashing,
// and stroking (joins, caps, miter limit as Core Graphics has it).

import Testing
@testable import Raster

/// Distance from `p` to the segment a–b.
private func segmentDistance(_ p: Point, _ a: Point, _ b: Point) -> Double {
    let ab = b - a, l2 = ab.dot(ab)
    let t = l2 > 0 ? max(0, min(1, (p - a).dot(ab) / l2)) : 0
    return (p - (a + ab * t)).length
}

@Suite struct FlattenTests {
    @Test(arguments: [0.1, 0.25, 0.02])
    func cubicWithinTolerance(_ tol: Double) {
        var p = Path()
        p.move(to: Point(0, 0))
        p.addCurve(to: Point(100, 0), control1: Point(-30, 120), control2: Point(160, 90))
        let t = AffineTransform.scale(2.5, 1.5).concatenating(.translation(3, 4))
        var f = FlatPath()
        p.flatten(transform: t, tolerance: tol, into: &f)
        #expect(f.contourCount == 1)
        // Every polygon vertex lies on the mapped curve, and every curve point is within tol
        // of the polygon (the closing edge excluded: it is the implicit close).
        let pts = f.points
        let c = Cubic(t.apply(Point(0, 0)), t.apply(Point(-30, 120)), t.apply(Point(160, 90)), t.apply(Point(100, 0)))
        var worst = 0.0
        for i in 0...4000 {
            let q = c.point(Double(i) / 4000)
            var best = Double.infinity
            for k in 0..<(pts.count - 1) { best = min(best, segmentDistance(q, pts[k], pts[k + 1])) }
            worst = max(worst, best)
        }
        #expect(worst <= tol)
        #expect(worst > tol / 20, "not wastefully fine: \(worst)")
    }

    @Test func subpathsBecomeClosedPolygons() throws {
        let p = try Path(svg: "M0 0 L10 0 L10 10 M20 20 L30 20 L30 30 Z M5 5 M1 1 L2 2")
        var f = FlatPath()
        p.flatten(transform: .identity, tolerance: 0.1, into: &f)
        // Two triangles; the lone move and the 2-point subpath are dropped.
        #expect(f.contourCount == 2)
        #expect(abs(coveredArea(f) - 100) < 0.05)
    }

    @Test func nonFiniteSubpathsAreSkipped() {
        var p = Path()
        p.addRect(Rect(0, 0, 10, 10))
        p.move(to: Point(0, 0)); p.addLine(to: Point(.nan, 3)); p.addLine(to: Point(4, 4))
        p.move(to: Point(0, 0)); p.addCurve(to: Point(5, 5), control1: Point(.infinity, 0), control2: Point(1, 1))
        var f = FlatPath()
        p.flatten(transform: .identity, tolerance: 0.1, into: &f)
        #expect(f.contourCount == 1)
        #expect(f.points.allSatisfy { $0.isFinite })
    }

    @Test func circleAreaAfterScale() {
        let p = Path.ellipse(in: Rect(-1, -1, 2, 2))
        var f = FlatPath()
        p.flatten(transform: .scale(100, 100), tolerance: 0.1, into: &f)
        let area = coveredArea(f)
        #expect(abs(area - Double.pi * 10000) / (Double.pi * 10000) < 0.002)
    }
}

@Suite struct TrimTests {
    @Test func circleTrimLengthsAreExact() {
        let circle = Path.ellipse(in: Rect(0, 0, 200, 200))
        let total = polylineLength(circle)
        #expect(close(circle.length, total, rel: 1e-6))
        for (a, b) in [(0.0, 0.3), (0.1, 0.35), (0.62, 0.99), (0.05, 0.95), (0.3, 0.3000001)] {
            let t = circle.trimmed(from: a, to: b)
            let l = polylineLength(t)
            #expect(close(l, (b - a) * total, rel: 1e-6), "\(a)…\(b): \(l) vs \((b - a) * total)")
            #expect(subpathCount(t) == 1)
            // Trimmed closed subpath is open.
            #expect(!t.elements.contains(.close))
        }
    }

    @Test func cubicTrimIsByLengthNotParameter() throws {
        // Very uneven parametrisation: controls bunched at the start.
        let p = try Path(svg: "M0 0 C1 0 2 0 100 80")
        let total = polylineLength(p)
        let half = p.trimmed(from: 0, to: 0.5)
        #expect(close(polylineLength(half), total / 2, rel: 1e-6))
        let mid = p.trimmed(from: 0.2, to: 0.7)
        #expect(close(polylineLength(mid), total / 2, rel: 1e-6))
        // A symmetric cubic with a cusp at t = ½: half the length ends at the cusp.
        let cusp = try Path(svg: "M70 50 C170 10 70 10 170 50")
        let h = cusp.trimmed(from: 0, to: 0.5)
        #expect(close(polylineLength(h), polylineLength(cusp) / 2, rel: 1e-6))
        if let end = h.currentPoint { #expect((end - Point(120, 20)).length < 1e-4, "\(end)") }
    }

    @Test func acrossSubpathsAndClosingSegments() throws {
        // Two squares of perimeter 40 each (closing segments count): total 80.
        let p = try Path(svg: "M0 0 H10 V10 H0 Z M20 0 H30 V10 H20 Z")
        #expect(p.length == 80)
        let t = p.trimmed(from: 0.4, to: 0.6)   // 32 … 48: last 8 of square 1, first 8 of square 2
        #expect(subpathCount(t) == 2)
        #expect(abs(polylineLength(t) - 16) < 1e-9)
        #expect(t.elements[0] == .move(Point(0, 8)))
        #expect(t.elements.last == .line(Point(28, 0)))
        // A closed subpath entirely inside stays closed.
        let u = p.trimmed(from: 0, to: 0.75)
        #expect(u.elements.filter { $0 == .close }.count == 1)
        #expect(abs(polylineLength(u) - 60) < 1e-9)
        // A closed subpath that follows a close without a moveto starts at the previous start.
        var chained = Path()
        chained.addRect(Rect(0, 0, 10, 10))
        chained.addLine(to: Point(0, -10)); chained.addLine(to: Point(10, -10)); chained.closeSubpath()
        let whole = chained.trimmed(from: 0.0, to: 0.9999999)
        #expect(whole.elements.filter { $0 == .close }.count == 1)
        #expect(whole.elements.contains(.move(Point(0, 0))))
        #expect(abs(polylineLength(whole) - polylineLength(chained)) < 1e-4)
        // Quadratics stay quadratics.
        let q = try Path(svg: "M0 0 Q50 100 100 0").trimmed(from: 0.25, to: 0.75)
        #expect(q.elements.count == 2)
        if case .quad = q.elements[1] {} else { Issue.record("expected a quad") }
        #expect(close(polylineLength(q), polylineLength(try Path(svg: "M0 0 Q50 100 100 0")) / 2, rel: 1e-6))
    }

    @Test func emptyRanges() {
        let p = Path.rect(Rect(0, 0, 10, 10))
        #expect(p.trimmed(from: 0.5, to: 0.5).isEmpty)
        #expect(p.trimmed(from: 0.7, to: 0.2).isEmpty)
        #expect(p.trimmed(from: .nan, to: 1).isEmpty)
        #expect(p.trimmed(from: -3, to: 7) == p)
    }
}

@Suite struct DashTests {
    @Test func countsAndLengths() throws {
        let line = try Path(svg: "M0 0 H100")
        let d = line.dashed(pattern: [10, 5], phase: 0)
        #expect(subpathCount(d) == 7)          // 0-10, 15-25, … 90-100
        #expect(abs(polylineLength(d) - 70) < 1e-9)
        // Phase shifts the start: 3 into the first dash.
        let e = line.dashed(pattern: [10, 5], phase: 3)
        if case .line(let q) = e.elements[1] { #expect(abs(q.x - 7) < 1e-12 && q.y == 0) }
        // Negative phase wraps.
        let n = line.dashed(pattern: [10, 5], phase: -5)
        #expect(n.elements[0] == .move(Point(5, 0)))
        // Odd pattern repeats twice: [10] = 10 on, 10 off.
        let o = line.dashed(pattern: [10], phase: 0)
        #expect(subpathCount(o) == 6)         // 0-10 … 80-90, and a zero-length dash at 100 (Cairo)
        let o3 = line.dashed(pattern: [5, 10, 15], phase: 0)   // on5 off10 on15 off5 on10 off15 …
        #expect(o3.elements[0] == .move(Point(0, 0)) && o3.elements[2] == .move(Point(15, 0)))
        #expect(o3.elements[4] == .move(Point(35, 0)))
    }

    @Test func zeroLengthDashesAreDots() throws {
        let d = try Path(svg: "M0 0 H100").dashed(pattern: [0, 20], phase: 0)
        #expect(subpathCount(d) == 6)   // at 0, 20, 40, 60, 80 and, as Cairo, at the very end
        #expect(d.elements[0] == .move(Point(0, 0)) && d.elements[1] == .line(Point(0, 0)))
        var f = FlatPath()
        Stroker.outline(d, style: StrokeStyle(lineWidth: 4, lineCap: .round), transform: .identity, tolerance: 0.05, into: &f)
        #expect(f.contourCount == 6)
        #expect(abs(coveredArea(f) - 6 * Double.pi * 4) / (6 * Double.pi * 4) < 0.01)
        var b = FlatPath()
        Stroker.outline(d, style: StrokeStyle(lineWidth: 4, lineCap: .butt), transform: .identity, tolerance: 0.1, into: &b)
        #expect(b.contourCount == 0)
    }

    @Test func invalidPatternsAreSolid() {
        let p = Path.rect(Rect(0, 0, 10, 10))
        #expect(p.dashed(pattern: [], phase: 0) == p)
        #expect(p.dashed(pattern: [0, 0], phase: 0) == p)
        #expect(p.dashed(pattern: [5, -1], phase: 0) == p)
        #expect(p.dashed(pattern: [.nan, 1], phase: 0) == p)
    }

    @Test func curvesAreCutByLength() {
        let circle = Path.ellipse(in: Rect(0, 0, 100, 100))
        let total = circle.length
        let d = circle.dashed(pattern: [total / 8, total / 8], phase: 0)
        // Four dashes; the closed circle's last gap ends at the start, so no merge.
        #expect(subpathCount(d) == 4)
        #expect(close(polylineLength(d), total / 2, rel: 1e-6))
    }

    @Test func closedSubpathMergesLastAndFirstDash() throws {
        // Square perimeter 40, pattern 6 on 4 off: dashes 0-6, 10-16, 20-26, 30-36… last dash 30-36 off 36-40:
        // use phase so the last dash runs over the start instead.
        let sq = try Path(svg: "M0 0 H10 V10 H0 Z")
        let d = sq.dashed(pattern: [6, 4], phase: 2)   // on 0-4, off 4-8, on 8-14, … on 38-40 → merged with 0-4
        #expect(subpathCount(d) == 4)
        #expect(d.elements[0] == .move(Point(0, 2)))
        #expect(abs(polylineLength(d) - 24) < 1e-9)
        // Dash longer than the path keeps it closed.
        let whole = sq.dashed(pattern: [100, 1], phase: 0)
        #expect(whole.elements.last == .close)
    }
}

@Suite struct StrokerTests {
    @Test(arguments: [0.5, 1, 1.5, 8, 40])
    func buttLineArea(_ w: Double) {
        let f = stroke(Path.init(elements: [.move(Point(10, 10)), .line(Point(110, 60))]), StrokeStyle(lineWidth: w))
        let L = (Point(100, 50)).length
        #expect(abs(coveredArea(f) - L * w) / (L * w) < 2e-3)
    }

    @Test(arguments: [1.0, 8, 40])
    func roundAndSquareCapsAddArea(_ w: Double) {
        let p = Path(elements: [.move(Point(0, 0)), .line(Point(100, 0))])
        let round = coveredArea(stroke(p, StrokeStyle(lineWidth: w, lineCap: .round), tol: 0.01))
        let expected = 100 * w + Double.pi * w * w / 4
        #expect(abs(round - expected) / expected < 2e-3)
        let square = coveredArea(stroke(p, StrokeStyle(lineWidth: w, lineCap: .square)))
        #expect(abs(square - (100 + w) * w) / ((100 + w) * w) < 2e-3)
    }

    @Test(arguments: [2.0, 10, 40])
    func circleRingArea(_ w: Double) {
        let r = 50.0
        let f = stroke(Path.ellipse(in: Rect(-r, -r, 2 * r, 2 * r)), StrokeStyle(lineWidth: w))
        let expected = Double.pi * ((r + w / 2) * (r + w / 2) - (r - w / 2) * (r - w / 2))
        #expect(abs(coveredArea(f) - expected) / expected < 3e-3)
        #expect(winding(f, Point(0, 0)) == 0)
        #expect(winding(f, Point(r, 0)) != 0)
    }

    @Test func turnAroundHasNoHoles() {
        // 180° turn: out and back on the same line; with round joins the union is a stadium-ish shape.
        let p = Path(elements: [.move(Point(0, 0)), .line(Point(100, 0)), .line(Point(20, 0))])
        let w = 10.0
        let f = stroke(p, StrokeStyle(lineWidth: w, lineCap: .butt, lineJoin: .round), tol: 0.01)
        let expected = 100 * w + Double.pi * w * w / 8
        #expect(abs(coveredArea(f) - expected) / expected < 3e-3)
        let m = stroke(p, StrokeStyle(lineWidth: w, lineCap: .butt, lineJoin: .miter))
        #expect(abs(coveredArea(m) - 100 * w) / (100 * w) < 3e-3)
        for x in stride(from: 1.0, through: 99, by: 7) { #expect(winding(f, Point(x, 2)) != 0) }
    }

    @Test func miterLimitFollowsCoreGraphics() {
        // Right angle: miter length / width = √2. Limit 1.5 keeps the miter, 1.4 bevels.
        let p = Path(elements: [.move(Point(0, 0)), .line(Point(100, 0)), .line(Point(100, 100))])
        let w = 20.0
        let miter = coveredArea(stroke(p, StrokeStyle(lineWidth: w, lineJoin: .miter, miterLimit: 1.5)))
        let bevel = coveredArea(stroke(p, StrokeStyle(lineWidth: w, lineJoin: .miter, miterLimit: 1.4)))
        let round = coveredArea(stroke(p, StrokeStyle(lineWidth: w, lineJoin: .round)), rows: 8000)
        let base = 2 * 100 * w   // two rectangles (overlap square w/2 × w/2 counted inside)
        // Each rectangle is 100 × 20; they overlap in a 10×10 square; the outer corner adds a 10×10 square (miter),
        // a right triangle of 50 (bevel), or a quarter disc (round).
        #expect(abs(miter - (base - 100 + 100)) < 1)
        #expect(abs(bevel - (base - 100 + 50)) < 1)
        #expect(abs(round - (base - 100 + Double.pi * 100 / 4)) < 1)
    }

    @Test func tightCurveAndCuspHaveNoHoles() throws {
        // A cubic with a cusp and a curve much tighter than half the width.
        for svg in ["M0 0 C100 100 0 100 100 0", "M0 50 C 100 0 0 0 100 50", "M0 0 Q50 100 100 0"] {
            let p = try Path(svg: svg)
            for w in [2.0, 30, 80] {
                let f = stroke(p, StrokeStyle(lineWidth: w, lineCap: .round, lineJoin: .round))
                // Every point of the centre curve must be inside the outline.
                let cu: Cubic
                switch p.elements[1] {
                case .cubic(let a, let b, let q): cu = Cubic(Point(svg.hasPrefix("M0 50") ? 0 : 0, svg.hasPrefix("M0 50") ? 50 : 0), a, b, q)
                case .quad(let c, let q): cu = Cubic(quad: Point(0, 0), c, q)
                default: continue
                }
                for i in 0...200 {
                    let c = cu.point(Double(i) / 200)
                    let n = cu.derivative(Double(i) / 200).normalized
                    for off in [-0.45, -0.2, 0, 0.2, 0.45] {
                        let q = c + Point(-n.y, n.x) * (off * w)
                        #expect(winding(f, q) != 0, "\(svg) w \(w) hole at \(q)")
                    }
                }
                // All of the outline lies within w/2 (+ tolerance) of the curve: no spikes.
                for q in f.points {
                    var best = Double.infinity
                    for i in 0...2000 { best = min(best, (cu.point(Double(i) / 2000) - q).length) }
                    #expect(best <= w / 2 + 0.15, "\(svg) w \(w) spike at \(q)")
                }
            }
        }
    }

    @Test func zeroLengthSubpaths() {
        let p = Path(elements: [.move(Point(5, 5)), .line(Point(5, 5))])
        #expect(abs(coveredArea(stroke(p, StrokeStyle(lineWidth: 10, lineCap: .round), tol: 0.01)) - 25 * Double.pi) < 0.3)
        #expect(abs(coveredArea(stroke(p, StrokeStyle(lineWidth: 10, lineCap: .square))) - 100) < 0.1)
        #expect(stroke(p, StrokeStyle(lineWidth: 10, lineCap: .butt)).contourCount == 0)
        let closed = Path(elements: [.move(Point(5, 5)), .close])
        #expect(stroke(closed, StrokeStyle(lineWidth: 10, lineCap: .round)).contourCount == 1)
        // A bare moveto draws nothing.
        #expect(stroke(Path(elements: [.move(Point(5, 5))]), StrokeStyle(lineWidth: 10, lineCap: .round)).contourCount == 0)
    }

    @Test func closedSubpathsJoinWithoutCaps() {
        let sq = Path.rect(Rect(0, 0, 100, 100))
        let f = stroke(sq, StrokeStyle(lineWidth: 10, lineCap: .round, lineJoin: .miter))
        #expect(abs(coveredArea(f, rows: 11000) - (110 * 110 - 90 * 90)) < 0.05)
        #expect(winding(f, Point(50, 50)) == 0)
    }

    @Test func nonUniformScaleStretchesThePen() {
        // Width 2 in user space, x scaled by 10: a vertical line becomes 20 px wide, a horizontal one 2 px.
        let v = Path(elements: [.move(Point(0, 0)), .line(Point(0, 50))])
        let h = Path(elements: [.move(Point(0, 0)), .line(Point(5, 0))])
        let t = AffineTransform.scale(10, 1)
        #expect(abs(coveredArea(stroke(v, StrokeStyle(lineWidth: 2), t)) - 20 * 50) < 1)
        #expect(abs(coveredArea(stroke(h, StrokeStyle(lineWidth: 2), t)) - 2 * 50) < 0.2)
        // A round dot under that scale is an ellipse of area π·10·1.
        let d = Path(elements: [.move(Point(0, 0)), .line(Point(0, 0))])
        let e = coveredArea(stroke(d, StrokeStyle(lineWidth: 2, lineCap: .round), t, tol: 0.01))
        #expect(abs(e - Double.pi * 10) / (Double.pi * 10) < 5e-3)
        // Similarity: a rotated and scaled circle ring keeps its area ratio.
        let ring = stroke(Path.ellipse(in: Rect(-10, -10, 20, 20)), StrokeStyle(lineWidth: 2),
                          AffineTransform.rotation(0.3).concatenating(.scale(3, 3)))
        let expected = Double.pi * (33 * 33 - 27 * 27)
        #expect(abs(coveredArea(ring) - expected) / expected < 3e-3)
    }

    @Test func roundPartsAreWithinTolerance() {
        let p = Path(elements: [.move(Point(0, 0)), .line(Point(0, 0))])
        let f = stroke(p, StrokeStyle(lineWidth: 80, lineCap: .round), tol: 0.1)
        // The pen polygon (Stroker.swift's header): vertices outside the circle and the sides'
        // middles inside it, each by at most half the tolerance; 46 points where Cairo's
        // inscribed pen (within tol/4) takes 90.
        #expect(f.points.count == 46)
        for i in 0..<f.points.count {
            let a = f.points[i], b = f.points[(i + 1) % f.points.count]
            #expect(a.length > 40 && a.length - 40 <= 0.05)
            let m = ((a + b) / 2).length
            #expect(m < 40 && 40 - m <= 0.05)
        }
    }

    @Test func outlineBoundsAreTheBoundsOfTheKeptPoints() throws {
        // The first subpath's direction overflows (NaN offsets): it is dropped and stays out of
        // the box, which is that of the points kept, found without a second scan (Canvas.stroke).
        // So is a subpath whose points map to infinity (x 1.5e308 scaled by 1.5), first or last.
        let p = Path(elements: [.move(Point(-1.7e308, 0)), .line(Point(1.7e308, 0)),
                                .move(Point(3, 4)), .line(Point(40, 25))])
        let infinite = Path(elements: [.move(Point(1.5e308, 0)), .line(Point(1.5e308, 10)),
                                       .move(Point(3, 4)), .line(Point(40, 25)),
                                       .move(Point(7, -1.5e308)), .line(Point(9, -1.5e308))])
        for (path, cap) in [(p, LineCap.round), (p, .butt), (try Path(svg: "M0 0 C100 100 0 100 100 0 Z"), .square),
                            (infinite, .round), (infinite, .butt)] {
            var f = FlatPath()
            let box = Stroker.outlineWithBounds(path, style: StrokeStyle(lineWidth: 6, lineCap: cap),
                                                transform: .scale(1.5, 2), tolerance: 0.1, into: &f)
            #expect(!f.points.isEmpty && f.points.allSatisfy(\.isFinite))
            #expect(box.minX == f.points.map(\.x).min() && box.maxX == f.points.map(\.x).max())
            #expect(box.minY == f.points.map(\.y).min() && box.maxY == f.points.map(\.y).max())
        }
        var none = FlatPath()
        let empty = Stroker.outlineWithBounds(Path(), style: StrokeStyle(lineWidth: 6), transform: .identity,
                                              tolerance: 0.1, into: &none)
        #expect(empty.minX > empty.maxX && empty.minY > empty.maxY && none.points.isEmpty)
    }

    @Test(arguments: [1.0, 3, 8, 16, 80])
    func roundCapsStayWithinHalfTheTolerance(_ w: Double) {
        // A round cap: its points no farther than tol/2 from the circle of radius w/2 around the
        // end, its sides' middles inside it by at most that, except the first and the last side,
        // which start on the circle (the sides' offset points) and stay within ¾ tol.
        let p = Path(elements: [.move(Point(0, 0)), .line(Point(100, 0))])
        let f = stroke(p, StrokeStyle(lineWidth: w, lineCap: .round), tol: 0.1)
        let cap = f.points.filter { $0.x >= 100 - 1e-9 }
        #expect(cap.count >= 4)
        let r = w / 2
        for q in cap { #expect(abs((q - Point(100, 0)).length - r) <= 0.05 + 1e-12) }
        for (i, (a, b)) in zip(cap, cap.dropFirst()).enumerated() {
            let inside = r - ((a + b) / 2 - Point(100, 0)).length
            let end = i == 0 || i == cap.count - 2
            #expect(inside >= 0 && inside <= (end ? 0.075 : 0.05) + 1e-12, "w \(w) side \(i): \(inside)")
        }
    }
}
