// Where an emitter's particles sit in its layer's drawing: as its content, above the
// background and below the sublayers and the border.
import Testing
@testable import LayerKit
import TestSupport

@Suite(.freshAnimationContext) struct EmitterDrawingOrderTests {
    // Core Animation composites a layer as background, contents, sublayers, then the border
    // on top; an emitter's particles are its content.
    @Test func particlesDrawBetweenBackgroundAndSublayersAndBorder() {
        let dot = PixelScene.image(8, 8, Array(repeating: 0xFFFF_0000, count: 64))   // red, scaled up
        let e = CAEmitterLayer()
        e.frame = Rect(0, 0, 60, 60)
        e.backgroundColor = .white
        e.borderColor = .black
        e.borderWidth = 4
        e.emitterPosition = Point(30, 30)
        let c = CAEmitterCell()
        c.contents = dot
        c.birthRate = 10; c.lifetime = 10; c.scale = 10                 // still squares, 80 × 80
        e.emitterCells = [c]
        let cover = CALayer()
        cover.frame = Rect(30, 30, 30, 30)
        cover.backgroundColor = .blue
        e.addSublayer(cover)
        let root = PixelScene.root(60, 60, [e])
        let b = Bitmap(width: 60, height: 60)
        LayerRenderer(background: .white).draw(root.presentation(at: 0.5), into: Canvas(b))
        #expect(PixelScene.rgb(b[15, 15]) == (255, 0, 0))      // particle over the background
        #expect(PixelScene.rgb(b[45, 45]) == (0, 0, 255))      // the sublayer over the particle
        #expect(PixelScene.rgb(b[1, 30]) == (0, 0, 0))         // the border over both
        #expect(PixelScene.rgb(b[58, 45]) == (0, 0, 0))
    }

    // Each item of a layer has a key of its own (damage tracking pairs items by key): an
    // emitter that also has a contents image keeps the image and the particles apart.
    @Test func emitterWithContentsGivesEachItemItsOwnKey() {
        let e = CAEmitterLayer()
        e.frame = Rect(0, 0, 60, 60)
        e.contents = PixelScene.image(2, 2, Array(repeating: 0xFF00_FF00, count: 4))
        let c = CAEmitterCell()
        c.contents = PixelScene.image(8, 8, Array(repeating: 0xFFFF_0000, count: 64))
        c.birthRate = 10; c.lifetime = 10
        e.emitterCells = [c]
        let root = PixelScene.root(60, 60, [e])
        let list = DisplayListBuilder().build(root.presentation(at: 0.5), width: 60, height: 60)
        let keys = list.items.map(\.key)
        #expect(keys.count == 2 && Set(keys).count == keys.count)
    }
}
