// The page curl: a per-pixel cylinder warp. The page lifts along a straight fold line
// that sweeps across it; the lifted part rolls over a cylinder of radius r lying on the fold
// and comes back flat on top of the page, showing its lighter back side (the content seen
// through the paper, mirrored). Seen from above, each device pixel is covered by at most the
// flat page, the lower and upper halves of the cylinder, and the turned-over flap; the
// topmost existing one wins, and what lies below takes a soft shadow near its edge.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension TransitionFrame {
    /// Unit direction the fold travels toward the leading corner (away from it as the page
    /// lifts): from the right edge the page peels from the bottom-right corner, from the left
    /// the bottom-left, from the bottom the bottom-right leading upward, from the top the top-right.
    static func curlDirection(_ edge: ImageTransition.Edge) -> (Double, Double) {
        let (x, y): (Double, Double) = switch edge {
        case .right: (1, 0.4)
        case .left: (-1, 0.4)
        case .bottom: (0.4, 1)
        case .top: (0.4, -1)
        }
        let l = (x * x + y * y).squareRoot()
        return (x / l, y / l)
    }

    /// Draws `page` curling away over `under` at `progress` (0 flat, 1 gone).
    ///
    /// Everything but the flap's source point depends on one number per pixel, its distance
    /// `dist` past the fold line along n, which is linear along a row. So each row splits into
    /// at most four runs, in the order dist grows: the flat page (dist < 0, maybe under the
    /// flap), the roll (0 ≤ dist ≤ r), the roll's shadow on the content underneath
    /// (r < dist ≤ r + shadowWidth) and the bare content underneath. Each run has its own loop,
    /// so the plain ones are row composites; the roll reads its source offsets and shading
    /// from a per-frame table over dist (no trig per pixel).
    func pageCurl(page: Bitmap, under: Bitmap, progress: Double, _ edge: ImageTransition.Edge) {
        let b = box
        guard !b.isEmpty else { return }
        let W = Double(width), H = Double(height)
        let (nx, ny) = Self.curlDirection(edge)
        let r = max(1.5, 0.12 * min(W, H))
        let shadowWidth = max(2, 0.6 * r)
        // Extent of the page along n; the fold sweeps from the leading corner past the far one
        // far enough that the turned-over flap has left the page too.
        let ds = [0.0, W * nx, H * ny, W * nx + H * ny]
        let dmax = ds.max()!, dmin = ds.min()!
        let L = dmax + (dmin - Double.pi * r - dmax) * progress
        // `Canvas.draw(_:from:to:…)` brings both images to the frame's size, and the box lies inside it, so
        // every device pixel of the box has a page and an under pixel at (x − ox, y − oy).
        let pw = page.width, ph = page.height
        precondition(pw == width && ph == height && under.width == pw && under.height == ph,
                     "pageCurl: page and under must both be the frame's size")
        let pp = page.pixels, up = under.pixels
        let sampler = ImageSampler(page)
        let tw = target.width
        let piR = Double.pi * r
        let invShadow = 1 / shadowWidth
        // How far a page point lies outside the page (≤ 0 inside).
        @inline(__always) func outside(_ x: Double, _ y: Double) -> Double {
            max(max(-x, x - W), max(-y, y - H))
        }
        @inline(__always) func shadowWeight(_ e: Double) -> UInt32 {
            // e: distance from the casting edge; darker near it.
            let k = e <= 0 ? 0.0 : min(1, e * invShadow)
            return lkScaleFactor(0.62 + 0.38 * k * k)
        }
        let margin = shadowWidth + 1
        // The roll table: nodes every quarter pixel of dist over 0…r holding, for that dist,
        // the 16.16 offsets from a pixel to its source on the lower (front) and the upper
        // (back) half of the cylinder and both halves' shading (`lkShade` factors × 256). Between nodes
        // everything is interpolated linearly, exactly as the angle asin(dist / r) was before
        // (the offsets are linear in that angle and in dist). One asin per node per frame.
        let nodesPerPixel = 4.0
        let rollNodes = Int(r * nodesPerPixel) + 2
        let roll = UnsafeMutablePointer<CurlRollNode>.allocate(capacity: rollNodes + 1)
        defer { roll.deallocate() }
        for i in 0...rollNodes {
            let dc = Double(i) / nodesPerPixel
            let phi = asin(min(1, dc / r))
            let sLow = r * phi - dc, sUp = r * (Double.pi - phi) - dc
            let u = min(1, dc / r)
            roll[i] = CurlRollNode(
                lowU: Int32((sLow * nx * 65536).rounded()), lowV: Int32((sLow * ny * 65536).rounded()),
                upU: Int32((sUp * nx * 65536).rounded()), upV: Int32((sUp * ny * 65536).rounded()),
                lowWeight: Int32((1 - 0.35 * u * u) * 65280), upWeight: Int32((0.8 + 0.2 * cos(phi)) * 65280))
        }
        // The upper half's nearest-texel test in 16.16: strictly more than 1.5 px inside.
        let in15 = 98304, wIn = pw * 65536 - 98304, hIn = ph * 65536 - 98304
        let sx = 1 - 2 * nx * nx, sy = -2 * nx * ny
        for y in b.y0..<b.y1 {
            let ly = Double(y - oy) + 0.5
            let d = target.pixels + y * tw
            let iy = y - oy
            let prow = pp + iy * pw - ox, urow = up + iy * pw - ox
            // The same expression per pixel everywhere, so the runs split exactly where a
            // per-pixel test of dist would.
            @inline(__always) func distAt(_ x: Int) -> Double {
                let lx = Double(x - ox) + 0.5
                return lx * nx + ly * ny - L
            }
            // The first x in the box where the monotone `pred` holds, from the estimate `est`.
            @inline(__always) func firstTrue(_ est: Double, _ pred: (Int) -> Bool) -> Int {
                var x = Int(min(Double(b.x1), max(Double(b.x0), est.rounded(.down))))
                while x > b.x0 && pred(x - 1) { x -= 1 }
                while x < b.x1 && !pred(x) { x += 1 }
                return x
            }
            // The x where dist equals t (nx is never near 0: |nx| ≥ 0.37).
            @inline(__always) func xAt(_ t: Double) -> Double { (t + L - ly * ny) / nx - 0.5 + Double(ox) }
            let flat: Range<Int>, rolled: Range<Int>, shadowed: Range<Int>, bare: Range<Int>
            if nx > 0 {
                let a = firstTrue(xAt(0)) { distAt($0) >= 0 }
                let c = max(a, firstTrue(xAt(r)) { distAt($0) > r })
                let e = max(c, firstTrue(xAt(r + shadowWidth)) { distAt($0) > r + shadowWidth })
                flat = b.x0..<a; rolled = a..<c; shadowed = c..<e; bare = e..<b.x1
            } else {
                let e = firstTrue(xAt(r + shadowWidth)) { distAt($0) <= r + shadowWidth }
                let c = max(e, firstTrue(xAt(r)) { distAt($0) <= r })
                let a = max(c, firstTrue(xAt(0)) { distAt($0) < 0 })
                bare = b.x0..<e; shadowed = e..<c; rolled = c..<a; flat = a..<b.x1
            }
            // Bare content underneath: a row composite.
            for x in bare { d[x] = lkSourceOver(urow[x], d[x]) }
            // Beyond the cylinder: the content underneath, shadowed near the roll where the
            // roll's silhouette point lies on the page.
            for x in shadowed {
                let lx = Double(x - ox) + 0.5
                let dist = lx * nx + ly * ny - L
                var lower = urow[x]
                let e = dist - r
                let cx = lx - e * nx + (piR / 2 - r) * nx, cy = ly - e * ny + (piR / 2 - r) * ny
                if outside(cx, cy) <= 0 { lower = lkShade(lower, shadowWeight(e)) }
                d[x] = lkSourceOverTested(lower, d[x])
            }
            // The roll: lower half (front of the page, darkening as it turns) over the content
            // underneath, upper half (the lighter back coming over) on top. Source points are
            // the pixel plus the bin's offsets, in 16.16 (lx·65536 is an integer + ½).
            let fy0 = (iy << 16) + 32768
            if !rolled.isEmpty {
                // Node index (high bits) and 16-bit fraction (low bits) of dist, exact at the
                // run's first pixel and stepped by an integer per pixel after it: the loop's
                // only carried dependency is one add, so consecutive pixels overlap in the CPU
                // (the per-pixel double → index chain made the loop latency-bound). Over a run
                // of a few hundred pixels the rounded step drifts by under 1/1000 px; the clamp
                // keeps the index on the table (0 ≤ dist ≤ r on this run).
                let qScale = nodesPerPixel * 65536
                var q = Int((Double(rolled.lowerBound - ox) + 0.5) * nx * qScale + (ly * ny - L) * qScale)
                let dq = Int((nx * qScale).rounded())
                let qMax = ((rollNodes - 1) << 16) | 0xffff
                var fx0 = ((rolled.lowerBound - ox) << 16) + 32768
                for x in rolled {
                    let qc = min(qMax, max(0, q))
                    q &+= dq
                    let n0 = roll[qc >> 16], n1 = roll[(qc >> 16) &+ 1]
                    let f = qc & 0xffff
                    @inline(__always) func lerp(_ a: Int32, _ b: Int32) -> Int {
                        Int(a) &+ ((Int(b) &- Int(a)) &* f) >> 16
                    }
                    // Rounded to 0…255 (both nodes are within 0…65280).
                    @inline(__always) func weight(_ a: Int32, _ b: Int32) -> UInt32 {
                        UInt32(truncatingIfNeeded: (lerp(a, b) &+ 128) >> 8)
                    }
                    let px0 = fx0
                    fx0 &+= 65536
                    // Upper half first: where it is opaque it hides the lower half and what
                    // lies underneath, so those need no sampling.
                    let U = px0 &+ lerp(n0.upU, n1.upU), V = fy0 &+ lerp(n0.upV, n1.upV)
                    // Well inside the page the nearest texel (the lightening hides the
                    // difference), near and beyond its edge the bilinear sample (0 outside).
                    let texel = U > in15 && U < wIn && V > in15 && V < hIn
                        ? pp[(V >> 16) &* pw &+ (U >> 16)]
                        : lkPack(sampler.sampleSpread(fixed: U &- 32768, V &- 32768, edge: .transparent))
                    let upper = lkShade(lkLighten(texel, 150), weight(n0.upWeight, n1.upWeight))
                    if upper >= 0xff00_0000 { d[x] = upper; continue }
                    // Bilinear (transparent outside: nothing of the page beyond its edge).
                    let s = lkPack(sampler.sampleSpread(fixed: px0 &+ lerp(n0.lowU, n1.lowU) &- 32768,
                                                         fy0 &+ lerp(n0.lowV, n1.lowV) &- 32768, edge: .transparent))
                    let lower = lkSourceOverTested(lkShade(s, weight(n0.lowWeight, n1.lowWeight)), urow[x])
                    d[x] = lkSourceOverTested(lkSourceOverTested(upper, lower), d[x])
                }
            }
            // The flat page, under the turned-over flap where the flap's source point (which
            // moves linearly with x) is on the page plus the shadow margin. Outside that
            // x interval the page is a row composite.
            var flapLo = -Double.infinity, flapHi = Double.infinity
            // The flap's interior: source point at least 1.5 px inside the page (with 0.01 px
            // slack for rounding) and dist < 0. There every pixel is the nearest texel of the
            // lighter back side over the flat page; its source point steps by a constant per
            // pixel.
            var fastA = b.x1, fastC = b.x1
            if !flat.isEmpty {
                // At x: dist = lx·nx + ly·ny − L, source = (lx, ly) + (πr − 2·dist)·n.
                let lx0 = Double(b.x0 - ox) + 0.5
                let d0 = lx0 * nx + ly * ny - L
                let fx0 = lx0 + (piR - 2 * d0) * nx, fy0 = ly + (piR - 2 * d0) * ny
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
            // The flat run split by the flap interval [flapLo, flapHi] and its interior.
            @inline(__always) func clampX(_ v: Double) -> Int {
                v <= Double(flat.lowerBound) ? flat.lowerBound
                    : v >= Double(flat.upperBound) ? flat.upperBound : Int(v)
            }
            let gLo = clampX(flapLo.rounded(.up)), gHi = max(gLo, clampX(flapHi.rounded(.down) + 1))
            let fA = min(max(fastA, gLo), gHi), fC = min(max(fastC, fA), gHi)
            for x in flat.lowerBound..<gLo { d[x] = lkSourceOver(prow[x], d[x]) }
            for x in gHi..<flat.upperBound { d[x] = lkSourceOver(prow[x], d[x]) }
            // Near the flap's edges: the back side sampled (bilinear at the edge), its shadow
            // on the flat page beside it.
            var x = gLo
            while x < gHi {
                if x == fA && fC > fA { x = fC; continue } // the interior, below
                let lx = Double(x - ox) + 0.5
                let dist = lx * nx + ly * ny - L
                var lower = prow[x]
                var upper: UInt32 = 0
                let s = piR - 2 * dist
                let fx = lx + s * nx, fy = ly + s * ny
                let e = outside(fx, fy)
                if e < 0.5 {
                    // The back side is two-thirds paper white: away from its edge the
                    // nearest texel is indistinguishable from a bilinear sample.
                    let texel = e < -1.5 ? pp[Int(fy) * pw + Int(fx)]
                        : lkPack(sampler.sampleSpread(fixed: Self.fixed(fx - 0.5), Self.fixed(fy - 0.5), edge: .transparent))
                    upper = lkLighten(texel, 170)
                }
                if e > -0.5 && e < shadowWidth { lower = lkShade(lower, shadowWeight(e)) }
                d[x] = lkSourceOverTested(lkSourceOverTested(upper, lower), d[x])
                x += 1
            }
            if fC > fA {
                let lx = Double(fA - ox) + 0.5
                let dist = lx * nx + ly * ny - L
                let s0 = piR - 2 * dist
                // 16.16 stepping (the run is at most a few hundred pixels, so the rounding of
                // the step drifts by far less than the 1.5 px the interior test leaves).
                var U = Self.fixed(lx + s0 * nx), V = Self.fixed(ly + s0 * ny)
                let dU = Int((sx * 65536).rounded()), dV = Int((sy * 65536).rounded())
                for x in fA..<fC {
                    let upper = lkLighten(pp[(V >> 16) &* pw &+ (U >> 16)], 170)
                    d[x] = lkSourceOverTested(lkSourceOverTested(upper, prow[x]), d[x])
                    U &+= dU; V &+= dV
                }
            }
        }
    }

    /// A page coordinate (within a few thousand pixels of the page) in 16.16 fixed point,
    /// floored as the 16.16 sampling positions are (the offset keeps the value positive so truncation floors).
    @inline(__always)
    private static func fixed(_ v: Double) -> Int {
        guard v > -16384, v < 16384 else { return v < 0 ? -(1 << 30) : 1 << 30 }
        return Int(v * 65536 + 1_073_741_824) - 1_073_741_824
    }
}

/// One node of the curl's roll table (see `pageCurl`): 16.16 offsets from a device pixel's
/// page position to its source on the lower and the upper half of the cylinder, and the two
/// halves' shading as `lkShade` factors in 8.8 (255·256 = unshaded).
private struct CurlRollNode {
    var lowU: Int32, lowV: Int32, upU: Int32, upV: Int32
    var lowWeight: Int32, upWeight: Int32
}
