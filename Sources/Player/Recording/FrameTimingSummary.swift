// The end-of-run timing summary: frame count, mean fps, dropped frames, and percentiles of
// the interval and work time from an HdrHistogram.

import Histogram

/// The end-of-run summary: frames, seconds, mean fps, percentiles of the interval and of the
/// work time (from HdrHistogram, microsecond resolution, 3 significant digits), dropped frames.
public struct FrameTimingSummary: Sendable, Equatable {
    /// Percentiles of one measure, milliseconds.
    public struct Percentiles: Sendable, Equatable {
        public var p50: Double, p90: Double, p99: Double, max: Double
    }
    public var frames: Int
    /// From the first frame's start to the last frame's start.
    public var seconds: Double
    /// (frames - 1) / seconds.
    public var meanFPS: Double
    /// Intervals between frames (the first frame has none and is left out).
    public var interval: Percentiles
    public var work: Percentiles
    public var dropped: Int
    public var period: Double

    /// The summary of a list of frames (as `FrameTimingTally` gathers it frame by frame).
    public init(frames list: [FrameTiming], period: Double) {
        var tally = FrameTimingTally(period: period)
        for f in list { tally.add(f) }
        self = tally.summary
    }

    /// A summary of the given figures.
    public init(frames: Int, seconds: Double, meanFPS: Double, interval: Percentiles, work: Percentiles,
                dropped: Int, period: Double) {
        self.frames = frames; self.seconds = seconds; self.meanFPS = meanFPS
        self.interval = interval; self.work = work; self.dropped = dropped; self.period = period
    }

    /// p50/p90/p99/max in milliseconds of `seconds` values, through an HdrHistogram of
    /// microseconds.
    public static func percentiles(_ seconds: [Double]) -> Percentiles {
        var h = FrameTimingTally.histogram()
        for s in seconds { _ = h.record(FrameTimingTally.microseconds(s)) }
        return FrameTimingTally.percentiles(h)
    }

    /// The lines printed to stderr at exit.
    public var text: String {
        func f(_ v: Double, _ d: Int = 2) -> String { formatFixed(v, d) }
        func p(_ q: Percentiles) -> String {
            "p50 \(f(q.p50)) ms  p90 \(f(q.p90)) ms  p99 \(f(q.p99)) ms  max \(f(q.max)) ms"
        }
        let share = frames > 0 ? Double(dropped) / Double(frames) * 100 : 0
        return """
        frames \(frames) in \(f(seconds, 3)) s, mean \(f(meanFPS)) fps (period \(f(period * 1000, 3)) ms)
        interval  \(p(interval))
        work      \(p(work))
        dropped   \(dropped) (\(f(share)) %)
        """
    }
}

/// `v` with exactly `digits` decimals (no Foundation needed).
func formatFixed(_ v: Double, _ digits: Int) -> String {
    guard v.isFinite else { return "\(v)" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let n = (abs(v) * scale).rounded()
    let whole = (n / scale).rounded(.down)
    var frac = String(Int(n - whole * scale))
    while frac.count < digits { frac = "0" + frac }
    let sign = v < 0 && n != 0 ? "-" : ""
    return digits > 0 ? "\(sign)\(Int(whole)).\(frac)" : "\(sign)\(Int(whole))"
}
