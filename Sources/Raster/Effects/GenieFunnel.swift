// The suck effect, a genie funnel: the old image is sucked into a point at the bottom centre
// over the new one. Each device row shows one source row squeezed into a horizontal span whose
// half-width follows an S-shaped funnel narrowing toward the bottom point; first the sides
// bend into the funnel, then the content slides down through it. Per row: one span and one
// source row; per pixel: a step in u, a bilinear sample and edge coverage.

extension TransitionFrame {
    func suck() {
        let b = box
        guard !b.isEmpty else { return }
        let W = Double(width), H = Double(height)
        Self.composite(to, dx: ox, dy: oy, into: target, box: b)
        @inline(__always) func smooth(_ x: Double) -> Double { let c = min(1, max(0, x)); return c * c * (3 - 2 * c) }
        let bend = smooth(p / 0.6)                 // sides pulled into the funnel
        let slide = smooth((p - 0.25) / 0.75)      // content pulled down through it
        let top = H * slide                         // where the content's top row now is
        let span = H - top
        guard span > 0.01 else { return }
        let cx = W / 2
        let throat = max(0.5, 0.015 * W)            // half-width at the bottom point
        let fp = from.pixels, fw = from.width, fh = from.height
        let sampler = ImageSampler(from)
        let tw = target.width
        for y in b.y0..<b.y1 {
            let ly = Double(y - oy) + 0.5
            if ly < top - 0.5 { continue }
            let v = (ly - top) / span * H
            // Vertical edge coverage of the content's top row.
            let vCover = min(1, max(0, ly + 0.5 - top))
            let yn = ly / H
            let f = yn * yn * (3 - 2 * yn)          // S-shaped side curve
            let hw = (W / 2) * (1 - bend * f) + throat * bend * f
            let left = cx - hw, right = cx + hw
            let du = W / (2 * hw)
            let xs = max(b.x0, ox + Int(left.rounded(.down)))
            let xe = min(b.x1, ox + Int(right.rounded(.up)))
            guard xe > xs else { continue }
            let row = target.pixels + y * tw
            // The row reads one pair of source rows (v is constant along it) at u linear in x.
            // The fully covered pixels whose texel blocks lie inside the image form one run,
            // sampled two at a time by the vector kernel; the span's ends, the top row and the
            // image's last column take the exact per-pixel path.
            let vc = min(H - 0.5, max(0.5, v)) - 0.5
            let V = Int(vc * 65536 + 131072) - 131072
            let dU = Int(du * 4294967296)
            let U0 = Int(((Double(xs - ox) + 0.5 - left) * du - 0.5) * 4294967296)
            @inline(__always) func runs(_ x: Int) -> Bool {
                let lx = Double(x - ox) + 0.5
                let covered = vCover >= 1 && lx + 0.5 - left >= 1 && right - (lx - 0.5) >= 1
                return covered && ProjectiveImage.interior((U0 &+ dU &* (x - xs)) >> 16, V, fw, fh)
            }
            var x = xs, e = xe
            while x < e && !runs(x) { pixel(x); x += 1 }
            while e > x && !runs(e - 1) { e -= 1; pixel(e) }
            ProjectiveImage.blendRun(fp, fw, U: U0 &+ dU &* (x - xs), dU: dU, V: V << 16, dV: 0,
                                      count: e - x, shade: 255, into: row + x)
            /// One pixel as the definition says: clamped bilinear sample, edge coverage, over.
            @inline(__always) func pixel(_ x: Int) {
                let lx = Double(x - ox) + 0.5
                let u = (lx - left) * du
                // 16.16, floored as the run's stepping (the position is clamped into the image).
                let uc = min(W - 0.5, max(0.5, u)) - 0.5
                let U = Int(uc * 65536 + 131072) - 131072
                var c = lkPack(sampler.sampleSpread(fixed: U, V, edge: .transparent))
                let cover = min(1, min(lx + 0.5 - left, right - (lx - 0.5))) * vCover
                if cover < 1 { c = lkScale(c, lkScaleFactor(max(0, cover))) }
                row[x] = lkSourceOverTested(c, row[x])
            }
        }
    }
}
