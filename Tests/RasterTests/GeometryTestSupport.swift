// Helpers for the geometry tests, independent of the rasterizer: a flat path's covered area
// under a fill rule, and winding numbers.

@testable import Raster

/// Exact-in-x, fine-in-y area of the region a FlatPath covers under a fill rule: each sample
/// row's crossings are sorted and the covered length is summed (midpoint rule in y).
/// Independent of the rasterizer, so the geometry can be checked on its own.
func coveredArea(_ f: FlatPath, rule: FillRule = .nonZero, rows: Int = 4000) -> Double {
    guard !f.points.isEmpty else { return 0 }
    var y0 = Double.infinity, y1 = -Double.infinity
    for p in f.points { y0 = min(y0, p.y); y1 = max(y1, p.y) }
    let dy = (y1 - y0) / Double(rows)
    guard dy > 0 else { return 0 }
    var area = 0.0
    var xs: [(Double, Int)] = []
    for r in 0..<rows {
        let y = y0 + (Double(r) + 0.5) * dy
        xs.removeAll(keepingCapacity: true)
        for c in 0..<f.contourCount {
            let range = f.contour(c)
            var prev = f.points[range.upperBound - 1]
            for i in range {
                let p = f.points[i]
                if (prev.y <= y && p.y > y) || (p.y <= y && prev.y > y) {
                    let x = prev.x + (y - prev.y) / (p.y - prev.y) * (p.x - prev.x)
                    xs.append((x, p.y > prev.y ? 1 : -1))
                }
                prev = p
            }
        }
        xs.sort { $0.0 < $1.0 }
        var w = 0
        for k in 0..<xs.count {
            w += xs[k].1
            let inside = rule == .nonZero ? w != 0 : (w & 1) != 0
            if inside && k + 1 < xs.count { area += (xs[k + 1].0 - xs[k].0) * dy }
        }
    }
    return area
}

/// The winding number of `p` in a FlatPath (crossing count with directions).
func winding(_ f: FlatPath, _ p: Point) -> Int {
    var w = 0
    for c in 0..<f.contourCount {
        let range = f.contour(c)
        var prev = f.points[range.upperBound - 1]
        for i in range {
            let q = f.points[i]
            if (prev.y <= p.y && q.y > p.y) || (q.y <= p.y && prev.y > p.y) {
                let x = prev.x + (p.y - prev.y) / (q.y - prev.y) * (q.x - prev.x)
                if x > p.x { w += q.y > prev.y ? 1 : -1 }
            }
            prev = q
        }
    }
    return w
}

/// Length of a polyline flattening of the path (independent check of arc lengths).
func polylineLength(_ path: Path, tolerance: Double = 1e-7) -> Double {
    var total = 0.0
    var cur = Point.zero, start = Point.zero
    for e in path.elements {
        switch e {
        case .move(let p): cur = p; start = p
        case .line(let p): total += (p - cur).length; cur = p
        case .quad(let c, let p):
            let n = 20000
            var prev = cur
            for i in 1...n {
                let t = Double(i) / Double(n), mt = 1 - t
                let q = cur * (mt * mt) + c * (2 * mt * t) + p * (t * t)
                total += (q - prev).length; prev = q
            }
            cur = p
        case .cubic(let a, let b, let p):
            let n = 20000
            var prev = cur
            for i in 1...n {
                let t = Double(i) / Double(n), mt = 1 - t
                let q = cur * (mt * mt * mt) + a * (3 * mt * mt * t) + b * (3 * mt * t * t) + p * (t * t * t)
                total += (q - prev).length; prev = q
            }
            cur = p
        case .close: total += (start - cur).length; cur = start
        }
    }
    return total
}

/// Number of subpaths (movetos) in a path.
func subpathCount(_ p: Path) -> Int {
    p.elements.reduce(0) { if case .move = $1 { return $0 + 1 } else { return $0 } }
}

func stroke(_ p: Path, _ style: StrokeStyle, _ t: AffineTransform = .identity, tol: Double = 0.1) -> FlatPath {
    var f = FlatPath()
    Stroker.outline(p, style: style, transform: t, tolerance: tol, into: &f)
    return f
}

func close(_ a: Double, _ b: Double, rel: Double) -> Bool { abs(a - b) <= rel * max(abs(a), abs(b)) }
