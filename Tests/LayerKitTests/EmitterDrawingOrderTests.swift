// Where an emitter's particles sit in its layer's drawing: as its content, above the
// background and below the sublayers and the border.
import Testing
@testable import LayerKit
import TestSupport

@Suite(.freshAnimationContext) struct EmitterDrawingOrderTests {
    // Core Animation composites a layer as background, contents, sublayers, then the border
    // on top; an emitter's particles are its content.
    @Test func particlesDrawBetweenBackgroundAndSublayersAndBorder() {
        let dot = LayerGaps.image(8, 8, Array(repeating: 0xFFFF_0000, count: 64))   // red, scaled up
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
        let root = LayerGaps.root(60, 60, [e])
        let b = Bitmap(width: 60, height: 60)
        LayerRenderer(background: .white).draw(root.presentation(at: 0.5), into: Canvas(b))
        #expect(LayerGaps.rgb(b[15, 15]) == (255, 0, 0))      // particle over the background
        #expect(LayerGaps.rgb(b[45, 45]) == (0, 0, 255))      // the sublayer over the particle
        #expect(LayerGaps.rgb(b[1, 30]) == (0, 0, 0))         // the border over both
        #expect(LayerGaps.rgb(b[58, 45]) == (0, 0, 0))
    }
}
