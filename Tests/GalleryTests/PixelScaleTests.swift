// The window's pixel density reaches the layers a demo draws itself: the gauge's backing
// stores follow the scale frames are drawn at, in a demo window and in the gallery's tile.

import Testing
import LayerKit
import Player
@testable import Gallery

@Suite(.freshAnimationContext) @MainActor struct PixelScaleTests {
    @Test(arguments: [1.0, 2.0])
    func theGaugeDrawsAtTheWindowsPixelScale(_ scale: Double) throws {
        let r = try DemoRenderer.runner(demo: "gauge", size: Size(400, 300), scale: scale)
        defer { CAAnimationContext.current.clock.manualTime = nil }
        _ = try r.run(until: 0.5)
        let gauge = try #require((r.scene as? DemoScene)?.demo as? GaugeDemo)
        for layer in [gauge.dial, gauge.gauge] as [CALayer] {
            #expect(layer.contentsScale == scale)
            let store = try #require(layer.contents?.bitmap)
            #expect(Double(store.width) == (layer.bounds.width * scale).rounded(.up))
        }
    }

    @Test func aDemoOpenedFromTheGalleryLearnsTheScale() throws {
        let r = try DemoRenderer.runner(demo: "gallery", size: Size(400, 300), scale: 2)
        defer { CAAnimationContext.current.clock.manualTime = nil }
        _ = try r.run(until: 0.1)
        let scene = try #require(r.scene as? GalleryScene)
        let tile = try #require(scene.tiles.first { $0.demo is GaugeDemo }?.demo as? GaugeDemo)
        #expect(tile.dial.contentsScale == 2)
        scene.open(GaugeDemo.self, animated: false)
        let open = try #require(scene.openDemo as? GaugeDemo)
        #expect(open.dial.contentsScale == 2)
    }
}
