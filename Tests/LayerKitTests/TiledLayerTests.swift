// CATiledLayer (CATiledLayer.swift, CATiledLayer+Display.swift) on a manual clock: tiles drawn
// on demand through draw(in:) with the tile's CTM and clip, only the visible ones, at the
// level of detail the screen needs, faded in over fadeDuration, dropped by setNeedsDisplay;
// the background queue delivers the same tiles. Each test quotes the rule it checks.
import Foundation
import Testing
@testable import LayerKit
import Raster

@Suite(.freshAnimationContext) struct TiledLayerTests {
    /// Records each draw(in:): the context's clip bounds and CTM scale; fills the layer with a
    /// colour per point column band, so the pixels show which tile drew what.
    class RecordingTiledLayer: CATiledLayer {
        let lock = NSLock()
        nonisolated(unsafe) var draws: [(clip: Rect, scale: Double)] = []
        override func draw(in ctx: CGContext) {
            lock.lock(); draws.append((ctx.boundingBoxOfClipPath, ctx.ctm.a)); lock.unlock()
            ctx.setFillColor(Color(0, 0.5, 1))
            ctx.fill(bounds)
        }
    }

    /// Tiles that show whole at once (a subclass's fadeDuration of 0).
    final class UnfadedTiledLayer: RecordingTiledLayer {
        override class func fadeDuration() -> Double { 0 }
    }

    func layer(_ drawing: CATiledLayer.TileDrawing = .manual, fades: Bool = false) -> RecordingTiledLayer {
        let l = fades ? RecordingTiledLayer() : UnfadedTiledLayer()
        l.tileDrawing = drawing
        l.frame = Rect(0, 0, 1000, 1000)
        l.tileSize = Size(100, 100)
        return l
    }

    func build(_ root: CALayer, _ builder: DisplayListBuilder, w: Int = 250, h: Int = 150) -> DisplayList {
        builder.build(root, width: w, height: h)
    }

    func tileImages(_ list: DisplayList) -> [(Bitmap, Double)] {
        list.items.compactMap { if case .image(let b, _, let o) = $0.operation { return (b, o) }; return nil }
    }

    /// "As more data is required by the renderer, the layer's draw(in:) method is called … to
    /// supply the drawing operations to fill in one tile of data. The clip bounds and current
    /// transformation matrix (CTM) of the drawing context can be used to determine the bounds
    /// and resolution of the tile being requested." Only the visible tiles are asked for; a
    /// tile not drawn yet is left out of the frame.
    @Test func drawsTheVisibleTilesOnDemandThroughDrawInContext() {
        let l = layer()
        let root = PixelScene.root(250, 150, [l])
        let builder = DisplayListBuilder(scale: 1)
        #expect(tileImages(build(root, builder)).isEmpty)
        #expect(l.drawPendingTiles() == 6)   // 3 columns × 2 rows of 100-point tiles cover 250 × 150
        let clips = Set(l.draws.map { "\($0.clip.minX),\($0.clip.minY),\($0.clip.width),\($0.clip.height)" })
        #expect(clips == ["0.0,0.0,100.0,100.0", "100.0,0.0,100.0,100.0", "200.0,0.0,100.0,100.0",
                          "0.0,100.0,100.0,100.0", "100.0,100.0,100.0,100.0", "200.0,100.0,100.0,100.0"])
        #expect(l.draws.allSatisfy { $0.scale == 1 })
        #expect(tileImages(build(root, builder)).count == 6)
        #expect(l.drawPendingTiles() == 0)   // nothing asked twice
    }

    /// "fadeDuration(): The time, in seconds, that newly added images take to 'fade-in' to the
    /// rendered representation of the tiled layer. The default implementation returns 0.25
    /// seconds." — on the presentation clock, from the first frame that shows a tile.
    @Test func newTilesFadeInOverFadeDuration() {
        #expect(CATiledLayer.fadeDuration() == 0.25)
        let l = layer(fades: true)
        let root = PixelScene.root(250, 150, [l])
        let builder = DisplayListBuilder(scale: 1)
        CAAnimationContext.current.clock.manualTime = 10
        _ = build(root, builder)
        l.drawPendingTiles()
        #expect(tileImages(build(root, builder)).isEmpty)   // shown from now, at opacity 0
        CAAnimationContext.current.clock.manualTime = 10.125
        let half = tileImages(build(root, builder)).map(\.1)
        #expect(half.count == 6 && half.allSatisfy { abs($0 - 0.5) < 1e-9 })
        CAAnimationContext.current.clock.manualTime = 10.5
        #expect(tileImages(build(root, builder)).allSatisfy { $0.1 == 1 })
    }

    /// "levelsOfDetail: … Each LOD is half the resolution of the previous level."
    /// "levelsOfDetailBias: … specifying a value of 2 means that the layer has two extra levels
    /// of detail: 2x and 4x." The frame uses the coarsest level at least as fine as the screen.
    @Test func levelOfDetailFollowsTheScreenScale() {
        let l = layer()
        l.levelsOfDetail = 4
        l.levelsOfDetailBias = 2
        #expect(l.levelOfDetail(forPixelsPerPoint: 1).scale == 1)
        #expect(l.levelOfDetail(forPixelsPerPoint: 3).scale == 4)
        #expect(l.levelOfDetail(forPixelsPerPoint: 0.4).scale == 0.5)
        #expect(l.levelOfDetail(forPixelsPerPoint: 0.1).scale == 0.5)   // the coarsest there is
        #expect(l.levelOfDetail(forPixelsPerPoint: 9).scale == 4)       // the finest there is
        // At 2 pixels per point the tiles are drawn with a CTM of scale 2 and cover 50 points.
        let root = PixelScene.root(125, 75, [l])
        _ = DisplayListBuilder(scale: 2).build(root, width: 250, height: 150)
        l.drawPendingTiles()
        #expect(l.draws.count == 6 && l.draws.allSatisfy { $0.scale == 2 && $0.clip.width == 50 })
    }

    /// Zooming in: while the finer level's tiles are missing (and while they fade in) the
    /// coarser level's tile already shown there is drawn under them; once they are whole, not.
    @Test func coarserTilesShowUntilTheFinerArrive() {
        let l = layer()
        l.levelsOfDetail = 2
        l.levelsOfDetailBias = 1   // levels at 2 and 1 pixels per point
        let root = PixelScene.root(100, 100, [l])
        let builder = DisplayListBuilder(scale: 1)
        _ = builder.build(root, width: 100, height: 100)
        #expect(l.drawPendingTiles() == 1)   // one 100-point tile at 1 pixel per point
        #expect(tileImages(builder.build(root, width: 100, height: 100)).count == 1)
        l.draws.removeAll()
        // Zoomed in 2×: the 2-pixels-per-point level, 50 points a tile, not drawn yet.
        let zoomed = DisplayListBuilder(scale: 2)
        let coarse = tileImages(zoomed.build(root, width: 200, height: 200))
        #expect(coarse.count == 1 && coarse[0].0.width == 100)   // the coarse tile alone
        #expect(l.drawPendingTiles() == 4)
        #expect(l.draws.allSatisfy { $0.scale == 2 })
        // The four finer tiles, whole at once (no fade here): the coarse one is no longer drawn.
        #expect(tileImages(zoomed.build(root, width: 200, height: 200)).count == 4)
    }

    /// "Regions of the layer may be invalidated using the setNeedsDisplay(_:) method however
    /// the update will be asynchronous." — the tiles it meets are dropped and drawn again on
    /// demand; the others stay.
    @Test func setNeedsDisplayInRectDropsTheTilesItMeets() {
        let l = layer()
        let root = PixelScene.root(250, 150, [l])
        let builder = DisplayListBuilder(scale: 1)
        _ = build(root, builder)
        l.drawPendingTiles()
        l.draws.removeAll()
        l.setNeedsDisplay(Rect(110, 10, 20, 20))
        #expect(tileImages(build(root, builder)).count == 5)
        #expect(l.drawPendingTiles() == 1)
        #expect(l.draws.first?.clip == Rect(100, 0, 100, 100))
    }

    /// The pixels: the frame with every tile in is the layer's drawing (drawn at once).
    @Test func tilesDrawTheLayersContent() {
        let l = layer(.immediate)
        let b = PixelScene.render(PixelScene.root(250, 150, [l]), 250, 150)
        for (x, y) in [(0, 0), (99, 99), (100, 100), (249, 149), (150, 20)] {
            let (r, g, bl) = PixelScene.rgb(b[x, y])
            #expect(r == 0 && (127...128).contains(g) && bl == 255, "pixel \(x), \(y)")
        }
    }

    /// The default way: draw(in:) on a background queue, the tiles arriving for a later frame.
    @Test func backgroundQueueDeliversTheTiles() async throws {
        let l = layer(.backgroundQueue)
        let root = PixelScene.root(250, 150, [l])
        let builder = DisplayListBuilder(scale: 1)
        _ = build(root, builder)
        var waited = 0
        while l.tiles.count < 6, waited < 500 { try await Task.sleep(nanoseconds: 10_000_000); waited += 1 }
        #expect(l.tiles.count == 6)
        CAAnimationContext.current.clock.manualTime = 100
        _ = build(root, builder)
        CAAnimationContext.current.clock.manualTime = 101
        #expect(tileImages(build(root, builder)).count == 6)
    }

    /// A level far finer than the screen (bias 12: 4096 pixels a point) with the largest tiles
    /// shows at most 16 M tile pixels a frame, and the layer keeps at most 32 M.
    @Test func tilePixelsAreBounded() {
        let l = layer(.immediate)
        l.tileSize = Size(5000, 5000)   // kept to 1024
        l.levelsOfDetailBias = 99       // kept to 12
        let builder = DisplayListBuilder(scale: 1)
        let root = PixelScene.root(250, 150, [l])
        let images = tileImages(build(root, builder))
        #expect(images.count == 16 && images.allSatisfy { $0.0.width == 1024 })
        for _ in 0..<3 { l.setNeedsDisplay(); _ = build(root, builder) }
        #expect(l.tiles.count <= 32)
    }

    /// A document's `"type": "tiled"`, drawing its `contents` tile by tile.
    @Test func documentType() throws {
        let doc = try LayerDocument.parse("""
        {"width": 40, "height": 40, "layers": [{"type": "tiled", "name": "t", "bounds": [0, 0, 40, 40],
          "position": [20, 20], "tileSize": [32, 32], "levelsOfDetail": 3, "levelsOfDetailBias": 1}]}
        """)
        let t = try #require(doc.layersByName["t"] as? CATiledLayer)
        #expect(t.tileSize == Size(32, 32) && t.levelsOfDetail == 3 && t.levelsOfDetailBias == 1)
    }
}
