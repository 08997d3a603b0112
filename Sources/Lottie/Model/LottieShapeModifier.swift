// After Effects' path operations that reshape the paths listed before them, as Lottie exports
// them, each a function from the shapes at a frame to new shapes (the importer then puts the
// result on the CAShapeLayer's `path`, keyframed or sampled like any path). The rules:
//
// * Pucker & Bloat (`pb`, amount a %): "Pucker pulls the vertices outward while curving the
//   path segments inward; Bloat pulls the vertices inward while curving the segments
//   outward" (After Effects Help, "Shape attributes, paint operations, and path operations").
//   Each vertex moves the fraction a/100 of the way towards the centre of the shape's vertices
//   and each tangent's end the same fraction away from it (the Lottie specification's
//   "Pucker / Bloat"; lottie-web's PuckerAndBloatModifier reads it so).
// * Zig Zag (`zz`, size s, ridges r per segment, points `pt` 1 corner / 2 smooth): each
//   segment is cut at r points evenly spaced by length, and the vertices and those points
//   are moved alternately s to either side of the path along its normal, the vertices
//   inwards; corner points join by straight lines, smooth points by curves whose tangents
//   run along the path, half the spacing long ("Zig Zag: converts a path into a series of
//   uniformly sized jagged spikes", After Effects Help, same page; the Lottie specification's
//   "Zig Zag").
// * Offset Paths (`op`, amount a, join `lj`, miter limit `ml`): "Expands or contracts a
//   shape by offsetting the path from the original path" (same page). A closed path moves a
//   outward (inward for a negative amount) with its corners joined by miter (up to the
//   limit, else bevel), round or bevel joins; an open path becomes the band of width 2|a|
//   around it, butt-ended (After Effects' renders of LottieFiles' `offset-path` test).
//   Curves are followed through 16 chords a segment.
// * Twist (`tw`, angle a, centre c): each point turns about the centre by a° scaled by its
//   distance from the centre over the shape's largest such distance (After Effects' Twist
//   turns the outside of the shape the full angle and the centre not at all).
import Foundation
import LayerKit
import Raster

enum LottieShapeModifier: Sendable {
    case puckerBloat(amount: LottieProperty<[Double]>)
    case zigZag(size: LottieProperty<[Double]>, ridges: LottieProperty<[Double]>, pointType: LottieProperty<[Double]>)
    case offsetPath(amount: LottieProperty<[Double]>, join: Int, miterLimit: LottieProperty<[Double]>)
    case twist(angle: LottieProperty<[Double]>, center: LottieProperty<[Double]>)

    /// Its name in warnings.
    var kind: String {
        switch self {
        case .puckerBloat: return "pucker & bloat"
        case .zigZag: return "zig-zag"
        case .offsetPath: return "offset path"
        case .twist: return "twist"
        }
    }

    /// Whether any of its values changes over time.
    var changesOverTime: Bool {
        switch self {
        case .puckerBloat(let a): return a.changesOverTime
        case .zigZag(let s, let r, let t): return s.changesOverTime || r.changesOverTime || t.changesOverTime
        case .offsetPath(let a, _, let m): return a.changesOverTime || m.changesOverTime
        case .twist(let a, let c): return a.changesOverTime || c.changesOverTime
        }
    }

    /// The shapes at property frame `f` reshaped. A zig-zag or an offset whose result would
    /// pass `LottieLimits.maximumVertices` in one shape (a zig-zag multiplies a path's vertices
    /// by its ridges + 1, an offset by up to 16 chords a curve and a round join's points, so a
    /// chain of them grows without bound) leaves the shapes as they are: checked before the
    /// work, so that a hostile chain costs nothing (a fuzzer's 101 zig-zags in a row ran out
    /// of memory at 2 GB).
    func apply(_ set: LottieShapeSet, at f: Double) -> LottieShapeSet {
        let largest = Double(set.shapes.reduce(0) { max($0, $1.vertices.count) })
        switch self {
        case .puckerBloat(let a):
            let amount = (a.value(at: f).first ?? 0) / 100
            guard amount != 0 else { return set }
            return LottieShapeSet(set.shapes.map { Self.puckerBloat($0, amount) })
        case .zigZag(let s, let r, let t):
            let size = s.value(at: f).first ?? 0
            let ridges = Int(min(max((r.value(at: f).first ?? 0).rounded(), 0), Double(LottieLimits.maximumStarPoints)))
            guard size != 0, (largest + 1) * Double(ridges + 1) <= Double(LottieLimits.maximumVertices) else { return set }
            return LottieShapeSet(set.shapes.map { Self.zigZag($0, size: size, ridges: ridges, smooth: (t.value(at: f).first ?? 1) == 2) })
        case .offsetPath(let a, let join, let ml):
            let amount = a.value(at: f).first ?? 0
            guard amount != 0, (largest + 1) * Self.offsetGrowth <= Double(LottieLimits.maximumVertices) else { return set }
            return LottieShapeSet(set.shapes.map { Self.offset($0, amount, join: join, miterLimit: ml.value(at: f).first ?? 4) })
        case .twist(let a, let c):
            let angle = (a.value(at: f).first ?? 0) * .pi / 180
            guard angle != 0 else { return set }
            let cv = c.value(at: f)
            return LottieShapeSet(set.shapes.map { Self.twist($0, angle, center: Point(cv.first ?? 0, cv.count > 1 ? cv[1] : 0)) })
        }
    }

    // MARK: Pucker & Bloat

    static func puckerBloat(_ b: LottieBezier, _ amount: Double) -> LottieBezier {
        guard !b.vertices.isEmpty else { return b }
        let centre = b.vertices.reduce(Point(0, 0), +) * (1 / Double(b.vertices.count))
        var out = b
        for i in b.vertices.indices {
            let v = b.vertices[i]
            let nv = v + (centre - v) * amount
            let inEnd = v + b.inTangents[i], outEnd = v + b.outTangents[i]
            out.vertices[i] = nv
            out.inTangents[i] = inEnd + (inEnd - centre) * amount - nv
            out.outTangents[i] = outEnd + (outEnd - centre) * amount - nv
        }
        return out
    }

    // MARK: Twist

    static func twist(_ b: LottieBezier, _ angle: Double, center: Point) -> LottieBezier {
        var reach = 0.0
        for v in b.vertices { reach = max(reach, (v - center).length) }
        guard reach > 0 else { return b }
        func turn(_ p: Point) -> Point {
            let d = p - center, a = angle * min(d.length / reach, 1)
            return center + Point(d.x * cos(a) - d.y * sin(a), d.x * sin(a) + d.y * cos(a))
        }
        var out = b
        for i in b.vertices.indices {
            let v = turn(b.vertices[i])
            out.vertices[i] = v
            out.inTangents[i] = turn(b.vertices[i] + b.inTangents[i]) - v
            out.outTangents[i] = turn(b.vertices[i] + b.outTangents[i]) - v
        }
        return out
    }

    // MARK: Zig Zag

    /// The segments of `b` as cubics (p0, c1, c2, p3).
    static func segments(_ b: LottieBezier) -> [LottieSpatialSegment] {
        let n = b.vertices.count
        guard n > 1 else { return [] }
        let count = b.closed ? n : n - 1
        return (0..<count).map { j in
            let k = (j + 1) % n
            return LottieSpatialSegment(p0: b.vertices[j], c1: b.vertices[j] + b.outTangents[j],
                                        c2: b.vertices[k] + b.inTangents[k], p3: b.vertices[k])
        }
    }

    /// Twice the signed area of the polygon through `points` (positive: clockwise on screen, y down).
    static func signedArea(_ points: [Point]) -> Double {
        var a = 0.0
        for i in points.indices {
            let p = points[i], q = points[(i + 1) % points.count]
            a += p.x * q.y - q.x * p.y
        }
        return a
    }

    static func unit(_ p: Point) -> Point {
        let l = p.length
        return l > 1e-12 ? p * (1 / l) : Point(0, 0)
    }

    /// The most points an offset makes of one vertex: 16 chords of a curved segment
    /// (`polyline`), each joined by up to 18 points of a round join, on two sides.
    static let offsetGrowth = 16.0 * 18 * 2

    static func zigZag(_ b: LottieBezier, size: Double, ridges: Int, smooth: Bool) -> LottieBezier {
        // A straight segment (tangents of no length) is read as the line it is, its controls
        // at a third and two thirds of it (lottie-web's `PolynomialBezier.shapeSegment`
        // linearizes so), so that its ridges fall at exact shares of it.
        let segs = segments(b).map { s -> LottieSpatialSegment in
            guard s.c1 == s.p0 && s.c2 == s.p3 else { return s }
            let d = s.p3 - s.p0
            return LottieSpatialSegment(p0: s.p0, c1: s.p0 + d * (1.0 / 3), c2: s.p0 + d * (2.0 / 3), p3: s.p3)
        }
        guard !segs.isEmpty else { return b }
        // The normal (x, y) ↦ (−y, x) points to the right of the travel on screen: inside a
        // clockwise shape. Vertices go inwards.
        let inward = signedArea(b.vertices) >= 0 ? 1.0 : -1.0
        var points: [Point] = [], tangents: [Point] = [], spacings: [Double] = []
        var side = inward
        for (s, seg) in segs.enumerated() {
            let table = LottieMotionPath.LengthTable(seg)
            let length = table.lengths[LottieMotionPath.LengthTable.steps]
            let spacing = length / Double(ridges + 1)
            // The vertex at the segment's start: its direction is the mean of the segments meeting there.
            let incoming: Point? = s > 0 ? segs[s - 1].direction(1) : (b.closed ? segs[segs.count - 1].direction(1) : nil)
            let here = unit(seg.direction(0))
            let dir = incoming.map { unit(unit($0) + here) } ?? here
            points.append(seg.p0 + Point(-dir.y, dir.x) * (size * side)); tangents.append(dir); spacings.append(spacing)
            side = -side
            for r in 0..<ridges {
                let t = table.parameter(atShare: Double(r + 1) / Double(ridges + 1))
                let d = unit(seg.direction(t))
                points.append(seg.point(t) + Point(-d.y, d.x) * (size * side)); tangents.append(d); spacings.append(spacing)
                side = -side
            }
        }
        if !b.closed, let last = segs.last {
            let d = unit(last.direction(1))
            points.append(last.p3 + Point(-d.y, d.x) * (size * side)); tangents.append(d)
            spacings.append(spacings.last ?? 0)
        }
        var ins: [Point] = [], outs: [Point] = []
        for i in points.indices {
            let h = smooth ? tangents[i] * (spacings[i] / 2) : Point(0, 0)
            ins.append(h * -1); outs.append(h)
        }
        return LottieBezier(closed: b.closed, vertices: points, inTangents: ins, outTangents: outs)
    }

    // MARK: Offset Paths

    /// The round cap of an open band: a half circle of radius `r` about `centre` from the
    /// side `from` (a point on it) round the front to the other side (the angle on screen
    /// decreasing: from the right of the travel past its head to its left).
    static func roundCap(_ centre: Point, from: Point, _ r: Double) -> [Point] {
        let a0 = atan2(from.y - centre.y, from.x - centre.x)
        return (1..<16).map { k in
            let a = a0 - .pi * Double(k) / 16
            return centre + Point(cos(a), sin(a)) * r
        }
    }

    /// The chords of `b` (16 a curved segment, 1 a straight one), each with whether it starts at a vertex.
    static func polyline(_ b: LottieBezier) -> (points: [Point], corner: [Bool]) {
        var points: [Point] = [], corner: [Bool] = []
        let segs = segments(b)
        for seg in segs {
            let straight = seg.c1 == seg.p0 && seg.c2 == seg.p3
            let n = straight ? 1 : 16
            for k in 0..<n {
                points.append(seg.point(Double(k) / Double(n))); corner.append(k == 0)
            }
        }
        if !b.closed, let last = segs.last { points.append(last.p3); corner.append(true) }
        // Chords of no length turn nowhere: drop them.
        var p: [Point] = [], c: [Bool] = []
        for i in points.indices where p.isEmpty || (points[i] - p[p.count - 1]).length > 1e-9 {
            p.append(points[i]); c.append(corner[i])
        }
        if b.closed, p.count > 1, (p[0] - p[p.count - 1]).length <= 1e-9 { p.removeLast(); c.removeLast() }
        return (p, c)
    }

    /// The points of one side of the polyline `p` moved `d` to the right of the travel
    /// (screen, y down), with joins at the corners.
    static func offsetSide(_ p: [Point], corner: [Bool], closed: Bool, _ d: Double, join: Int, miterLimit: Double) -> [Point] {
        let n = p.count
        let edges = closed ? n : n - 1
        guard edges > 0 else { return [] }
        func normal(_ e: Int) -> Point { let t = unit(p[(e + 1) % n] - p[e]); return Point(-t.y, t.x) }
        var out: [Point] = []
        for i in 0..<n {
            let before = i > 0 ? i - 1 : (closed ? edges - 1 : -1), after = i < edges ? i : -1
            if before < 0 { out.append(p[i] + normal(after) * d); continue }
            if after < 0 { out.append(p[i] + normal(before) * d); continue }
            let n0 = normal(before), n1 = normal(after)
            let a = p[i] + n0 * d, b = p[i] + n1 * d
            let cross = n0.x * n1.y - n0.y * n1.x
            // Turning away from the offset side opens a gap to be joined; else the two offset
            // edges cross and meet at the miter point.
            let opens = cross * d < 0
            let cosHalf = ((1 + n0.x * n1.x + n0.y * n1.y) / 2).squareRoot()
            let m = unit(n0 + n1)
            if !opens || (!corner[i] && cosHalf > 0.2) {
                out.append(cosHalf > 1e-6 ? p[i] + m * (d / cosHalf) : a)
                continue
            }
            switch join {
            case 2:
                let a0 = atan2(n0.y * d, n0.x * d), a1raw = atan2(n1.y * d, n1.x * d)
                var sweep = a1raw - a0
                while sweep > .pi { sweep -= 2 * .pi }
                while sweep < -.pi { sweep += 2 * .pi }
                let steps = max(2, Int((abs(sweep) / (.pi / 16)).rounded(.up)))
                for k in 0...steps {
                    let ang = a0 + sweep * Double(k) / Double(steps)
                    out.append(p[i] + Point(cos(ang), sin(ang)) * abs(d))
                }
            case 3:
                out.append(a); out.append(b)
            default:
                if cosHalf > 1e-6 && 1 / cosHalf <= miterLimit { out.append(p[i] + m * (d / cosHalf)) } else { out.append(a); out.append(b) }
            }
        }
        return out
    }

    static func offset(_ b: LottieBezier, _ amount: Double, join: Int, miterLimit: Double) -> LottieBezier {
        let (p, corner) = polyline(b)
        guard p.count > 1 else { return b }
        var points: [Point]
        if b.closed {
            // Outward: to the left of a clockwise travel.
            let d = signedArea(p) >= 0 ? -amount : amount
            points = offsetSide(p, corner: corner, closed: true, d, join: join, miterLimit: miterLimit)
        } else {
            let w = abs(amount)
            let right = offsetSide(p, corner: corner, closed: false, w, join: join, miterLimit: miterLimit)
            let left = offsetSide(Array(p.reversed()), corner: Array(corner.reversed()), closed: false, w, join: join, miterLimit: miterLimit)
            // Round joins end the band in round caps (After Effects' renders of LottieFiles'
            // `offset-path-round`), other joins cut it square at the path's ends.
            if join == 2, let rightEnd = right.last, let leftEnd = left.last {
                points = right + roundCap(p[p.count - 1], from: rightEnd, w) + left + roundCap(p[0], from: leftEnd, w)
            } else {
                points = right + left
            }
        }
        let zero = Array(repeating: Point(0, 0), count: points.count)
        return LottieBezier(closed: true, vertices: points, inTangents: zero, outTangents: zero)
    }
}
