// The result's closed contours from its boundary edges (`PathOps`, step 5). Every kept
// edge has the result on its left, so at each vertex as many kept edges leave as arrive
// and any walk from edge to edge closes. At a vertex several contours touch, the walk takes
// the outgoing edge that turns farthest left from the incoming one: it then follows the
// boundary of one face, so touching pieces (two squares meeting at a corner) come out as
// separate, simple contours rather than one figure of eight — which matters for strokes of
// the result, not for its fill. Collinear runs are joined into one segment.
import Foundation

enum PathOpsContours {
    static func chain(_ edges: [(PathOpsPoint, PathOpsPoint)], grid: PathOpsGrid) -> Path {
        var path = Path()
        guard !edges.isEmpty else { return path }
        let order = edges.indices.sorted { edges[$0].0 < edges[$1].0 }
        let sortedFrom = order.map { edges[$0].0 }
        var used = [Bool](repeating: false, count: edges.count)
        /// The first position in `order` of edges leaving p.
        func firstLeaving(_ p: PathOpsPoint) -> Int {
            var lo = 0, hi = sortedFrom.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if sortedFrom[mid] < p { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        var contour: [PathOpsPoint] = []
        for startPos in order.indices where !used[order[startPos]] {
            contour.removeAll(keepingCapacity: true)
            var e = order[startPos]
            let origin = edges[e].0
            // Each step uses one edge, so the walk ends within edges.count steps.
            while !used[e] {
                used[e] = true
                contour.append(edges[e].0)
                let (p, q) = edges[e]
                if q == origin { break }
                var best = -1, bestTurn = -Double.infinity
                let dx = Double(q.x - p.x), dy = Double(q.y - p.y)
                var k = firstLeaving(q)
                while k < sortedFrom.count && sortedFrom[k] == q {
                    let c = order[k]
                    if !used[c] {
                        let ex = Double(edges[c].1.x - q.x), ey = Double(edges[c].1.y - q.y)
                        let turn = atan2(dx * ey - dy * ex, dx * ex + dy * ey)
                        if turn > bestTurn { bestTurn = turn; best = c }
                    }
                    k += 1
                }
                if best < 0 { break }
                e = best
            }
            emit(contour, into: &path, grid: grid)
        }
        return path
    }

    /// One closed contour, collinear middle vertices left out.
    static func emit(_ c: [PathOpsPoint], into path: inout Path, grid: PathOpsGrid) {
        let n = c.count
        guard n >= 3 else { return }
        var first = true
        for i in 0..<n {
            let prev = c[(i + n - 1) % n], cur = c[i], next = c[(i + 1) % n]
            if pathOpsOrient(prev, cur, next) == 0 {
                let dot = (cur.x - prev.x) * (next.x - cur.x) + (cur.y - prev.y) * (next.y - cur.y)
                if dot > 0 { continue }
            }
            if first { path.move(to: grid.point(cur)); first = false } else { path.addLine(to: grid.point(cur)) }
        }
        if !first { path.closeSubpath() }
    }
}
