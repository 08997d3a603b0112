// `layerplay timings report`: the plot of a timings file as a bitmap, frame intervals over
// time above their histogram.

import Raster

/// `layerplay timings report`: a frame-time plot as a bitmap. Top: every frame's interval
/// over time (red when dropped) with a line at the refresh period; bottom: the histogram of
/// intervals. Rectangles are filled straight into the pixels (the plot needs nothing more);
/// labels use SDL_ttf when DejaVu Sans is installed.
public enum TimingsReport {
    /// The median frame interval (the refresh period a run ran at), 1/60 s when unknown.
    public static func medianInterval(_ frames: [FrameTiming]) -> Double {
        let v = frames.dropFirst().map(\.interval).sorted()
        return v.isEmpty ? 1.0 / 60 : v[v.count / 2]
    }

    /// The plot of `frames`, `width × height` pixels, opaque.
    public static func plot(_ frames: [FrameTiming], period: Double, width: Int = 1000, height: Int = 640) -> Bitmap {
        let bmp = Bitmap(width: width, height: height)
        bmp.clear(Color(0.09, 0.10, 0.13))
        let text = TextStamper(pointSize: 13)
        let intervals = frames.dropFirst().map { $0.interval * 1000 }
        let periodMs = period * 1000
        // The y range: at least three periods, enough for the 99.5th percentile.
        let sorted = intervals.sorted()
        let high = sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.995))]
        let yMax = max(3 * periodMs, (high * 1.15 / 5).rounded(.up) * 5)

        // Top panel: intervals over frame index.
        let top = (x: 60, y: 30, w: width - 80, h: height * 55 / 100 - 40)
        fill(bmp, top.x, top.y, top.w, top.h, Color(0.13, 0.14, 0.18))
        gridLines(bmp, text, panel: top, yMax: yMax)
        let n = max(1, intervals.count)
        let barW = max(1, top.w / n)
        for (i, ms) in intervals.enumerated() {
            let x = top.x + i * top.w / n
            let h = Int((min(ms, yMax) / yMax * Double(top.h)).rounded())
            let dropped = frames[i + 1].dropped
            fill(bmp, x, top.y + top.h - h, barW, max(1, h),
                 dropped ? Color(0.92, 0.32, 0.28) : Color(0.36, 0.60, 0.92))
        }
        let yp = top.y + top.h - Int((periodMs / yMax * Double(top.h)).rounded())
        fill(bmp, top.x, yp, top.w, 1, Color(1, 1, 1, 0.85))
        text.draw("frame interval (ms) over \(intervals.count) frames; line = period \(formatFixed(periodMs, 2)) ms",
                  into: bmp, x: top.x, y: 6, color: Color(0.9, 0.9, 0.9))

        // Bottom panel: histogram of intervals, 0.25 ms bins.
        let bottom = (x: 60, y: height * 55 / 100 + 30, w: width - 80, h: height * 45 / 100 - 70)
        fill(bmp, bottom.x, bottom.y, bottom.w, bottom.h, Color(0.13, 0.14, 0.18))
        let binMs = 0.25
        let bins = max(1, Int((yMax / binMs).rounded(.up)))
        var counts = [Int](repeating: 0, count: bins)
        for ms in intervals { counts[min(bins - 1, max(0, Int(ms / binMs)))] += 1 }
        let maxCount = max(1, counts.max() ?? 1)
        for (b, c) in counts.enumerated() where c > 0 {
            let x0 = bottom.x + b * bottom.w / bins, x1 = bottom.x + (b + 1) * bottom.w / bins
            let h = max(1, Int(Double(c) / Double(maxCount) * Double(bottom.h)))
            let late = Double(b) * binMs > 1.5 * periodMs
            fill(bmp, x0, bottom.y + bottom.h - h, max(1, x1 - x0 - 1), h, late ? Color(0.92, 0.32, 0.28) : Color(0.45, 0.80, 0.55))
        }
        let xp = bottom.x + Int((periodMs / yMax * Double(bottom.w)).rounded())
        fill(bmp, xp, bottom.y, 1, bottom.h, Color(1, 1, 1, 0.85))
        var ms = 0.0
        while ms <= yMax + 1e-9 {
            let x = bottom.x + Int((ms / yMax * Double(bottom.w)).rounded())
            fill(bmp, x, bottom.y + bottom.h, 1, 5, Color(0.7, 0.7, 0.7))
            text.draw(formatFixed(ms, 0), into: bmp, x: x - 6, y: bottom.y + bottom.h + 6, color: Color(0.75, 0.75, 0.75))
            ms += yMax > 60 ? 20 : 5
        }
        let summary = FrameTimingSummary(frames: frames, period: period)
        text.draw("histogram of intervals (ms), max bin \(maxCount) frames; p50 \(formatFixed(summary.interval.p50, 2)) p99 \(formatFixed(summary.interval.p99, 2)) max \(formatFixed(summary.interval.max, 2)) ms, dropped \(summary.dropped)",
                  into: bmp, x: bottom.x, y: bottom.y - 22, color: Color(0.9, 0.9, 0.9))
        return bmp
    }

    /// Horizontal lines every 5 ms (every 20 when the range is large), labelled.
    private static func gridLines(_ bmp: Bitmap, _ text: TextStamper, panel: (x: Int, y: Int, w: Int, h: Int), yMax: Double) {
        let step = yMax > 60 ? 20.0 : 5.0
        var ms = 0.0
        while ms <= yMax + 1e-9 {
            let y = panel.y + panel.h - Int((ms / yMax * Double(panel.h)).rounded())
            fill(bmp, panel.x, y, panel.w, 1, Color(1, 1, 1, 0.12))
            text.draw(formatFixed(ms, 0), into: bmp, x: panel.x - 30, y: y - 8, color: Color(0.75, 0.75, 0.75))
            ms += step
        }
    }

    /// Source-over fill of a pixel rectangle with a straight-alpha colour, clipped.
    static func fill(_ bmp: Bitmap, _ x: Int, _ y: Int, _ w: Int, _ h: Int, _ color: Color) {
        let x0 = max(0, x), y0 = max(0, y), x1 = min(bmp.width, x + w), y1 = min(bmp.height, y + h)
        guard x1 > x0, y1 > y0 else { return }
        let src = color.premultipliedARGB
        let inv = 255 - (src >> 24)
        for yy in y0..<y1 {
            let row = bmp.pixels + yy * bmp.width
            if inv == 0 { (row + x0).update(repeating: src, count: x1 - x0); continue }
            for xx in x0..<x1 {
                let d = row[xx]
                var out: UInt32 = 0
                for shift: UInt32 in [0, 8, 16, 24] {
                    let s = (src >> shift) & 0xff, dc = (d >> shift) & 0xff
                    out |= min(255, s + (dc * inv + 127) / 255) << shift
                }
                row[xx] = out
            }
        }
    }
}
