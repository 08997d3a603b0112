// OWNER: transitions helper.
// rippleEffect: a water drop in the middle. A ring wave runs outward from the centre with
// decaying rings behind it; each pixel samples both snapshots displaced radially by the wave's
// height slope (refraction), lit by the slope, while the new content fades in. The radial
// profile is tabulated once per frame (one entry per pixel of radius), so the per-pixel work
// is a square root, a table read and two bilinear samples.
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
        // Table: displacement (pixels, outward positive) and light (0…256·2) per radius.
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
            light[i] = TransitionFrame.weight(1 + 0.35 * env * taper * slope * sin(Double.pi * p))
        }
        // Bilinear sampling is linear, so sampling both snapshots at the same displaced point
        // and blending equals sampling their blend: blend once, then warp one image.
        let t = TransitionFrame.weight(p * p * (3 - 2 * p))
        let mix = Bitmap(width: width, height: height)
        TransitionRaster.crossFade(from, to, t: t, dx: 0, dy: 0, into: mix,
                                   box: PixelBox(x0: 0, y0: 0, x1: width, y1: height))
        // Per radius: the displacement over the radius in 16.16 (so the offset is dx·factor).
        let factor = UnsafeMutablePointer<Int>.allocate(capacity: n)
        defer { factor.deallocate() }
        for i in 0..<n { factor[i] = Int(disp[i] / max(Double(i) + 0.5, 0.5) * 65536) }
        let mp = mix.pixels, mw = width, mh = height
        let tw = target.width
        let half = 32768 // the sampler's half-pixel shift, in 16.16
        for y in b.y0..<b.y1 {
            let iy = y - oy
            let dyF = Float(Double(iy) + 0.5 - cy)
            let dyI = Int(dyF * 65536)
            let row = target.pixels + y * tw
            let mrow = mp + iy * mw - ox
            for x in b.x0..<b.x1 {
                let ix = x - ox
                let dxF = Float(Double(ix) + 0.5 - cx)
                let rr = (dxF * dxF + dyF * dyF).squareRoot()
                let i = min(n - 1, Int(rr))
                let f = factor[i]
                var c: UInt32
                if f == 0 {
                    c = mrow[x]
                } else {
                    // u = x + 0.5 − dx·(disp/r), in 16.16 minus the half-pixel shift.
                    let dxI = Int(dxF * 65536)
                    let fu = (ix << 16) + half - ((dxI >> 8) * f >> 8) - half
                    let fv = (iy << 16) + half - ((dyI >> 8) * f >> 8) - half
                    c = Px.sampleFixed(mp, mw, mh, fu, fv)
                }
                let l = light[i]
                if l < 256 { c = Px.shade(c, l) } else if l > 256 { c = Px.lighten(c, min(255, (l - 256) * 2)) }
                row[x] = Px.over(c, row[x])
            }
        }
    }
}
