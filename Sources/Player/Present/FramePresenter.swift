// How a finished frame reaches the screen. The frame loop renders into a `Bitmap`, then hands
// the presenter the damaged rectangle: the presenter copies those pixels to where the window
// system reads them and shows them. Two ways exist because the cost of a present depends on
// what draws the window: a GPU copies a whole streaming texture for almost nothing, while a
// software renderer (Xvfb, virtual machines, remote X) pays for every pixel it composites, so
// there only the damaged rectangles may be sent.
import Raster

/// Where the window's pixels go and how they are shown.
protocol FramePresenter: AnyObject {
    /// "streaming texture" or "window surface", for the verbose log.
    var name: String { get }
    /// The drawable's size in device pixels now (hi-DPI: larger than the window's points).
    func drawableSize() -> (width: Int, height: Int)
    /// Matches the presenter's pixel store to `width` × `height` device pixels (after the
    /// first frame and every resize); the next `upload` is told to copy everything.
    func resize(width: Int, height: Int) throws(PlayerError)
    /// Copies `damage` (device pixels; nil = everything) of `bitmap` to the screen's store;
    /// `region`, when not empty, is the same damage as separate rectangles inside it.
    func upload(_ bitmap: Bitmap, damage: Rect?, region: [Rect])
    /// Draws the frame-time graph over the uploaded frame.
    func drawFrameGraph(_ frames: ArraySlice<FrameTiming>, period: Double, scale: Double, bitmap: Bitmap)
    /// What the window shows now (after upload and overlays), as opaque ARGB; false when the
    /// presenter cannot read back.
    func readPixels(into shot: Bitmap) -> Bool
    /// Shows what was uploaded (the damaged rectangle only, where the presenter can).
    func present()
}

/// The frame-time graph's geometry, shared by both presenters: the last 120 frames' intervals
/// as bars (red when dropped; the work part green) over a translucent panel, a line at one
/// refresh period, 50 ms full height.
struct FrameGraphLayout {
    let scale: Double
    let bitmapHeight: Int
    var barWidth: Double { 2 * scale }
    var height: Double { 90 * scale }
    let msFull = 50.0
    var x0: Double { 10 * scale }
    var y1: Double { Double(bitmapHeight) - 10 * scale }
    /// The panel behind the bars, device pixels.
    var panel: Rect { Rect(x0 - 4 * scale, y1 - height - 4 * scale, 120 * barWidth + 8 * scale, height + 8 * scale) }

    /// The interval and work bars of frame `i` of the slice.
    func bars(_ f: FrameTiming, index i: Int) -> (interval: Rect, work: Rect) {
        let x = x0 + Double(i) * barWidth
        let w = max(1, barWidth - scale * 0.5)
        let hInterval = min(height, f.interval * 1000 / msFull * height)
        let hWork = min(height, f.work * 1000 / msFull * height)
        return (Rect(x, y1 - hInterval, w, hInterval), Rect(x, y1 - hWork, w, hWork))
    }

    /// The y of the one-period line.
    func periodLineY(_ period: Double) -> Double { y1 - period * 1000 / msFull * height }
}
