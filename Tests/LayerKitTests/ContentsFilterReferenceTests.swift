// The contents scaling filters against independent scalers (scripts/test/contents-filter-references.py:
// Pillow's NEAREST, BILINEAR and BOX resizes, numpy's 2 × 2 mean), and the rules that hold by
// calculation. Core Animation: magnificationFilter "The filter used when increasing the size
// of the content."; minificationFilter "The filter used when reducing the size of the
// content."; both "The default value of this property is linear."; kCAFilterNearest "Nearest
// neighbor interpolation filter."; kCAFilterTrilinear "Trilinear minification filter.
// Enables mipmap generation."; minificationFilterBias "The bias factor used by the
// minification filter to determine the levels of detail."
import Foundation
import Testing
@testable import LayerKit
import TestSupport

@Suite(.freshAnimationContext) struct ContentsFilterReferenceTests {
    static let references = StyleReferenceTests.references
    /// Nearest and the exact 4× mipmap level: at most a rounding apart.
    static let exact = GoldenTolerance(threshold: 1, maxMeanAbsolute: 0.5, maxShareOverThreshold: 0)
    /// Bilinear against another bilinear (1/256 weights against Pillow's fixed point).
    static let bilinear = GoldenTolerance(threshold: 4, maxMeanAbsolute: 1.0, maxShareOverThreshold: 0.01)

    /// The script's 8 × 8 source.
    static let small = image(8) { x, y in ((x * 37 + y * 11) % 256, (x * 13 + y * 71) % 256, (x * 101 + y * 29) % 256) }
    /// The script's 64 × 64 source.
    static let large = image(64) { x, y in ((x * 29 + y * 67) % 256, ((x ^ y) * 17) % 256, (x * y * 5) % 256) }

    static func image(_ n: Int, _ f: (Int, Int) -> (Int, Int, Int)) -> ImageRef {
        let b = Bitmap(width: n, height: n)
        for y in 0..<n { for x in 0..<n {
            let (r, g, bl) = f(x, y)
            b[x, y] = 0xFF00_0000 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(bl)
        } }
        return ImageRef(b)
    }

    /// `contents` filling a `side` × `side` canvas, filtered as `configure` says.
    func render(_ contents: ImageRef, side: Int, _ configure: (CALayer) -> Void) -> Bitmap {
        let l = CALayer()
        l.frame = Rect(0, 0, Double(side), Double(side))
        l.contents = contents
        configure(l)
        return PixelScene.render(PixelScene.root(Double(side), Double(side), [l]), side, side)
    }

    func compare(_ b: Bitmap, _ name: String, _ tolerance: GoldenTolerance) throws {
        try expectSimilar(b, toPNGAt: Self.references.readURL(name), name: name, tolerance: tolerance,
                          writingFailuresTo: Self.references.actualURL(name))
    }

    @Test func defaultsAreLinear() {
        let l = CALayer()
        #expect(l.magnificationFilter == .linear)
        #expect(l.minificationFilter == .linear)
        #expect(l.minificationFilterBias == 0)
    }

    @Test func magnifyNearestMatchesPillowNearest() throws {
        try compare(render(Self.small, side: 64) { $0.magnificationFilter = .nearest }, "contents_magnify_nearest.pillow", Self.exact)
    }

    @Test func magnifyLinearMatchesPillowBilinear() throws {
        try compare(render(Self.small, side: 64) { _ in }, "contents_magnify_linear.pillow", Self.bilinear)
    }

    @Test func minifyNearestMatchesPillowNearest() throws {
        try compare(render(Self.large, side: 16) { $0.minificationFilter = .nearest }, "contents_minify_nearest.pillow", Self.exact)
    }

    @Test func minifyTrilinearAtFourTimesMatchesPillowBox() throws {
        try compare(render(Self.large, side: 16) { $0.minificationFilter = .trilinear }, "contents_minify_trilinear.pillow",
                    Self.exact)
    }

    @Test func minifyLinearMatchesTheTwoByTwoMean() throws {
        try compare(render(Self.large, side: 16) { _ in }, "contents_minify_linear.numpy", Self.exact)
    }

    @Test func theMinificationFilterDoesNotMagnifyNorTheMagnificationFilterMinify() {
        // Magnifying, a nearest minification filter changes nothing; minifying, a nearest
        // magnification filter changes nothing.
        let plain = render(Self.small, side: 64) { _ in }
        #expect(render(Self.small, side: 64) { $0.minificationFilter = .nearest }.difference(from: plain, threshold: 0)?.maxAbsolute == 0)
        let small = render(Self.large, side: 16) { _ in }
        #expect(render(Self.large, side: 16) { $0.magnificationFilter = .nearest }.difference(from: small, threshold: 0)?.maxAbsolute == 0)
    }

    @Test func aNegativeBiasTurnsAMinifyingDrawIntoAMagnifyingOne() {
        // 2× smaller: level of detail 1; with bias −2 it is −1, and the magnification filter
        // samples (nearest: the texel under the pixel centre, u = 2x + 1).
        let b = render(Self.large, side: 32) { l in
            l.minificationFilter = .trilinear; l.magnificationFilter = .nearest; l.minificationFilterBias = -2
        }
        let src = Self.large.bitmap
        for (x, y) in [(0, 0), (5, 9), (31, 31), (17, 3)] {
            #expect(b[x, y] == src[2 * x + 1, 2 * y + 1], "(\(x), \(y))")
        }
    }

    @Test func aPositiveBiasReadsACoarserLevel() {
        // 4× smaller with bias 1: level 3, the mean of 8 × 8 texels (read between its texel
        // centres) — smoother than level 2: fewer distinct colours between neighbours.
        func roughness(_ b: Bitmap) -> Int {
            var s = 0
            for y in 0..<16 { for x in 0..<15 { s += abs(Int(b[x, y] & 0xff) - Int(b[x + 1, y] & 0xff)) } }
            return s
        }
        let level2 = render(Self.large, side: 16) { $0.minificationFilter = .trilinear }
        let level3 = render(Self.large, side: 16) { l in l.minificationFilter = .trilinear; l.minificationFilterBias = 1 }
        #expect(roughness(level3) < roughness(level2))
    }
}
