// The end-of-run summary gathered one frame at a time in constant memory: the frame count,
// the first and last starts, the dropped count and two HdrHistograms (interval and work, in
// microseconds, 3 significant digits). A run of any length costs the same few kilobytes; the
// summary equals the one computed from the whole list of frames.

import Histogram

/// Accumulates what `FrameTimingSummary` reports, frame by frame.
public struct FrameTimingTally {
    /// The display's refresh period the summary quotes.
    public let period: Double
    private var count = 0
    private var firstStart = 0.0, lastStart = 0.0
    private var dropped = 0
    private var intervals = FrameTimingTally.histogram()
    private var work = FrameTimingTally.histogram()

    public init(period: Double) { self.period = period }

    /// An HdrHistogram of microseconds up to an hour, 3 significant digits.
    static func histogram() -> Histogram<UInt64> {
        var h = Histogram<UInt64>(highestTrackableValue: 3_600_000_000, numberOfSignificantValueDigits: .three)
        h.autoResize = true
        return h
    }

    /// A value in seconds as whole microseconds (negative values count as 0).
    static func microseconds(_ seconds: Double) -> UInt64 { UInt64(max(0, (seconds * 1e6).rounded())) }

    /// Counts one frame (the first frame's interval is left out: it has none).
    public mutating func add(_ frame: FrameTiming) {
        if count == 0 { firstStart = frame.start } else { _ = intervals.record(Self.microseconds(frame.interval)) }
        lastStart = frame.start
        _ = work.record(Self.microseconds(frame.work))
        if frame.dropped { dropped += 1 }
        count += 1
    }

    /// The summary of every frame added.
    public var summary: FrameTimingSummary {
        let seconds = count > 1 ? lastStart - firstStart : 0
        return FrameTimingSummary(frames: count, seconds: seconds, meanFPS: seconds > 0 ? Double(count - 1) / seconds : 0,
                                  interval: Self.percentiles(intervals), work: Self.percentiles(work),
                                  dropped: dropped, period: period)
    }

    /// p50/p90/p99/max in milliseconds (zeros when nothing was recorded).
    static func percentiles(_ h: Histogram<UInt64>) -> FrameTimingSummary.Percentiles {
        guard h.totalCount > 0 else { return .init(p50: 0, p90: 0, p99: 0, max: 0) }
        func ms(_ us: UInt64) -> Double { Double(us) / 1000 }
        return .init(p50: ms(h.valueAtPercentile(50)), p90: ms(h.valueAtPercentile(90)),
                     p99: ms(h.valueAtPercentile(99)), max: ms(h.max))
    }
}
