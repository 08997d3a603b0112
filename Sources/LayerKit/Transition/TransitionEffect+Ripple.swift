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
        let t = TransitionFrame.weight(p * p * (3 - 2 * p))
        let fp = from.pixels, tp = to.pixels, fw = from.width, fh = from.height, tw2 = to.width, th = to.height
        let tw = target.width
        for y in b.y0..<b.y1 {
            let ly = Double(y - oy) + 0.5
            let dy = ly - cy
            let row = target.pixels + y * tw
            let iy = y - oy
            for x in b.x0..<b.x1 {
                let lx = Double(x - ox) + 0.5
                let dx = lx - cx
                let rr = (dx * dx + dy * dy).squareRoot()
                let i = min(n - 1, Int(rr))
                let dd = disp[i]
                var c: UInt32
                if abs(dd) < 0.02 {
                    let ix = x - ox
                    c = Px.lerp(from.pixels[iy * fw + ix], tp[iy * tw2 + ix], t)
                } else {
                    let s = dd / max(rr, 1e-6)
                    let sx = lx - dx * s, sy = ly - dy * s
                    c = Px.lerp(Px.sample(fp, fw, fh, sx, sy), Px.sample(tp, tw2, th, sx, sy), t)
                }
                let l = light[i]
                if l < 256 { c = Px.shade(c, l) } else if l > 256 { c = Px.lighten(c, min(255, (l - 256) * 2)) }
                row[x] = Px.over(c, row[x])
            }
        }
    }
}
