// The large blur at a reduced size (FilterDownsampledBlur.swift, lk_blur_resample.h) against a
// reference kept here: the sampled Gaussian exp(−x²/2σ²) to 4σ, in double precision, in
// linear light (FilterChain's load and store), rows then columns, edges read as the `Edge`
// says. The bounds are the measured maxima with a margin; the streamed three boxes it
// replaced are held to the same reference for comparison.
import Testing
@testable import Raster
import CRasterSIMD
import RasterFuzzing

@Suite struct FilterDownsampledBlurTests {
    /// The reference blur of `bitmap` (see the header).
    static func reference(_ bitmap: Bitmap, sigma: Double, edge: FilterChain.Edge) -> Bitmap {
        let w = bitmap.width, h = bitmap.height, n = w * h
        let plane = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: n)
        defer { plane.deallocate() }
        FilterChain.load(bitmap, into: plane)
        let r = Int((4 * sigma).rounded(.up))
        var k = (0...r).map { i in exp(-Double(i * i) / (2 * sigma * sigma)) }
        let total = k[0] + 2 * k[1...].reduce(0, +)
        k = k.map { $0 / total }
        var src = (0..<n).map { SIMD4<Double>(Double(plane[$0].x), Double(plane[$0].y), Double(plane[$0].z), Double(plane[$0].w)) }
        var dst = src
        func at(_ i: Int, _ len: Int) -> Int? {
            if i >= 0 && i < len { return i }
            return edge == .clamp ? min(max(i, 0), len - 1) : nil
        }
        for pass in 0..<2 {
            for y in 0..<h {
                for x in 0..<w {
                    var acc = SIMD4<Double>.zero
                    for j in -r...r {
                        let i = pass == 0 ? at(x + j, w).map { y * w + $0 } : at(y + j, h).map { $0 * w + x }
                        if let i { acc += src[i] * k[abs(j)] }
                    }
                    dst[y * w + x] = acc
                }
            }
            swap(&src, &dst)
        }
        for i in 0..<n { plane[i] = SIMD4<Float>(Float(src[i].x), Float(src[i].y), Float(src[i].z), Float(src[i].w)) }
        let out = Bitmap(width: w, height: h)
        FilterChain.store(plane, into: out)
        return out
    }

    /// The largest difference of any channel (bytes) between two bitmaps of one size.
    static func maxChannelDifference(_ a: Bitmap, _ b: Bitmap) -> Int {
        var m = 0
        for i in 0..<a.pixelCount {
            let p = a.pixels[i], q = b.pixels[i]
            for s in stride(from: 0, to: 32, by: 8) { m = max(m, abs(Int((p >> UInt32(s)) & 0xFF) - Int((q >> UInt32(s)) & 0xFF))) }
        }
        return m
    }

    /// Shapes of several colours and alphas, with hard edges, on transparency, `margin` pixels
    /// clear of the edges (a blurred group is padded by the blur's reach).
    static func scene(_ w: Int, _ h: Int, seed: UInt64, margin m: Int = 0) -> Bitmap {
        var rng = SplitMix64(seed: seed)
        let b = Bitmap(width: w, height: h)
        let cw = w - 2 * m, ch = h - 2 * m
        for _ in 0..<6 {
            let x0 = m + rng.int(cw), y0 = m + rng.int(ch)
            let x1 = min(m + cw, x0 + 4 + rng.int(cw / 2)), y1 = min(m + ch, y0 + 4 + rng.int(ch / 2))
            let a = UInt32(128 + rng.int(128))
            let p = a << 24 | UInt32(rng.int(Int(a) + 1)) << 16 | UInt32(rng.int(Int(a) + 1)) << 8 | UInt32(rng.int(Int(a) + 1))
            for y in y0..<y1 { for x in x0..<x1 { b.pixels[y * w + x] = p } }
        }
        return b
    }

    /// The largest difference of premultiplied linear light (0…1, any channel) and of alpha
    /// (bytes) between two bitmaps of one size.
    static func linearDifference(_ a: Bitmap, _ b: Bitmap) -> (linear: Float, alpha: Int) {
        let n = a.pixelCount
        let pa = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: n), pb = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: n)
        defer { pa.deallocate(); pb.deallocate() }
        FilterChain.load(a, into: pa)
        FilterChain.load(b, into: pb)
        var m: Float = 0, alpha = 0
        for i in 0..<n {
            let d = pa[i] - pb[i]
            m = max(m, max(max(abs(d.x), abs(d.y)), max(abs(d.z), abs(d.w))))
            alpha = max(alpha, abs(Int(a.pixels[i] >> 24) - Int(b.pixels[i] >> 24)))
        }
        return (m, alpha)
    }

    // Measured (σ 4.5, 6.075, 9, 13, 20; both edges), the largest difference from the
    // reference, premultiplied linear light (0…1) and sRGB bytes:
    //   transparent edges, content a reach inside (as a group is padded): the reduced-size
    //   blur 0.026 (bytes 7), the three full-size boxes it replaces 0.024 (bytes 6);
    //   clamped edges, content up to them: reduced 0.073 (bytes 16), boxes 0.129 (bytes 33).
    // Bounds with a margin; the boxes are held to theirs too, for the comparison.
    @Test func reducedSizeBlurStaysNearTheGaussian() {
        var worst: [FilterChain.Edge: (reduced: Float, reducedBytes: Int, boxes: Float, boxesBytes: Int)] = [:]
        var report: [String] = []
        for (i, sigma) in [4.5, 6.075, 9, 13, 20].enumerated() {
            for edge in [FilterChain.Edge.transparent, .clamp] {
                // Transparent edges as a group has them: the content inside a margin of the
                // blur's reach (beyond the plane the blur reads nothing then). Clamped edges
                // (a backdrop, repeated edge pixels): content up to the edges.
                let m = edge == .transparent ? PixelFilter.kernelRadius(sigma: sigma) : 0
                let w = 97 + 13 * i + 2 * m, h = 71 + 7 * i + 2 * m
                let source = Self.scene(w, h, seed: UInt64(0xB10 + i), margin: m)
                let expected = Self.reference(source, sigma: sigma, edge: edge)
                let reduced = Bitmap(width: w, height: h)
                reduced.pixels.update(from: source.pixels, count: w * h)
                FilterChain.apply([.gaussianBlur(sigma: sigma)], to: reduced, edge: edge)
                let boxes = Bitmap(width: w, height: h)
                boxes.pixels.update(from: source.pixels, count: w * h)
                FilterChain.boxBlur(boxes, sigmaX: sigma, sigmaY: sigma, edge: edge)
                let r = Self.linearDifference(reduced, expected), b = Self.linearDifference(boxes, expected)
                let rb = Self.maxChannelDifference(reduced, expected), bb = Self.maxChannelDifference(boxes, expected)
                let w0 = worst[edge] ?? (0, 0, 0, 0)
                worst[edge] = (max(w0.reduced, r.linear), max(w0.reducedBytes, rb), max(w0.boxes, b.linear), max(w0.boxesBytes, bb))
                report.append("σ \(sigma) \(edge): reduced \(r.linear) bytes \(rb); boxes \(b.linear) bytes \(bb)")
            }
        }
        let text = report.joined(separator: "\n")
        let t = worst[.transparent]!, c = worst[.clamp]!
        #expect(t.reduced <= 0.035 && t.reducedBytes <= 9, "\(text)")
        #expect(c.reduced <= 0.09 && c.reducedBytes <= 20, "\(text)")
        #expect(t.boxes <= 0.035 && c.boxes <= 0.15 && c.boxesBytes <= 40, "\(text)")
    }

    // Premultiplied stays valid (no channel above alpha), an opaque plane with clamped edges
    // stays opaque and one colour, and the blur of a lone colour keeps its colour.
    @Test func reducedSizeBlurKeepsColourAndOpacity() {
        let b = Bitmap(width: 203, height: 77)
        b.clear(Color(0.2, 0.4, 0.6))
        let before = b.pixels[0]
        FilterChain.apply([.clampToExtent, .gaussianBlur(sigma: 12)], to: b, edge: .transparent)
        #expect((0..<b.pixelCount).allSatisfy { b.pixels[$0] == before })
        let s = Self.scene(150, 90, seed: 7)
        FilterChain.apply([.gaussianBlur(sigma: 7)], to: s, edge: .transparent)
        for i in 0..<s.pixelCount {
            let p = s.pixels[i], a = p >> 24
            #expect((p >> 16) & 0xFF <= a && (p >> 8) & 0xFF <= a && p & 0xFF <= a)
        }
    }

    // The factor and the coarse σ: σ/f ≥ 1.5, f ≤ 8, and the three stages' variances add to σ².
    @Test func factorAndCoarseSigma() {
        #expect(FilterChain.factor(sigma: 4.01) == 2)
        #expect(FilterChain.factor(sigma: 6.075) == 4)
        #expect(FilterChain.factor(sigma: 11.9) == 4)
        #expect(FilterChain.factor(sigma: 12) == 8)
        #expect(FilterChain.factor(sigma: 200) == 8)
        let s = FilterChain.coarseSigma(6.075, factor: 4)
        #expect(abs(16 * s * s + (2 * 16 + 1) / 12.0 - 6.075 * 6.075) < 1e-9)
    }

    // The kernels alone: a constant survives both; a coarse ramp comes back as the ramp
    // between pixel centres (bilinear), clamped beyond the first and last centres.
    @Test func resampleKernels() {
        for f in [2, 4, 8] {
            let w = 8 * f + 3, h = 5, lw = (w + f - 1) / f, lh = (h + f - 1) / f
            let src = [UInt32](repeating: 0x8040_2010, count: w * h)
            var low = [UInt32](repeating: 0, count: lw * lh)
            var line = [UInt16](repeating: 0, count: 4 * (w + lw + 2))
            lk_downsample_box(src, w, h, f, &low, &line)
            #expect(low.allSatisfy { $0 == 0x8040_2010 })
            // A ramp of alpha 16·i along x (colour 0), enlarged.
            for i in 0..<lw { for j in 0..<lh { low[j * lw + i] = UInt32(16 * i) << 24 } }
            var out = [UInt32](repeating: 0, count: w * h)
            lk_upsample_bilinear(low, lw, lh, f, &out, w, h, &line)
            for x in 0..<w {
                let u = min(max((Double(x) + 0.5) / Double(f) - 0.5, 0), Double(lw - 1))
                let want = Int((16 * u).rounded())
                let got = Int(out[x] >> 24)
                #expect(abs(got - want) <= 1, "f \(f) x \(x): \(got) want \(want)")
                #expect(out[(h - 1) * w + x] == out[x])
            }
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
