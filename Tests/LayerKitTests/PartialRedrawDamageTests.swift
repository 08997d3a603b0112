// setNeedsDisplay(_:) redraws and damages only the marked part of a layer.
import Testing
@testable import LayerKit
import TestSupport

@Suite(.serialized, .freshAnimationContext) struct PartialRedrawDamageTests {
    // CALayer.setNeedsDisplay(_:): "Marks the region within the specified rectangle as needing
    // to be updated." Only that region is redrawn into the kept backing store, and so only it
    // (grown by a pixel for filtering) is damaged on screen, and the frames drawn through the
    // damage equal full redraws.
    @Test func setNeedsDisplayInRectDamagesOnlyTheRect() throws {
        let root = CALayer()
        root.bounds = Rect(0, 0, 64, 64); root.position = Point(32, 32)
        let plain = CustomDrawingTests().layer(20, 20)
        plain.position = Point(20, 44)                  // its bounds at (10, 34) on screen
        let d = CustomDrawingTests.Recorder()
        plain.delegate = d
        CATransaction.begin(); CATransaction.setDisableActions(true)
        root.addSublayer(plain)
        plain.setNeedsDisplay()
        CATransaction.commit()
        CATransaction.flush()
        let renderer = LayerRenderer(background: .white)
        let incremental = Bitmap(width: 64, height: 64)
        for i in 0..<4 {
            if i == 2 { d.color = .blue; plain.setNeedsDisplay(Rect(5, 5, 8, 8)) }
            let tree = root.presentation(at: Double(i) * 0.1)
            let stats = renderer.renderFrame(tree, into: Canvas(incremental))
            let full = Bitmap(width: 64, height: 64)
            LayerRenderer(background: .white).draw(tree, into: Canvas(full))
            #expect(try #require(incremental.difference(from: full)).maxAbsolute == 0, "frame \(i)")
            if i == 1 || i == 3 { #expect(stats.damage == nil, "frame \(i): nothing changed") }
            if i == 2 {
                // (5, 5, 8, 8) of the layer is (15, 39, 8, 8) on screen; grown by a pixel of
                // the store and one of the screen (both one point here).
                #expect(stats.damage == Rect(13, 37, 12, 12), "\(String(describing: stats.damage))")
            }
        }
        #expect(incremental[18, 42] == Color.blue.premultipliedARGB)
        #expect(incremental[25, 50] == Color.red.premultipliedARGB)
    }
}
