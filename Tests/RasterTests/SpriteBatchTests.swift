// Sprites and tints: a sprite's pixels are its image's times its colour (premultiplied, channel
// by channel), its edge fades over the half texel around the image, additive sprites add with
// saturation, a rounded clip goes through the coverage rasterizer, and a tinted group's pixels
// are multiplied like a sprite's.
import Testing
@testable import Raster

@Suite struct SpriteBatchTests {
    func rgba(_ b: Bitmap, _ x: Int, _ y: Int) -> (Int, Int, Int, Int) {
        let p = b[x, y]
        return (Int(p >> 16 & 0xff), Int(p >> 8 & 0xff), Int(p & 0xff), Int(p >> 24))
    }

    /// A 4 × 4 opaque white image.
    func white() -> Bitmap { let b = Bitmap(width: 4, height: 4); b.clear(.white); return b }

    @Test func tintMultipliesEveryChannel() {
        let target = Bitmap(width: 20, height: 20)
        Canvas(target).draw(SpriteBatch(images: [white()], sprites: [
            Sprite(image: 0, transform: .translation(10, 10), color: Color(0.5, 1, 0, 1)),
            Sprite(image: 0, transform: .translation(2, 2), color: Color(1, 1, 1, 0.5)),
        ], additive: false))
        // Inside: the texels exactly, times the colour (0.5 → 128).
        #expect(rgba(target, 11, 11) == (128, 255, 0, 255))
        #expect(rgba(target, 13, 13) == (128, 255, 0, 255))
        // Half transparent white: premultiplied (128, 128, 128, 128).
        #expect(rgba(target, 3, 3) == (128, 128, 128, 128))
        // Whole-pixel placement: exactly the image's pixels, nothing around them.
        #expect(rgba(target, 9, 11) == (0, 0, 0, 0) && rgba(target, 14, 11) == (0, 0, 0, 0))
    }

    /// Half a pixel off the grid, the edge pixels take half of the edge texels.
    @Test func edgesFadeOverHalfATexel() {
        let target = Bitmap(width: 20, height: 20)
        Canvas(target).draw(SpriteBatch(images: [white()], sprites: [
            Sprite(image: 0, transform: .translation(10.5, 10), color: Color(0.5, 1, 0, 1))], additive: false))
        #expect(rgba(target, 10, 11) == (64, 128, 0, 128))
        #expect(rgba(target, 12, 11) == (128, 255, 0, 255))
        #expect(rgba(target, 14, 11) == (64, 128, 0, 128))
        #expect(rgba(target, 9, 11) == (0, 0, 0, 0) && rgba(target, 15, 11) == (0, 0, 0, 0))
    }

    @Test func additiveSpritesSaturate() {
        let target = Bitmap(width: 20, height: 20)
        target.clear(Color(0.4, 0.4, 0.4, 1))
        Canvas(target).draw(SpriteBatch(images: [white()], sprites: [
            Sprite(image: 0, transform: .translation(5, 5), color: Color(1, 0.5, 0, 1)),
        ], additive: true))
        #expect(rgba(target, 6, 6) == (255, 230, 102, 255))
        #expect(rgba(target, 1, 1) == (102, 102, 102, 255))
    }

    @Test func roundedClipGoesThroughCoverage() {
        let target = Bitmap(width: 20, height: 20)
        let c = Canvas(target)
        c.clip = .roundedRect(Rect(0, 0, 20, 20), cornerRadius: 6)
        c.draw(SpriteBatch(images: [white()], sprites: [
            Sprite(image: 0, transform: .scale(5, 5), color: .white)], additive: false))
        #expect(rgba(target, 10, 10) == (255, 255, 255, 255))
        #expect(rgba(target, 0, 0).3 == 0)   // the clip's corner is cut away
    }

    @Test func tintGroupMultipliesPremultipliedPixels() {
        let b = Bitmap(width: 2, height: 1)
        b[0, 0] = Color(1, 1, 1, 1).premultipliedARGB
        b[1, 0] = Color(1, 0.5, 0, 0.5).premultipliedARGB
        b.multiply(by: Color(0.5, 1, 1, 0.5))
        #expect(rgba(b, 0, 0) == (64, 128, 128, 128))
        #expect(rgba(b, 1, 0) == (32, 32, 0, 64))
    }
}
