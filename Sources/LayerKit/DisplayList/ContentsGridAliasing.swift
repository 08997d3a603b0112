// Which sides of each part of contents drawn as a grid of parts (the nine parts of
// contentsCenter, the bands of edge-extended contents) are drawn aliased. Core Animation draws
// such contents as one mesh of quads sharing their inner sides; the parts' outer sides are the
// contents' edges, aliased as the layer's edgeAntialiasingMask and allowsEdgeAntialiasing say
// (CALayer+EdgeAntialiasing.swift). The inner sides (the seams) are always sampled at pixel
// centres with the top-left rule (Raster's AliasedFill.swift): two parts sharing a seam then
// paint every pixel along it exactly once, where two anti-aliased edges would each cover part
// of it and leave a crack (a seam pixel half covered by each part ends 1 − ½·½ = ¾ covered):
// CALayer.h, edgeAntialiasingMask, "Typically, you would use this property to disable
// antialiasing for edges that abut edges of other layers, to eliminate the seams that would
// otherwise occur."

/// The columns (or rows) of a contents grid that draw anything, as the first and last index.
struct ContentsGridSpan {
    var first: Int, last: Int

    /// The span of the non-empty entries of `present` (nil when there is none).
    init?(_ present: [Bool]) {
        guard let f = present.firstIndex(of: true), let l = present.lastIndex(of: true) else { return nil }
        first = f; last = l
    }

    /// The sides of entry `i` along this axis that lie inside the grid (`lo` before it, `hi`
    /// after it) and those on its outline.
    func sides(_ i: Int, lo: RectSides, hi: RectSides) -> (seams: RectSides, outline: RectSides) {
        var seams: RectSides = [], outline: RectSides = []
        if i > first { seams.insert(lo) } else { outline.insert(lo) }
        if i < last { seams.insert(hi) } else { outline.insert(hi) }
        return (seams, outline)
    }
}

extension CALayer {
    /// The aliasing of the part in column `i` of `columns` and row `j` of `rows` (the spans of
    /// its grid that draw), `width` × `height` image pixels: its seams, and its outline sides
    /// among `outer` (the contents' aliased sides, `contentsAliasedSides`).
    static func contentsPartAliasing(width: Int, height: Int, column i: Int, of columns: ContentsGridSpan,
                                     row j: Int, of rows: ContentsGridSpan, outer: RectSides) -> EdgeAliasing? {
        let x = columns.sides(i, lo: .minX, hi: .maxX), y = rows.sides(j, lo: .minY, hi: .maxY)
        let sides = x.seams.union(y.seams).union(x.outline.union(y.outline).intersection(outer))
        guard !sides.isEmpty else { return nil }
        return EdgeAliasing(rect: Rect(0, 0, Double(width), Double(height)), sides: sides)
    }
}
