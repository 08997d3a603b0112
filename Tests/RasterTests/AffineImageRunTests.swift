// The affine image span kernel (lk_affine_image_run, behind `affineImageRun`): its AVX-512 path
// (where the CPU has it), its AVX2 path, its portable path and the SSE2 pair path each against
// the reference written out here —
// ImageSampler.sample stepped in doubles and lkSourceOver, pixel by pixel — on images whose
// sizes are and are not multiples of the vector width, opaque, translucent and with empty
// regions, through scaled, translated, rotated and skewed maps, spans starting before the
// image, crossing its sides and ending past them (the edge-extended rim), and absurd
// positions; and whole images drawn through canvases with either kernels.
import Foundation
import Testing
@testable import Raster
import CRasterSIMD
import RasterFuzzing

@Suite struct AffineImageRunTests {
    /// A random premultiplied image: opaque, empty rows and columns, or any pixels.
    static func image(_ rng: inout SplitMix64, maxSide: Int = 23) -> Bitmap {
        let b = Bitmap(width: 1 + rng.int(maxSide), height: 1 + rng.int(maxSide))
        let kind = rng.int(3)
        for y in 0..<b.height {
            for x in 0..<b.width {
                switch kind {
                case 0: b[x, y] = 0xFF00_0000 | UInt32(truncatingIfNeeded: rng.next() & 0xFF_FFFF)
                case 1: b[x, y] = (x % 5 == 1 || y % 4 == 2) ? 0 : PixelKernelTests.pixel(&rng)
                default: b[x, y] = PixelKernelTests.pixel(&rng)
                }
            }
        }
        return b
    }

    /// The span's definition: each pixel the scalar sampler's sample at (u, v) stepped by
    /// (du, dv), source-over the destination.
    static func reference(_ img: Bitmap, _ dst: [UInt32], u: Double, v: Double, du: Double, dv: Double) -> [UInt32] {
        let s = ImageSampler(img)
        var out = dst, u = u, v = v
        for i in out.indices {
            out[i] = lkSourceOver(s.sample(u, v), out[i])
            u += du; v += dv
        }
        return out
    }

    /// A random step: a magnification (the common case), a minification, a rotation or a
    /// skew, or a pure horizontal step (scale and translate).
    static func step(_ rng: inout SplitMix64) -> (Double, Double) {
        switch rng.int(4) {
        case 0: return (0.02 + 0.3 * rng.unit(), 0)                     // magnified, axis-aligned
        case 1:
            let a = 6.3 * rng.unit(), k = 0.05 + 1.5 * rng.unit()       // rotated, any scale
            return (k * cos(a), k * sin(a))
        case 2: return (2 * rng.unit() - 1, 0.4 * rng.unit() - 0.2)     // skewed
        default: return (1 + 3 * rng.unit(), 0)                         // minified
        }
    }

    @Test func everyPathEqualsTheReference() {
        var rng = SplitMix64(seed: 0xAFF1_3E)
        for round in 0..<3_000 {
            let img = Self.image(&rng)
            let n = 1 + rng.int(70)
            // From two texels before the image to past it: spans inside, crossing a side, outside.
            let u = Double(img.width + 4) * rng.unit() - 2, v = Double(img.height + 4) * rng.unit() - 2
            var (du, dv) = Self.step(&rng)
            if round % 2 == 1 { swap(&du, &dv) }                           // vertical-ish too
            if rng.int(2) == 0 { du = -du }
            let background = (0..<n).map { _ in PixelKernelTests.pixel(&rng) }
            let want = Self.reference(img, background, u: u, v: v, du: du, dv: dv)
            let w = Int64(img.width), h = Int64(img.height)
            for path: Int32 in [0, 1, 2] {                              // best, portable, AVX2
                var got = background
                lk_affine_image_run(&got, n, img.pixels, w, h, u, v, du, dv, path)
                #expect(got == want, "path \(path): \(img.width)×\(img.height) at \(u), \(v) step \(du), \(dv), \(n) pixels")
            }
            var pairs = background
            pairs.withUnsafeMutableBufferPointer {
                affineImageRunPairs(ImageSampler(img), u: u, v: v, du: du, dv: dv, count: n, into: $0.baseAddress!)
            }
            #expect(pairs == want, "pairs: \(img.width)×\(img.height) at \(u), \(v) step \(du), \(dv)")
        }
    }

    /// Long spans over a larger image magnified ten times at a slant (the 4K Lottie case), and
    /// positions far outside, huge, infinite or NaN: each reads what the scalar sampler reads.
    @Test func longSlantedSpansAndWildPositions() {
        var rng = SplitMix64(seed: 0x4C0_57)
        let img = Self.image(&rng, maxSide: 1)
        let big = Bitmap(width: 187, height: 191)
        for y in 0..<191 { for x in 0..<187 { big[x, y] = (x + y) % 9 == 0 ? 0 : PixelKernelTests.pixel(&rng) } }
        let cases: [(Bitmap, Double, Double, Double, Double, Int)] = [
            (big, -3.25, 20.5, 0.0951, 0.0309, 2100),        // 1/10.5 scale rotated by 18°
            (big, 190, 5, -0.07, 0.071, 2000),
            (big, 0.5, 0.5, 0.1, 0, 1870),                  // exactly on texel centres
            (big, 1e7, 3, -1e4, 0, 9),
            (big, -1e300, 1e300, 1e299, -1e299, 9),
            (big, .infinity, 3, 0, 0, 5),
            (big, .nan, 3, 0.5, 0.5, 6),
            (big, 3, .nan, 0.5, 0.5, 6),
            (img, 0.2, 0.7, 0.01, 0.02, 37),
        ]
        for (image, u, v, du, dv, n) in cases {
            let background = (0..<n).map { _ in PixelKernelTests.pixel(&rng) }
            let want = Self.reference(image, background, u: u, v: v, du: du, dv: dv)
            for path: Int32 in [0, 1, 2] {                              // best, portable, AVX2
                var got = background
                lk_affine_image_run(&got, n, image.pixels, Int64(image.width), Int64(image.height), u, v, du, dv, path)
                #expect(got == want, "path \(path) at \(u), \(v) step \(du), \(dv)")
            }
        }
    }

    /// Images drawn scaled, rotated, skewed, translucent or clipped through canvases with the
    /// vector and the portable kernels over the same background: identical pixels.
    @Test func canvasesWithEitherKernelsDrawTheSameImages() {
        var rng = SplitMix64(seed: 0x1A6E)
        for round in 0..<60 {
            let img = Self.image(&rng)
            let transform = AffineTransform.scale(0.5 + 6 * rng.unit(), 0.5 + 6 * rng.unit())
                .concatenating(round % 3 == 0 ? .identity : .rotation(6.3 * rng.unit()))
                .concatenating(round % 5 == 0 ? AffineTransform(a: 1, b: 0, c: 0.3, d: 1, tx: 0, ty: 0) : .identity)
                .concatenating(.translation(50 * rng.unit() - 10, 50 * rng.unit() - 10))
            let opacity = round % 4 == 3 ? 0.6 : 1
            var results: [[UInt32]] = []
            for kernels in PixelKernels.allCases {
                let target = Bitmap(width: 61, height: 53)
                target.clear(Color(0.2, 0.3, 0.4, 1))
                let canvas = Canvas(target)
                canvas.kernels = kernels
                if round % 3 == 1 { canvas.clip = .rect(Rect(5, 7, 40, 33)) }
                canvas.draw(img, transform: transform, opacity: opacity)
                results.append((0..<61 * 53).map { target.pixels[$0] })
            }
            #expect(results[0] == results[1], "round \(round)")
        }
    }

    /// The runs of exact steps: wherever `lk_exact_steps` promises u + k·d, the serial chain
    /// u, u + du, (u + du) + du, … gives exactly those doubles — across binades, near their
    /// edges, below an ulp and on ties (du halfway between two multiples of the ulp, where it
    /// must promise nothing). The pixels cannot show an error of one ulp; the positions can.
    @Test func exactStepsReproduceTheSerialChain() {
        var rng = SplitMix64(seed: 0x57E9)
        var runs = 0
        for _ in 0..<200_000 {
            let e = rng.int(12) - 3
            let ulp = Double(sign: .plus, exponent: e - 52, significand: 1)
            var u = Double(sign: .plus, exponent: e, significand: 1 + rng.unit())
            var du: Double
            switch rng.int(4) {
            case 0: du = (2 * rng.unit() - 1) * Double(sign: .plus, exponent: e - rng.int(10), significand: 1)
            case 1:                                                     // a tie
                du = ((2 * rng.unit() - 1) * Double(1 << rng.int(20))).rounded(.down) * ulp + ulp / 2
            case 2: du = (rng.int(2) == 0 ? 1 : -1) * rng.unit() * ulp / Double(1 << rng.int(3))
            default:                                                    // at a binade's edge
                u = Double(sign: .plus, exponent: e, significand: 1) + Double(rng.int(5)) * ulp * (rng.int(2) == 0 ? 1 : -1)
                du = (2 * rng.unit() - 1) * ulp * Double(1 + rng.int(7))
            }
            if rng.int(3) == 0 { u = Double(sign: .plus, exponent: e + 1, significand: 1) - Double(rng.int(4)) * ulp }
            let n = 2 + rng.int(300)
            var d = 0.0
            let s = lk_exact_steps(u, du, n, &d)
            #expect(s >= 1 && s <= n)
            if s > 1 {
                runs += 1
                var x = u
                for k in 0..<s {
                    if x != u + Double(k) * d {
                        Issue.record("u \(u) du \(du): step \(k) is \(x), the run says \(u + Double(k) * d)")
                        break
                    }
                    x += du
                }
            }
        }
        #expect(runs > 50_000)
        // A tie from an odd multiple of the ulp: 1 + ulp, then 1 + 2·ulp, then 1 + 2·ulp again
        // (each tie to the even neighbour): no run.
        let ulp1 = Double.ulpOfOne, u1 = 1 + ulp1, du1 = ulp1 / 2
        #expect(u1 + du1 == 1 + 2 * ulp1 && (u1 + du1) + du1 == 1 + 2 * ulp1)
        var d = 0.0
        #expect(lk_exact_steps(u1, du1, 10, &d) == 1)
    }
}
