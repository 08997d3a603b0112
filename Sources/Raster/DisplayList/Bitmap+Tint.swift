// Tinting a bitmap: every premultiplied pixel multiplied by a colour, channel by channel
// (red × the colour's red × its alpha, …, alpha × its alpha), rounded exactly ((x·k + 127) / 255);
// over the whole bitmap or over a box of it.

extension Bitmap {
    /// Multiplies every pixel by `color` (straight components in 0…1; white leaves it).
    public func multiply(by color: Color) {
        Self.multiply(pixels, count: pixelCount, by: color.premultipliedARGB)
    }

    /// `multiply(by:)` over the pixels inside `box` only.
    func multiply(by color: Color, in box: PixelBox) {
        let b = box.intersect(PixelBox(x0: 0, y0: 0, x1: width, y1: height))
        guard !b.isEmpty else { return }
        let c = color.premultipliedARGB
        for row in b.y0..<b.y1 { Self.multiply(pixels + row * width + b.x0, count: b.width, by: c) }
    }

    /// `n` premultiplied pixels at `p` times the premultiplied colour `c`.
    @inline(__always)
    static func multiply(_ p: UnsafeMutablePointer<UInt32>, count n: Int, by c: UInt32) {
        let ka = c >> 24, kr = (c >> 16) & 0xff, kg = (c >> 8) & 0xff, kb = c & 0xff
        if c == 0xffff_ffff { return }
        for i in 0..<n {
            let v = p[i]
            if v == 0 { continue }
            let a = lkDiv255((v >> 24) &* ka)
            let r = min(a, lkDiv255(((v >> 16) & 0xff) &* kr))
            let g = min(a, lkDiv255(((v >> 8) & 0xff) &* kg))
            let b = min(a, lkDiv255((v & 0xff) &* kb))
            p[i] = (a << 24) | (r << 16) | (g << 8) | b
        }
    }
}
