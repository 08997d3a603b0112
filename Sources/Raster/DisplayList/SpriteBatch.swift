// A batch of sprites: small images each drawn through its own affine map and multiplied by its
// own colour, in order, composited source-over or added. One display item draws a whole
// particle system, so hundreds of particles cost one item, not hundreds. Each sprite row is one
// call of the span kernel lk_sprite_span (CRasterSIMD): bilinear samples stepped in 16.16 fixed
// point, the tint a premultiplied multiply, SSE2 where the canvas's kernels are `.vector`.

import CRasterSIMD

/// One sprite of a `SpriteBatch`.
public struct Sprite: Equatable, Sendable {
    /// Index of the image in the batch's `images`.
    public var image: Int
    /// The image's pixel rectangle (0…w × 0…h) to the surface's pixels.
    public var transform: AffineTransform
    /// Multiplies the image's pixels (straight components; white leaves them).
    public var color: Color
    public init(image: Int, transform: AffineTransform, color: Color) {
        self.image = image; self.transform = transform; self.color = color
    }
}

/// Sprites drawn in order, sharing a few images.
public struct SpriteBatch: Equatable {
    public var images: [Bitmap]
    public var sprites: [Sprite]
    /// Added to the pixels below (saturating) instead of composited over them.
    public var additive: Bool

    public init(images: [Bitmap], sprites: [Sprite], additive: Bool) {
        self.images = images; self.sprites = sprites; self.additive = additive
    }

    /// Images compare by identity (a bitmap in a list is never changed), sprites by value.
    public static func == (l: SpriteBatch, r: SpriteBatch) -> Bool {
        l.additive == r.additive && l.images.count == r.images.count
            && zip(l.images, r.images).allSatisfy { $0 === $1 } && l.sprites == r.sprites
    }
}

extension Canvas {
    /// Draws every sprite of `batch` in order.
    public func draw(_ batch: SpriteBatch) {
        let images = batch.images
        for s in batch.sprites where s.image >= 0 && s.image < images.count {
            drawSprite(images[s.image], transform: s.transform, tint: s.color, additive: batch.additive)
        }
    }

    /// One sprite: within a rectangular clip (or none), scanned row by row over the pixels
    /// whose centres map into the image grown by half a texel, the bilinear sample reading
    /// transparent texels beyond the image (the outline's anti-aliasing, without a coverage
    /// pass: placed on whole pixels a sprite is exactly its image); under a rounded clip,
    /// through the coverage rasterizer like any image.
    public func drawSprite(_ image: Bitmap, transform m: AffineTransform, tint: Color, additive: Bool) {
        guard image.width > 0, image.height > 0, tint.a > 0, tint.a.isFinite else { return }
        var region = target.bounds
        switch clip {
        case .roundedRect?: draw(image, transform: m, tint: tint, additive: additive); return
        case .rect(let r)?: region = region.intersection(r)
        case nil: break
        }
        guard let t = m.inverted, t.a.isFinite, t.b.isFinite, t.c.isFinite, t.d.isFinite, t.tx.isFinite, t.ty.isFinite,
              !region.isNull, !region.isEmpty else { return }
        let w = Double(image.width), h = Double(image.height)
        let c00 = m.apply(Point(0, 0)), c10 = m.apply(Point(w, 0)), c01 = m.apply(Point(0, h)), c11 = m.apply(Point(w, h))
        let minX = min(c00.x, c10.x, c01.x, c11.x), maxX = max(c00.x, c10.x, c01.x, c11.x)
        let minY = min(c00.y, c10.y, c01.y, c11.y), maxY = max(c00.y, c10.y, c01.y, c11.y)
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return }
        // Whole pixels of the region the grown quad can touch (one pixel of margin).
        let x0 = Int(saturating: max(region.minX.rounded(.up), (minX - 1).rounded(.down)))
        let x1 = Int(saturating: min(region.maxX.rounded(.down), (maxX + 1).rounded(.up)))
        let y0 = Int(saturating: max(region.minY.rounded(.up), (minY - 1).rounded(.down)))
        let y1 = Int(saturating: min(region.maxY.rounded(.down), (maxY + 1).rounded(.up)))
        guard x1 > x0, y1 > y0 else { return }
        let tint = tint.premultipliedARGB
        guard tint >> 24 > 0 else { return }
        let source = lk_sprite_image(pixels: UnsafePointer(image.pixels), width: Int64(image.width), height: Int64(image.height))
        // Far outside the image every sample is transparent; clamp before converting to 16.16.
        @inline(__always) func fixed(_ c: Double) -> Int64 { Int64(Swift.max(-1e6, Swift.min(1e6, c)) * 65536) }
        let du = fixed(t.a), dv = fixed(t.b)
        let px = target.pixels, stride = target.width, additive: Int32 = additive ? 1 : 0
        let portable: Int32 = kernels == .portable ? 1 : 0
        for y in y0..<y1 {
            let py = Double(y) + 0.5
            // Pixel centres x + 0.5 with −½ < u < w + ½ and −½ < v < h + ½.
            var lo = Double(x0), hi = Double(x1)
            narrow(&lo, &hi, slope: t.a, base: t.c * py + t.tx, limit: w)
            narrow(&lo, &hi, slope: t.b, base: t.d * py + t.ty, limit: h)
            guard hi > lo else { continue }
            let xs = Int(lo), xe = Int(hi), cx = Double(xs) + 0.5
            lk_sprite_span(px + y &* stride + xs, xe - xs, source,
                           fixed(t.a * cx + t.c * py + t.tx - 0.5), fixed(t.b * cx + t.d * py + t.ty - 0.5),
                           du, dv, tint, additive, portable)
        }
    }

    /// Narrows [lo, hi) to the pixels x whose centre maps to base + slope·(x + ½) inside
    /// (−½, limit + ½).
    @inline(__always)
    private func narrow(_ lo: inout Double, _ hi: inout Double, slope k: Double, base: Double, limit: Double) {
        if abs(k) < 1e-12 {
            if !(base > -0.5 && base < limit + 0.5) { hi = lo }
            return
        }
        let e0 = (-0.5 - base) / k - 0.5, e1 = (limit + 0.5 - base) / k - 0.5
        lo = max(lo, min(e0, e1).rounded(.down)); hi = min(hi, max(e0, e1).rounded(.up) + 1)
    }
}
