// A Lottie bezier shape value (`{"c": closed, "v": vertices, "i": in tangents, "o": out
// tangents}`, tangents relative to their vertex) and its conversion to a Raster path:
// vertex j joins vertex j+1 by the cubic (v[j], v[j] + o[j], v[j+1] + i[j+1], v[j+1]); a
// closed shape adds the segment back to vertex 0 and closes.
import LayerKit
import Raster

/// One bezier shape: vertices with their in and out tangents.
struct LottieBezier: Equatable, Sendable {
    var closed: Bool
    var vertices: [Point]
    var inTangents: [Point]
    var outTangents: [Point]

    init(closed: Bool, vertices: [Point], inTangents: [Point], outTangents: [Point]) {
        self.closed = closed; self.vertices = vertices; self.inTangents = inTangents; self.outTangents = outTangents
    }

    /// The shape as a path (empty without vertices).
    var path: Path {
        var p = Path()
        append(to: &p)
        return p
    }

    /// Appends the shape as one subpath.
    func append(to p: inout Path) {
        guard let first = vertices.first else { return }
        p.move(to: first)
        let n = vertices.count
        let segments = closed ? n : n - 1
        for j in 0..<max(segments, 0) {
            let k = (j + 1) % n
            p.addCurve(to: vertices[k], control1: vertices[j] + outTangents[j], control2: vertices[k] + inTangents[k])
        }
        if closed { p.closeSubpath() }
    }

    /// The shape carried by a planar map: vertices mapped, tangents (relative to their
    /// vertices) by its linear part — a bezier maps to the bezier of its mapped control points.
    func applying(_ m: AffineTransform) -> LottieBezier {
        LottieBezier(closed: closed, vertices: vertices.map { m.apply($0) }, inTangents: inTangents.map { m.applyVector($0) },
                     outTangents: outTangents.map { m.applyVector($0) })
    }

    /// Vertex-wise mix of two shapes with the same vertex count (else `a` until t = 1).
    static func lerp(_ a: LottieBezier, _ b: LottieBezier, _ t: Double) -> LottieBezier {
        guard a.vertices.count == b.vertices.count else { return t < 1 ? a : b }
        func mix(_ x: [Point], _ y: [Point]) -> [Point] { zip(x, y).map { $0 + ($1 - $0) * t } }
        return LottieBezier(closed: a.closed, vertices: mix(a.vertices, b.vertices),
                            inTangents: mix(a.inTangents, b.inTangents), outTangents: mix(a.outTangents, b.outTangents))
    }

    /// Reads `{"c", "v", "i", "o"}` (also the array-wrapped form older exporters write).
    static func decode(_ j: LottieJSON) throws(DocumentError) -> LottieBezier {
        if let a = j.elements, let first = a.first { return try decode(first) }
        guard j.isObject else { throw j.error("expected a bezier shape object, found \(j.value.kindName)") }
        func points(_ key: String) throws(DocumentError) -> [Point] {
            guard let arr = j[key] else { return [] }
            guard case .array(let items) = arr.value, items.count <= LottieLimits.maximumVertices else {
                _ = try arr.array(limit: LottieLimits.maximumVertices)
                return []
            }
            // The common form, [x, y, …] of finite numbers, read straight from the values; the
            // element's place is only spelled out for a refusal (a path string per vertex
            // was most of the import time of a file of many vertices).
            var out: [Point] = []
            out.reserveCapacity(items.count)
            for (n, item) in items.enumerated() {
                if case .array(let xy) = item, xy.count == 2, case .number(let x) = xy[0], case .number(let y) = xy[1],
                   x.isFinite, y.isFinite {
                    out.append(Point(x, y))
                    continue
                }
                let e = LottieJSON(item, place: .element(arr.place, n))
                let v = try e.vector()
                guard v.count >= 2 else { throw e.error("expected a point [x, y]") }
                out.append(Point(v[0], v[1]))
            }
            return out
        }
        let v = try points("v")
        var i = try points("i"), o = try points("o")
        // Missing tangents are zero (a polygon); a short list is padded the same way.
        if i.count < v.count { i += Array(repeating: Point(0, 0), count: v.count - i.count) }
        if o.count < v.count { o += Array(repeating: Point(0, 0), count: v.count - o.count) }
        return LottieBezier(closed: j.bool("c"), vertices: v, inTangents: Array(i.prefix(v.count)),
                            outTangents: Array(o.prefix(v.count)))
    }
}
