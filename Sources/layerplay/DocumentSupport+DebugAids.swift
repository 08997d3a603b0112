// `render DOC.json` with Core Animation's debugging aids: the frame drawn through the
// incremental renderer, so its display list and damage are at hand, then the aids over it.
import LayerKit
import Player
import Raster

extension LayerDocument {
    /// The frame at document time `t` at `scale` with `aids` drawn over it; for Flash Updated
    /// Regions the frame one refresh period earlier is drawn first, so the flash is the damage
    /// between the two. `--stats` prints the frame's counts on stderr.
    func renderFrame(at t: Double, scale: Double, aids: DebugAids, pointer: Point?) throws -> Bitmap {
        let (w, h) = try pixelSize(scale: scale)
        let bmp = Bitmap(width: w, height: h)
        let renderer = makeRenderer(scale: scale)
        let canvas = Canvas(bmp)
        let period = 1.0 / 60
        if aids.flashUpdatedRegions && t >= period {
            _ = renderer.renderFrame(presentationTree(at: t - period), into: canvas)
        }
        let tree = presentationTree(at: t)
        let stats = renderer.renderFrame(tree, into: canvas)
        guard let list = renderer.lastDisplayList else { return bmp }
        let overlay = DebugOverlayRenderer()
        overlay.draw(aids, list: list, damage: stats.damage, presentationRoot: tree, pointer: pointer, scale: scale,
                     animations: CAAnimationContext.current.engine.activeAnimationCount, into: bmp)
        if aids.stats { printError("stats: \(overlay.last.text)") }
        return bmp
    }
}
