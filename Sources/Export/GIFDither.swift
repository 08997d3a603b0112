// Colour mapping with ordered dithering: each pixel's colour is offset by a Bayer 8×8
// threshold (Bayer, "An optimum method for two-level rendition of continuous-tone pictures",
// 1973) scaled to the palette's spacing, then mapped to the nearest palette entry. Unlike
// error diffusion the pattern is fixed to the canvas, so a still area stays the same from
// frame to frame (no crawling dots) while gradients get smooth averages instead of bands.
// Nearest entries are found once per colour cell (5 bits a channel: a 64 KB table that stays
// in cache) and remembered; the dither amplitude is at least a cell, so colours between
// cells are dithered between them rather than banded.

/// Maps images to palette indices; one per worker thread (it owns its lookup table).
public final class OrderedDitherMapper {
    static let cells = 32 * 32 * 32
    private let lookup = UnsafeMutablePointer<UInt16>.allocate(capacity: cells)
    /// The Bayer 8×8 matrix, values 0…63.
    static let bayer: [Int32] = {
        // M(2n) = [[4M, 4M + 2], [4M + 3, 4M + 1]] from M(1) = [0].
        var m: [Int32] = [0], n = 1
        while n < 8 {
            var next = [Int32](repeating: 0, count: 4 * n * n)
            for y in 0..<n {
                for x in 0..<n {
                    let v = 4 * m[y * n + x]
                    next[y * 2 * n + x] = v
                    next[y * 2 * n + x + n] = v + 2
                    next[(y + n) * 2 * n + x] = v + 3
                    next[(y + n) * 2 * n + x + n] = v + 1
                }
            }
            m = next; n *= 2
        }
        return m
    }()

    public init() {}
    deinit { lookup.deallocate() }

    /// The dither amplitude for `palette`: the mean distance from each entry to its nearest
    /// other entry, within 8 (a lookup cell) …48; 0 for one entry: nothing to dither between.
    public static func strength(_ palette: [UInt8]) -> Int32 {
        let n = palette.count / 3
        guard n > 1 else { return 0 }
        var total = 0.0
        for i in 0..<n {
            var best = Int.max
            for j in 0..<n where j != i {
                let dr = Int(palette[i * 3]) - Int(palette[j * 3]), dg = Int(palette[i * 3 + 1]) - Int(palette[j * 3 + 1])
                let db = Int(palette[i * 3 + 2]) - Int(palette[j * 3 + 2])
                best = min(best, dr * dr + dg * dg + db * db)
            }
            total += Double(best).squareRoot()
        }
        return Int32(min(48, max(8, (total / Double(n)).rounded())))
    }

    /// Writes the palette index of every pixel of `image` inside `rect` into `out` (row by
    /// row, `rect.width` a row). Pixels with alpha below the Bayer threshold (`transparentIndex`
    /// given), or equal to `previous`'s pixel within `tolerance` (`previous` given) take
    /// `transparentIndex`.
    public func map(_ image: RGBAImage, rect: PixelRect, palette: [UInt8], strength: Int32,
                    transparentIndex: UInt8?, previous: RGBAImage?, tolerance: Int,
                    into out: UnsafeMutablePointer<UInt8>) {
        lookup.initialize(repeating: 0xffff, count: Self.cells)
        let entries = palette.count / 3
        palette.withUnsafeBufferPointer { pal in
            Self.bayer.withUnsafeBufferPointer { bayer in
                var o = out
                for y in rect.y..<(rect.y + rect.height) {
                    let rowStart = (y * image.width + rect.x) * 4
                    var p = image.bytes + rowStart
                    var q = previous.map { $0.bytes + rowStart }
                    for x in rect.x..<(rect.x + rect.width) {
                        let threshold = bayer[(y & 7) &* 8 &+ (x & 7)]
                        if let t = transparentIndex {
                            // Alpha dithered the same way: coverage kept on average at edges.
                            if let qq = q, RGBAImage.differs(p, qq, tolerance) == false {
                                o.pointee = t; o += 1; p += 4; q = qq + 4; continue
                            }
                            if Int32(p[3]) < threshold &* 4 &+ 2 {
                                o.pointee = t; o += 1; p += 4; q = q.map { $0 + 4 }; continue
                            }
                        }
                        let offset = ((threshold &* 2 &+ 1) &- 64) &* strength / 128
                        let r = min(255, max(0, Int32(p[0]) &+ offset)), g = min(255, max(0, Int32(p[1]) &+ offset))
                        let b = min(255, max(0, Int32(p[2]) &+ offset))
                        let cell = Int((r >> 3) << 10 | (g >> 3) << 5 | (b >> 3))
                        var index = lookup[cell]
                        if index == 0xffff {
                            index = Self.nearest(r: (r & ~7) | 4, g: (g & ~7) | 4, b: (b & ~7) | 4, pal.baseAddress!, entries)
                            lookup[cell] = index
                        }
                        o.pointee = UInt8(truncatingIfNeeded: index)
                        o += 1; p += 4; q = q.map { $0 + 4 }
                    }
                }
            }
        }
    }

    /// The entry of `palette` nearest to (r, g, b) in squared RGB distance.
    @inline(__always) static func nearest(r: Int32, g: Int32, b: Int32, _ palette: UnsafePointer<UInt8>, _ entries: Int) -> UInt16 {
        var best: Int32 = .max, index = 0
        for i in 0..<entries {
            let dr = r &- Int32(palette[i &* 3]), dg = g &- Int32(palette[i &* 3 &+ 1]), db = b &- Int32(palette[i &* 3 &+ 2])
            let d = dr &* dr &+ dg &* dg &+ db &* db
            if d < best { best = d; index = i }
        }
        return UInt16(index)
    }
}
