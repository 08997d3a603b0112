// Drop shadows: the alpha of what casts the shadow (a drawn bitmap, or a filled path),
// blurred by a Gaussian (GaussianBlur), tinted with the shadow's colour and composited
// source-over at an offset, under whatever is drawn next. The blurred plane is read with
// bilinear interpolation, so a fractional offset moves the shadow smoothly. For a large σ
// the plane is first reduced to half resolution (2 × 2 averages) and blurred with
// σ' = √(σ²/4 − 1/12): the averaging is itself a box two pixels wide, of variance 1/12 in
// reduced pixels per axis, so the total stays σ; at σ ≥ `reducedShadowThreshold` the detail
// lost is far below what the blur removes anyway.

/// A shadow as the rasterizer draws it: colour (its alpha already times the shadow's
/// opacity), the Gaussian's standard deviation and the offset, both in surface pixels.
public struct DisplayShadow: Hashable, Sendable {
    public var color: Color
    public var sigma: Double
    public var offset: Point
    public init(color: Color, sigma: Double, offset: Point) { self.color = color; self.sigma = sigma; self.offset = offset }

    /// The largest σ drawn (pixels); a larger one is drawn with this (the shadow is then a
    /// faint haze wider than any surface this size bounds).
    public static let maximumSigma = 256.0

    /// How far beyond the caster the shadow can reach, in pixels (blur and offset).
    public var extent: Double {
        Double(GaussianBlur.reach(sigma: min(sigma, Self.maximumSigma)) + 2) + max(abs(offset.x), abs(offset.y))
    }
}

extension Canvas {
    /// From this σ (pixels) on, shadows are blurred at half resolution.
    public static let reducedShadowThreshold = 6.0

    /// Draws the shadow cast by `source` (premultiplied, its top left at (`x`, `y`) on this
    /// canvas), through the clip.
    public func drawShadow(of source: Bitmap, x: Int, y: Int, shadow: DisplayShadow) {
        guard source.width > 0, source.height > 0 else { return }
        castShadow(alphaOf: source.pixels, width: source.width, height: source.height, x: x, y: y, shadow: shadow)
    }

    /// Draws the shadow of `path` mapped by `transform`, filled with the non-zero rule.
    public func fillShadow(_ path: Path, transform: AffineTransform, shadow: DisplayShadow) {
        guard !path.isEmpty, path.isFinite else { return }
        var r = path.controlPointBounds.applying(transform)
        r = r.insetBy(dx: -1, dy: -1)
        // Only what can reach the target matters: the target moved back by the offset, grown by the blur.
        let blur = Double(GaussianBlur.reach(sigma: min(shadow.sigma, DisplayShadow.maximumSigma)) + 2)
        r = r.intersection(Rect(-shadow.offset.x - blur, -shadow.offset.y - blur,
                                Double(target.width) + 2 * blur, Double(target.height) + 2 * blur))
        guard !r.isNull, !r.isEmpty, r.isFiniteRect else { return }
        let x0 = Int(r.minX.rounded(.down)), y0 = Int(r.minY.rounded(.down))
        let w = Int(r.maxX.rounded(.up)) - x0, h = Int(r.maxY.rounded(.up)) - y0
        guard w > 0, h > 0 else { return }
        let caster = Canvas(Bitmap(width: w, height: h))
        caster.tolerance = tolerance
        caster.fill(path, transform: transform.concatenating(.translation(Double(-x0), Double(-y0))), color: .white)
        drawShadow(of: caster.target, x: x0, y: y0, shadow: shadow)
    }

    /// The blurred, tinted alpha of the `width` × `height` pixels at `pixels`, composited
    /// with its top left at (x, y) + offset.
    func castShadow(alphaOf pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int, x: Int, y: Int,
                    shadow: DisplayShadow) {
        let argb = shadow.color.premultipliedARGB
        guard argb >> 24 != 0, shadow.sigma.isFinite, shadow.offset.x.isFinite, shadow.offset.y.isFinite else { return }
        let full = min(shadow.sigma, DisplayShadow.maximumSigma)
        let reduced = full >= Self.reducedShadowThreshold
        let k = reduced ? 2 : 1
        let sigma = reduced ? (full * full / 4 - 1.0 / 12).squareRoot() : full
        let pad = GaussianBlur.reach(sigma: sigma) + 1
        let sw = (width + k - 1) / k, sh = (height + k - 1) / k
        let pw = sw + 2 * pad, ph = sh + 2 * pad
        let plane = UnsafeMutablePointer<Float>.allocate(capacity: pw * ph)
        let scratch = UnsafeMutablePointer<Float>.allocate(capacity: pw * ph + max(pw, ph))
        defer { plane.deallocate(); scratch.deallocate() }
        plane.update(repeating: 0, count: pw * ph)
        let unit: Float = 1 / (255 * Float(k * k))
        for yy in 0..<height {
            let src = pixels + yy &* width
            let dst = plane + ((yy / k &+ pad) &* pw &+ pad)
            if k == 1 {
                for xx in 0..<width { dst[xx] = Float(src[xx] >> 24) * unit }
            } else {
                for xx in 0..<width { dst[xx >> 1] += Float(src[xx] >> 24) * unit }
            }
        }
        GaussianBlur.blur(plane, width: pw, height: ph, sigma: sigma, scratch: scratch)
        // The plane's pixel (i, j) covers surface pixels from origin + k·(i, j).
        let ox = Double(x) + shadow.offset.x - Double(pad * k), oy = Double(y) + shadow.offset.y - Double(pad * k)
        composite(plane: plane, width: pw, height: ph, scale: k, originX: ox, originY: oy, color: argb)
    }

    /// Source-over of `color` × the plane's bilinear value at every target pixel the plane
    /// covers, through the clip.
    private func composite(plane: UnsafeMutablePointer<Float>, width pw: Int, height ph: Int, scale k: Int,
                           originX ox: Double, originY oy: Double, color: UInt32) {
        guard let mask = ClipMask(clip, width: target.width, height: target.height) else { return }
        let fk = Double(k)
        let x0 = max(mask.left, Int(ox.rounded(.down))), x1 = min(mask.right, Int((ox + Double(pw) * fk).rounded(.up)))
        let y0 = max(mask.top, Int(oy.rounded(.down))), y1 = min(mask.bottom, Int((oy + Double(ph) * fk).rounded(.up)))
        guard x0 < x1, y0 < y1 else { return }
        let tw = target.width, px = target.pixels
        let invK = 1 / fk
        for ty in y0..<y1 {
            // Plane coordinates of the pixel centre (plane samples sit at their centres).
            let v = (Double(ty) + 0.5 - oy) * invK - 0.5
            let vj = Int(v.rounded(.down)), fv = Float(v - Double(vj))
            let rowA = vj >= 0 && vj < ph ? plane + vj &* pw : nil
            let rowB = vj + 1 >= 0 && vj + 1 < ph ? plane + (vj &+ 1) &* pw : nil
            if rowA == nil && rowB == nil { continue }
            var inLo = 0, inHi = 0
            if mask.active { (inLo, inHi) = mask.interior(row: ty) }
            let dst = px + ty &* tw
            for tx in x0..<x1 {
                let u = (Double(tx) + 0.5 - ox) * invK - 0.5
                let ui = Int(u.rounded(.down)), fu = Float(u - Double(ui))
                @inline(__always) func at(_ row: UnsafeMutablePointer<Float>?, _ i: Int) -> Float {
                    guard let row, i >= 0, i < pw else { return 0 }
                    return row[i]
                }
                let top = at(rowA, ui) * (1 - fu) + at(rowA, ui + 1) * fu
                let bottom = at(rowB, ui) * (1 - fu) + at(rowB, ui + 1) * fu
                let a = top * (1 - fv) + bottom * fv
                var c = UInt32(min(255, max(0, a * 255 + 0.5)))
                if mask.active && (tx < inLo || tx >= inHi) { c = lkDiv255(c * mask.coverage(x: tx, y: ty)) }
                if c == 0 { continue }
                dst[tx] = lkSourceOver(lkScale(color, c), dst[tx])
            }
        }
    }
}
