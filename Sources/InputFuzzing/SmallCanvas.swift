// The small target every fuzz entry draws into: big enough that paths, images and layer trees
// cross pixels, edges and clips, small enough that each input costs microseconds.
import Raster

/// The size of the fuzz entries' bitmaps and the scale that fits a canvas into it.
enum SmallCanvas {
    /// The longest side, in pixels, of what an entry draws into.
    static let side = 64

    /// The device scale that draws a `width` × `height` point canvas with its longest side at
    /// most `side` pixels (never above 1), and the bitmap of that size (at least 1 × 1).
    static func fitting(width: Double, height: Double) -> (scale: Double, bitmap: Bitmap) {
        let longest = max(width, height, 1)
        let scale = min(1, Double(side) / longest)
        let w = max(1, min(side, Int((width * scale).rounded(.up))))
        let h = max(1, min(side, Int((height * scale).rounded(.up))))
        return (scale, Bitmap(width: w, height: h))
    }
}
