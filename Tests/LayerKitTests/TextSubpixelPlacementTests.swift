// A text layer at a fractional pixel offset is drawn from its image resampled once at that
// subpixel phase under a whole-pixel translation (CATextLayer+Display.swift): it must paint
// what the direct bilinear draw paints, and a change of string or colour must never be served
// the image of the old text.

import Media
import Testing
@testable import LayerKit

@Suite(.freshAnimationContext) struct TextSubpixelPlacementTests {
    /// A 120 × 60 scene: a grey backdrop (so the composite's rounding is exercised) and one
    /// text layer whose top-left corner falls at (10.37, 20.61).
    func scene() -> (root: CALayer, text: CATextLayer) {
        TTFTextRenderer.installAsDefault()
        let root = CALayer()
        root.bounds = Rect(0, 0, 120, 60)
        root.position = Point(60, 30)
        root.backgroundColor = Color(0.3, 0.4, 0.5, 1)
        let t = CATextLayer()
        t.string = "Wg7"
        t.fontSize = 22
        t.foregroundColor = Color(1, 0.9, 0.2, 1)
        t.anchorPoint = Point(0, 0)
        t.bounds = Rect(0, 0, 0, 30)
        t.position = Point(10.37, 20.61)
        root.addSublayer(t)
        return (root, t)
    }

    /// The list's text item: its image and transform.
    func textItem(_ list: DisplayList) -> (image: Bitmap, transform: AffineTransform)? {
        for item in list.items { if case .image(let b, let m, _) = item.operation { return (b, m) } }
        return nil
    }

    /// A translation by whole pixels, not left of or above `origin`.
    func isWholePixelTranslation(_ m: AffineTransform, atLeast origin: (Double, Double)) -> Bool {
        m.a == 1 && m.b == 0 && m.c == 0 && m.d == 1 && m.tx == m.tx.rounded() && m.ty == m.ty.rounded()
            && m.tx >= origin.0 && m.ty >= origin.1
    }

    func draw(_ list: DisplayList) -> Bitmap {
        let b = Bitmap(width: 120, height: 60)
        DisplayListRasterizer().draw(list, into: Canvas(b))
        return b
    }

    /// The largest difference of any channel between two same-sized bitmaps.
    func maxDifference(_ a: Bitmap, _ b: Bitmap) -> Int {
        var worst = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a[x, y], q = b[x, y]
                for s in stride(from: 0, to: 32, by: 8) {
                    worst = max(worst, abs(Int((p >> UInt32(s)) & 255) - Int((q >> UInt32(s)) & 255)))
                }
            }
        }
        return worst
    }

    @Test func theShiftedImageDrawsWhatTheDirectDrawDraws() throws {
        let (root, text) = scene()
        let builder = DisplayListBuilder()
        // The first frame draws the text resampled at its phase, at a whole-pixel offset.
        let first = try #require(textItem(builder.build(root, width: 120, height: 60)))
        #expect(isWholePixelTranslation(first.transform, atLeast: (10, 20)))
        // Moved to another phase: drawn directly, at the fractional offset...
        text.position = Point(10.81, 20.23)
        let moved = builder.build(root, width: 120, height: 60)
        let direct = try #require(textItem(moved))
        #expect(direct.transform.tx != direct.transform.tx.rounded())
        // ...and the next frame at that phase draws the shifted image (one pixel larger,
        // cropped to its ink) at a whole-pixel offset.
        let settled = builder.build(root, width: 120, height: 60)
        let fast = try #require(textItem(settled))
        #expect(isWholePixelTranslation(fast.transform, atLeast: (10, 20)))
        #expect(fast.image.width <= direct.image.width + 1 && fast.image.height <= direct.image.height + 1)
        let a = draw(moved), b = draw(settled)
        var inked = 0
        for y in 0..<60 { for x in 0..<120 where a[x, y] != a[0, 0] { inked += 1 } }
        #expect(inked > 100, "the text draws")
        #expect(maxDifference(a, b) <= 2, "shifted image against the direct bilinear draw")
        // Later frames keep the same image (no resampling per frame).
        let third = try #require(textItem(builder.build(root, width: 120, height: 60)))
        #expect(third.image === fast.image)
    }

    @Test func aNewStringOrColourIsNeverServedTheOldImage() throws {
        let (root, text) = scene()
        let builder = DisplayListBuilder()
        let old = try #require(textItem(builder.build(root, width: 120, height: 60)))
        #expect(isWholePixelTranslation(old.transform, atLeast: (10, 20)))
        for change in 0..<2 {
            if change == 0 { text.string = "Qp4" } else { text.foregroundColor = Color(0.1, 1, 0.4, 1) }
            let list = builder.build(root, width: 120, height: 60)
            let now = try #require(textItem(list))
            #expect(now.image !== old.image)
            // What a builder that never saw the old text draws.
            let fresh = draw(DisplayListBuilder().build(root, width: 120, height: 60))
            #expect(maxDifference(draw(list), fresh) == 0, "change \(change)")
            // And once the new text has held a frame, its shifted image draws the same.
            let settled = builder.build(root, width: 120, height: 60)
            #expect(isWholePixelTranslation(try #require(textItem(settled)).transform, atLeast: (10, 20)))
            #expect(maxDifference(draw(settled), fresh) <= 2, "change \(change)")
        }
    }
}
