// Keeps every frame's timings in memory during a run, with no I/O in the frame loop; the
// files and the summary are made from it at the end.

/// Collects one `FrameTiming` per frame in memory (no I/O in the frame loop); the CSV, the
/// trace and the summary are produced from it at the end.
public final class FrameTimingRecorder {
    /// The display's refresh period, for `dropped` and the summary.
    public let period: Double
    /// Every frame recorded so far.
    public private(set) var frames: [FrameTiming] = []

    public init(period: Double, capacity: Int = 4096) {
        self.period = period
        frames.reserveCapacity(capacity)
    }

    /// Appends a frame, marking it dropped when its interval exceeds 1.5 periods.
    public func record(_ frame: FrameTiming) {
        var f = frame
        f.index = frames.count
        f.dropped = f.interval > 1.5 * period
        frames.append(f)
    }

    /// The last `count` frames (for the on-screen graph).
    public func last(_ count: Int) -> ArraySlice<FrameTiming> { frames.suffix(count) }

    /// Statistics over everything recorded.
    public var summary: FrameTimingSummary { FrameTimingSummary(frames: frames, period: period) }
}
