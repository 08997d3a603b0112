// Tinting a bitmap: every premultiplied pixel multiplied by a colour, channel by channel
// (red × the colour's red × its alpha, …, alpha × its alpha), rounded exactly ((x·k + 127) / 255).

extension Bitmap {
    /// Multiplies every pixel by `color` (straight components in 0…1; white leaves it).
    public func multiply(by color: Color) {
        let c = color.premultipliedARGB
        let ka = c >> 24, kr = (c >> 16) & 0xff, kg = (c >> 8) & 0xff, kb = c & 0xff
        if c == 0xffff_ffff { return }
        let p = pixels
        for i in 0..<pixelCount {
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
