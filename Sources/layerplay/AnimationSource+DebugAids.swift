// `render` with Core Animation's debugging aids: the frame drawn through the incremental
// renderer, so its display list and damage are at hand, then the aids over it.
import LayerKit
import Player
import Raster

extension AnimationSource {
    /// The frame at time `t` on a `canvas` of `pixels` at `scale` with `aids` drawn over it;
    /// for Flash Updated Regions the frame one refresh period earlier is drawn first, so the
    /// flash is the damage between the two. `--stats` prints the frame's counts on stderr.
    func renderFrame(at t: Double, canvas size: Size, scale: Double, aids: DebugAids, pointer: Point?,
                     pixels: (Int, Int)) throws -> Bitmap {
        let bmp = Bitmap(width: pixels.0, height: pixels.1)
        let renderer = makeRenderer(scale: scale)
        let canvas = Canvas(bmp)
        let layer = frameLayer(width: size.width, height: size.height)
        let period = 1.0 / 60
        if aids.flashUpdatedRegions && t >= period {
            _ = renderer.renderFrame(presentation(of: layer, at: t - period), into: canvas)
        }
        let tree = presentation(of: layer, at: t)
        let stats = renderer.renderFrame(tree, into: canvas)
        try checkDrawnPixels(renderer, at: t)
        guard let list = renderer.lastDisplayList else { return bmp }
        let overlay = DebugOverlayRenderer()
        overlay.draw(aids, list: list, damage: stats.damage, presentationRoot: tree, pointer: pointer, scale: scale,
                     animations: CAAnimationContext.current.engine.activeAnimationCount,
                     rasterized: renderer.builder.rasterizedItemKeys, into: bmp)
        if aids.stats { printError("stats: \(overlay.last.text)") }
        return bmp
    }
}
