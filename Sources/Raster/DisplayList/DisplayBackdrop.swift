// What lies behind a layer, filtered inside its shape: the display item of Core Animation's
// `backgroundFilters` ("An array of Core Image filters to apply to the content immediately
// behind the layer", CALayer). At its place in the list the surface's pixels around the
// shape (its bounds grown by the filters' reach, clamped at the surface's edges) are copied
// and filtered (FilterChain, edge `.clamp`), and the pixels under the shape are replaced by
// the filtered ones in proportion to the shape's coverage × `opacity`
// (dst + (filtered − dst) · coverage · opacity, premultiplied), so a transparent backdrop
// leaves no sharp copy of itself under a blurred one.
//
// The item reads pixels its bounds do not hold (its reach), so a change anywhere within the
// reach changes it: the damage tracker grows any damage that meets a backdrop's reach to the
// whole of it (DamageTracker+Backdrop.swift), and a group holding one is drawn whole.

/// A backdrop filter item: the shape (mapped by `transform` onto the surface), the filters,
/// the opacity the filtered pixels are mixed in with.
public struct DisplayBackdrop: Equatable, @unchecked Sendable {
    public var path: Path
    public var transform: AffineTransform
    public var filters: [PixelFilter]
    public var opacity: Double

    public init(path: Path, transform: AffineTransform, filters: [PixelFilter], opacity: Double) {
        self.path = path; self.transform = transform; self.filters = filters; self.opacity = opacity
    }

    /// How far (pixels) beyond the shape the filters read.
    public var reach: Int { filters.reach }
}

extension Canvas {
    /// Filters what the canvas holds under `backdrop`'s shape (see the file header), through
    /// the canvas's clip, the shape's edges aliased as `aliasing` says.
    public func drawBackdrop(_ backdrop: DisplayBackdrop, aliasing: EdgeAliasing? = nil) {
        let t = target
        var shape = backdrop.path.controlPointBounds.applying(backdrop.transform).intersection(t.bounds)
        if let c = clip { shape = shape.intersection(c.boundingRect) }
        guard backdrop.opacity > 0, !shape.isNull, !shape.isEmpty, shape.isFiniteRect else { return }
        let out = PixelBox(covering: shape, dx: 0, dy: 0).intersect(PixelBox(x0: 0, y0: 0, x1: t.width, y1: t.height))
        guard !out.isEmpty else { return }
        let reach = backdrop.reach
        let inBox = PixelBox(x0: out.x0 - reach, y0: out.y0 - reach, x1: out.x1 + reach, y1: out.y1 + reach)
            .intersect(PixelBox(x0: 0, y0: 0, x1: t.width, y1: t.height))
        let filtered = t.copy(x: inBox.x0, y: inBox.y0, width: inBox.x1 - inBox.x0, height: inBox.y1 - inBox.y0)
        FilterChain.apply(backdrop.filters, to: filtered, edge: .clamp)
        // The shape's coverage through the clip, in the box only.
        let mask = Canvas(Bitmap(width: t.width, height: t.height, clearing: out, pool: rasterScratch.surfaces), drawingAfter: self)
        mask.clip = ClipShape.rect(out.rect).intersected(with: clip)
        mask.fill(backdrop.path, transform: backdrop.transform, color: .white, aliasing: aliasing)
        let k = UInt32(max(0, min(1, backdrop.opacity)) * 256 + 0.5)
        let m = mask.target.pixels, dst = t.pixels, src = filtered.pixels
        let fw = filtered.width
        for y in out.y0..<out.y1 {
            let row = y &* t.width, frow = (y &- inBox.y0) &* fw &- inBox.x0
            for x in out.x0..<out.x1 {
                let cov = ((m[row &+ x] >> 24) &* k &+ 128) >> 8   // 0…255
                if cov == 0 { continue }
                let d = dst[row &+ x], s = src[frow &+ x]
                if cov >= 255 { dst[row &+ x] = s; continue }
                var o: UInt32 = 0
                var shift: UInt32 = 0
                while shift < 32 {
                    let dc = Int32((d >> shift) & 0xFF), sc = Int32((s >> shift) & 0xFF)
                    let v = dc + ((sc - dc) * Int32(cov) + (sc >= dc ? 127 : -127)) / 255
                    o |= UInt32(v) << shift
                    shift &+= 8
                }
                dst[row &+ x] = o
            }
        }
    }
}
