// The beziers of Lottie's parametric shapes, with the vertex order and start points After
// Effects uses (trim paths depend on them): a rectangle starts at its top-right corner and
// runs clockwise (rounded: from the end of the top-right corner's arc); an ellipse starts at
// its top and runs clockwise with four quarter arcs (tangent length 0.5519 of the radius);
// a star or polygon starts at its first outer point, straight up from the centre rotated by
// `r`, roundness bending each vertex along the circle's tangent by roundness × the
// circumference share of a vertex. Direction 3 reverses the shape.
import Foundation
import Raster

enum LottieShapeGeometry {
    /// Control length of a quarter circle of radius 1 drawn with one cubic.
    static let kappa = 0.5519

    static func rect(center c: [Double], size s: [Double], roundness r: Double, reversed: Bool) -> LottieBezier {
        let x = c.count > 0 ? c[0] : 0, y = c.count > 1 ? c[1] : 0
        let hw = (s.count > 0 ? s[0] : 0) / 2, hh = (s.count > 1 ? s[1] : 0) / 2
        let rr = min(max(r, 0), min(hw, hh))
        var b: LottieBezier
        if rr <= 0 {
            b = LottieBezier(closed: true,
                             vertices: [Point(x + hw, y - hh), Point(x + hw, y + hh), Point(x - hw, y + hh), Point(x - hw, y - hh)],
                             inTangents: Array(repeating: Point(0, 0), count: 4), outTangents: Array(repeating: Point(0, 0), count: 4))
        } else {
            let k = rr * kappa
            let v = [Point(x + hw, y - hh + rr), Point(x + hw, y + hh - rr), Point(x + hw - rr, y + hh), Point(x - hw + rr, y + hh),
                     Point(x - hw, y + hh - rr), Point(x - hw, y - hh + rr), Point(x - hw + rr, y - hh), Point(x + hw - rr, y - hh)]
            let i = [Point(0, -k), Point(0, 0), Point(k, 0), Point(0, 0), Point(0, k), Point(0, 0), Point(-k, 0), Point(0, 0)]
            let o = [Point(0, 0), Point(0, k), Point(0, 0), Point(-k, 0), Point(0, 0), Point(0, -k), Point(0, 0), Point(k, 0)]
            b = LottieBezier(closed: true, vertices: v, inTangents: i, outTangents: o)
        }
        return reversed ? reverse(b) : b
    }

    static func ellipse(center c: [Double], size s: [Double], reversed: Bool) -> LottieBezier {
        let x = c.count > 0 ? c[0] : 0, y = c.count > 1 ? c[1] : 0
        let rx = (s.count > 0 ? s[0] : 0) / 2, ry = (s.count > 1 ? s[1] : 0) / 2
        let kx = rx * kappa, ky = ry * kappa
        let b = LottieBezier(closed: true,
                             vertices: [Point(x, y - ry), Point(x + rx, y), Point(x, y + ry), Point(x - rx, y)],
                             inTangents: [Point(-kx, 0), Point(0, -ky), Point(kx, 0), Point(0, ky)],
                             outTangents: [Point(kx, 0), Point(0, ky), Point(-kx, 0), Point(0, -ky)])
        return reversed ? reverse(b) : b
    }

    static func star(_ s: LottieStarModel, at f: Double) -> LottieBezier {
        let count = Int(saturating: min(max((s.points.value(at: f).first ?? 0).rounded(.down), 0), Double(LottieLimits.maximumStarPoints)))
        guard count >= (s.isStar ? 2 : 3) else { return LottieBezier(closed: true, vertices: [], inTangents: [], outTangents: []) }
        let p = s.position.value(at: f)
        let cx = p.count > 0 ? p[0] : 0, cy = p.count > 1 ? p[1] : 0
        let outerR = s.outerRadius.value(at: f).first ?? 0, innerR = s.innerRadius.value(at: f).first ?? 0
        let outerRound = (s.outerRoundness.value(at: f).first ?? 0) / 100, innerRound = (s.innerRoundness.value(at: f).first ?? 0) / 100
        let dir = s.reversed ? -1.0 : 1.0
        let vertexCount = s.isStar ? count * 2 : count
        let step = 2 * Double.pi / Double(vertexCount)
        var angle = -Double.pi / 2 + (s.rotation.value(at: f).first ?? 0) * .pi / 180
        var v: [Point] = [], ins: [Point] = [], outs: [Point] = []
        for i in 0..<vertexCount {
            let outer = !s.isStar || i % 2 == 0
            let r = outer ? outerR : innerR
            let roundness = outer ? outerRound : innerRound
            let share = 2 * Double.pi * r / Double(s.isStar ? vertexCount * 2 : vertexCount * 4)
            let px = r * cos(angle), py = r * sin(angle)
            let len = (px * px + py * py).squareRoot()
            let tx = len > 0 ? py / len : 0, ty = len > 0 ? -px / len : 0
            v.append(Point(cx + px, cy + py))
            ins.append(Point(tx, ty) * (share * roundness * dir))
            outs.append(Point(tx, ty) * (-share * roundness * dir))
            angle += step * dir
        }
        return LottieBezier(closed: true, vertices: v, inTangents: ins, outTangents: outs)
    }

    /// The same shape traversed the other way, from the same first vertex.
    static func reverse(_ b: LottieBezier) -> LottieBezier {
        guard b.vertices.count > 1 else { return b }
        let order = [0] + Array((1..<b.vertices.count).reversed())
        return LottieBezier(closed: b.closed, vertices: order.map { b.vertices[$0] },
                            inTangents: order.map { b.outTangents[$0] }, outTangents: order.map { b.inTangents[$0] })
    }
}
