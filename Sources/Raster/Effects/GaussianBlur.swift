// Gaussian blur of a single-channel plane (coverage in 0…1, zero outside), separable: rows,
// then columns. A small standard deviation (σ < 2 pixels) is convolved with the sampled,
// normalized Gaussian kernel itself (radius ⌈3σ⌉). A larger one is approximated by three
// successive box filters whose widths are chosen so that their combined variance equals σ²
// (P. Kovesi, "Fast Almost-Gaussian Filtering", 2010: n boxes of widths w_l and w_u = w_l + 2,
// w_ideal = √(12σ²/n + 1), the first m = round((12σ² − n·w_l² − 4n·w_l − 3n) / (−4w_l − 4))
// of width w_l); by the central limit theorem three boxes are already within about 3 % of
// the Gaussian's peak, at a cost per pixel independent of σ (running sums). Columns are
// summed a whole row at a time, so every pass walks memory in order.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Blurs planes of Float coverage.
public enum GaussianBlur {
    /// Below this σ (pixels) the exact kernel is used; at and above it, three boxes.
    public static let boxThreshold = 2.0

    /// The widths (odd) of the `passes` boxes whose combined variance is σ².
    public static func boxWidths(sigma: Double, passes n: Int = 3) -> [Int] {
        let ideal = (12 * sigma * sigma / Double(n) + 1).squareRoot()
        var wl = Int(ideal.rounded(.down))
        if wl % 2 == 0 { wl -= 1 }
        wl = max(1, wl)
        let wu = wl + 2
        let dn = Double(n), dwl = Double(wl)
        let m = Int(((12 * sigma * sigma - dn * dwl * dwl - 4 * dn * dwl - 3 * dn) / (-4 * dwl - 4)).rounded())
        return (0..<n).map { $0 < m ? wl : wu }
    }

    /// How far (pixels) the blur of σ spreads a point: what a plane must be padded by.
    public static func reach(sigma: Double) -> Int {
        guard sigma > 0 else { return 0 }
        if sigma < boxThreshold { return Int((3 * sigma).rounded(.up)) }
        return boxWidths(sigma: sigma).reduce(0) { $0 + $1 / 2 }
    }

    /// Blurs the `width` × `height` plane at `plane` in place with standard deviation
    /// `sigma` (pixels), treating everything outside it as zero. `scratch` holds at least
    /// `width · height + max(width, height)` floats.
    public static func blur(_ plane: UnsafeMutablePointer<Float>, width: Int, height: Int, sigma: Double,
                            scratch: UnsafeMutablePointer<Float>) {
        guard sigma > 0, width > 0, height > 0 else { return }
        if sigma < boxThreshold {
            kernelBlur(plane, width: width, height: height, sigma: sigma, scratch: scratch)
            return
        }
        let other = scratch, line = scratch + width * height
        var src = plane, dst = other
        for w in boxWidths(sigma: sigma) {
            boxRows(src, dst, width: width, height: height, radius: w / 2, line: line)
            swap(&src, &dst)
        }
        for w in boxWidths(sigma: sigma) {
            boxColumns(src, dst, width: width, height: height, radius: w / 2, sums: line)
            swap(&src, &dst)
        }
        // Six passes: the result is back in `plane`.
    }

    /// One box of radius r along every row: dst[x] = Σ src[x−r…x+r] / (2r + 1).
    static func boxRows(_ src: UnsafeMutablePointer<Float>, _ dst: UnsafeMutablePointer<Float>,
                        width: Int, height: Int, radius r: Int, line: UnsafeMutablePointer<Float>) {
        let inv = 1 / Float(2 * r + 1)
        for y in 0..<height {
            let s = src + y &* width, d = dst + y &* width
            var sum: Float = 0
            for x in 0..<min(r, width) { sum += s[x] }
            for x in 0..<width {
                if x &+ r < width { sum += s[x &+ r] }
                d[x] = sum * inv
                if x &- r >= 0 { sum -= s[x &- r] }
            }
        }
    }

    /// One box of radius r along every column, a row at a time: `sums` holds the window's
    /// column sums.
    static func boxColumns(_ src: UnsafeMutablePointer<Float>, _ dst: UnsafeMutablePointer<Float>,
                           width: Int, height: Int, radius r: Int, sums: UnsafeMutablePointer<Float>) {
        let inv = 1 / Float(2 * r + 1)
        sums.update(repeating: 0, count: width)
        for y in 0..<min(r, height) {
            let s = src + y &* width
            for x in 0..<width { sums[x] += s[x] }
        }
        for y in 0..<height {
            if y &+ r < height {
                let add = src + (y &+ r) &* width
                for x in 0..<width { sums[x] += add[x] }
            }
            let d = dst + y &* width
            for x in 0..<width { d[x] = sums[x] * inv }
            if y &- r >= 0 {
                let sub = src + (y &- r) &* width
                for x in 0..<width { sums[x] -= sub[x] }
            }
        }
    }

    /// The sampled Gaussian (normalized to sum 1), rows then columns.
    static func kernelBlur(_ plane: UnsafeMutablePointer<Float>, width: Int, height: Int, sigma: Double,
                           scratch: UnsafeMutablePointer<Float>) {
        let r = Int((3 * sigma).rounded(.up))
        var k = [Float](repeating: 0, count: 2 * r + 1)
        var total = 0.0
        for i in -r...r {
            let v = _exp(-Double(i * i) / (2 * sigma * sigma))
            k[i + r] = Float(v); total += v
        }
        for i in k.indices { k[i] /= Float(total) }
        k.withUnsafeBufferPointer { kp in
            let kk = kp.baseAddress!
            // Rows: plane → scratch.
            for y in 0..<height {
                let s = plane + y &* width, d = scratch + y &* width
                for x in 0..<width {
                    var acc: Float = 0
                    let lo = max(-r, -x), hi = min(r, width - 1 - x)
                    var j = lo
                    while j <= hi { acc += s[x &+ j] * kk[j &+ r]; j &+= 1 }
                    d[x] = acc
                }
            }
            // Columns: scratch → plane, a row at a time.
            for y in 0..<height {
                let d = plane + y &* width
                d.update(repeating: 0, count: width)
                let lo = max(-r, -y), hi = min(r, height - 1 - y)
                var j = lo
                while j <= hi {
                    let s = scratch + (y &+ j) &* width, w = kk[j &+ r]
                    for x in 0..<width { d[x] += s[x] * w }
                    j &+= 1
                }
            }
        }
    }
}

@usableFromInline func _exp(_ x: Double) -> Double { exp(x) }
