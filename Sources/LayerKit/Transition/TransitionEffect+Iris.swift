// OWNER: transitions helper.
// cameraIrisHollowOpen / Close: a camera iris of six dark blades forming a hexagonal ring.
// Open: a hexagonal aperture opens in the middle, the new content showing through it, the
// ring of blades around it, the old content outside, until the aperture clears the layer.
// Close: the ring closes from the edges over the old content, the new content outside it,
// until it shuts in the middle. The ring is thickest mid-way and rotates as it moves, as a
// shutter's blades do. Per pixel: six dot products (the hexagon's "radius") and a blend.
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
        // Inside the aperture / outside the ring: which snapshot shows.
        let inside = opening ? to : from, outsideImage = opening ? from : to
        let spin = (opening ? 1.0 : -1.0) * p * Double.pi / 3
        var nxs = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0), nys = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
        withUnsafeMutableBytes(of: &nxs) { xs in
            withUnsafeMutableBytes(of: &nys) { ys in
                for i in 0..<6 {
                    let a = spin + Double(i) * Double.pi / 3
                    xs.storeBytes(of: cos(a), toByteOffset: i * 8, as: Double.self)
                    ys.storeBytes(of: sin(a), toByteOffset: i * 8, as: Double.self)
                }
            }
        }
        let ip = inside.pixels, op = outsideImage.pixels, iw = inside.width, ow = outsideImage.width
        let tw = target.width
        for y in b.y0..<b.y1 {
            let dy = Double(y - oy) + 0.5 - cy
            let row = target.pixels + y * tw
            let iy = y - oy
            for x in b.x0..<b.x1 {
                let dx = Double(x - ox) + 0.5 - cx
                // Hexagon distance and the blade (edge) that realises it.
                var best = dx * nxs.0 + dy * nys.0, blade: UInt32 = 0
                var q = dx * nxs.1 + dy * nys.1; if q > best { best = q; blade = 1 }
                q = dx * nxs.2 + dy * nys.2; if q > best { best = q; blade = 2 }
                q = dx * nxs.3 + dy * nys.3; if q > best { best = q; blade = 3 }
                q = dx * nxs.4 + dy * nys.4; if q > best { best = q; blade = 4 }
                q = dx * nxs.5 + dy * nys.5; if q > best { best = q; blade = 5 }
                let ix = x - ox
                var c: UInt32
                if best <= inner - 0.5 {
                    c = ip[iy * iw + ix]
                } else if best >= outer + 0.5 {
                    c = op[iy * ow + ix]
                } else {
                    // The blade colour: dark grey, alternate blades a shade apart, lighter toward
                    // the aperture edge (a rim catching light).
                    let depth = band > 0 ? max(0, min(1, (best - inner) / band)) : 0
                    let g = UInt32(34 + (blade & 1) * 14) + UInt32(26 * (1 - depth))
                    let bladeColor = 0xff000000 | (g << 16) | (g << 8) | (g + 4)
                    c = bladeColor
                    let a = best - (inner - 0.5) // coverage of the blades over the aperture edge
                    if a < 1 { c = Px.lerp(ip[iy * iw + ix], bladeColor, TransitionFrame.weight(a)) }
                    let o = outer + 0.5 - best    // coverage at the outer edge
                    if o < 1 { c = Px.lerp(op[iy * ow + ix], c, TransitionFrame.weight(o)) }
                }
                row[x] = Px.over(c, row[x])
            }
        }
    }
}
