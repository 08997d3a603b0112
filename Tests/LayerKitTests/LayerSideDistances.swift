// The distances of pixel centres from a layer's bounds sides as they land on screen, for the
// tests of aliased edges: the bounds' corners mapped to the window (through perspective too),
// each side a straight line between two of them.
@testable import LayerKit

enum LayerSideDistances {
    /// For pixel (x, y), the signed distances of its centre, in device pixels at scale 1, from
    /// the sides of `l`'s bounds in the order minX, maxX, minY, maxY; positive inside.
    static func of(_ l: CALayer) -> (Int, Int) -> [Double] {
        let t = l.transformToRoot, b = l.bounds
        let c00 = t.apply(Point(b.minX, b.minY))!, c10 = t.apply(Point(b.maxX, b.minY))!
        let c01 = t.apply(Point(b.minX, b.maxY))!, c11 = t.apply(Point(b.maxX, b.maxY))!
        let centre = t.apply(Point(b.midX, b.midY))!
        func distance(_ p: Point, _ q: Point, _ x: Double, _ y: Double) -> Double {
            let nx = q.y - p.y, ny = p.x - q.x, n = (nx * nx + ny * ny).squareRoot()
            let s = (nx * (centre.x - p.x) + ny * (centre.y - p.y)) >= 0 ? 1.0 : -1.0
            return s * (nx * (x - p.x) + ny * (y - p.y)) / n
        }
        return { x, y in
            let px = Double(x) + 0.5, py = Double(y) + 0.5
            return [distance(c00, c01, px, py), distance(c10, c11, px, py),
                    distance(c00, c10, px, py), distance(c01, c11, px, py)]
        }
    }
}
