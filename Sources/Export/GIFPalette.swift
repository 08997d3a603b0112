// A frame's palette by median cut (Heckbert, "Color Image Quantization for Frame Buffer
// Display", 1982): the colours of the pixels are counted in a 5-bit-a-channel histogram (each
// bin keeps the sum of its exact 8-bit colours, so a palette entry is the true mean of the
// pixels it stands for); the box of bins whose split helps most (pixel count × squared
// extent along its longest axis) is split at the pixel-weighted median of that axis, until
// there are as many boxes as palette entries or no box can be split. Fewer distinct colours
// than entries: each bin is its own entry, exact when each bin holds one colour.

/// Builds palettes; one per worker thread (it owns its histogram).
public final class MedianCutQuantizer {
    static let bins = 32 * 32 * 32
    /// Per bin: pixel count, then the sums of R, G and B (one cache line holds four bins).
    private let bins = UnsafeMutablePointer<UInt32>.allocate(capacity: MedianCutQuantizer.bins * 4)

    public init() { clear() }
    deinit { bins.deallocate() }

    private func clear() { bins.initialize(repeating: 0, count: Self.bins * 4) }

    /// Counts pixel `p` (R, G, B at p[0], p[1], p[2]).
    @inline(__always) func add(_ p: UnsafePointer<UInt8>) {
        let r = UInt32(p[0]), g = UInt32(p[1]), b = UInt32(p[2])
        let bin = Int(((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3))
        let e = bins + bin &* 4
        e[0] &+= 1; e[1] &+= r; e[2] &+= g; e[3] &+= b
    }

    /// Counts the pixels of `image` inside `rect` whose alpha is at least `minimumAlpha`.
    public func add(_ image: RGBAImage, rect: PixelRect, minimumAlpha: UInt8 = 0) {
        for y in rect.y..<(rect.y + rect.height) {
            var p = UnsafePointer(image.bytes + (y * image.width + rect.x) * 4)
            for _ in 0..<rect.width {
                if p[3] >= minimumAlpha { add(p) }
                p += 4
            }
        }
    }

    /// At most `maximumColors` (1…256) colours, R, G, B each, for what was added; the
    /// histogram is cleared for the next frame. No pixel added: one black entry.
    public func palette(maximumColors: Int) -> [UInt8] {
        defer { clear() }
        // The occupied bins: mean colour and weight.
        var colors: [(r: Double, g: Double, b: Double, n: Double)] = []
        for bin in 0..<Self.bins where bins[bin * 4] != 0 {
            let e = bins + bin * 4
            let n = Double(e[0])
            colors.append((Double(e[1]) / n, Double(e[2]) / n, Double(e[3]) / n, n))
        }
        guard !colors.isEmpty else { return [0, 0, 0] }
        let limit = max(1, min(256, maximumColors))
        // Boxes as ranges of `colors`; `colors` is reordered as boxes are split.
        var boxes: [Range<Int>] = [0..<colors.count]
        func axisAndScore(_ box: Range<Int>) -> (axis: Int, score: Double) {
            var lo = (255.0, 255.0, 255.0), hi = (0.0, 0.0, 0.0), n = 0.0
            for i in box {
                let c = colors[i]
                lo = (min(lo.0, c.r), min(lo.1, c.g), min(lo.2, c.b)); hi = (max(hi.0, c.r), max(hi.1, c.g), max(hi.2, c.b))
                n += c.n
            }
            let e = (hi.0 - lo.0, hi.1 - lo.1, hi.2 - lo.2)
            let axis = e.0 >= e.1 && e.0 >= e.2 ? 0 : (e.1 >= e.2 ? 1 : 2)
            let extent = max(e.0, e.1, e.2)
            return (axis, box.count < 2 ? -1 : n * extent * extent)
        }
        var scores = [axisAndScore(boxes[0])]
        while boxes.count < limit {
            var best = -1, bestScore = 0.0
            for (i, s) in scores.enumerated() where s.score > bestScore { best = i; bestScore = s.score }
            guard best >= 0 else { break }
            let box = boxes[best], axis = scores[best].axis
            colors[box].sort { axis == 0 ? $0.r < $1.r : axis == 1 ? $0.g < $1.g : $0.b < $1.b }
            var total = 0.0
            for i in box { total += colors[i].n }
            var acc = 0.0, cut = box.lowerBound + 1
            for i in box {
                acc += colors[i].n
                if acc >= total / 2 { cut = min(max(i + 1, box.lowerBound + 1), box.upperBound - 1); break }
            }
            let a = box.lowerBound..<cut, b = cut..<box.upperBound
            boxes[best] = a; scores[best] = axisAndScore(a)
            boxes.append(b); scores.append(axisAndScore(b))
        }
        var palette: [UInt8] = []
        palette.reserveCapacity(boxes.count * 3)
        for box in boxes {
            var r = 0.0, g = 0.0, b = 0.0, n = 0.0
            for i in box { let c = colors[i]; r += c.r * c.n; g += c.g * c.n; b += c.b * c.n; n += c.n }
            palette += [UInt8((r / n).rounded()), UInt8((g / n).rounded()), UInt8((b / n).rounded())]
        }
        return palette
    }
}
