// OWNER: transitions helper.
// pageCurl / pageUnCurl: a per-pixel cylinder warp. The page lifts along a straight fold line
// that sweeps across it; the lifted part rolls over a cylinder of radius r lying on the fold
// and comes back flat on top of the page, showing its lighter back side (the content seen
// through the paper, mirrored). Seen from above, each device pixel is covered by at most the
// flat page, the lower and upper halves of the cylinder, and the turned-over flap; the
// topmost existing one wins, and the layers below take a soft shadow near its edge.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension TransitionFrame {
    /// Unit direction the fold travels toward the leading corner (away from it as the page
    /// lifts): fromRight peels from the bottom-right corner, fromLeft the bottom-left,
    /// fromBottom bottom-right leading upward, fromTop the top-right.
    static func curlDirection(_ sub: TransitionSubtype) -> (Double, Double) {
        let (x, y): (Double, Double) = switch sub {
        case .fromRight: (1, 0.4)
        case .fromLeft: (-1, 0.4)
        case .fromBottom: (0.4, 1)
        case .fromTop: (0.4, -1)
        }
        let l = (x * x + y * y).squareRoot()
        return (x / l, y / l)
    }

    /// Draws `page` curling away over `under` at `progress` (0 flat, 1 gone).
    func pageCurl(page: Bitmap, under: Bitmap, progress: Double, _ sub: TransitionSubtype) {
        let b = box
        guard !b.isEmpty else { return }
        let W = Double(width), H = Double(height)
        let (nx, ny) = Self.curlDirection(sub)
        let r = max(1.5, 0.12 * min(W, H))
        let shadowWidth = max(2, 0.6 * r)
        // Extent of the page along n; the fold sweeps from the leading corner past the far one
        // far enough that the turned-over flap has left the page too.
        let ds = [0.0, W * nx, H * ny, W * nx + H * ny]
        let dmax = ds.max()!, dmin = ds.min()!
        let L = dmax + (dmin - Double.pi * r - dmax) * progress
        let pw = page.width, ph = page.height, uw = under.width, uh = under.height
        let pp = page.pixels, up = under.pixels
        let tw = target.width
        let piR = Double.pi * r
        // How far a page point lies outside the page (≤ 0 inside).
        @inline(__always) func outside(_ x: Double, _ y: Double) -> Double {
            max(max(-x, x - W), max(-y, y - H))
        }
        @inline(__always) func shadowWeight(_ e: Double) -> UInt32 {
            // e: distance from the casting edge; darker near it.
            let k = e <= 0 ? 0.0 : min(1, e / shadowWidth)
            return TransitionFrame.weight(0.62 + 0.38 * k * k)
        }
        let margin = shadowWidth + 1
        // asin(dist / r) across the roll, tabulated per quarter pixel (one table per frame).
        let steps = Int(r * 4) + 2
        // cos of the same angles alongside, interpolated the same way (no libm call per pixel).
        let asinTable = UnsafeMutablePointer<Double>.allocate(capacity: steps + 1)
        let cosTable = UnsafeMutablePointer<Double>.allocate(capacity: steps + 1)
        defer { asinTable.deallocate(); cosTable.deallocate() }
        for i in 0...steps { asinTable[i] = asin(min(1, Double(i) / 4 / r)); cosTable[i] = cos(asinTable[i]) }
        for y in b.y0..<b.y1 {
            let ly = Double(y - oy) + 0.5
            let d = target.pixels + y * tw
            let iy = y - oy
            // Where on this row the turned-over flap (or its shadow) can reach: its source
            // point moves linearly with x, so the page-plus-margin test is an x interval.
            // Outside it, and away from the roll, pixels are plain copies.
            var flapLo = -Double.infinity, flapHi = Double.infinity
            do {
                // At x: dist = lx·nx + ly·ny − L, source = (lx, ly) + (πr − 2·dist)·n.
                let lx0 = Double(b.x0 - ox) + 0.5
                let d0 = lx0 * nx + ly * ny - L
                let fx0 = lx0 + (piR - 2 * d0) * nx, fy0 = ly + (piR - 2 * d0) * ny
                let sx = 1 - 2 * nx * nx, sy = -2 * nx * ny
                @inline(__always) func limit(_ v0: Double, _ slope: Double, _ lo: Double, _ hi: Double) {
                    if abs(slope) < 1e-12 {
                        if v0 <= lo || v0 >= hi { flapLo = .infinity; flapHi = -.infinity }
                        return
                    }
                    let a = (lo - v0) / slope, c = (hi - v0) / slope
                    flapLo = max(flapLo, min(a, c)); flapHi = min(flapHi, max(a, c))
                }
                limit(fx0, sx, -margin, W + margin)
                limit(fy0, sy, -margin, H + margin)
                flapLo += Double(b.x0) - 1; flapHi += Double(b.x0) + 1
            }
            // The flap's interior on this row: source point at least 1.5 px inside the page
            // (with 0.01 px slack for rounding) and dist < 0. There every pixel is the nearest
            // texel of the lighter back side over the flat page; its source point steps by a
            // constant per pixel. The other pixels take the general path.
            var fastA = b.x1, fastC = b.x1
            do {
                let lx0 = Double(b.x0 - ox) + 0.5
                let d0 = lx0 * nx + ly * ny - L
                let fx0 = lx0 + (piR - 2 * d0) * nx, fy0 = ly + (piR - 2 * d0) * ny
                let sx = 1 - 2 * nx * nx, sy = -2 * nx * ny
                var lo = -1.0, hi = Double(b.x1 - b.x0)
                @inline(__always) func within(_ v0: Double, _ slope: Double, _ vlo: Double, _ vhi: Double) {
                    if abs(slope) < 1e-12 {
                        if v0 <= vlo || v0 >= vhi { lo = 1; hi = 0 }
                        return
                    }
                    let ta = (vlo - v0) / slope, tc = (vhi - v0) / slope
                    lo = max(lo, min(ta, tc)); hi = min(hi, max(ta, tc))
                }
                within(fx0, sx, 1.51, W - 1.51)
                within(fy0, sy, 1.51, H - 1.51)
                within(d0, nx, -1e30, -0.01)
                if lo <= hi {
                    let ta = max(0, Int(lo.rounded(.up))), tc = Int(hi.rounded(.down)) + 1
                    if tc > ta {
                        fastA = b.x0 + ta; fastC = min(b.x1, b.x0 + tc)
                        if fastC <= fastA { fastA = b.x1; fastC = b.x1 }
                    }
                }
            }
            @inline(__always) func pixel(_ x: Int) {
                let lx = Double(x - ox) + 0.5
                let ix = x - ox
                let dist = lx * nx + ly * ny - L
                if dist < 0 {
                    if Double(x) < flapLo || Double(x) > flapHi {
                        d[x] = Px.over(pp[iy * pw + ix], d[x]); return
                    }
                } else if dist > r + shadowWidth {
                    d[x] = Px.over(up[iy * uw + ix], d[x]); return
                }
                var lower: UInt32
                var upper: UInt32 = 0
                if dist > r {
                    // Beyond the cylinder: the content underneath, shadowed near the roll.
                    lower = (ix < uw && iy < uh) ? up[iy * uw + ix] : 0
                    let e = dist - r
                    if e < shadowWidth {
                        // The roll's silhouette point and its page source.
                        let cx = lx - e * nx + (piR / 2 - r) * nx, cy = ly - e * ny + (piR / 2 - r) * ny
                        if outside(cx, cy) <= 0 { lower = Px.shade(lower, shadowWeight(e)) }
                    }
                } else if dist >= 0 {
                    let q = dist * 4, qi = min(steps - 1, Int(q)), qf = q - Double(qi)
                    let phi = asinTable[qi] + (asinTable[qi + 1] - asinTable[qi]) * qf
                    // Lower half of the cylinder: the front of the page, darkening as it turns.
                    let sLow = r * phi - dist
                    let lxs = lx + sLow * nx, lys = ly + sLow * ny
                    if outside(lxs, lys) < 0.5 {
                        let f = Px.sample(pp, pw, ph, lxs, lys)
                        let c = (ix < uw && iy < uh) ? up[iy * uw + ix] : 0
                        lower = Px.over(Px.shade(f, TransitionFrame.weight(1 - 0.35 * (dist / r) * (dist / r))), c)
                    } else {
                        lower = (ix < uw && iy < uh) ? up[iy * uw + ix] : 0
                    }
                    // Upper half: the back of the page coming over.
                    let sUp = r * (Double.pi - phi) - dist
                    let uxs = lx + sUp * nx, uys = ly + sUp * ny
                    if outside(uxs, uys) < 0.5 {
                        let texel = outside(uxs, uys) < -1.5 ? pp[Int(uys) * pw + Int(uxs)] : Px.sample(pp, pw, ph, uxs, uys)
                        upper = Px.shade(Px.lighten(texel, 150),
                                         TransitionFrame.weight(0.8 + 0.2 * (cosTable[qi] + (cosTable[qi + 1] - cosTable[qi]) * qf)))
                    }
                } else {
                    // The flat page, possibly under the turned-over flap.
                    lower = (ix < pw && iy < ph) ? pp[iy * pw + ix] : 0
                    let s = piR - 2 * dist
                    let fx = lx + s * nx, fy = ly + s * ny
                    let e = outside(fx, fy)
                    if e < 0.5 {
                        // The back side is two-thirds paper white: away from its edge the
                        // nearest texel is indistinguishable from a bilinear sample.
                        let texel = e < -1.5 ? pp[Int(fy) * pw + Int(fx)] : Px.sample(pp, pw, ph, fx, fy)
                        upper = Px.lighten(texel, 170)
                    }
                    if e > -0.5 && e < shadowWidth { lower = Px.shade(lower, shadowWeight(e)) }
                }
                d[x] = Px.over(Px.over(upper, lower), d[x])
            }
            for x in b.x0..<fastA { pixel(x) }
            if fastC > fastA {
                let lx = Double(fastA - ox) + 0.5
                let dist = lx * nx + ly * ny - L
                let s0 = piR - 2 * dist
                var fx = lx + s0 * nx, fy = ly + s0 * ny
                let sx = 1 - 2 * nx * nx, sy = -2 * nx * ny
                let prow = pp + iy * pw - ox
                for x in fastA..<fastC {
                    let upper = Px.lighten(pp[Int(fy) * pw + Int(fx)], 170)
                    d[x] = Px.over(Px.over(upper, prow[x]), d[x])
                    fx += sx; fy += sy
                }
            }
            for x in fastC..<b.x1 { pixel(x) }
        }
    }
}
