// The cross-dissolve of two images of one size: per pixel the interpolation of the
// premultiplied images, (1 − p)·A + p·B, rounded per channel (lkLerp). Unlike B composited at
// p over A composited at 1 − p, this is exact for translucent pixels: two half-transparent
// images that agree stay as they are at every p, and a pixel dissolving into transparency
// fades linearly.
//
// The one cross-dissolve of the package: the fade transition (`ImageTransition.crossFade`,
// CATransition's fade and UIKit's crossDissolve), the contents crossfade between images of
// different sizes (its two placed snapshots, drawn as a `.crossFade` transition item) and
// between images of one size (`Bitmap.crossDissolve`: a mixed image the layer then places as
// its contents). Into a canvas the mix is composited source-over as it is computed, with no
// intermediate bitmap: row by row inside a clip of whole pixels, and through a clip with an
// anti-aliased rim (rounded, or fractional) as an image rectangle rasterized like any other,
// its rim pixels weighed by their coverage.

extension Bitmap {
    /// A new bitmap, (1 − p)·`from` + p·`to` per premultiplied channel (p clamped to 0…1);
    /// nil when the two differ in size.
    public static func crossDissolve(from a: Bitmap, to b: Bitmap, progress p: Double) -> Bitmap? {
        guard a.width == b.width, a.height == b.height else { return nil }
        let out = Bitmap(width: a.width, height: a.height)
        let w = crossDissolveWeight(p)
        let n = out.pixelCount, s = a.pixels, t = b.pixels, d = out.pixels
        for i in 0..<n { d[i] = lkLerp(s[i], t[i], w) }
        return out
    }
}

/// lkLerp's weight (of 256) of the second image at progress `p` (clamped to 0…1; not finite
/// counts as 0).
@inline(__always) func crossDissolveWeight(_ p: Double) -> UInt32 {
    lkLerpWeight(p.isFinite ? min(1, max(0, p)) : 0)
}

extension Canvas {
    /// Draws (1 − `progress`)·`from` + `progress`·`to` source-over with the images' top left
    /// at the device pixel (`x`, `y`), through the clip; nothing when the two differ in size.
    /// At progress 0 the result is exactly `from` drawn there, at 1 exactly `to`.
    public func drawCrossDissolve(from a: Bitmap, to b: Bitmap, progress: Double, x: Int, y: Int) {
        guard a.width == b.width, a.height == b.height, a.width > 0, a.height > 0 else { return }
        guard let mask = ClipMask(clip, width: target.width, height: target.height) else { return }
        let w = crossDissolveWeight(progress)
        if mask.active {
            // The clip's anti-aliased rim: the rasterizer weighs the rim pixels.
            rasterizePixelRect(x: x, y: y, width: a.width, height: a.height,
                               painter: CrossDissolvePainter(from: a, to: b, weight: w, x: x, y: y))
            return
        }
        let cx0 = max(mask.left, x), cy0 = max(mask.top, y)
        let cx1 = min(mask.right, x + a.width), cy1 = min(mask.bottom, y + a.height)
        guard cx0 < cx1, cy0 < cy1 else { return }
        let n = cx1 - cx0, tw = target.width
        for row in cy0..<cy1 {
            let o = (row - y) * a.width + (cx0 - x)
            let f = a.pixels + o, g = b.pixels + o, d = target.pixels + row * tw + cx0
            for i in 0..<n { d[i] = lkSourceOver(lkLerp(f[i], g[i], w), d[i]) }
        }
    }
}

/// The cross-dissolve as a span painter: each pixel the mix of the two images' pixels under
/// it (the images' top left at device pixel (x, y), read without resampling), scaled by the
/// span's coverage, source-over.
struct CrossDissolvePainter: SpanPainter {
    let from: Bitmap, to: Bitmap
    let weight: UInt32
    let x: Int, y: Int

    @inline(__always)
    func paint(row: UnsafeMutablePointer<UInt32>, y py: Int, x px: Int, count: Int, coverage k: UInt32) {
        let r = py - y
        guard k != 0, r >= 0, r < from.height else { return }
        // Only the columns over the images (the rasterized rectangle is theirs).
        let i0 = max(px, x), i1 = min(px + count, x + from.width)
        guard i0 < i1 else { return }
        let f = from.pixels + r * from.width - x, g = to.pixels + r * from.width - x
        for i in i0..<i1 {
            var s = lkLerp(f[i], g[i], weight)
            if k != 255 { s = lkScale(s, k) }
            row[i] = lkSourceOver(s, row[i])
        }
    }
}
