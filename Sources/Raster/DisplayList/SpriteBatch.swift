// A batch of sprites: small images each drawn through its own affine map and multiplied by its
// own colour, in order, composited source-over or added. One display item draws a whole
// particle system, so hundreds of particles cost one item, not hundreds.

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
            draw(images[s.image], transform: s.transform, tint: s.color, additive: batch.additive)
        }
    }
}
