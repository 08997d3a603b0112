// The one cross-dissolve (Image/CrossDissolve.swift) drawn straight into a canvas gives, pixel
// for pixel, what compositing the mixed image (`Bitmap.crossDissolve`) there gives — under no
// clip, a whole-pixel clip, a fractional clip and a rounded clip (the rasterized path) — and
// the `.crossFade` transition is that same drawing.
import Testing
@testable import Raster
import TestSupport

@Suite struct CrossDissolveTests {
    /// A translucent backdrop, so that source-over is exercised everywhere.
    func backdrop() -> Bitmap {
        let b = Bitmap(width: 120, height: 90)
        for i in 0..<b.pixelCount {
            let a = UInt32(40 + (i * 7) % 200), c = a * UInt32(i % 5) / 5
            b.pixels[i] = a << 24 | c << 16 | (a - c) << 8 | c / 2
        }
        return b
    }

    func same(_ a: Bitmap, _ b: Bitmap) -> Bool {
        (0..<a.pixelCount).allSatisfy { a.pixels[$0] == b.pixels[$0] }
    }

    static let clips: [ClipShape?] = [
        nil,
        .rect(Rect(10, 6, 70, 50)),
        .rect(Rect(10.4, 6.7, 70.2, 50.5)),
        .roundedRect(Rect(8, 4, 90, 60), cornerRadius: 17),
    ]

    @Test(arguments: 0..<4)
    func drawnStraightEqualsTheMixedImageComposited(clip: Int) {
        let a = TransitionTestImages.oldImage(), b = TransitionTestImages.newImage()
        for p in [0, 0.3, 0.5, 0.77, 1.0] {
            let direct = backdrop(), viaImage = backdrop(), viaTransition = backdrop()
            let c1 = Canvas(direct), c2 = Canvas(viaImage), c3 = Canvas(viaTransition)
            c1.clip = Self.clips[clip]; c2.clip = Self.clips[clip]; c3.clip = Self.clips[clip]
            c1.drawCrossDissolve(from: a, to: b, progress: p, x: 13, y: 9)
            c2.draw(Bitmap.crossDissolve(from: a, to: b, progress: p)!, transform: .translation(13, 9))
            c3.draw(ImageTransition.crossFade, from: a, to: b, progress: p, x: 13, y: 9)
            #expect(same(direct, viaImage), "clip \(clip) at \(p): straight ≠ mixed image")
            #expect(same(direct, viaTransition), "clip \(clip) at \(p): .crossFade ≠ cross-dissolve")
        }
    }

    @Test func differentSizesDrawNothing() {
        let a = TransitionTestImages.oldImage(), b = TransitionTestImages.newImage(width: 50, height: 64)
        let out = backdrop(), before = backdrop()
        Canvas(out).drawCrossDissolve(from: a, to: b, progress: 0.5, x: 0, y: 0)
        #expect(same(out, before))
    }
}
