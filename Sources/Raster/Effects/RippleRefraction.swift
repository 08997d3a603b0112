// The ripple: a water drop in the middle. A ring wave runs outward from the centre with
// decaying rings behind it; each pixel samples both images displaced radially by the wave's
// height slope (refraction), lit by the slope, while the new content fades in. The radial
// profile is tabulated once per frame (one entry per pixel of radius), so the per-pixel work
// is an integer radius step, a table read and one bilinear sample of the pre-blended images.
import CRasterSIMD
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension TransitionFrame {
    func ripple() {
        let b = box
        guard !b.isEmpty else { return }
        let W = Double(width), H = Double(height)
        let cx = W / 2, cy = H / 2
        let reach = (cx * cx + cy * cy).squareRoot()
        let size = min(W, H)
        let front = p * reach * 1.25                    // wave front radius
        let wavelength = max(4, 0.11 * size)
        let k = 2 * Double.pi / wavelength
        let amplitude = 0.07 * size * sin(Double.pi * p) // fades in and out: exact at both ends
        let trail = 0.45 * reach                        // decay length of the rings behind the front
        let lead = 0.35 * wavelength                    // the front's own width
        // Table: displacement (pixels, outward positive) and light per radius, the light as an
        // `lkShade` factor: the slope darkens the wave's troughs; where it would brighten, the
        // factor stays at 255 (unshaded).
        let n = Int(reach) + 3
        let disp = UnsafeMutablePointer<Double>.allocate(capacity: n)
        let light = UnsafeMutablePointer<UInt32>.allocate(capacity: n)
        defer { disp.deallocate(); light.deallocate() }
        for i in 0..<n {
            let rr = Double(i)
            let delta = rr - front
            let env = delta > 0 ? exp(-(delta / lead) * (delta / lead)) : exp(delta / trail)
            // Small radii taper so the centre does not pinch.
            let taper = min(1, rr / (0.5 * wavelength))
            let slope = cos(k * delta)
            disp[i] = amplitude * env * taper * sin(k * delta)
            light[i] = lkScaleFactor(1 + 0.35 * env * taper * slope * sin(Double.pi * p))
        }
        // Per radius: the displacement over the radius in 16.16, pre-shifted by 8 (the offset
        // of a pixel at 256·dx from the centre is then (256·dx)·g, 16.16).
        let factor = UnsafeMutablePointer<Int>.allocate(capacity: n)
        defer { factor.deallocate() }
        for i in 0..<n { factor[i] = Int(disp[i] / max(Double(i) + 0.5, 0.5) * 65536) >> 8 }
        // How many rows a sample can lie above or below its pixel: a pixel at radius index i
        // has |2dy| < 2(i + 1), so its vertical offset |2dy·128·g| / 65536 is under
        // (i + 1)·|g| / 256; plus one row for rounding and the bilinear neighbour below.
        var reachRows = 0
        for i in 0..<n { reachRows = max(reachRows, ((i + 1) * abs(factor[i])) >> 8 + 1) }
        reachRows += 2
        // Bilinear sampling is linear, so sampling both images at the same displaced point
        // and blending equals sampling their blend: blend once, then warp one image. The blend
        // is kept spread (four 16-bit lanes per pixel, see `lkSpread`), so the warp's bilinear
        // blends need no unpacking per texel. Only the rows the warp can still reach are kept:
        // a ring of 2·reachRows + 4 rows, each blended just before the first output row that
        // can need it. The ring stays in the CPU cache, where a whole blended image (8 bytes a
        // pixel) went out to memory and back. `rowAt[j]` is blended row j while it is in the
        // ring (every pixel of a ring row is written: no zeroing, no over).
        let t = lkLerpWeight(p * p * (3 - 2 * p))
        let mw = width, mh = height
        precondition(from.width == mw && from.height == mh && to.width == mw && to.height == mh,
                     "ripple: both images must be the frame's size")
        let ringRows = min(mh, 2 * reachRows + 4)
        let ring = UnsafeMutablePointer<UInt64>.allocate(capacity: ringRows * mw)
        defer { ring.deallocate() }
        let rowAt = UnsafeMutablePointer<UnsafeMutablePointer<UInt64>>.allocate(capacity: mh)
        defer { rowAt.deallocate() }
        var nextRow = max(0, b.y0 - oy - reachRows - 1)
        @inline(__always) func blendRows(through last: Int) {
            while nextRow <= min(mh - 1, last) {
                let j = nextRow
                let f = from.pixels + j * mw, g = to.pixels + j * mw, m = ring + (j % ringRows) * mw
                lk_lerp_spread_row(m, f, g, mw, t)
                rowAt[j] = m
                nextRow += 1
            }
        }
        let tw = target.width
        // Pixel centres relative to the centre, doubled so they are integers: 2·dx = 2·ix + 1 − W.
        // The field at (dx, dy) mirrors the one at (|dx|, |dy|): the same radius, the offset
        // with the signs of dx and dy. So each row works out its offsets and lights once per
        // quadrant column qi (|2dx| = 2·qi + 1 − (W & 1)) and writes them, signed, for both
        // pixels ix = (W − 1)/2 − qi and W/2 + qi (the same pixel when W is odd and qi = 0):
        // the sampling loop then reads one entry per pixel, in order.
        let hw = (mw + 1) / 2
        // From which radius index on the displacement is zero for good (beyond the wave).
        var still = n
        while still > 0 && factor[still - 1] == 0 { still -= 1 }
        let geo = UnsafeMutablePointer<RippleOffset>.allocate(capacity: mw)
        defer { geo.deallocate() }
        // The 8-bit bilinear weights broadcast to eight 16-bit lanes, one table read each.
        let spreadWeight = UnsafeMutablePointer<SIMD8<UInt16>>.allocate(capacity: 256)
        defer { spreadWeight.deallocate() }
        for k in 0..<256 { spreadWeight[k] = SIMD8(repeating: UInt16(k)) }
        let half = SIMD8<UInt16>(repeating: 128)
        for y in b.y0..<b.y1 {
            let iy = y - oy
            blendRows(through: iy + reachRows + 1)
            // Rows above the centre have dy < 0: v moves down (+offset); below, up.
            let top = iy <= (mh - 1) / 2
            let qj = top ? (mh - 1) / 2 - iy : iy - mh / 2
            let sv = top ? 1 : -1
            // The radius index ⌊r⌋ is the largest i with 4·i² ≤ (2dx)² + (2dy)², kept exactly
            // in integers and stepped along the half row (r changes by at most 1 per step): no
            // square root.
            let ady2 = 2 * qj + 1 - (mh & 1)
            var adx2 = 1 - (mw & 1)
            var r4 = adx2 * adx2 + ady2 * ady2
            var ri = Int(Double(r4).squareRoot() / 2)
            while 4 * (ri + 1) * (ri + 1) <= r4 { ri += 1 }
            while 4 * ri * ri > r4 { ri -= 1 }
            var highSq = 4 * (ri + 1) * (ri + 1)
            let left = geo + (mw - 1) / 2, right = geo + mw / 2
            // (Wrapping arithmetic: every term is bounded by the image's size and the
            // displacement table, far from overflow; the checked forms cost a test each.)
            let n1 = n &- 1, gy = ady2 &* 128 &* sv
            for qi in 0..<hw {
                let i = min(n1, ri)
                let g = factor[i]
                // −2dx·128·g and −2dy·128·g: the 16.16 offsets of the sample from the pixel
                // (left of the centre 2dx = −|2dx|, right +|2dx|; dy's sign is the row's).
                let u = Int32(truncatingIfNeeded: adx2 &* 128 &* g)
                let v = Int32(truncatingIfNeeded: gy &* g)
                left[0 &- qi] = RippleOffset(u: u, v: v, light: light[i])
                right[qi] = RippleOffset(u: 0 &- u, v: v, light: light[i])
                // Next column: (a + 2)² = a² + 4a + 4; |2dx| only grows, so does ⌊r⌋.
                r4 &+= 4 &* adx2 &+ 4
                adx2 &+= 2
                while highSq <= r4 { ri &+= 1; highSq = 4 &* (ri &+ 1) &* (ri &+ 1) }
            }
            let row = target.pixels + y * tw
            let vBase = iy << 16
            let go = geo - ox
            // Where the radius index is at least `still` nothing moves: those pixels (the row's
            // ends, or all of it) are their blended texel, lit. With 2dx = 2·ix + 1 − W, they
            // are the pixels with (2dx)² ≥ 4·still² − (2dy)².
            var wa = b.x0, wb = b.x0
            let reachSq = 4 * still * still - ady2 * ady2
            if reachSq > 0 {
                // Moving pixels: |2dx| ≤ m, m the largest integer with m² < reachSq.
                var m = Int(Double(reachSq - 1).squareRoot())
                while m * m >= reachSq { m -= 1 }
                while (m + 1) * (m + 1) < reachSq { m += 1 }
                wa = max(b.x0, min(b.x1, ((mw - 1 - m + 1) >> 1) + ox))
                wb = max(wa, min(b.x1, ((mw - 1 + m) >> 1) + 1 + ox))
            }
            let mrow = rowAt[iy] - ox
            for x in b.x0..<wa {
                var c = mrow[x]
                let l = go[x].light
                if l < 255 { c = lkShadeSpread(c, l) }
                row[x] = lkSourceOverTested(lkPack(c), row[x])
            }
            for x in wb..<b.x1 {
                var c = mrow[x]
                let l = go[x].light
                if l < 255 { c = lkShadeSpread(c, l) }
                row[x] = lkSourceOverTested(lkPack(c), row[x])
            }
            let mw1 = UInt(bitPattern: mw &- 1), mh1 = UInt(bitPattern: mh &- 1)
            for x in wa..<wb {
                let o = go[x]
                // u = x + 0.5 − dx·(disp/r), in 16.16 minus the half-pixel shift; bilinear as
                // `ImageSampler.sampleSpread(fixed:)` (transparent outside), on spread texels.
                let fu = ((x &- ox) << 16) &+ Int(o.u)
                let fv = vBase &+ Int(o.v)
                let x0 = fu >> 16, y0 = fv >> 16
                let kx = (fu >> 8) & 0xff, ky = (fv >> 8) & 0xff
                var c: UInt64
                if UInt(bitPattern: x0) < mw1 && UInt(bitPattern: y0) < mh1 {
                    // Both rows' horizontal lerps in one 8 × 16-bit vector (the same lane
                    // arithmetic as `lkLerpSpread`, rounded), then the vertical one. With no offset
                    // (kx = ky = 0) this is the texel itself.
                    let r0 = UnsafeRawPointer(rowAt[y0] + x0).loadUnaligned(as: SIMD8<UInt16>.self)
                    let r1 = UnsafeRawPointer(rowAt[y0 &+ 1] + x0).loadUnaligned(as: SIMD8<UInt16>.self)
                    let a = SIMD8(lowHalf: r0.lowHalf, highHalf: r1.lowHalf)
                    let e = SIMD8(lowHalf: r0.highHalf, highHalf: r1.highHalf)
                    let hz = ((a &<< 8) &+ (e &- a) &* spreadWeight[kx] &+ half) &>> 8
                    let tv = hz.lowHalf, bv = hz.highHalf
                    let vv = ((tv &<< 8) &+ (bv &- tv) &* spreadWeight[ky].lowHalf &+ half.lowHalf) &>> 8
                    c = unsafeBitCast(vv, to: UInt64.self)
                } else {
                    c = Self.rippleEdgeSample(rowAt, mw, mh, x0, y0, UInt64(kx), UInt64(ky))
                }
                let l = o.light
                if l < 255 { c = lkShadeSpread(c, l) }
                row[x] = lkSourceOverTested(lkPack(c), row[x])
            }
        }
    }

    /// The ripple's bilinear sample where its 2×2 texels are not all inside (texels outside
    /// are transparent): out of line, it is rare and would crowd the hot loop's registers.
    @inline(never)
    private static func rippleEdgeSample(_ rowAt: UnsafeMutablePointer<UnsafeMutablePointer<UInt64>>, _ mw: Int, _ mh: Int,
                                         _ x0: Int, _ y0: Int, _ kx: UInt64, _ ky: UInt64) -> UInt64 {
        if x0 < -1 || y0 < -1 || x0 >= mw || y0 >= mh { return 0 }
        @inline(__always) func at(_ i: Int, _ j: Int) -> UInt64 {
            (i >= 0 && j >= 0 && i < mw && j < mh) ? rowAt[j][i] : 0
        }
        return lkLerpSpread(lkLerpSpread(at(x0, y0), at(x0 + 1, y0), kx),
                            lkLerpSpread(at(x0, y0 + 1), at(x0 + 1, y0 + 1), kx), ky)
    }
}

/// One pixel's entry of a ripple row (see `ripple`): the 16.16 offsets of its sample from the
/// pixel and its light as an `lkShade` factor (255 = unshaded).
private struct RippleOffset {
    var u: Int32, v: Int32
    var light: UInt32
}
