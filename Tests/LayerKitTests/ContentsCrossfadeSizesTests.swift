// The contents crossfade between images of different pixel sizes: Core Animation dissolves
// what the layer shows, each image placed in the bounds by contentsGravity, contentsRect,
// contentsCenter and contentsScale, the two placed results interpolated per premultiplied
// pixel, (1 − p)·A + p·B. Where only one image lands the other counts as clear.
import Testing
@testable import LayerKit
import TestSupport

@Suite(.freshAnimationContext) struct ContentsCrossfadeSizesTests {
    /// Half-transparent red and half-transparent blue, premultiplied.
    static let halfRed: UInt32 = 0x8080_0000, halfBlue: UInt32 = 0x8000_0080

    static func uniform(_ w: Int, _ h: Int, _ p: UInt32) -> ImageRef { PixelScene.image(w, h, Array(repeating: p, count: w * h)) }

    static func argb(_ f: Bitmap, _ x: Int, _ y: Int) -> [Int] { ContentsCrossfadeTests.argb(f[x, y]) }

    // Core Animation Programming Guide, Table B-1: contents "Uses the default implied
    // CABasicAnimation object" — the images are interpolated over the progress. With
    // contentsGravity center a 10 × 10 image (x 15…25, y 10…20) and a 20 × 6 one (x 10…30,
    // y 12…18) overlap in the middle; at p = 0.5 the overlap is a quarter of each at half
    // coverage, and where one image alone lands it is half of it (drawing the new image over
    // the old would leave the old one whole there).
    @Test func crossDissolveOfDifferentSizesInterpolatesThePlacedImages() {
        let root = ContentsCrossfadeTests.crossfading(Self.uniform(10, 10, Self.halfRed), to: Self.uniform(20, 6, Self.halfBlue)) {
            $0.contentsGravity = .center
        }
        let start = ContentsCrossfadeTests.frame(root, at: 0)
        #expect(Self.argb(start, 20, 15) == [0x80, 0x80, 0, 0])
        #expect(Self.argb(start, 20, 11) == [0x80, 0x80, 0, 0])
        #expect(Self.argb(start, 12, 15) == [0, 0, 0, 0])
        let half = ContentsCrossfadeTests.frame(root, at: 0.5)
        #expect(Self.argb(half, 20, 15) == [0x80, 0x40, 0, 0x40])
        #expect(Self.argb(half, 20, 11) == [0x40, 0x40, 0, 0])
        #expect(Self.argb(half, 12, 15) == [0x40, 0, 0, 0x40])
        #expect(Self.argb(half, 2, 2) == [0, 0, 0, 0])
        let end = ContentsCrossfadeTests.frame(root, at: 1)
        #expect(Self.argb(end, 20, 15) == [0x80, 0, 0, 0x80])
        #expect(Self.argb(end, 20, 11) == [0, 0, 0, 0])
        #expect(Self.argb(end, 12, 15) == [0x80, 0, 0, 0x80])
    }

    // The same rule under contentsGravity topLeft ("top" is maximum y: on this y-down screen
    // the images sit at the bottom left) and contentsScale 2 (a 20 × 20 image is 10 × 10
    // points, a 12 × 8 one 6 × 4): both placed from the bottom-left corner.
    @Test func crossDissolveOfDifferentSizesFollowsGravityAndContentsScale() {
        let root = ContentsCrossfadeTests.crossfading(Self.uniform(20, 20, Self.halfRed), to: Self.uniform(12, 8, Self.halfBlue)) {
            $0.contentsGravity = .topLeft
            $0.contentsScale = 2
        }
        // Old image: x 0…10, y 20…30; new image: x 0…6, y 26…30.
        let quarter = ContentsCrossfadeTests.frame(root, at: 0.25)
        #expect(Self.argb(quarter, 2, 28) == [0x80, 0x60, 0, 0x20])
        #expect(Self.argb(quarter, 8, 22) == [0x60, 0x60, 0, 0])
        let half = ContentsCrossfadeTests.frame(root, at: 0.5)
        #expect(Self.argb(half, 2, 28) == [0x80, 0x40, 0, 0x40])
        #expect(Self.argb(half, 8, 22) == [0x40, 0x40, 0, 0])
        #expect(Self.argb(half, 20, 5) == [0, 0, 0, 0])
        let end = ContentsCrossfadeTests.frame(root, at: 1)
        #expect(Self.argb(end, 2, 28) == [0x80, 0, 0, 0x80])
        #expect(Self.argb(end, 8, 22) == [0, 0, 0, 0])
    }

    // contentsRect picks the part of each image drawn ("A rectangle in normalized image
    // coordinates defining the subrectangle of the `contents' property that will be drawn
    // into the layer", CALayer.h): the left half of a 4 × 2 sprite sheet (half red; its right
    // half opaque green never shows) dissolves into the left half of a 6 × 6 image, both
    // stretched over the bounds by contentsGravity resize.
    @Test func crossDissolveOfDifferentSizesFollowsContentsRect() {
        let sheet = PixelScene.image(4, 2, [Self.halfRed, Self.halfRed, 0xFF00_FF00, 0xFF00_FF00,
                                            Self.halfRed, Self.halfRed, 0xFF00_FF00, 0xFF00_FF00])
        let root = ContentsCrossfadeTests.crossfading(sheet, to: Self.uniform(6, 6, Self.halfBlue)) {
            $0.contentsRect = Rect(0, 0, 0.5, 1)
        }
        for (t, expected) in [(0.0, [0x80, 0x80, 0, 0]), (0.5, [0x80, 0x40, 0, 0x40]), (1.0, [0x80, 0, 0, 0x80])] {
            let f = ContentsCrossfadeTests.frame(root, at: t)
            for (x, y) in [(3, 3), (20, 15), (36, 26)] {
                #expect(Self.argb(f, x, y) == expected, "t = \(t) at (\(x), \(y))")
            }
        }
    }

    // The placed images are drawn once and kept while they draw the same: two frames of one
    // crossfade reuse the same two snapshots, only the fraction changes.
    @Test func crossDissolveOfDifferentSizesKeepsItsPlacedImages() throws {
        let root = ContentsCrossfadeTests.crossfading(Self.uniform(10, 10, Self.halfRed), to: Self.uniform(20, 6, Self.halfBlue)) {
            $0.contentsGravity = .center
        }
        let builder = DisplayListBuilder()
        func transition(at t: Double) -> DisplayTransition? {
            CAAnimationContext.current.clock.manualTime = t
            CAAnimationEngine.current.tick(at: t)
            for item in builder.build(root.presentation()!, width: 40, height: 30).items {
                if case .transition(let d) = item.operation { return d }
            }
            return nil
        }
        let a = try #require(transition(at: 0.25)), b = try #require(transition(at: 0.5))
        #expect(a.progress == 0.25 && b.progress == 0.5)
        #expect(a.from === b.from && a.to === b.to)
        #expect(a.from.list.width == 22 && a.from.list.height == 12)
    }
}
