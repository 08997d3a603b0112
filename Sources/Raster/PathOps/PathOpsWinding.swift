// Which edges of the arrangement bound the result (`PathOps`, step 4). For each edge the
// winding numbers of both operands just beside it come from a ray cast from its midpoint,
// toward −x (each upward edge crossed to the left adds −1 per unit of its winding change) or
// toward −y (each edge crossed below adds its winding change, signed by whether it runs
// toward +x): a vertical edge casts the first, a horizontal one the second, any other the one
// whose band holds fewer edges; the two rays measure the same winding number (one is the
// other turned a quarter turn). Crossings are decided exactly in integers on doubled
// coordinates (the midpoint is then a grid point); an edge is crossed when the ray's line
// lies in its half-open span [low, high), so a ray through a vertex counts it once. The
// other side's winding is this one changed by the edge's own winding changes. Rays look
// only at the edges of their band (the edges sorted into bands of y, or of x for the
// horizontal edges' rays), with the bands' registrations and the tests limited.

enum PathOpsWinding {
    /// The edges where `keep(windingA, windingB)` differs on the two sides, each directed
    /// with the kept side on its left (counter-clockwise with y up).
    static func keptEdges(_ edges: [PathOpsEdge], keep: (Int32, Int32) -> Bool) throws(PathOpsError) -> [(PathOpsPoint, PathOpsPoint)] {
        guard !edges.isEmpty else { return [] }
        var work = 0
        let rows = try Bands(edges, vertical: false, work: &work)
        let columns = try Bands(edges, vertical: true, work: &work)
        var kept: [(PathOpsPoint, PathOpsPoint)] = []
        for e in edges {
            let mx = e.a.x + e.b.x, my = e.a.y + e.b.y   // doubled midpoint
            var wa: Int32 = 0, wb: Int32 = 0
            let leftIn: Bool, rightIn: Bool
            // A vertical edge casts its ray toward −x, a horizontal one toward −y, any other
            // the way whose band holds fewer edges (the ray crosses no more than those).
            let down = e.a.y == e.b.y || (e.a.x != e.b.x && columns.count(at: mx) < rows.count(at: my))
            if !down {
                // Toward −x: the winding just left of the edge.
                for k in rows.members(at: my) {
                    let o = edges[k]
                    guard 2 * o.a.y <= my && my < 2 * o.b.y else { continue }
                    // The midpoint lies right of the upward edge o.
                    let side = (o.b.x - o.a.x) * (my - 2 * o.a.y) - (o.b.y - o.a.y) * (mx - 2 * o.a.x)
                    if side < 0 { wa -= o.windA; wb -= o.windB }
                }
                work += rows.count(at: my)
                leftIn = keep(wa, wb)
                rightIn = keep(wa - e.windA, wb - e.windB)
            } else {
                // Toward −y: the winding just below the midpoint, which is the edge's right
                // side when the edge runs rightward as it rises (or is horizontal), else its left.
                for k in columns.members(at: mx) {
                    let o = edges[k]
                    let x0 = min(o.a.x, o.b.x), x1 = max(o.a.x, o.b.x)
                    guard 2 * x0 <= mx && mx < 2 * x1 else { continue }
                    let rightward = o.b.x > o.a.x
                    let (s, t) = rightward ? (o.a, o.b) : (o.b, o.a)
                    // The midpoint lies above (left of) o run toward +x.
                    let side = (t.x - s.x) * (my - 2 * s.y) - (t.y - s.y) * (mx - 2 * s.x)
                    if side > 0 {
                        let sign: Int32 = rightward ? 1 : -1
                        wa += sign * o.windA; wb += sign * o.windB
                    }
                }
                work += columns.count(at: mx)
                if e.b.x > e.a.x {
                    rightIn = keep(wa, wb)
                    leftIn = keep(wa + e.windA, wb + e.windB)
                } else {
                    leftIn = keep(wa, wb)
                    rightIn = keep(wa - e.windA, wb - e.windB)
                }
            }
            guard work <= PathOps.maximumWork else {
                throw PathOpsError("the paths need more than \(PathOps.maximumWork) winding tests (the limit)")
            }
            if leftIn != rightIn { kept.append(leftIn ? (e.a, e.b) : (e.b, e.a)) }
        }
        return kept
    }

    /// Edges sorted into equal bands of y (or x when `vertical`), by the span they cover.
    struct Bands {
        var start: [Int]
        var members: [Int]
        let bands: Int
        let span: Int64

        init(_ edges: [PathOpsEdge], vertical: Bool, work: inout Int) throws(PathOpsError) {
            span = 2 * Int64(PathOpsGrid.steps) + 2
            var n = max(1, min(1 << 16, edges.count / 2))
            func range(_ e: PathOpsEdge) -> (Int64, Int64) {
                vertical ? (2 * min(e.a.x, e.b.x), 2 * max(e.a.x, e.b.x)) : (2 * e.a.y, 2 * e.b.y)
            }
            var total = 0
            while true {
                total = 0
                for e in edges {
                    let (l, h) = range(e)
                    total += Int(h * Int64(n) / span) - Int(l * Int64(n) / span) + 1
                }
                if total <= 16 * edges.count + 1_000_000 || n == 1 { break }
                n = max(1, n / 2)
            }
            bands = n
            work += total
            var start = [Int](repeating: 0, count: n + 1)
            for e in edges {
                let (l, h) = range(e)
                for b in Int(l * Int64(n) / span)...Int(h * Int64(n) / span) { start[b + 1] += 1 }
            }
            for b in 0..<n { start[b + 1] += start[b] }
            var fill = start
            var members = [Int](repeating: 0, count: total)
            for (k, e) in edges.enumerated() {
                let (l, h) = range(e)
                for b in Int(l * Int64(n) / span)...Int(h * Int64(n) / span) { members[fill[b]] = k; fill[b] += 1 }
            }
            self.start = start
            self.members = members
        }

        /// The edges whose span may hold the doubled coordinate v.
        func members(at v: Int64) -> ArraySlice<Int> {
            let b = Int(min(max(v, 0), span - 1) * Int64(bands) / span)
            return members[start[b]..<start[b + 1]]
        }
        func count(at v: Int64) -> Int {
            let b = Int(min(max(v, 0), span - 1) * Int64(bands) / span)
            return start[b + 1] - start[b]
        }
    }
}
