// The filter chain's fast blur: a Gaussian of σ as three box filters whose combined variance
// is σ² (GaussianBlur.boxWidths: P. Kovesi, "Fast Almost-Gaussian Filtering", 2010), along
// rows then along columns, each box a running sum, so the cost per pixel does not grow with σ
// (by the central limit theorem three boxes come within a few per cent of the Gaussian's
// peak; the shadows' blur, GaussianBlur.swift, makes the same trade from σ = 2).
//
// Rows: each row is copied once into a padded line and all three boxes run on lines that stay
// in the cache, the last writing the row back. Columns: each box walks the rows in order and
// keeps the running sums of a whole row of floats at once (acc += row[y + r]; out[y] = acc /
// width; acc −= row[y − r]), three contiguous float streams the compiler vectorizes — never a
// strided walk down a column. Beyond the plane's edges a pass reads transparent black or the
// nearest edge pixel (`FilterChain.Edge`). Planes and lines come from FilterBuffers; nothing is
// allocated per pixel or per line.

extension FilterChain {
    /// A blur of σ (pixels) in place as three boxes along rows and three along columns.
    static func boxBlur(_ plane: UnsafeMutablePointer<SIMD4<Float>>, width w: Int, height h: Int, sigma: Double,
                        edge: Edge, scratch: UnsafeMutablePointer<SIMD4<Float>>) {
        let widths = GaussianBlur.boxWidths(sigma: sigma)
        let radii = widths.map { $0 / 2 }
        let pad = radii.max() ?? 0
        // Two padded lines after the scratch plane (FilterBuffers.scratchCount holds them).
        let lineA = scratch + w * h, lineB = lineA + (max(w, h) + 2 * pad)
        for y in 0..<h {
            let row = plane + y &* w
            (lineA + pad).update(from: row, count: w)
            var src = lineA, dst = lineB
            for (i, r) in radii.enumerated() {
                boxLine(src + pad, dst + pad, count: w, radius: r, edge: edge, into: i == radii.count - 1 ? row : nil)
                swap(&src, &dst)
            }
        }
        // Columns: plane → scratch → plane → scratch, then the result back into the plane.
        var src = plane, dst = scratch
        for r in radii {
            boxColumns(src, dst, width: w, height: h, radius: r, edge: edge, accumulator: lineA)
            swap(&src, &dst)
        }
        if src != plane { plane.update(from: src, count: w * h) }
    }

    /// One box of radius r along a line of `n` pixels at `src` (whose r pixels before and
    /// after are free to be written with the edge), into `dst` — or into `out` when given.
    @inline(__always)
    static func boxLine(_ src: UnsafeMutablePointer<SIMD4<Float>>, _ dst: UnsafeMutablePointer<SIMD4<Float>>,
                        count n: Int, radius r: Int, edge: Edge, into out: UnsafeMutablePointer<SIMD4<Float>>?) {
        let left = edge == .clamp ? src[0] : .zero, right = edge == .clamp ? src[n &- 1] : .zero
        var j = 1
        while j <= r { src[-j] = left; src[n &- 1 &+ j] = right; j &+= 1 }
        let inv = 1 / Float(2 &* r &+ 1)
        var sum = SIMD4<Float>.zero
        for j in -r..<r { sum += src[j] }
        let d = out ?? dst
        for x in 0..<n {
            sum += src[x &+ r]
            d[x] = sum * inv
            sum -= src[x &- r]
        }
    }

    /// One box of radius r down the columns of `src` into `dst`, a whole row of floats at a
    /// time, the running sums in `accumulator` (a row of pixels).
    static func boxColumns(_ src: UnsafeMutablePointer<SIMD4<Float>>, _ dst: UnsafeMutablePointer<SIMD4<Float>>,
                           width w: Int, height h: Int, radius r: Int, edge: Edge,
                           accumulator: UnsafeMutablePointer<SIMD4<Float>>) {
        let n = 4 &* w
        let acc = UnsafeMutableRawPointer(accumulator).assumingMemoryBound(to: Float.self)
        let base = UnsafeMutableRawPointer(src).assumingMemoryBound(to: Float.self)
        let inv = 1 / Float(2 &* r &+ 1)
        /// Row i of the source, or nil for transparent black beyond the edge.
        @inline(__always) func row(_ i: Int) -> UnsafeMutablePointer<Float>? {
            if i >= 0 && i < h { return base + i &* n }
            return edge == .clamp ? base + min(max(i, 0), h &- 1) &* n : nil
        }
        for i in 0..<n { acc[i] = 0 }
        for j in -r..<r {
            if let s = row(j) { for i in 0..<n { acc[i] += s[i] } }
        }
        for y in 0..<h {
            let d = UnsafeMutableRawPointer(dst + y &* w).assumingMemoryBound(to: Float.self)
            let add = row(y &+ r), sub = row(y &- r)
            switch (add, sub) {
            case let (a?, s?):
                for i in 0..<n { let v = acc[i] + a[i]; d[i] = v * inv; acc[i] = v - s[i] }
            case let (a?, nil):
                for i in 0..<n { let v = acc[i] + a[i]; d[i] = v * inv; acc[i] = v }
            case let (nil, s?):
                for i in 0..<n { let v = acc[i]; d[i] = v * inv; acc[i] = v - s[i] }
            case (nil, nil):
                for i in 0..<n { d[i] = acc[i] * inv }
            }
        }
    }
}
