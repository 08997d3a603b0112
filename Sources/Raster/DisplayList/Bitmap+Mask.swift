// Masking a bitmap by another's coverage: every premultiplied channel times the mask's alpha,
// rounded exactly ((x·k + 127) / 255); over the whole bitmap or over a box of it.

extension Bitmap {
    /// Multiplies every premultiplied pixel by the alpha (coverage) of the same pixel of `mask`.
    public func multiply(byAlphaOf mask: Bitmap) {
        Self.multiply(pixels, byAlphaOf: mask.pixels, count: min(pixelCount, mask.pixelCount))
    }

    /// `multiply(byAlphaOf:)` over the pixels inside `box` only, for two bitmaps of one size.
    func multiply(byAlphaOf mask: Bitmap, in box: PixelBox) {
        guard mask.width == width, mask.height == height else { return multiply(byAlphaOf: mask) }
        let b = box.intersect(PixelBox(x0: 0, y0: 0, x1: width, y1: height))
        guard !b.isEmpty else { return }
        for row in b.y0..<b.y1 {
            let offset = row * width + b.x0
            Self.multiply(pixels + offset, byAlphaOf: mask.pixels + offset, count: b.width)
        }
    }

    /// `count` premultiplied pixels at `p` times the alpha of those at `q`.
    @inline(__always)
    static func multiply(_ p: UnsafeMutablePointer<UInt32>, byAlphaOf q: UnsafeMutablePointer<UInt32>, count n: Int) {
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
