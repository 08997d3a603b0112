// Drop shadows: the alpha of what casts the shadow (a drawn bitmap, or a filled path),
// blurred by a Gaussian (GaussianBlur), tinted with the shadow's colour and composited
// source-over at an offset, under whatever is drawn next. The blurred plane is read with
// bilinear interpolation, so a fractional offset moves the shadow smoothly. For a large σ
// the plane is first reduced to 1/k resolution (k × k averages; k = 2 from σ = 6 px, 4 from
// σ = 16 px) and blurred with σ' = √(σ²/k² − 1/12): the averaging is itself a box k pixels
// wide, of variance 1/12 in reduced pixels per axis, so the total stays σ; at these σ the
// detail lost is far below what the blur removes anyway (σ' stays at least 3 pixels). The
// composite only visits the target pixels that read a blurred value above a quarter of a
// coverage step (per plane row, the first and last such column): every other pixel's
// coverage rounds to 0 and would leave the target as it is (lk_shadow_row.h).

import CRasterSIMD

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

    /// Whether the shadow can land on a target at all: a finite σ, and an offset within a
    /// million pixels (beyond that it misses every target a canvas can have).
    public var isDrawable: Bool {
        sigma.isFinite && sigma >= 0 && abs(offset.x) < 1e6 && abs(offset.y) < 1e6
    }

    /// How far the blur of standard deviation `sigma` spreads a shadow beyond its caster, in
    /// pixels: the blur's own reach (GaussianBlur.reach, at most `maximumSigma`) and two pixels
    /// for the bilinear read of the blurred plane and the caster's anti-aliased rim. The one
    /// measure of a shadow's reach: the rasterizer sizes what it blurs by it, and the display
    /// list builder the damage and the extents a shadow adds.
    public static func reach(sigma: Double) -> Double {
        Double(GaussianBlur.reach(sigma: min(max(sigma, 0), maximumSigma)) + 2)
    }

    /// How far beyond the caster the shadow can reach, in pixels (blur and offset).
    public var extent: Double { Self.reach(sigma: sigma) + max(abs(offset.x), abs(offset.y)) }
}

extension Canvas {
    /// From this σ (pixels) on, shadows are blurred at half resolution.
    public static let reducedShadowThreshold = 6.0

    /// Draws the shadow cast by `source` (premultiplied, its top left at (`x`, `y`) on this
    /// canvas), through the clip. With `occluded` the caller is about to draw `source`
    /// opaquely in the same place, so the shadow is not drawn under its opaque pixels.
    public func drawShadow(of source: Bitmap, x: Int, y: Int, shadow: DisplayShadow, occluded: Bool = false) {
        guard source.width > 0, source.height > 0 else { return }
        castShadow(alphaOf: source.pixels, width: source.width, height: source.height, x: x, y: y, shadow: shadow,
                   occluder: occluded ? source : nil)
    }

    /// Draws the shadow of `path` mapped by `transform`, filled with the non-zero rule.
    public func fillShadow(_ path: Path, transform: AffineTransform, shadow: DisplayShadow) {
        guard !path.isEmpty, path.isFinite, shadow.isDrawable else { return }
        var r = path.controlPointBounds.applying(transform)
        r = r.insetBy(dx: -1, dy: -1)
        // Only what can reach the target matters: the target moved back by the offset, grown by the blur.
        let blur = DisplayShadow.reach(sigma: shadow.sigma)
        r = r.intersection(Rect(-shadow.offset.x - blur, -shadow.offset.y - blur,
                                Double(target.width) + 2 * blur, Double(target.height) + 2 * blur))
        guard !r.isNull, !r.isEmpty, r.isFiniteRect else { return }
        let x0 = Int(saturating: r.minX.rounded(.down)), y0 = Int(saturating: r.minY.rounded(.down))
        let w = Int(saturating: r.maxX.rounded(.up)) - x0, h = Int(saturating: r.maxY.rounded(.up)) - y0
        guard w > 0, h > 0 else { return }
        let caster = Canvas(Bitmap(width: w, height: h))
        caster.tolerance = tolerance
        caster.fill(path, transform: transform.concatenating(.translation(Double(-x0), Double(-y0))), color: .white)
        drawShadow(of: caster.target, x: x0, y: y0, shadow: shadow)
    }

    /// The blurred, tinted alpha of the `width` × `height` pixels at `pixels`, composited
    /// with its top left at (x, y) + offset.
    func castShadow(alphaOf pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int, x: Int, y: Int,
                    shadow: DisplayShadow, occluder: Bitmap? = nil) {
        let argb = shadow.color.premultipliedARGB
        guard argb >> 24 != 0, shadow.isDrawable else { return }
        let full = min(shadow.sigma, DisplayShadow.maximumSigma)
        let k = full >= 2 * Self.reducedShadowThreshold + 4 ? 4 : (full >= Self.reducedShadowThreshold ? 2 : 1)
        let sigma = k == 1 ? full : (full * full / Double(k * k) - 1.0 / 12).squareRoot()
        let pad = GaussianBlur.reach(sigma: sigma) + 1
        let sw = (width + k - 1) / k, sh = (height + k - 1) / k
        let pw = sw + 2 * pad, ph = sh + 2 * pad
        let plane = UnsafeMutablePointer<Float>.allocate(capacity: pw * ph)
        let scratch = UnsafeMutablePointer<Float>.allocate(capacity: pw * ph + max(pw, ph))
        defer { plane.deallocate(); scratch.deallocate() }
        plane.update(repeating: 0, count: pw * ph)
        let unit: Float = 1 / (255 * Float(k * k))
        // Each row's alpha into its plane row, k pixels to a cell (lk_alpha_plane.h).
        let shift: Int32 = k == 1 ? 0 : (k == 2 ? 1 : 2)
        for yy in 0..<height {
            lk_alpha_plane_row(pixels + yy &* width, width, plane + ((yy / k &+ pad) &* pw &+ pad), shift, unit, 0)
        }
        GaussianBlur.blur(plane, width: pw, height: ph, sigma: sigma, scratch: scratch)
        // The plane's pixel (i, j) covers surface pixels from origin + k·(i, j).
        let ox = Double(x) + shadow.offset.x - Double(pad * k), oy = Double(y) + shadow.offset.y - Double(pad * k)
        // Per plane row, the columns whose values can give coverage (lk_plane_row_extent): the
        // composite skips the target pixels that read none of them (their coverage is 0).
        let extents = UnsafeMutablePointer<Int>.allocate(capacity: 2 * ph)
        defer { extents.deallocate() }
        for j in 0..<ph {
            lk_plane_row_extent(plane + j &* pw, pw, Self.shadowCoverageFloor, extents + (2 &* j), extents + (2 &* j &+ 1), 0)
        }
        composite(plane: plane, width: pw, height: ph, extents: extents, scale: k, originX: ox, originY: oy, color: argb,
                  occluder: occluder.map { ($0, x, y) })
    }

    /// Blurred values at or below this give coverage 0 wherever the composite reads them
    /// (lk_shadow_row.h: at most 0.25/255, a quarter of a coverage step below rounding to 1).
    static let shadowCoverageFloor: Float = 0.25 / 255

    /// Source-over of `color` × the plane's bilinear value at every target pixel the plane
    /// covers, through the clip, skipping pixels under an opaque pixel of `occluder` and the
    /// pixels that read no value above the floor (`extents`: per plane row the first and one
    /// past the last column above it, 0 and 0 for none). Each
    /// row first mixes its two plane rows into a line (with a zero on either side), then
    /// reads the line at the pixels' columns (`lk_shadow_coverage_row`, lk_shadow_row.h): the
    /// horizontal weights repeat with period `k`, so they are computed once per composite.
    private func composite(plane: UnsafeMutablePointer<Float>, width pw: Int, height ph: Int,
                           extents: UnsafePointer<Int>, scale k: Int,
                           originX ox: Double, originY oy: Double, color: UInt32,
                           occluder: (bitmap: Bitmap, x: Int, y: Int)?) {
        guard let mask = ClipMask(clip, width: target.width, height: target.height) else { return }
        let fk = Double(k)
        let x0 = max(mask.left, Int(saturating: ox.rounded(.down))), x1 = min(mask.right, Int(saturating: (ox + Double(pw) * fk).rounded(.up)))
        let y0 = max(mask.top, Int(saturating: oy.rounded(.down))), y1 = min(mask.bottom, Int(saturating: (oy + Double(ph) * fk).rounded(.up)))
        guard x0 < x1, y0 < y1 else { return }
        let tw = target.width, px = target.pixels
        let invK = 1 / fk
        // line[i + 1] is plane column i; line[0] and line[pw + 1] are the zeros around it.
        let line = UnsafeMutablePointer<Float>.allocate(capacity: pw + 2)
        let cov = UnsafeMutablePointer<UInt8>.allocate(capacity: x1 - x0)
        // Per column phase (tx − x0) mod k: the line index and weight of the pixel x0 + phase.
        let baseIndex = UnsafeMutablePointer<Int>.allocate(capacity: k), weight = UnsafeMutablePointer<Float>.allocate(capacity: k)
        defer { line.deallocate(); cov.deallocate(); baseIndex.deallocate(); weight.deallocate() }
        line[0] = 0; line[pw + 1] = 0
        for phase in 0..<k {
            let u = (Double(x0 + phase) + 0.5 - ox) * invK - 0.5
            let ui = Int(saturating: u.rounded(.down))
            baseIndex[phase] = ui + 1
            weight[phase] = Float(u - Double(ui))
        }
        var baseLow = baseIndex[0], baseHigh = baseIndex[0]
        for phase in 1..<k { baseLow = min(baseLow, baseIndex[phase]); baseHigh = max(baseHigh, baseIndex[phase]) }
        for ty in y0..<y1 {
            let v = (Double(ty) + 0.5 - oy) * invK - 0.5
            let vj = Int(saturating: v.rounded(.down)), fv = Float(v - Double(vj))
            let hasA = vj >= 0 && vj < ph, hasB = vj + 1 >= 0 && vj + 1 < ph
            if !hasA && !hasB { continue }
            // Plane columns above ..< aboveEnd of the two rows hold the values above the floor;
            // pixel x0 + d reads line indices L = baseIndex[d mod k] + d div k and L + 1, plane
            // columns L − 1 and L, so it can be covered only when above ≤ L ≤ aboveEnd.
            var above = Int.max, aboveEnd = Int.min
            if hasA, extents[2 &* vj] < extents[2 &* vj &+ 1] { above = extents[2 &* vj]; aboveEnd = extents[2 &* vj &+ 1] }
            if hasB, extents[2 &* vj &+ 2] < extents[2 &* vj &+ 3] {
                above = min(above, extents[2 &* vj &+ 2]); aboveEnd = max(aboveEnd, extents[2 &* vj &+ 3])
            }
            if above >= aboveEnd { continue }
            let sx0 = max(x0, x0 &+ k &* (above &- baseHigh)), sx1 = min(x1, x0 &+ k &* (aboveEnd &- baseLow &+ 1))
            if sx0 >= sx1 { continue }
            let ra = plane + max(0, min(ph - 1, vj)) &* pw, rb = plane + max(0, min(ph - 1, vj + 1)) &* pw
            let wa: Float = hasA ? 1 - fv : 0, wb: Float = hasB ? fv : 0
            for i in 0..<pw { line[i &+ 1] = ra[i] * wa + rb[i] * wb }
            var inLo = 0, inHi = 0
            if mask.active { (inLo, inHi) = mask.interior(row: ty) }
            // The occluder's opaque run on this row: from its first to its last opaque pixel,
            // when every pixel between them is opaque (else nothing is skipped).
            var skipLo = sx1, skipHi = sx1
            if let o = occluder, ty >= o.y, ty < o.y + o.bitmap.height {
                let row = o.bitmap.pixels + ((ty - o.y) &* o.bitmap.width)
                let n = o.bitmap.width
                var a = 0, b = n
                while a < n && row[a] >> 24 != 255 { a &+= 1 }
                while b > a && row[b &- 1] >> 24 != 255 { b &-= 1 }
                var all: UInt32 = 0xFF00_0000
                for j in a..<b { all &= row[j] }
                if b > a && all == 0xFF00_0000 { skipLo = o.x &+ a; skipHi = o.x &+ b }
            }
            // The spans left and right of the occluded run, each through the clip's rim.
            let dst = px + ty &* tw
            for part in 0..<2 {
                let lo = part == 0 ? sx0 : max(sx0, min(sx1, skipHi)), hi = part == 0 ? min(sx1, max(sx0, skipLo)) : sx1
                if lo >= hi { continue }
                // The span's coverage bytes, pixel tx at cov[tx − x0] (zero off the plane).
                lk_shadow_coverage_row(cov, lo &- x0, hi &- x0, line, pw &+ 2, Int32(k), baseIndex, weight, 0)
                if mask.active {
                    for tx in lo..<hi where (tx < inLo || tx >= inHi) && cov[tx &- x0] != 0 {
                        cov[tx &- x0] = UInt8(lkDiv255(UInt32(cov[tx &- x0]) * mask.coverage(x: tx, y: ty)))
                    }
                }
                // Source-over of colour × coverage, pixel by pixel (a zero coverage leaves the
                // pixel as it is): Raster's lkSourceOver(lkScale(color, c), d), vectorised.
                lk_span_masked(dst + lo, hi &- lo, cov + (lo &- x0), color)
            }
        }
    }
}
