// Gaussian blur of a single-channel plane (coverage in 0…1, zero outside), separable: rows,
// then columns. A small standard deviation (σ < 2 pixels) is convolved with the sampled,
// normalized Gaussian kernel itself (radius ⌈3σ⌉). A larger one is approximated by three
// successive box filters whose widths are chosen so that their combined variance equals σ²
// (P. Kovesi, "Fast Almost-Gaussian Filtering", 2010: n boxes of widths w_l and w_u = w_l + 2,
// w_ideal = √(12σ²/n + 1), the first m = round((12σ² − n·w_l² − 4n·w_l − 3n) / (−4w_l − 4))
// of width w_l); by the central limit theorem three boxes are already within about 3 % of
// the Gaussian's peak, at a cost per pixel independent of σ (running sums). The box passes
// are CRasterSIMD's (lk_box_blur.h): column passes with the running sums of sixteen columns in
// vector registers, the row passes as column passes of the transposed plane.

import CRasterSIMD

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
        boxBlur(plane, width: width, height: height, widths: boxWidths(sigma: sigma), scratch: scratch)
    }

    /// The box passes of `widths` along the rows, then along the columns (the result back in
    /// `plane`). The row passes run as column passes of the transposed plane
    /// (lk_box_blur.h: the same sums in the same order, so the same bits), on every CPU the
    /// AVX2 kernel where it has it; `portable` takes the portable kernel.
    static func boxBlur(_ plane: UnsafeMutablePointer<Float>, width: Int, height: Int, widths: [Int],
                        scratch: UnsafeMutablePointer<Float>, portable: Bool = false) {
        let other = scratch, sums = scratch + width * height
        let flag: Int32 = portable ? 1 : 0
        // Rows: the transposed plane is `height` wide and `width` high.
        lk_transpose_plane(plane, other, width, height, flag)
        var src = other, dst = plane
        for w in widths {
            lk_box_columns(src, dst, height, width, w / 2, sums, flag)
            swap(&src, &dst)
        }
        // Back to rows of `width`, then the column passes.
        let back = src == plane ? other : plane
        lk_transpose_plane(src, back, height, width, flag)
        src = back; dst = back == plane ? other : plane
        for w in widths {
            lk_box_columns(src, dst, width, height, w / 2, sums, flag)
            swap(&src, &dst)
        }
        if src != plane { plane.update(from: src, count: width * height) }
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
