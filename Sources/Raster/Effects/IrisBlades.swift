// The iris: a camera iris of six dark blades forming a hexagonal ring.
// Open: a hexagonal aperture opens in the middle, the new content showing through it, the
// ring of blades around it, the old content outside, until the aperture clears the image.
// Close: the ring closes from the edges over the old content, the new content outside it,
// until it shuts in the middle. The ring is thickest mid-way and rotates as it moves, as a
// shutter's blades do. Per pixel: six dot products (the hexagon's "radius") and a blend.
import CRasterSIMD
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension TransitionFrame {
    func iris(opening: Bool) {
        let b = box
        guard !b.isEmpty else { return }
        let W = Double(width), H = Double(height)
        let cx = W / 2, cy = H / 2
        let reach = (cx * cx + cy * cy).squareRoot() + 1
        let band = 0.3 * min(W, H) * sin(Double.pi * p)
        // inner: the aperture's edge; outer: the blades' outer edge (hexagon "radius").
        let inner: Double, outer: Double
        if opening { inner = p * reach; outer = inner + band } else { outer = (1 - p) * reach; inner = outer - band }
        // Inside the aperture / outside the ring: which image shows.
        let inside = opening ? to : from, outsideImage = opening ? from : to
        let spin = (opening ? 1.0 : -1.0) * p * Double.pi / 3
        let ip = inside.pixels, op = outsideImage.pixels, iw = inside.width, ow = outsideImage.width
        let tw = target.width
        let invBand = band > 0 ? 1 / band : 0
        // The blade normals and the six rays halfway between them, as (x, y) pairs, and a
        // row's sorted blade-change crossings.
        let normals = UnsafeMutablePointer<Double>.allocate(capacity: 12), rays = UnsafeMutablePointer<Double>.allocate(capacity: 12)
        let crossings = UnsafeMutablePointer<Int>.allocate(capacity: 6)
        defer { normals.deallocate(); rays.deallocate(); crossings.deallocate() }
        for i in 0..<6 {
            let a = spin + Double(i) * Double.pi / 3
            normals[2 * i] = cos(a); normals[2 * i + 1] = sin(a)
            rays[2 * i] = cos(a + Double.pi / 6); rays[2 * i + 1] = sin(a + Double.pi / 6)
        }
        for y in b.y0..<b.y1 {
            let dy = Double(y - oy) + 0.5 - cy
            let row = target.pixels + y * tw
            let iy = y - oy
            // Along a row the hexagon distance is convex and piecewise linear in x, so the
            // aperture (distance ≤ inner − 0.5) and the ring's outer limit (< outer + 0.5) are
            // intervals, found exactly from the six half-planes. Well inside the aperture and
            // well outside the ring the pixels are plain copies of one image; only the ring
            // and a pixel of margin at each of its edges take the per-pixel path below.
            let hole = Self.hexagonInterval(normals, dy: dy, limit: inner - 0.5, cx: cx, ox: ox)
            let ring = Self.hexagonInterval(normals, dy: dy, limit: outer + 0.5, cx: cx, ox: ox)
            @inline(__always) func copy(_ src: UnsafeMutablePointer<UInt32>, _ sw: Int, _ x0: Int, _ x1: Int) {
                let s = src + iy * sw - ox
                let x0 = max(x0, b.x0), e = min(x1, b.x1)
                guard e > x0 else { return }
                for x in x0..<e { row[x] = lkSourceOver(s[x], row[x]) }
            }
            // Outside the ring, with a pixel of margin (the whole row when it misses the ring).
            var r0 = b.x1, r1 = b.x1
            if let (lo, hi) = ring { r0 = Int(lo.rounded(.down)) - 1; r1 = Int(hi.rounded(.down)) + 2 }
            copy(op, ow, b.x0, r0)
            copy(op, ow, max(r0, r1), b.x1)
            guard r1 > r0 else { continue }
            // The aperture's inside, less a pixel of margin at each end.
            var h0 = r1, h1 = r1
            if let (lo, hi) = hole { h0 = Int(lo.rounded(.up)) + 1; h1 = max(h0, Int(hi.rounded(.down))) }
            copy(ip, iw, h0, h1)
            // Where the realising blade changes along the row: the six rays from the centre
            // halfway between blade normals. Away from them (by more than a pixel) the blade
            // found at a pixel holds until the next crossing, so only one dot product is
            // needed; near them all six are compared, as the definition says.
            for k in 0..<6 {
                crossings[k] = Int.max
                let sn = rays[2 * k + 1], co = rays[2 * k]
                // The ray t·(co, sn), t > 0, meets this row where t·sn = dy.
                guard abs(sn) > 1e-12, (dy > 0) == (sn > 0) || dy == 0 else { continue }
                let t = dy / sn
                guard t >= 0 else { continue }
                let xc = t * co + cx + Double(ox) - 0.5
                guard abs(xc) < 1e9 else { continue }
                crossings[k] = Int(xc.rounded(.down))
            }
            // Sorted (six entries: insertion sort).
            for i in 1..<6 {
                var j = i
                while j > 0 && crossings[j - 1] > crossings[j] { let t = crossings[j]; crossings[j] = crossings[j - 1]; crossings[j - 1] = t; j -= 1 }
            }
            var known = -1, nextCross = 0
            var x = max(b.x0, r0)
            let xEnd = min(b.x1, r1)
            while x < xEnd {
                if x >= h0 && x < h1 { x = h1; continue }
                let dx = Double(x - ox) + 0.5 - cx
                var best: Double, blade: UInt32
                while nextCross < 6 && crossings[nextCross] < x - 1 { nextCross += 1; known = -1 }
                let nearCrossing = nextCross < 6 && crossings[nextCross] <= x + 1
                if known >= 0 && !nearCrossing {
                    blade = UInt32(known)
                    best = dx * normals[2 * known] + dy * normals[2 * known + 1]
                } else {
                    // Hexagon distance and the blade (edge) that realises it.
                    best = dx * normals[0] + dy * normals[1]; blade = 0
                    for k in 1..<6 {
                        let q = dx * normals[2 * k] + dy * normals[2 * k + 1]
                        if q > best { best = q; blade = UInt32(k) }
                    }
                    known = nearCrossing ? -1 : Int(blade)
                }
                // A run of one blade's plain face: the same blade up to the next crossing's
                // margin, the distance staying clear of both ring edges (no coverage blend), out
                // of the aperture. Its grey is linear along the run.
                if known >= 0 && !nearCrossing {
                    let lo = inner + 0.5 + 1e-9, hi = outer - 0.5 - 1e-9
                    let nx = normals[2 * known]
                    var end = xEnd
                    if nextCross < 6 { end = min(end, crossings[nextCross] - 1) }
                    if x < h0 { end = min(end, h0) }
                    if best >= lo && best <= hi {
                        // best + k·nx stays within [lo, hi] for k ≤ kmax.
                        let kmax = nx > 1e-12 ? (hi - best) / nx : nx < -1e-12 ? (lo - best) / nx : 1e9
                        end = min(end, x + Int(min(1e9, kmax)) + 1)
                        if end - x >= 4 {
                            let baseGrey = UInt32(34 + (blade & 1) * 14)
                            var G = 26 * (1 - (best - inner) * invBand)
                            let dG = -26 * nx * invBand
                            for i in x..<end {
                                // G stays within 0…26 along the run: a truncation without the
                                // trapping range check (`lk_truncate`), as `UInt32(G)` there.
                                let g = baseGrey &+ UInt32(truncatingIfNeeded: lk_truncate(G))
                                row[i] = 0xff000000 | (g << 16) | (g << 8) | (g &+ 4)
                                G += dG
                            }
                            x = end
                            continue
                        }
                    }
                }
                let ix = x - ox
                var c: UInt32
                if best <= inner - 0.5 {
                    c = ip[iy &* iw &+ ix]
                } else if best >= outer + 0.5 {
                    c = op[iy &* ow &+ ix]
                } else {
                    // The blade colour: dark grey, alternate blades a shade apart, lighter toward
                    // the aperture edge (a rim catching light).
                    let depth = max(0, min(1, (best - inner) * invBand))
                    let g = UInt32(34 + (blade & 1) * 14) &+ UInt32(truncatingIfNeeded: lk_truncate(26 * (1 - depth)))
                    let bladeColor = 0xff000000 | (g << 16) | (g << 8) | (g + 4)
                    c = bladeColor
                    let a = best - (inner - 0.5) // coverage of the blades over the aperture edge
                    if a < 1 { c = lkLerp(ip[iy * iw + ix], bladeColor, lkLerpWeight(a)) }
                    let o = outer + 0.5 - best    // coverage at the outer edge
                    if o < 1 { c = lkLerp(op[iy * ow + ix], c, lkLerpWeight(o)) }
                }
                row[x] = lkSourceOverTested(c, row[x])
                x += 1
            }
        }
    }

    /// The x range (device pixels, continuous) of a row's pixel centres whose hexagon distance
    /// (max over the six blade normals of the dot product with the centre's offset) is at most
    /// `limit`, or nil when there is none: the intersection of six half-lines.
    static func hexagonInterval(_ normals: UnsafeMutablePointer<Double>, dy: Double, limit: Double,
                                cx: Double, ox: Int) -> (Double, Double)? {
        var lo = -Double.infinity, hi = Double.infinity
        @inline(__always) func cut(_ nx: Double, _ ny: Double) {
            let r = limit - ny * dy // nx·dx ≤ r
            if abs(nx) < 1e-12 { if r < 0 { hi = -Double.infinity }; return }
            if nx > 0 { hi = min(hi, r / nx) } else { lo = max(lo, r / nx) }
        }
        for k in 0..<6 { cut(normals[2 * k], normals[2 * k + 1]) }
        guard lo <= hi else { return nil }
        // The pixel whose centre offset is dx is x = dx + cx + ox − 0.5.
        let base = cx + Double(ox) - 0.5
        return (max(-1e9, lo + base), min(1e9, hi + base))
    }
}
