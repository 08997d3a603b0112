// The GIF quantizer (median cut) and the ordered-dither mapping: few colours come back exact,
// a 256-step gradient quantized to 16 colours averages back to itself (no bands: each 8×8
// cell's mean is within a few levels of the source, and rises from cell to cell), and the mapping is the same for the same
// frame (temporal stability).
import Testing
@testable import Export

@Suite struct GIFQuantizerTests {
    func image(_ w: Int, _ h: Int, _ color: (Int, Int) -> (UInt8, UInt8, UInt8)) -> RGBAImage {
        let img = RGBAImage(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                let (r, g, b) = color(x, y)
                let o = (y * w + x) * 4
                img.bytes[o] = r; img.bytes[o + 1] = g; img.bytes[o + 2] = b; img.bytes[o + 3] = 255
            }
        }
        return img
    }

    func map(_ img: RGBAImage, colors: Int) -> (palette: [UInt8], indices: [UInt8]) {
        let q = MedianCutQuantizer(), m = OrderedDitherMapper()
        let rect = PixelRect(x: 0, y: 0, width: img.width, height: img.height)
        q.add(img, rect: rect)
        let palette = q.palette(maximumColors: colors)
        var indices = [UInt8](repeating: 0, count: img.width * img.height)
        indices.withUnsafeMutableBufferPointer {
            m.map(img, rect: rect, palette: palette, strength: OrderedDitherMapper.strength(palette),
                  transparentIndex: nil, previous: nil, tolerance: 0, into: $0.baseAddress!)
        }
        return (palette, indices)
    }

    @Test func fewColorsAreExact() {
        let colors: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 128, 255), (20, 20, 20), (250, 250, 250)]
        let img = image(64, 64) { x, y in colors[(x / 16 + y / 16) % 4] }
        let (palette, indices) = map(img, colors: 256)
        #expect(palette.count == 4 * 3)
        for i in 0..<(64 * 64) {
            let e = Int(indices[i]) * 3
            #expect(palette[e] == img.bytes[i * 4] && palette[e + 1] == img.bytes[i * 4 + 1] && palette[e + 2] == img.bytes[i * 4 + 2])
        }
    }

    @Test func paletteSizeIsBounded() {
        let img = image(256, 64) { x, y in (UInt8(x), UInt8(y * 4), UInt8((x + y) & 255)) }
        for n in [1, 2, 16, 255, 256] {
            let q = MedianCutQuantizer()
            q.add(img, rect: PixelRect(x: 0, y: 0, width: 256, height: 64))
            let p = q.palette(maximumColors: n)
            #expect(p.count / 3 <= n && p.count / 3 >= 1)
        }
    }

    @Test func gradientDoesNotBand() {
        // A grey ramp over 256 columns quantized to 16 colours: the mean of each 8×8 cell of
        // the dithered result stays within 6 levels of the ramp's (bands would be off by up
        // to half a step, 8 levels, and flat across the band).
        let img = image(256, 32) { x, _ in (UInt8(x), UInt8(x), UInt8(x)) }
        let (palette, indices) = map(img, colors: 16)
        var worst = 0.0
        for cy in 0..<(32 / 8) {
            for cx in 0..<(256 / 8) {
                var sum = 0.0, want = 0.0
                for y in (cy * 8)..<(cy * 8 + 8) {
                    for x in (cx * 8)..<(cx * 8 + 8) {
                        sum += Double(palette[Int(indices[y * 256 + x]) * 3]); want += Double(x)
                    }
                }
                worst = max(worst, abs(sum - want) / 64)
            }
        }
        #expect(worst <= 6, "worst cell off by \(worst) levels")
        // Bands: undithered nearest-colour mapping gives equal means to neighbouring cells
        // inside a band; dithered, every 8-column cell is lighter than the one before.
        var means: [Double] = []
        for cx in 0..<(256 / 8) {
            var sum = 0.0
            for y in 0..<8 { for x in (cx * 8)..<(cx * 8 + 8) { sum += Double(palette[Int(indices[y * 256 + x]) * 3]) } }
            means.append(sum / 64)
        }
        for c in 1..<means.count { #expect(means[c] > means[c - 1], "cells \(c - 1) and \(c): \(means[c - 1]) then \(means[c])") }
    }

    @Test func sameFrameSameIndices() {
        let img = image(97, 61) { x, y in (UInt8((x * 3) & 255), UInt8((y * 5) & 255), UInt8((x * y) & 255)) }
        #expect(map(img, colors: 64).indices == map(img, colors: 64).indices)
    }

    @Test func transparentPixelsTakeTheTransparentIndex() {
        let img = image(16, 16) { _, _ in (10, 200, 30) }
        for i in 0..<(16 * 8) { img.bytes[i * 4 + 3] = 0 }
        let q = MedianCutQuantizer(), m = OrderedDitherMapper()
        let rect = PixelRect(x: 0, y: 0, width: 16, height: 16)
        q.add(img, rect: rect, minimumAlpha: 2)
        let palette = q.palette(maximumColors: 255)
        var indices = [UInt8](repeating: 0, count: 256)
        indices.withUnsafeMutableBufferPointer {
            m.map(img, rect: rect, palette: palette, strength: 0, transparentIndex: 255, previous: nil, tolerance: 0, into: $0.baseAddress!)
        }
        #expect(indices[0..<128].allSatisfy { $0 == 255 })
        #expect(indices[128...].allSatisfy { $0 == 0 })
    }
}
