// The layer classes of issue 33 against independent drawings (scripts/test/layer-class-references.py:
// numpy and Pillow, from the rules): a rasterized layer at a quarter of the scale magnified
// without interpolation, a scrolled CAScrollLayer, a CATiledLayer drawing its contents tile by
// tile. Regenerate the references with `python3 scripts/test/layer-class-references.py`.
import Foundation
import Testing
@testable import LayerKit
import TestSupport

@Suite(.freshAnimationContext) struct LayerClassReferenceTests {
    static let references = StyleReferenceTests.references
    /// Whole-pixel rectangles: at most a rounding apart.
    static let exact = GoldenTolerance(threshold: 1, maxMeanAbsolute: 0.5, maxShareOverThreshold: 0)
    /// A circle's cells: the rasterizer flattens the circle to within 0.1 of a bitmap pixel,
    /// which here is a whole 4 × 4 cell (measured: the edge cells within 15 of the exact area).
    static let cells = GoldenTolerance(threshold: 20, maxMeanAbsolute: 1.0, maxShareOverThreshold: 0.0)
    /// Bilinear against another bilinear (1/256 weights against Pillow's fixed point).
    static let bilinear = ContentsFilterReferenceTests.bilinear

    func compare(_ b: Bitmap, _ name: String, _ tolerance: GoldenTolerance) throws {
        try expectSimilar(b, toPNGAt: Self.references.readURL(name), name: name, tolerance: tolerance,
                          writingFailuresTo: Self.references.actualURL(name))
    }

    /// shouldRasterize: "the layer is rendered as a bitmap in its local coordinate space";
    /// rasterizationScale: "Larger values magnify the content and smaller values shrink it";
    /// "If the rasterized bitmap requires scaling during compositing, the filters in the
    /// minificationFilter and magnificationFilter properties are applied as needed."
    @Test func rasterizedAtAQuarterMatchesNumpy() throws {
        let shape = RasterizationTests.circleRasterizedAtAQuarter(origin: Point(16, 16))
        try compare(PixelScene.render(PixelScene.root(96, 96, [shape]), 96, 96), "rasterized_quarter_nearest.numpy", Self.cells)
    }

    /// CAScrollLayer: "The visible portion of the layer content is set by specifying the origin
    /// as a point or a rectangular area of the contents to be displayed."
    @Test func scrollLayerMatchesPillow() throws {
        let scroller = CAScrollLayer()
        scroller.frame = Rect(10, 20, 100, 60)
        let content = CALayer()
        content.frame = Rect(0, 0, 300, 200)
        content.backgroundColor = Color(0, 0, 1)
        for (r, c) in [(Rect(150, 100, 20, 20), Color(1, 0, 0)), (Rect(0, 120, 300, 10), Color(0, 1, 0))] {
            let l = CALayer()
            l.frame = r
            l.backgroundColor = c
            content.addSublayer(l)
        }
        scroller.addSublayer(content)
        scroller.scroll(to: Point(140, 90))
        try compare(PixelScene.render(PixelScene.root(140, 100, [scroller]), 140, 100), "scroll_layer.pillow", Self.exact)
    }

    /// CATiledLayer: "the layer's draw(in:) method is called … to supply the drawing operations
    /// to fill in one tile of data" — its contents, tile by tile, is the image magnified whole.
    @Test func tiledLayerMatchesPillow() throws {
        let tiled = CATiledLayer()
        tiled.tileDrawing = .immediate
        tiled.frame = Rect(0, 0, 128, 128)
        tiled.tileSize = Size(32, 32)
        tiled.contents = ContentsFilterReferenceTests.large
        try compare(PixelScene.render(PixelScene.root(128, 128, [tiled]), 128, 128), "tiled_contents.pillow", Self.bilinear)
    }
}
