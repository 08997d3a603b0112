// The cross-dissolve of two images of one size: per pixel the interpolation of the
// premultiplied images, (1 − p)·A + p·B, rounded per channel. Unlike B composited at p over A
// composited at 1 − p, this is exact for translucent pixels: two half-transparent images that
// agree stay as they are at every p, and a pixel dissolving into transparency fades linearly.

extension Bitmap {
    /// A new bitmap, (1 − p)·`from` + p·`to` per premultiplied channel (p clamped to 0…1);
    /// nil when the two differ in size.
    public static func crossDissolve(from a: Bitmap, to b: Bitmap, progress p: Double) -> Bitmap? {
        guard a.width == b.width, a.height == b.height else { return nil }
        let out = Bitmap(width: a.width, height: a.height)
        let w = lkLerpWeight(min(1, max(0, p)))
        let n = out.pixelCount, s = a.pixels, t = b.pixels, d = out.pixels
        for i in 0..<n { d[i] = lkLerp(s[i], t[i], w) }
        return out
    }
}
