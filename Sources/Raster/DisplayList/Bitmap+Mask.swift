// Masking a bitmap by another's coverage: every premultiplied channel times the mask's alpha,
// rounded exactly ((x·k + 127) / 255).

extension Bitmap {
    /// Multiplies every premultiplied pixel by the alpha (coverage) of the same pixel of `mask`.
    public func multiply(byAlphaOf mask: Bitmap) {
        let n = min(pixelCount, mask.pixelCount)
        let p = pixels, q = mask.pixels
        for i in 0..<n {
            let k = q[i] >> 24
            if k == 255 { continue }
            if k == 0 { p[i] = 0; continue }
            let v = p[i]
            @inline(__always) func ch(_ s: UInt32) -> UInt32 {
                let c = (v >> s) & 0xff
                let t = c * k + 128
                return ((t + (t >> 8)) >> 8) << s
            }
            p[i] = ch(24) | ch(16) | ch(8) | ch(0)
        }
    }
}
