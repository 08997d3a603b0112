// The checkerboard that shows through transparent content, as image editors draw it: light
// grey with darker squares, built of layers rather than pixels — one tile of two dark squares
// on a diagonal, repeated along a row by a CAReplicatorLayer and the row down the window by
// another (instanceTransform: a translation of one tile).

import LayerKit
import Raster

/// A checkerboard filling `size` (see the file header).
final class CheckerboardLayer {
    /// The board's root (a plain CALayer: the board is built of layers, not a layer class).
    let layer = CALayer()
    /// The side of one square in points.
    static let square = 10.0
    private let rows = CAReplicatorLayer()
    private let columns = CAReplicatorLayer()

    init() {
        layer.name = "checkerboard"
        layer.anchorPoint = .zero
        layer.backgroundColor = Color(0.86, 0.86, 0.86)
        layer.masksToBounds = true
        let s = Self.square
        for origin in [Point(0, 0), Point(s, s)] {
            let dark = CALayer()
            dark.frame = Rect(origin.x, origin.y, s, s)
            dark.backgroundColor = Color(0.64, 0.64, 0.64)
            columns.addSublayer(dark)
        }
        columns.instanceTransform = .translation(2 * s, 0)
        rows.instanceTransform = .translation(0, 2 * s)
        rows.addSublayer(columns)
        layer.addSublayer(rows)
    }

    /// Covers a window of `size` points: as many tiles as reach past its edges.
    func cover(_ size: Size) {
        layer.frame = Rect(0, 0, size.width, size.height)
        let tile = 2 * Self.square
        // At most 16384 points a side (the window's limit): 820 tiles each way.
        columns.instanceCount = max(1, min(820, Int((size.width / tile).rounded(.up))))
        rows.instanceCount = max(1, min(820, Int((size.height / tile).rounded(.up))))
    }
}
