// The filter chain's box blur streamed a row at a time (FilterBoxBlur.swift) against the blur
// it replaced, written out here: the bitmap loaded into a plane of linear colour, three boxes
// along every row, then three whole-plane passes down the columns (each a running sum over a
// row of floats), stored back — bit for bit, on random bitmaps of every shape (planes lower
// than a box's ring, one pixel wide), both edges, with and without a colour matrix first
// (which takes the plane path), with the same σ both ways and different ones (a blur along one
// axis), and the load/store row kernels' repeat shortcut on runs.
import Testing
@testable import Raster
import RasterFuzzing

@Suite struct FilterBoxBlurTests {
    /// One box down the columns of `src` into `dst` over the whole plane (the former pass).
    static func columnPass(_ src: UnsafeMutablePointer<SIMD4<Float>>, _ dst: UnsafeMutablePointer<SIMD4<Float>>,
                           width w: Int, height h: Int, radius r: Int, edge: FilterChain.Edge) {
        let n = 4 * w
        var acc = [Float](repeating: 0, count: n)
        let base = UnsafeMutableRawPointer(src).assumingMemoryBound(to: Float.self)
        func row(_ i: Int) -> UnsafeMutablePointer<Float>? {
            if i >= 0 && i < h { return base + i * n }
            return edge == .clamp ? base + min(max(i, 0), h - 1) * n : nil
        }
        let inv = 1 / Float(2 * r + 1)
        for j in -r..<r { if let s = row(j) { for i in 0..<n { acc[i] += s[i] } } }
        for y in 0..<h {
            let d = UnsafeMutableRawPointer(dst + y * w).assumingMemoryBound(to: Float.self)
            let a = row(y + r), s = row(y - r)
            for i in 0..<n {
                let v = acc[i] + (a?[i] ?? 0)
                d[i] = (a == nil ? acc[i] : v) * inv
                acc[i] = a == nil ? acc[i] : v
                if let s { acc[i] = acc[i] - s[i] }
            }
        }
    }

    /// The former blur of the plane: rows through padded lines, then the column passes.
    static func referenceBlur(_ plane: UnsafeMutablePointer<SIMD4<Float>>, width w: Int, height h: Int,
                              sigmaX: Double, sigmaY: Double, edge: FilterChain.Edge) {
        let rowRadii = GaussianBlur.boxWidths(sigma: sigmaX).map { $0 / 2 }
        let radii = GaussianBlur.boxWidths(sigma: sigmaY).map { $0 / 2 }
        let pad = rowRadii.max()!
        let lineA = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: w + 2 * pad)
        let lineB = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: w + 2 * pad)
        let scratch = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: w * h)
        defer { lineA.deallocate(); lineB.deallocate(); scratch.deallocate() }
        for y in 0..<h {
            let row = plane + y * w
            (lineA + pad).update(from: row, count: w)
            var src = lineA, dst = lineB
            for (i, r) in rowRadii.enumerated() {
                FilterChain.boxLine(src + pad, dst + pad, count: w, radius: r, edge: edge, into: i == rowRadii.count - 1 ? row : nil)
                swap(&src, &dst)
            }
        }
        var src = plane, dst = scratch
        for r in radii { columnPass(src, dst, width: w, height: h, radius: r, edge: edge); swap(&src, &dst) }
        if src != plane { plane.update(from: src, count: w * h) }
    }

    /// A bitmap of random premultiplied pixels with runs of one colour and of transparency.
    static func bitmap(_ rng: inout SplitMix64, _ w: Int, _ h: Int) -> Bitmap {
        let b = Bitmap(width: w, height: h)
        var p: UInt32 = 0
        for i in 0..<(w * h) {
            switch rng.int(4) {
            case 0: p = 0
            case 1:
                let a = UInt32(rng.int(256))
                p = a << 24 | UInt32(rng.int(Int(a) + 1)) << 16 | UInt32(rng.int(Int(a) + 1)) << 8 | UInt32(rng.int(Int(a) + 1))
            default: break   // the pixel before repeated
            }
            b.pixels[i] = p
        }
        return b
    }

    @Test func streamedBlurEqualsWholePlanePasses() {
        var rng = SplitMix64(seed: 0xF1_B0C5)
        let shear = ColorMatrix(r: [0.9, 0.1, 0, 0], g: [0, 0.8, 0.2, 0], b: [0.1, 0, 0.9, 0], a: [0, 0, 0, 1])
        for round in 0..<120 {
            let w = 1 + rng.int(60), h = 1 + rng.int(60)
            let sigma = 4.01 + rng.unit() * (round % 4 == 0 ? 40 : 8)
            // Every third round one axis only or two different σ (a Lottie blur along one dimension).
            let sigmaY = round % 3 != 1 ? sigma : [0, 0.5 * sigma, 2 + rng.unit() * 2][rng.int(3)]
            let (sx, sy) = rng.int(2) == 0 ? (sigma, sigmaY) : (sigmaY, sigma)
            let edge: FilterChain.Edge = rng.int(2) == 0 ? .transparent : .clamp
            let withMatrix = rng.int(3) == 0
            let source = Self.bitmap(&rng, w, h)
            // The former pipeline.
            let expected = Bitmap(width: w, height: h)
            expected.pixels.update(from: source.pixels, count: w * h)
            let plane = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: w * h)
            defer { plane.deallocate() }
            FilterChain.load(expected, into: plane)
            if withMatrix { FilterChain.applyMatrix(shear, plane, count: w * h) }
            Self.referenceBlur(plane, width: w, height: h, sigmaX: sx, sigmaY: sy, edge: edge)
            FilterChain.store(plane, into: expected)
            // The streamed one.
            let got = Bitmap(width: w, height: h)
            got.pixels.update(from: source.pixels, count: w * h)
            // (A lone blur the same both ways takes the reduced-size path, FilterDownsampledBlurTests:
            // the streamed bitmap path is called itself.)
            if withMatrix {
                FilterChain.apply([.colorMatrix(shear), .gaussianBlur(sigmaX: sx, sigmaY: sy)], to: got, edge: edge)
            } else {
                FilterChain.boxBlur(got, sigmaX: sx, sigmaY: sy, edge: edge)
            }
            let same = (0..<(w * h)).allSatisfy { got.pixels[$0] == expected.pixels[$0] }
            #expect(same, "w \(w) h \(h) σ \(sx), \(sy) \(edge) matrix \(withMatrix)")
        }
    }

    @Test func rowKernelsRepeatShortcutKeepsValues() {
        // Each pixel alone (no run) against the same pixels in runs.
        var rng = SplitMix64(seed: 0x10AD)
        let src = Self.bitmap(&rng, 257, 3)
        let n = src.pixelCount
        let runs = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: n)
        let one = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: 1)
        defer { runs.deallocate(); one.deallocate() }
        FilterChain.loadRow(src.pixels, count: n, into: runs)
        var out = [UInt32](repeating: 7, count: n)
        for i in 0..<n {
            FilterChain.loadRow(src.pixels + i, count: 1, into: one)
            #expect(one[0] == runs[i])
        }
        out.withUnsafeMutableBufferPointer { FilterChain.storeRow(runs, count: n, into: $0.baseAddress!) }
        var single: UInt32 = 0
        for i in 0..<n {
            FilterChain.storeRow(runs + i, count: 1, into: &single)
            #expect(single == out[i])
        }
    }
}
