// The filter chain's fast blur: a Gaussian of σ as three box filters whose combined variance
// is σ² (GaussianBlur.boxWidths: P. Kovesi, "Fast Almost-Gaussian Filtering", 2010), along
// rows then along columns, each box a running sum, so the cost per pixel does not grow with σ
// (by the central limit theorem three boxes come within a few per cent of the Gaussian's
// peak; the shadows' blur, GaussianBlur.swift, makes the same trade from σ = 2).
//
// Streamed, a row at a time: row y is read (from the plane, or straight from the bitmap and
// converted to linear light), its three row boxes run on padded lines that stay in the cache,
// and the result feeds the first of three column boxes. Each column box keeps only the rows
// its running sums still need — a ring of 2r + 1 rows — and emits its row y as soon as its
// input row y + r has come (acc += in[y + r]; out[y] = acc · 1/width; acc −= in[y − r]),
// straight into the next box's ring; the last box's rows go back to the plane (or are
// converted and stored into the bitmap). Every value is the same sequence of single-precision
// adds, subtractions and one multiply as the three whole-plane passes it replaces (rows, then
// each column pass over the whole plane), so the bits are the same; but a pixel's colour is
// read and written once instead of nine times over a plane of 16 bytes a pixel, and a lone
// blur needs no plane at all (a 4K blurred layer made two planes of 3.4 M pixels a frame,
// whose fresh pages the kernel zeroed each time). Beyond the plane's edges a pass reads
// transparent black or the nearest edge pixel (`FilterChain.Edge`); nothing is allocated per
// pixel or per line.

extension FilterChain {
    /// A blur of σx along rows and σy down columns (pixels; 0: none that way) in place on the
    /// plane as three boxes along rows and three down columns.
    static func boxBlur(_ plane: UnsafeMutablePointer<SIMD4<Float>>, width w: Int, height h: Int, sigmaX: Double,
                        sigmaY: Double, edge: Edge) {
        streamedBoxBlur(width: w, height: h, sigmaX: sigmaX, sigmaY: sigmaY, edge: edge,
                        read: { y, line in line.update(from: plane + y &* w, count: w) },
                        target: { y in plane + y &* w }, written: { _, _ in })
    }

    /// The blur of σx, σy of the whole bitmap in its working space (load, three boxes each
    /// way, store), a row at a time without a plane (see the file's header).
    static func boxBlur(_ bitmap: Bitmap, sigmaX: Double, sigmaY: Double, edge: Edge) {
        let w = bitmap.width, px = bitmap.pixels
        let out = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: w)
        defer { out.deallocate() }
        streamedBoxBlur(width: w, height: bitmap.height, sigmaX: sigmaX, sigmaY: sigmaY, edge: edge,
                        read: { y, line in loadRow(px + y &* w, count: w, into: line) },
                        target: { _ in out }, written: { y, row in storeRow(row, count: w, into: px + y &* w) })
    }

    /// One box of the column passes: the ring of the input rows it still needs, its running
    /// sums, and how many rows it has taken in and given out.
    private struct ColumnBox {
        let radius: Int
        let capacity: Int
        let ring: UnsafeMutablePointer<Float>
        let sums: UnsafeMutablePointer<Float>
        var taken = 0, given = 0
        /// Where input row `y` is kept.
        @inline(__always) func slot(_ y: Int, floats n: Int) -> UnsafeMutablePointer<Float> { ring + (y % capacity) &* n }
    }

    /// The streamed blur: `read(y, line)` puts row y (linear premultiplied colour) at `line`;
    /// the blurred row y is written at `target(y)`, then `written(y, target(y))` is called.
    private static func streamedBoxBlur(width w: Int, height h: Int, sigmaX: Double, sigmaY: Double, edge: Edge,
                                        read: (Int, UnsafeMutablePointer<SIMD4<Float>>) -> Void,
                                        target: (Int) -> UnsafeMutablePointer<SIMD4<Float>>,
                                        written: (Int, UnsafeMutablePointer<SIMD4<Float>>) -> Void) {
        guard w > 0, h > 0 else { return }
        // Rows take the boxes of σx, columns those of σy (σ = 0: three boxes of radius 0, copies).
        let rowRadii = GaussianBlur.boxWidths(sigma: sigmaX).map { $0 / 2 }
        let radii = GaussianBlur.boxWidths(sigma: sigmaY).map { $0 / 2 }
        let pad = rowRadii.max() ?? 0
        let n = 4 &* w   // floats in a row
        let capacities = radii.map { min(2 &* $0 &+ 1, h) }
        let lineLength = w + 2 * pad
        let total = 2 * lineLength + (capacities.reduce(0, +) + radii.count) * w
        let memory = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: total)
        defer { memory.deallocate() }
        let lineA = memory, lineB = memory + lineLength
        var next = lineB + lineLength
        var boxes: [ColumnBox] = []
        for (r, c) in zip(radii, capacities) {
            let ring = UnsafeMutableRawPointer(next).assumingMemoryBound(to: Float.self)
            let sums = UnsafeMutableRawPointer(next + c &* w).assumingMemoryBound(to: Float.self)
            boxes.append(ColumnBox(radius: r, capacity: c, ring: ring, sums: sums))
            next += (c + 1) &* w
        }
        let last = boxes.count - 1
        /// Gives out every row box k can (each straight into box k + 1, which then gives out
        /// all it can before box k writes its next row over one box k + 1 no longer needs).
        func pump(_ k: Int) {
            while boxes[k].given < h, boxes[k].taken > min(boxes[k].given &+ boxes[k].radius, h &- 1) {
                let y = boxes[k].given
                let out: UnsafeMutablePointer<Float>
                if k < last {
                    out = boxes[k + 1].slot(y, floats: n)
                } else {
                    out = UnsafeMutableRawPointer(target(y)).assumingMemoryBound(to: Float.self)
                }
                giveRow(y, boxes[k], height: h, floats: n, edge: edge, into: out)
                boxes[k].given &+= 1
                if k < last {
                    boxes[k + 1].taken &+= 1
                    pump(k + 1)
                } else {
                    written(y, target(y))
                }
            }
        }
        for y in 0..<h {
            // Rows: three boxes on padded lines, the last into the first column box's ring.
            read(y, lineA + pad)
            var src = lineA, dst = lineB
            let into = UnsafeMutableRawPointer(boxes[0].slot(y, floats: n)).assumingMemoryBound(to: SIMD4<Float>.self)
            for (i, r) in rowRadii.enumerated() {
                boxLine(src + pad, dst + pad, count: w, radius: r, edge: edge, into: i == rowRadii.count - 1 ? into : nil)
                swap(&src, &dst)
            }
            boxes[0].taken &+= 1
            pump(0)
        }
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

    /// Row y of a column box's output into `d` (`n` floats): the sums start as the rows
    /// −r ..< r (at y = 0), then acc + in[y + r] is stored times 1/(2r + 1) and in[y − r] taken
    /// off; rows beyond the edges are transparent or the edge row (`edge`).
    @inline(__always)
    private static func giveRow(_ y: Int, _ box: ColumnBox, height h: Int, floats n: Int, edge: Edge,
                                into d: UnsafeMutablePointer<Float>) {
        let r = box.radius, acc = box.sums
        let inv = 1 / Float(2 &* r &+ 1)
        /// Input row i, or nil for transparent black beyond the edge.
        @inline(__always) func row(_ i: Int) -> UnsafeMutablePointer<Float>? {
            if i >= 0 && i < h { return box.slot(i, floats: n) }
            return edge == .clamp ? box.slot(min(max(i, 0), h &- 1), floats: n) : nil
        }
        if y == 0 {
            for i in 0..<n { acc[i] = 0 }
            for j in -r..<r {
                if let s = row(j) { for i in 0..<n { acc[i] += s[i] } }
            }
        }
        switch (row(y &+ r), row(y &- r)) {
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
