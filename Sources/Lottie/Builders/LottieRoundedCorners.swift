// Rounded corners (`rd`) on bezier shapes, After Effects' rule: every sharp vertex (both its
// tangents zero; an open shape's end points excepted) is replaced by two vertices on its
// edges, each min(radius, half the edge) from the corner, joined by a cubic whose control
// points lie 0.5519 of the way from them toward the corner (a quarter circle for a right angle).
import Raster

enum LottieRoundedCorners {
    static func round(_ b: LottieBezier, radius r: Double) -> LottieBezier {
        let n = b.vertices.count
        guard r > 0, n >= 2 else { return b }
        let k = LottieShapeGeometry.kappa
        var out = LottieBezier(closed: b.closed, vertices: [], inTangents: [], outTangents: [])
        for i in 0..<n {
            let v = b.vertices[i]
            let sharp = b.inTangents[i] == Point(0, 0) && b.outTangents[i] == Point(0, 0)
            let end = !b.closed && (i == 0 || i == n - 1)
            guard sharp, !end else {
                out.vertices.append(v); out.inTangents.append(b.inTangents[i]); out.outTangents.append(b.outTangents[i])
                continue
            }
            for (side, neighbour) in [b.vertices[(i + n - 1) % n], b.vertices[(i + 1) % n]].enumerated() {
                let d = (neighbour - v).length
                let t = d > 0 ? min(d / 2, r) / d : 0
                let p = v + (neighbour - v) * t
                let control = (v - p) * k
                out.vertices.append(p)
                out.inTangents.append(side == 0 ? Point(0, 0) : control)
                out.outTangents.append(side == 0 ? control : Point(0, 0))
            }
        }
        // The first new vertex of each corner leaves toward the corner, the second arrives
        // from it; their tangents on the edges' sides are zero (lottie-ios's rule: the edges
        // stay straight lines, with their own length for trims and dashes).
        return out
    }
}
