// A cheap test-pattern scene (gradient, sweeping bars, a square at the last click) that
// repaints only what changed and reports it as damage.

import Player
import Raster

/// The window's content until the gallery exists, and the scene of the window test: a
/// vertical gradient with three bars sweeping across at different speeds, and a square at the
/// last click. Cheap on purpose: each frame repaints only the columns the bars left and
/// entered (whole-row fills, no per-pixel maths) and reports that as the damage.
public final class TestPatternScene: PlayerScene {
    /// A bar: its width and speed in points, and its colour.
    private struct Bar { var width: Double; var speed: Double; var phase: Double; var color: UInt32 }
    private let bars: [Bar] = [
        Bar(width: 40, speed: 180, phase: 0, color: Color(0.96, 0.36, 0.26).premultipliedARGB),
        Bar(width: 24, speed: 300, phase: 250, color: Color(0.25, 0.85, 0.55).premultipliedARGB),
        Bar(width: 60, speed: 110, phase: 520, color: Color(0.98, 0.82, 0.25).premultipliedARGB),
    ]
    private var time: Double = 0
    private var start: Double?
    /// The last click, in points; drawn as a 24-point white square.
    public private(set) var lastClick: Point?
    /// Events seen, for tests.
    public private(set) var handledEvents: [InputEvent] = []
    private var lastBitmap: Bitmap?
    private var drawnBars: [Rect] = []
    private var drawnMarker: Rect?
    private var rowColors: [UInt32] = []

    public init() {}

    public func update(timestamp: Double, targetTimestamp: Double, duration: Double) {
        if start == nil { start = timestamp }
        time = targetTimestamp - (start ?? 0)
    }

    public func handle(_ event: InputEvent) -> Bool {
        handledEvents.append(event)
        if case .mouseDown(let p) = event { lastClick = p; return true }
        return false
    }

    public func render(into bitmap: Bitmap, scale: Double) -> SceneFrameStats {
        let full = bitmap !== lastBitmap
        lastBitmap = bitmap
        if full {
            // Background: a vertical gradient from deep blue to violet, one colour per row.
            let h = Double(max(1, bitmap.height - 1))
            rowColors = (0..<bitmap.height).map { y in
                let t = Double(y) / h
                return Color(0.08 + 0.30 * t, 0.10 + 0.05 * t, 0.30 + 0.15 * t).premultipliedARGB
            }
        }
        let w = Double(bitmap.width), s = scale > 0 ? scale : 1
        let newBars = bars.map { bar -> Rect in
            let span = w + bar.width * s
            var x = (bar.phase * s + time * bar.speed * s).truncatingRemainder(dividingBy: span)
            if x < 0 { x += span }
            return Rect(x - bar.width * s, 0, bar.width * s, Double(bitmap.height))
        }
        let marker = lastClick.map { Rect($0.x * s - 12 * s, $0.y * s - 12 * s, 24 * s, 24 * s) }
        // Repaint only where something moved: each bar's old ∪ new columns, the marker.
        var dirty: [Rect] = []
        if full {
            dirty = [bitmap.bounds]
        } else {
            for (old, new) in zip(drawnBars, newBars) { dirty.append(old.union(new)) }
            if marker != drawnMarker { dirty += [drawnMarker, marker].compactMap { $0 } }
        }
        drawnBars = newBars
        drawnMarker = marker
        var damage = Rect.null
        for d in dirty {
            let r = d.intersection(bitmap.bounds)
            if r.isEmpty { continue }
            paint(r, bitmap: bitmap, bars: newBars, marker: marker)
            damage = damage.union(r)
        }
        if damage.isEmpty { return SceneFrameStats(damage: Rect(0, 0, 0, 0)) }
        let x0 = Int(damage.minX.rounded(.down)), x1 = Int(damage.maxX.rounded(.up))
        let y0 = Int(damage.minY.rounded(.down)), y1 = Int(damage.maxY.rounded(.up))
        return SceneFrameStats(damage: Rect(Double(x0), Double(y0), Double(x1 - x0), Double(y1 - y0)))
    }

    /// Repaints the pixel rectangle `r` (inside the bitmap): background, bars, marker.
    private func paint(_ r: Rect, bitmap: Bitmap, bars rects: [Rect], marker: Rect?) {
        let x0 = Int(r.minX.rounded(.down)), x1 = Int(r.maxX.rounded(.up))
        let y0 = Int(r.minY.rounded(.down)), y1 = Int(r.maxY.rounded(.up))
        // Column spans per row are the same for every row but the marker's: work them out once.
        var spans: [(Int, Int, UInt32)] = []
        for i in 0..<bars.count {
            let a = max(x0, Int(rects[i].minX)), b = min(x1, Int(rects[i].maxX))
            if b > a { spans.append((a, b, bars[i].color)) }
        }
        let mx0 = marker.map { max(x0, Int($0.minX)) } ?? 0, mx1 = marker.map { min(x1, Int($0.maxX)) } ?? 0
        let my0 = marker.map { Int($0.minY) } ?? 0, my1 = marker.map { Int($0.maxY) } ?? 0
        rowColors.withUnsafeBufferPointer { colors in
            for y in y0..<y1 {
                let row = bitmap.pixels + y * bitmap.width
                fill(row, x0, x1, colors[y])
                for span in spans { fill(row, span.0, span.1, span.2) }
                if y >= my0 && y < my1 { fill(row, mx0, mx1, 0xFFFF_FFFF) }
            }
        }
    }

    /// Pixels [a, b) of a row set to `color` (a memset-speed fill even in debug builds).
    @inline(__always) private func fill(_ row: UnsafeMutablePointer<UInt32>, _ a: Int, _ b: Int, _ color: UInt32) {
        if b > a { (row + a).update(repeating: color, count: b - a) }
    }
}
