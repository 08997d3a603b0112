// The planar arrangement of two operands' edges on the integer grid (`PathOps`, steps 2–3):
// every proper crossing and every vertex lying on another edge (touching, T-junctions,
// overlapping collinear edges) is found with exact integer orientation tests, pairs of
// edges being tested only where their boxes share a cell of a bucketed grid (each pair
// once, in the first cell both boxes cover) and, within a cell, only while their x spans
// overlap (a sweep in x: crossings cluster, and a crowded cell is not tested pair by pair); edges are split at those points, a crossing
// rounded to the nearest grid point (snap rounding, as Clipper2 rounds to integers).
// Rounding moves a piece by at most half a grid step and can make it cross a neighbour,
// so the search repeats on the pieces until nothing is split (a few rounds at most in
// practice; the rounds, pair tests and points are all limited). Finally coincident pieces
// merge into one edge carrying each operand's winding change across it (Skia's PathOps
// likewise resolves coincident spans before it assigns windings).

struct PathOpsEdge {
    /// From `a` to `b` with a < b (upward, or rightward when horizontal).
    var a: PathOpsPoint, b: PathOpsPoint
    /// How much each operand's winding number changes across the edge: the number of its
    /// edges running a → b here less those running b → a.
    var windA: Int32, windB: Int32
}

struct PathOpsArrangement {
    let grid: PathOpsGrid
    /// Directed edges as the operands run them, with the operand they belong to.
    var from: [PathOpsPoint] = [], to: [PathOpsPoint] = [], operand: [UInt8] = []
    /// Rounds of splitting before the arrangement is taken as it is.
    static let maximumRounds = 8

    init(grid: PathOpsGrid) { self.grid = grid }

    mutating func addEdges(_ f: FlatPath, operand k: UInt8) {
        for c in 0..<f.contourCount {
            let r = f.contour(c)
            for i in r {
                let p = grid.snap(f.points[i]), q = grid.snap(f.points[i + 1 < r.upperBound ? i + 1 : r.lowerBound])
                if p != q { from.append(p); to.append(q); operand.append(k) }
            }
        }
    }

    /// Splits the edges until no two cross or touch except at shared end points.
    mutating func resolveIntersections() throws(PathOpsError) {
        var work = 0, points = 0
        for _ in 0..<Self.maximumRounds {
            let splits = try findSplits(work: &work, points: &points)
            if splits.isEmpty { return }
            split(at: splits)
        }
    }

    /// (edge index, point) for every point where an edge must be split.
    func findSplits(work: inout Int, points: inout Int) throws(PathOpsError) -> [(Int, PathOpsPoint)] {
        let n = from.count
        guard n > 1 else { return [] }
        // Boxes and cells: about one edge per cell, fewer cells while long edges cover too many.
        var cellsAcross = max(1, min(2048, Int(Double(n).squareRoot())))
        var registrations = 0
        let size = Int64(PathOpsGrid.steps) + 1
        func cell(_ v: Int64, _ across: Int) -> Int { Int(v * Int64(across) / size) }
        while true {
            registrations = 0
            for i in 0..<n {
                let w = cell(max(from[i].x, to[i].x), cellsAcross) - cell(min(from[i].x, to[i].x), cellsAcross) + 1
                let h = cell(max(from[i].y, to[i].y), cellsAcross) - cell(min(from[i].y, to[i].y), cellsAcross) + 1
                registrations += w * h
            }
            if registrations <= 8 * n + 1_000_000 || cellsAcross == 1 { break }
            cellsAcross = max(1, cellsAcross / 2)
        }
        let across = cellsAcross
        var start = [Int](repeating: 0, count: across * across + 1)
        var lo = [(Int, Int)](), hi = [(Int, Int)]()
        lo.reserveCapacity(n); hi.reserveCapacity(n)
        for i in 0..<n {
            let l = (cell(min(from[i].x, to[i].x), across), cell(min(from[i].y, to[i].y), across))
            let h = (cell(max(from[i].x, to[i].x), across), cell(max(from[i].y, to[i].y), across))
            lo.append(l); hi.append(h)
            for cy in l.1...h.1 { for cx in l.0...h.0 { start[cy * across + cx + 1] += 1 } }
        }
        for c in 0..<(across * across) { start[c + 1] += start[c] }
        var fill = start
        var members = [Int](repeating: 0, count: registrations)
        for i in 0..<n {
            for cy in lo[i].1...hi[i].1 { for cx in lo[i].0...hi[i].0 {
                members[fill[cy * across + cx]] = i; fill[cy * across + cx] += 1
            } }
        }
        var splits: [(Int, PathOpsPoint)] = []
        let f = from, t = to
        let minX = (0..<n).map { min(f[$0].x, t[$0].x) }, maxX = (0..<n).map { max(f[$0].x, t[$0].x) }
        let minY = (0..<n).map { min(f[$0].y, t[$0].y) }, maxY = (0..<n).map { max(f[$0].y, t[$0].y) }
        var sorted: [Int] = [], active: [Int] = []
        for c in 0..<(across * across) where start[c + 1] - start[c] > 1 {
            let cx = c % across, cy = c / across
            // Within a cell, a sweep in x: each edge meets only the edges whose x span is still
            // open (crossings cluster in few cells, where testing every pair would be quadratic).
            sorted.removeAll(keepingCapacity: true)
            sorted.append(contentsOf: members[start[c]..<start[c + 1]])
            sorted.sort { minX[$0] < minX[$1] }
            active.removeAll(keepingCapacity: true)
            for i in sorted {
                let x0 = minX[i]
                var kept = 0
                for k in active.indices where maxX[active[k]] >= x0 { active[kept] = active[k]; kept += 1 }
                active.removeLast(active.count - kept)
                work += active.count
                guard work <= PathOps.maximumWork else {
                    throw PathOpsError("the paths need more than \(PathOps.maximumWork) edge tests (the limit)")
                }
                let a = f[i], b = t[i], li = lo[i], y0 = minY[i], y1 = maxY[i]
                for j in active {
                    guard minY[j] <= y1 && maxY[j] >= y0 else { continue }
                    // Each pair once: in the first cell both boxes cover.
                    let lj = lo[j]
                    guard max(li.0, lj.0) == cx && max(li.1, lj.1) == cy else { continue }
                    let r = Self.test(a, b, f[j], t[j])
                    guard r.any else { continue }
                    let found = splits.count
                    if let p = r.crossing {
                        if p != a && p != b { splits.append((i, p)) }
                        if p != f[j] && p != t[j] { splits.append((j, p)) }
                    } else {
                        if r.cOnAB { splits.append((i, f[j])) }
                        if r.dOnAB { splits.append((i, t[j])) }
                        if r.aOnCD { splits.append((j, a)) }
                        if r.bOnCD { splits.append((j, b)) }
                    }
                    points += splits.count - found
                    guard points <= PathOps.maximumIntersections else {
                        throw PathOpsError("the paths cross at more than \(PathOps.maximumIntersections) points (the limit)")
                    }
                }
                active.append(i)
            }
        }
        return splits
    }

    /// How two edges meet away from their own ends: a proper crossing (rounded to the grid),
    /// or vertices of one lying inside the other.
    struct PairResult {
        var crossing: PathOpsPoint? = nil
        var cOnAB = false, dOnAB = false, aOnCD = false, bOnCD = false
        var any: Bool { crossing != nil || cOnAB || dOnAB || aOnCD || bOnCD }
    }

    /// Edges a → b and c → d tested with exact orientations.
    @inline(__always)
    static func test(_ a: PathOpsPoint, _ b: PathOpsPoint, _ c: PathOpsPoint, _ d: PathOpsPoint) -> PairResult {
        var r = PairResult()
        guard max(a.x, b.x) >= min(c.x, d.x) && max(c.x, d.x) >= min(a.x, b.x)
            && max(a.y, b.y) >= min(c.y, d.y) && max(c.y, d.y) >= min(a.y, b.y) else { return r }
        let d1 = pathOpsOrient(a, b, c), d2 = pathOpsOrient(a, b, d)
        let d3 = pathOpsOrient(c, d, a), d4 = pathOpsOrient(c, d, b)
        if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) {
            // A proper crossing, at c + s (d − c) with s = d1 / (d1 − d2), rounded to the grid.
            let s = Double(d1) / Double(d1 - d2)
            r.crossing = PathOpsPoint(Int64((Double(c.x) + s * Double(d.x - c.x)).rounded()),
                                      Int64((Double(c.y) + s * Double(d.y - c.y)).rounded()))
            return r
        }
        // A vertex of one lying inside the other (touching, or collinear overlap).
        r.cOnAB = d1 == 0 && within(c, a, b)
        r.dOnAB = d2 == 0 && within(d, a, b)
        r.aOnCD = d3 == 0 && within(a, c, d)
        r.bOnCD = d4 == 0 && within(b, c, d)
        return r
    }

    /// Whether p, known to lie on the line through a and b, lies strictly between them.
    @inline(__always) static func within(_ p: PathOpsPoint, _ a: PathOpsPoint, _ b: PathOpsPoint) -> Bool {
        let t = (p.x - a.x) * (b.x - a.x) + (p.y - a.y) * (b.y - a.y)
        let l = (b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)
        return t > 0 && t < l
    }

    /// Replaces every edge with split points by its pieces, in order along it.
    mutating func split(at splits: [(Int, PathOpsPoint)]) {
        var byEdge = splits
        byEdge.sort { $0.0 < $1.0 }
        var nf: [PathOpsPoint] = [], nt: [PathOpsPoint] = [], no: [UInt8] = []
        nf.reserveCapacity(from.count + splits.count)
        nt.reserveCapacity(from.count + splits.count)
        no.reserveCapacity(from.count + splits.count)
        var k = 0
        var along: [(Int64, PathOpsPoint)] = []
        for e in 0..<from.count {
            let a = from[e], b = to[e]
            along.removeAll(keepingCapacity: true)
            while k < byEdge.count && byEdge[k].0 == e {
                let p = byEdge[k].1
                along.append(((p.x - a.x) * (b.x - a.x) + (p.y - a.y) * (b.y - a.y), p))
                k += 1
            }
            var last = a
            if !along.isEmpty {
                along.sort { $0.0 < $1.0 }
                for (_, p) in along where p != last && p != b {
                    nf.append(last); nt.append(p); no.append(operand[e]); last = p
                }
            }
            nf.append(last); nt.append(b); no.append(operand[e])
        }
        from = nf; to = nt; operand = no
    }

    /// The pieces with coincident ones merged, each carrying the winding changes of both
    /// operands across it; pieces across which neither winding changes are dropped.
    func mergedEdges() -> [PathOpsEdge] {
        var edges: [PathOpsEdge] = []
        edges.reserveCapacity(from.count)
        for e in 0..<from.count {
            let forward = from[e] < to[e]
            let s: Int32 = forward ? 1 : -1
            edges.append(PathOpsEdge(a: forward ? from[e] : to[e], b: forward ? to[e] : from[e],
                                     windA: operand[e] == 0 ? s : 0, windB: operand[e] == 1 ? s : 0))
        }
        edges.sort { $0.a != $1.a ? $0.a < $1.a : $0.b < $1.b }
        var merged: [PathOpsEdge] = []
        merged.reserveCapacity(edges.count)
        for e in edges {
            if let last = merged.last, last.a == e.a && last.b == e.b {
                merged[merged.count - 1].windA += e.windA
                merged[merged.count - 1].windB += e.windB
            } else {
                merged.append(e)
            }
        }
        return merged.filter { $0.windA != 0 || $0.windB != 0 }
    }
}
