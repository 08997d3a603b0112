// Color Hits Green and Misses Red (RasterizationHitsOverlay, F9, --color-hits-misses) and the
// rasterized layers under Color Offscreen-Rendered, over frames of LayerKit's renderer: "Color
// Hits Green and Misses Red" (Instruments' Core Animation options) tints layers with
// shouldRasterize green when their cached bitmap is reused, red when it is drawn again.
import Foundation
import Testing
import LayerKit
import Raster
import TestSupport
@testable import Player

@Suite(.freshAnimationContext) struct RasterizationHitsOverlayTests {
    @Test func f9TogglesTheAid() throws {
        var aids = DebugAids()
        let toggled = aids.toggle(key: "F9")
        let t = try #require(toggled)
        #expect(t.title == "Color Hits Green and Misses Red" && t.on && aids.colorHitsMisses && aids.drawsOverlay)
        #expect(DebugAids.toggles.contains { $0.flag == "--color-hits-misses" && $0.key == "F9" })
    }

    /// The first frame draws the rasterized bitmap (a miss: red), the next reuses it (a hit:
    /// green) — also when the layer only moves by whole points — and a change of its subtree
    /// draws it again (red).
    @Test func firstFrameMissesThenHitsUntilTheSubtreeChanges() {
        let root = CALayer()
        root.bounds = Rect(0, 0, 100, 80)
        root.anchorPoint = .zero
        let card = CALayer()
        card.frame = Rect(10, 10, 40, 30)
        card.backgroundColor = Color(0.2, 0.2, 0.8)
        card.shouldRasterize = true
        let dot = CALayer()
        dot.frame = Rect(5, 5, 10, 10)
        dot.backgroundColor = Color(1, 1, 1)
        card.addSublayer(dot)
        root.addSublayer(card)
        let renderer = LayerRenderer(background: .white)
        let overlay = DebugOverlayRenderer()
        var aids = DebugAids()
        aids.colorHitsMisses = true
        func frame() -> Bitmap {
            let clean = Bitmap(width: 100, height: 80)
            _ = renderer.renderFrame(root, into: Canvas(clean))
            let shown = clean.copy()
            overlay.draw(aids, list: renderer.lastDisplayList!, damage: nil, presentationRoot: nil, pointer: nil, scale: 1,
                         animations: 0, rasterized: renderer.builder.rasterizedItemKeys, into: shown)
            return shown
        }
        func tint(_ b: Bitmap, _ x: Int, _ y: Int) -> (Int, Int, Int) {
            let p = b[x, y]; return (Int(p >> 16 & 0xff), Int(p >> 8 & 0xff), Int(p & 0xff))
        }
        var b = frame()
        #expect(overlay.lastRasterizationMisses == 1 && overlay.lastRasterizationHits == 0)
        #expect(tint(b, 30, 35).0 > tint(b, 30, 35).1)   // red over the card
        #expect(tint(b, 80, 70) == (255, 255, 255))      // nothing over the rest
        b = frame()
        #expect(overlay.lastRasterizationHits == 1 && overlay.lastRasterizationMisses == 0)
        #expect(tint(b, 30, 35).1 > tint(b, 30, 35).0)   // green
        card.position = Point(card.position.x + 20, card.position.y)
        b = frame()
        #expect(overlay.lastRasterizationHits == 1)
        #expect(tint(b, 50, 35).1 > tint(b, 50, 35).0)
        dot.backgroundColor = Color(0, 0, 0)
        b = frame()
        #expect(overlay.lastRasterizationMisses == 1)
        #expect(tint(b, 50, 35).0 > tint(b, 50, 35).1)
        // Color Offscreen-Rendered counts the rasterized layer as an offscreen pass.
        #expect(OffscreenRenderedOverlay.passCount(in: renderer.lastDisplayList!, rasterized: renderer.builder.rasterizedItemKeys) == 1)
        #expect(OffscreenRenderedOverlay.passCount(in: renderer.lastDisplayList!) == 0)
    }
}
