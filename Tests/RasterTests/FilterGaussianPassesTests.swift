// The filter chain's exact Gaussian (σ ≤ 4) in CRasterSIMD (lk_gauss_passes.h: AVX2 where the
// CPU has it, and its portable loops) against the Swift passes it replaced, written out here:
// rows through a padded line, Σ k_j·(p[x−j] + p[x+j]) after p[x]·k_0; columns tap by tap over
// whole rows, d += k_j·(a + b) — bit for bit, on random planes of every shape (lower and
// narrower than the kernel, odd widths), both edges, and σ from 0.6 to 4 along either axis.
import Testing
@testable import Raster
import RasterFuzzing

@Suite struct FilterGaussianPassesTests {
    /// The former Swift blur, in place through `tmp` (a plane) and `line` (w + 2r pixels).
    static func referenceBlur(_ plane: UnsafeMutablePointer<SIMD4<Float>>, width w: Int, height h: Int,
                              sigmaX: Double, sigmaY: Double, edge: FilterChain.Edge) {
        let kx = FilterChain.gaussianWeights(sigma: sigmaX), ky = FilterChain.gaussianWeights(sigma: sigmaY)
        let rx = kx.count - 1, ry = ky.count - 1
        let tmp = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: w * h)
        let line = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: w + 2 * rx)
        defer { tmp.deallocate(); line.deallocate() }
        for y in 0..<h {
            let s = plane + y * w
            let left = edge == .clamp ? s[0] : .zero, right = edge == .clamp ? s[w - 1] : .zero
            for j in 0..<rx { line[j] = left; line[rx + w + j] = right }
            (line + rx).update(from: s, count: w)
            for x in 0..<w {
                let p = line + rx + x
                var acc = p[0] * kx[0]
                var j = 1
                while j <= rx { acc += (p[-j] + p[j]) * kx[j]; j += 1 }
                tmp[y * w + x] = acc
            }
        }
        let n = 4 * w
        let src = UnsafeMutableRawPointer(tmp).assumingMemoryBound(to: Float.self)
        for y in 0..<h {
            let d = UnsafeMutableRawPointer(plane + y * w).assumingMemoryBound(to: Float.self)
            for i in 0..<n { d[i] = src[y * n + i] * ky[0] }
            var j = 1
            while j <= ry {
                var up = y - j, down = y + j
                if edge == .clamp { up = max(up, 0); down = min(down, h - 1) }
                if up >= 0 && down < h {
                    for i in 0..<n { d[i] += ky[j] * (src[up * n + i] + src[down * n + i]) }
                } else if up >= 0 {
                    for i in 0..<n { d[i] += ky[j] * src[up * n + i] }
                } else if down < h {
                    for i in 0..<n { d[i] += ky[j] * src[down * n + i] }
                }
                j += 1
            }
        }
    }

    @Test func passesEqualTheFormerSwiftBlur() {
        var rng = SplitMix64(seed: 0x6A05)
        let shapes = [(1, 1), (1, 9), (9, 1), (3, 2), (5, 17), (17, 5), (31, 23), (64, 40), (7, 70)]
        let sigmas: [(Double, Double)] = [(0.6, 0.6), (1.46, 1.46), (2.3, 0), (0, 3.1), (4, 4), (1.1, 3.7)]
        for (w, h) in shapes {
            for (sx, sy) in sigmas {
                for edge in [FilterChain.Edge.transparent, .clamp] {
                    var plane = [SIMD4<Float>](repeating: .zero, count: w * h)
                    for i in plane.indices {
                        // Runs of one value and of transparency, as a blurred bitmap has.
                        if rng.int(3) == 0 { plane[i] = i > 0 ? plane[i - 1] : .zero; continue }
                        let a = Float(rng.int(1001)) / 1000
                        plane[i] = SIMD4(a * Float(rng.int(1001)) / 1000, a * Float(rng.int(1001)) / 1000,
                                         a * Float(rng.int(1001)) / 1000, a)
                    }
                    var expected = plane
                    expected.withUnsafeMutableBufferPointer {
                        Self.referenceBlur($0.baseAddress!, width: w, height: h, sigmaX: sx, sigmaY: sy, edge: edge)
                    }
                    let r = max(PixelFilter.kernelRadius(sigma: sx), PixelFilter.kernelRadius(sigma: sy))
                    for portable in [false, true] {
                        var out = plane
                        let scratch = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: w * h + w + 2 * r)
                        defer { scratch.deallocate() }
                        out.withUnsafeMutableBufferPointer {
                            FilterChain.blur($0.baseAddress!, width: w, height: h, sigmaX: sx, sigmaY: sy, edge: edge,
                                             scratch: scratch, portable: portable)
                        }
                        let same = zip(out, expected).allSatisfy { a, b in
                            a.x.bitPattern == b.x.bitPattern && a.y.bitPattern == b.y.bitPattern
                                && a.z.bitPattern == b.z.bitPattern && a.w.bitPattern == b.w.bitPattern
                        }
                        #expect(same, "w \(w) h \(h) σ \(sx)/\(sy) \(edge) portable \(portable)")
                    }
                }
            }
        }
    }
}
