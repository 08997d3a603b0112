// Where the worm HUD's worms are in a rendered frame: the bounding box of their coloured
// pixels, for the tests that follow the worm demo and its Lottie export frame by frame.
import Raster

/// The bounding box of the worms' coloured pixels (red, yellow or green; not the grey HUD),
/// or nil when the frame shows none.
func wormBox(_ b: Bitmap) -> (minX: Int, maxX: Int, minY: Int, maxY: Int)? {
    var box: (Int, Int, Int, Int)? = nil
    for y in 0..<b.height {
        for x in 0..<b.width {
            let c = Color(premultipliedARGB: b[x, y])
            guard max(c.r, c.g) > 0.6, c.b < 0.3 else { continue }
            box = box.map { (min($0.0, x), max($0.1, x), min($0.2, y), max($0.3, y)) } ?? (x, x, y, y)
        }
    }
    return box.map { (minX: $0.0, maxX: $0.1, minY: $0.2, maxY: $0.3) }
}
