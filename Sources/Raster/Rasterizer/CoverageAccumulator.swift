// Exact-area coverage accumulation (the font-rs / FreeType "signed area + cover" family).
// Every edge adds, to the cells of each pixel row it crosses, the signed area it sweeps to its
// right, expressed as deltas: the running sum of a row's deltas from left to right is the
// winding-weighted covered fraction of each pixel. Edges are first clipped to the rows being
// drawn and their x clamped to the columns being drawn; the part of an edge left of the first
// column becomes a vertical edge on it (its cover still counts for every pixel to its right),
// the part right of the last column a vertical edge there (it affects no drawn pixel).
import CRasterSIMD

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Adds clipped polygon edges to the scratch cell buffer, recording each row's touched range.
/// Index arithmetic wraps (`&+`, `&-`, `&*`): every index is bounded by the clipping above
/// (and asserted in debug builds), so overflow checks would only cost time per cell.
@usableFromInline struct CoverageAccumulator {
    @usableFromInline let cells: UnsafeMutablePointer<Float>
    @usableFromInline let rowLo: UnsafeMutablePointer<Int32>
    @usableFromInline let rowHi: UnsafeMutablePointer<Int32>
    @usableFromInline let stride: Int
    @usableFromInline let bits: UnsafeMutablePointer<UInt64>
    @usableFromInline let wordsPerRow: Int
    /// First device row and column held in the buffer (row 0 and cell 0 of `cells`).
    @usableFromInline let top: Int, left: Int
    /// Rows held in the buffer for this band (bottom − top).
    @usableFromInline let rows: Int
    /// Drawn area in device pixels: rows top..<bottom, columns left..<right (integers).
    @usableFromInline let yTop: Double, yBottom: Double, xLeft: Double, xRight: Double

    @usableFromInline init(scratch: RasterizerScratch, top: Int, bottom: Int, left: Int, right: Int) {
        cells = scratch.cells; rowLo = scratch.rowLo; rowHi = scratch.rowHi; stride = scratch.stride
        bits = scratch.bits; wordsPerRow = scratch.wordsPerRow
        self.top = top; self.left = left; rows = bottom - top
        yTop = Double(top); yBottom = Double(bottom); xLeft = Double(left); xRight = Double(right)
    }

    /// Adds every contour of `path` (implicitly closed).
    @inline(__always) @usableFromInline func add(_ path: FlatPath) {
        path.points.withUnsafeBufferPointer { pts in
            path.contourStarts.withUnsafeBufferPointer { starts in
                let n = pts.count, cc = starts.count
                for c in 0..<cc {
                    let s = starts[c], e = c + 1 < cc ? starts[c + 1] : n
                    if e - s < 2 { continue }
                    var prev = pts[e - 1]
                    for i in s..<e {
                        let p = pts[i]
                        addEdge(prev.x, prev.y, p.x, p.y)
                        prev = p
                    }
                }
            }
        }
    }

    /// `a + (b - a)·t` without overflowing for huge finite `a`, `b` (t in 0…1), clamped to the
    /// closed interval between `a` and `b`.
    ///
    /// The clamp is what keeps every write inside the cell buffer. `a·(1 − t) + b·t` is exact
    /// only in real arithmetic: with `1 − t` and both products rounded, the result can land an
    /// ulp or so outside [a, b]. A crossing of the left or right column computed that way could
    /// sit just above the band's first row (`yTop`) although both ends of the edge were already
    /// clipped to it, and the piece from there was deposited from row `yTop − 1`: one row
    /// before the buffer. (The triangle M −24 139 L 25 188 L 398 0 Z on a 400 × 300 target does
    /// that: its left edge, clipped to the second band at y = 163, crosses x = 0 at
    /// y = 162.99999999999997.) Clamping the interpolation to its ends makes every split point
    /// lie within the already clipped segment, so rows stay in top..<bottom and columns in
    /// left...right by construction.
    @inline(__always) func mix(_ a: Double, _ b: Double, _ t: Double) -> Double {
        let v = a * (1 - t) + b * t
        let lo = a < b ? a : b, hi = a < b ? b : a
        return v >= lo ? (v <= hi ? v : hi) : lo     // NaN → lo
    }

    /// Parameter of `v` between `a` and `b`, clamped to 0…1 (0 for degenerate or overflowing input).
    @inline(__always) func fraction(_ v: Double, _ a: Double, _ b: Double) -> Double {
        let t = (v - a) / (b - a)
        return t > 0 ? (t < 1 ? t : 1) : 0     // NaN → 0
    }

    /// One directed edge in device coordinates (finite).
    @inline(__always) @usableFromInline func addEdge(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        if y0 == y1 { return }                     // horizontal edges sweep no area
        var xa = x0, ya = y0, xb = x1, yb = y1, dir: Double = 1
        if ya > yb { swap(&xa, &xb); swap(&ya, &yb); dir = -1 }
        if yb <= yTop || ya >= yBottom { return }
        if ya < yTop { xa = mix(xa, xb, fraction(yTop, ya, yb)); ya = yTop }
        if yb > yBottom { xb = mix(xa, xb, fraction(yBottom, ya, yb)); yb = yBottom }
        splitLeft(xa, ya, xb, yb, dir)
    }

    /// Parts left of the drawn columns become vertical edges on the left column.
    @inline(__always) func splitLeft(_ xa: Double, _ ya: Double, _ xb: Double, _ yb: Double, _ dir: Double) {
        let l = xLeft
        if xa >= l && xb >= l { splitRight(xa, ya, xb, yb, dir); return }
        if !(xa > l) && !(xb > l) { deposit(l, ya, l, yb, dir); return }
        let ym = mix(ya, yb, fraction(l, xa, xb))
        if xa < l { deposit(l, ya, l, ym, dir); splitRight(l, ym, xb, yb, dir) }
        else { splitRight(xa, ya, l, ym, dir); deposit(l, ym, l, yb, dir) }
    }

    /// Parts right of the drawn columns become vertical edges on the right boundary.
    @inline(__always) func splitRight(_ xa: Double, _ ya: Double, _ xb: Double, _ yb: Double, _ dir: Double) {
        let r = xRight
        if xa <= r && xb <= r { deposit(xa, ya, xb, yb, dir); return }
        if xa >= r && xb >= r { deposit(r, ya, r, yb, dir); return }
        let ym = mix(ya, yb, fraction(r, xa, xb))
        if xa > r { deposit(r, ya, r, ym, dir); deposit(r, ym, xb, yb, dir) }
        else { deposit(xa, ya, r, ym, dir); deposit(r, ym, r, yb, dir) }
    }

    /// Accumulates an edge lying inside the drawn area, top to bottom (`ya` ≤ `yb`).
    @usableFromInline func deposit(_ xa: Double, _ ya: Double, _ xb: Double, _ yb: Double, _ dir: Double) {
        if !(yb > ya) { return }
        let l = xLeft, r = xRight
        let dxdy = (xb - xa) / (yb - ya)
        // Everything here is ≥ 0 (clipped to the target): floor and ceil without libm calls.
        let r0 = floorNonNegative(ya), r1 = ceilNonNegative(yb)
        var x = xa
        var yi = r0
        while yi < r1 {
            let rowTop = Swift.max(Double(yi), ya), rowBottom = Swift.min(Double(yi &+ 1), yb)
            let dy = rowBottom - rowTop
            var xn = yi &+ 1 >= r1 ? xb : x + dxdy * dy
            xn = Swift.max(l, Swift.min(r, xn))      // rounding drift (or NaN: r) stays inside the columns
            let d = dy * dir
            let lo = x < xn ? x : xn, hi = x < xn ? xn : x
            let lo0 = floorNonNegative(lo), hi0 = ceilNonNegative(hi)
            let loF = Double(lo0), hiC = Double(hi0)
            let x0i = lo0 &- left, x1i = hi0 &- left     // buffer-relative cells
            let ri = yi &- top
            checkCells(row: ri, from: x0i, to: x1i &+ 2)
            let row = cells + ri &* stride
            var touchedHi: Int
            if x1i <= x0i &+ 1 {
                // Within one pixel: the trapezoid's area splits between this cell and the next.
                let xmf = 0.5 * (x + xn) - loF
                row[x0i] += Float(d - d * xmf)
                row[x0i &+ 1] += Float(d * xmf)
                touchedHi = x0i &+ 2
            } else {
                // Across several pixels: triangle in the first, linear ramp, triangle in the last.
                let s = 1 / (hi - lo)
                let x0f = lo - loF
                let a0 = 0.5 * s * (1 - x0f) * (1 - x0f)
                let x1f = hi - hiC + 1
                let am = 0.5 * s * x1f * x1f
                row[x0i] += Float(d * a0)
                if x1i == x0i &+ 2 {
                    row[x0i &+ 1] += Float(d * (1 - a0 - am))
                } else {
                    let a1 = s * (1.5 - x0f)
                    row[x0i &+ 1] += Float(d * (a1 - a0))
                    let ds = Float(d * s)
                    var xi = x0i &+ 2
                    while xi < x1i &- 1 { row[xi] += ds; xi &+= 1 }
                    let a2 = a1 + Double(x1i &- x0i &- 3) * s
                    row[x1i &- 1] += Float(d * (1 - a2 - am))
                }
                row[x1i] += Float(d * am)
                touchedHi = x1i &+ 1
            }
            markWritten(row: ri, from: x0i, to: touchedHi)
            let lo32 = Int32(truncatingIfNeeded: x0i), hi32 = Int32(truncatingIfNeeded: touchedHi)
            if lo32 < rowLo[ri] { rowLo[ri] = lo32 }
            if hi32 > rowHi[ri] { rowHi[ri] = hi32 }
            x = xn
            yi &+= 1
        }
    }

    /// Debug builds: the cells `lo..<hi` of buffer row `ri` lie inside the buffer (the deposit
    /// writes at most cells x0…x1 + 1 of one row). Compiled out of release builds.
    @inline(__always) func checkCells(row ri: Int, from lo: Int, to hi: Int) {
        assert(ri >= 0 && ri < rows, "coverage row \(ri) outside 0..<\(rows)")
        assert(lo >= 0 && lo < hi && hi <= stride, "coverage cells \(lo)..<\(hi) outside 0..<\(stride)")
    }

    /// ⌊v⌋ for 0 ≤ v < 2⁵², without a libm call and without the range check of `Int(v)`
    /// (which costs more than the rest of a row's deposit): for v ≥ 0 the floor is the
    /// truncation, one `lk_truncate` (cvttsd2si). Every coordinate reaching the deposit is
    /// clipped to the target, so the range holds by construction (asserted in debug builds).
    @inline(__always) func floorNonNegative(_ v: Double) -> Int {
        assert(v >= 0 && v < 0x1p52, "floorNonNegative(\(v))")
        return Int(lk_truncate(v))
    }

    /// ⌈v⌉ for 0 ≤ v < 2⁵² (as `floorNonNegative`, plus one where v has a fraction).
    @inline(__always) func ceilNonNegative(_ v: Double) -> Int {
        assert(v >= 0 && v < 0x1p52, "ceilNonNegative(\(v))")
        let i = Int(lk_truncate(v))
        return Double(i) < v ? i &+ 1 : i
    }

    /// Sets the written-cell bits of cells lo..<hi in row `ri`.
    @inline(__always) func markWritten(row ri: Int, from lo: Int, to hi: Int) {
        let b = bits + ri &* wordsPerRow
        let w0 = lo >> 6, w1 = (hi &- 1) >> 6
        let first: UInt64 = ~0 << UInt64(truncatingIfNeeded: lo & 63)
        let last: UInt64 = ~0 >> UInt64(truncatingIfNeeded: 63 &- ((hi &- 1) & 63))
        if w0 == w1 { b[w0] |= first & last; return }
        b[w0] |= first
        var w = w0 &+ 1
        while w < w1 { b[w] = ~0; w &+= 1 }
        b[w1] |= last
    }
}
