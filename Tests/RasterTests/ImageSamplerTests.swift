// The one bilinear sampler: its two edge modes against each other and against the definition
// (rounded 1/256 lerps of the four nearest texels), and its two-sample vector form against
// the scalar one, shading included.
import Testing
@testable import Raster

@Suite struct ImageSamplerTests {
    /// A 7×5 image of varied, partly transparent premultiplied pixels.
    static func image() -> Bitmap {
        let b = Bitmap(width: 7, height: 5)
        for y in 0..<5 {
            for x in 0..<7 {
                let a = UInt32(255 - (x * 37 + y * 11) % 200)
                let c = { (k: Int) in UInt32((x * k + y * (k + 3)) % 256) * a / 255 }
                b[x, y] = (a << 24) | (c(53) << 16) | (c(29) << 8) | c(71)
            }
        }
        return b
    }

    /// ⌊(a·(256 − w) + b·w + 128) / 256⌋ per channel, written out channel by channel.
    static func lerp(_ a: UInt32, _ b: UInt32, _ w: Int) -> UInt32 {
        var r: UInt32 = 0
        for s in stride(from: 0, through: 24, by: 8) {
            let x = Int((a >> UInt32(s)) & 0xff), y = Int((b >> UInt32(s)) & 0xff)
            r |= UInt32((x * (256 - w) + y * w + 128) >> 8) << UInt32(s)
        }
        return r
    }

    /// Positions on a 1/256 grid inside, on and beyond the image: the extend mode at 16.16
    /// agrees with the sampler at doubles, and both with the definition (edge texels repeated).
    @Test func extendModeMatchesTheDefinition() {
        let img = Self.image()
        let s = ImageSampler(img)
        for j in stride(from: -700, through: 2000, by: 37) {
            for i in stride(from: -600, through: 2400, by: 41) {
                let u = Double(i) / 256 + 0.5, v = Double(j) / 256 + 0.5
                let fixed = lkPack(s.sampleSpread(fixed: i << 8, j << 8, edge: .extend))
                let x0 = i >> 8, y0 = j >> 8, wx = i & 0xff, wy = j & 0xff
                func t(_ x: Int, _ y: Int) -> UInt32 { img[min(6, max(0, x)), min(4, max(0, y))] }
                let want = Self.lerp(Self.lerp(t(x0, y0), t(x0 + 1, y0), wx), Self.lerp(t(x0, y0 + 1), t(x0 + 1, y0 + 1), wx), wy)
                #expect(fixed == want, "extend at \(u), \(v)")
                if i >= -256 && j >= -256 && i < 7 * 256 && j < 5 * 256 {
                    #expect(s.sample(u, v) == want, "doubles at \(u), \(v)")
                }
            }
        }
    }

    /// The transparent mode reads transparent black beyond the image: the same as sampling the
    /// image padded by a clear border with the extend mode far from its edge.
    @Test func transparentModeFadesTheEdge() {
        let img = Self.image()
        let padded = Bitmap(width: 11, height: 9)
        padded.blit(img, x: 2, y: 2)
        let s = ImageSampler(img), p = ImageSampler(padded)
        for j in stride(from: -600, through: 1700, by: 29) {
            for i in stride(from: -600, through: 2200, by: 31) {
                let got = s.sampleSpread(fixed: i << 8, j << 8, edge: .transparent)
                let want = p.sampleSpread(fixed: (i + 512) << 8, (j + 512) << 8, edge: .extend)
                #expect(got == want, "at \(i)/256, \(j)/256")
            }
        }
        // Far outside (and absurd positions): nothing.
        #expect(s.sampleSpread(fixed: -5 << 16, 2 << 16, edge: .transparent) == 0)
        #expect(s.sampleSpread(fixed: Int.max >> 1, Int.min >> 1, edge: .transparent) == 0)
    }

    /// The two-sample vector kernel is the scalar sampler twice, then `lkShade`.
    @Test func pairKernelMatchesTheScalarSampler() {
        let img = Self.image()
        let s = ImageSampler(img)
        for k: UInt32 in [255, 254, 200, 128, 1, 0] {
            for (a, b) in [((0, 0, 0, 0), (5, 3, 255, 255)), ((2, 1, 17, 200), (3, 2, 128, 1)), ((4, 0, 99, 3), (1, 3, 250, 7))] {
                let pair = lkBilinearPair(img.pixels + a.1 * 7 + a.0, img.pixels + b.1 * 7 + b.0, 7,
                                          a.2, a.3, b.2, b.3, shade: k)
                let sa = lkShade(lkPack(s.transparentEdgeSpread(a.0, a.1, a.2, a.3)), k)
                let sb = lkShade(lkPack(s.transparentEdgeSpread(b.0, b.1, b.2, b.3)), k)
                #expect(UInt32(truncatingIfNeeded: pair) == sa, "first sample, shade \(k)")
                #expect(UInt32(truncatingIfNeeded: pair >> 32) == sb, "second sample, shade \(k)")
            }
        }
    }
}
