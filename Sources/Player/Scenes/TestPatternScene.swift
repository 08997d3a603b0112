// OWNER: player helper.
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
        let w = Double(bitmap.width), s = scale > 0 ? scale : 1
        let newBars = bars.map { bar -> Rect in
            let span = w + bar.width * s
            var x = (bar.phase * s + time * bar.speed * s).truncatingRemainder(dividingBy: span)
            if x < 0 { x += span }
            return Rect(x - bar.width * s, 0, bar.width * s, Double(bitmap.height))
        }
        let marker = lastClick.map { Rect($0.x * s - 12 * s, $0.y * s - 12 * s, 24 * s, 24 * s) }
        var damage = Rect.null
        if full {
            damage = bitmap.bounds
        } else {
            for r in drawnBars + newBars { damage = damage.union(r) }
            if marker != drawnMarker {
                if let m = drawnMarker { damage = damage.union(m) }
                if let m = marker { damage = damage.union(m) }
            }
        }
        drawnBars = newBars
        drawnMarker = marker
        damage = damage.intersection(bitmap.bounds)
        if damage.isEmpty { return SceneFrameStats(damage: Rect(0, 0, 0, 0)) }
        let x0 = Int(damage.minX.rounded(.down)), x1 = Int(damage.maxX.rounded(.up))
        let y0 = Int(damage.minY.rounded(.down)), y1 = Int(damage.maxY.rounded(.up))
        let h = max(1, bitmap.height - 1)
        for y in y0..<y1 {
            let row = bitmap.pixels + y * bitmap.width
            // Background: a vertical gradient from deep blue to violet.
            let t = Double(y) / Double(h)
            fill(row, x0, x1, Color(0.08 + 0.30 * t, 0.10 + 0.05 * t, 0.30 + 0.15 * t).premultipliedARGB)
            for (bar, r) in zip(bars, newBars) {
                fill(row, max(x0, Int(r.minX)), min(x1, Int(r.maxX)), bar.color)
            }
            if let m = marker, Double(y) >= m.minY, Double(y) < m.maxY {
                fill(row, max(x0, Int(m.minX)), min(x1, Int(m.maxX)), 0xFFFF_FFFF)
            }
        }
        return SceneFrameStats(damage: Rect(Double(x0), Double(y0), Double(x1 - x0), Double(y1 - y0)))
    }

    /// Pixels [a, b) of a row set to `color` (a memset-speed fill even in debug builds).
    @inline(__always) private func fill(_ row: UnsafeMutablePointer<UInt32>, _ a: Int, _ b: Int, _ color: UInt32) {
        if b > a { (row + a).update(repeating: color, count: b - a) }
    }
}
