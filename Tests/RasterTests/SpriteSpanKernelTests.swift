// The sprite row kernel (lk_sprite_span): its SSE2 path against its portable path on random
// images, steps, tints and backgrounds, both against the rule written out here in Raster's
// own pixel arithmetic (bilinear lerps, the tint's exactly rounded multiply, source-over or
// saturating add), and whole sprite batches drawn through canvases with either kernels.
import Testing
@testable import Raster
import CRasterSIMD
import RasterFuzzing

@Suite struct SpriteSpanKernelTests {
    /// A random premultiplied image with transparent borders and opaque patches.
    static func image(_ rng: inout SplitMix64) -> Bitmap {
        let b = Bitmap(width: 1 + rng.int(9), height: 1 + rng.int(9))
        for y in 0..<b.height { for x in 0..<b.width { b[x, y] = PixelKernelTests.pixel(&rng) } }
        return b
    }

    /// The rule of lk_sprite_span for one pixel, channel by channel.
    static func reference(_ img: Bitmap, u: Int64, v: Int64, tint: UInt32, additive: Bool, dst: UInt32) -> UInt32 {
        let ix = Int(u >> 16), iy = Int(v >> 16)
        func tap(_ i: Int, _ j: Int) -> UInt32 { i >= 0 && i < img.width && j >= 0 && j < img.height ? img[i, j] : 0 }
        let t00 = tap(ix, iy), t10 = tap(ix + 1, iy), t01 = tap(ix, iy + 1), t11 = tap(ix + 1, iy + 1)
        if t00 | t10 | t01 | t11 == 0 { return dst }
        let wx = UInt32((u >> 8) & 0xff), wy = UInt32((v >> 8) & 0xff)
        var c = lkLerp(lkLerp(t00, t10, wx), lkLerp(t01, t11, wx), wy)
        if tint != 0xFFFF_FFFF {
            var out: UInt32 = 0
            for shift: UInt32 in [0, 8, 16, 24] {
                out |= lkDiv255(((c >> shift) & 0xff) * ((tint >> shift) & 0xff)) << shift
            }
            c = out
        }
        if !additive { return lkSourceOver(c, dst) }
        var out: UInt32 = 0
        for shift: UInt32 in [0, 8, 16, 24] { out |= min(255, ((c >> shift) & 0xff) + ((dst >> shift) & 0xff)) << shift }
        return out
    }

    @Test func vectorEqualsPortableEqualsRule() {
        var rng = SplitMix64(seed: 0x5971_7E)
        var a = [UInt32](repeating: 0, count: 40), b = a, background = a
        for _ in 0..<2_000 {
            let img = Self.image(&rng)
            let source = lk_sprite_image(pixels: UnsafePointer(img.pixels), width: Int64(img.width), height: Int64(img.height))
            let n = 1 + rng.int(40)
            // Starts from two texels before the image to past it, steps of any direction and scale.
            var u = Int64(rng.int(Int(img.width + 4) << 16)) - (2 << 16)
            var v = Int64(rng.int(Int(img.height + 4) << 16)) - (2 << 16)
            let du = Int64(rng.int(3 << 16)) - (3 << 15), dv = Int64(rng.int(1 << 16)) - (1 << 15)
            let tint = [0xFFFF_FFFF, PixelKernelTests.pixel(&rng)][rng.int(2)]
            let additive = rng.int(2) == 1
            for i in 0..<n { background[i] = PixelKernelTests.pixel(&rng); a[i] = background[i]; b[i] = background[i] }
            lk_sprite_span(&a, n, source, u, v, du, dv, tint, additive ? 1 : 0, 0)
            lk_sprite_span(&b, n, source, u, v, du, dv, tint, additive ? 1 : 0, 1)
            #expect(a[0..<n] == b[0..<n])
            for i in 0..<n {
                #expect(b[i] == Self.reference(img, u: u, v: v, tint: tint, additive: additive, dst: background[i]))
                u += du; v += dv
            }
        }
    }

    /// Random batches (rotated, scaled, translucent, clipped, additive or not) drawn with the
    /// vector and the portable kernels over the same background: identical pixels.
    @Test func canvasesWithEitherKernelsDrawTheSameSprites() {
        var rng = SplitMix64(seed: 0xE1_1775)
        for round in 0..<40 {
            let images = (0..<3).map { _ in Self.image(&rng) }
            let sprites = (0..<30).map { _ in
                Sprite(image: rng.int(3),
                       transform: AffineTransform.scale(0.3 + 4 * rng.unit(), 0.3 + 4 * rng.unit())
                           .concatenating(.rotation(6.3 * rng.unit()))
                           .concatenating(.translation(64 * rng.unit() - 8, 64 * rng.unit() - 8)),
                       color: Color(rng.unit(), rng.unit(), rng.unit(), [1, rng.unit()][rng.int(2)]))
            }
            let batch = SpriteBatch(images: images, sprites: sprites, additive: round % 2 == 1)
            var results: [[UInt32]] = []
            for kernels in PixelKernels.allCases {
                let target = Bitmap(width: 48, height: 48)
                target.clear(Color(0.2, 0.3, 0.4, 1))
                let canvas = Canvas(target)
                canvas.kernels = kernels
                if round % 3 == 0 { canvas.clip = .rect(Rect(5, 7, 30, 33)) }
                canvas.draw(batch)
                results.append((0..<48 * 48).map { target.pixels[$0] })
            }
            #expect(results[0] == results[1])
            #expect(results[0].contains { $0 != results[0][0] })   // something was drawn
        }
    }
}
