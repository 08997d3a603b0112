// Records every frame's timings during a run in constant memory, with no I/O in the frame
// loop: the summary is tallied frame by frame (`FrameTimingTally`), the on-screen graph reads
// the last frames from a short window, and the frames themselves are handed on in chunks
// (`chunkHandler`, which writes the files) rather than kept: an hour at 60 fps kept whole was
// 216,000 records of 120 bytes (about 28 MB, growing the resident size all run long).

/// Collects one `FrameTiming` per frame: the summary, the last frames for the graph, and the
/// frames in order for a chunk handler.
public final class FrameTimingRecorder {
    /// The display's refresh period, for `dropped` and the summary.
    public let period: Double
    /// How many frames `last` can return: the graph's width.
    public static let recentCount = 120
    /// Frames recorded and not yet handed to `chunkHandler` (every frame while there is none).
    public private(set) var frames: [FrameTiming] = []
    /// Receives the recorded frames in order, `chunkSize` at a time and the rest at `flush`;
    /// the recorder keeps none of them. Set it before the first frame.
    public var chunkHandler: ((ArraySlice<FrameTiming>) -> Void)?
    /// The frames a chunk holds.
    public let chunkSize: Int
    /// How many frames were recorded.
    public private(set) var count = 0
    private var recent: [FrameTiming] = []
    private var tally: FrameTimingTally

    public init(period: Double, chunkSize: Int = 4096) {
        self.period = period
        self.chunkSize = max(1, chunkSize)
        tally = FrameTimingTally(period: period)
        frames.reserveCapacity(self.chunkSize)
        recent.reserveCapacity(2 * Self.recentCount)
    }

    /// Appends a frame, marking it dropped when its interval exceeds 1.5 periods.
    public func record(_ frame: FrameTiming) {
        var f = frame
        f.index = count
        f.dropped = f.interval > 1.5 * period
        count += 1
        tally.add(f)
        if recent.count == 2 * Self.recentCount { recent.removeFirst(Self.recentCount) }
        recent.append(f)
        frames.append(f)
        if chunkHandler != nil && frames.count >= chunkSize { flush() }
    }

    /// Hands the frames not yet handed on to `chunkHandler` (nothing without one).
    public func flush() {
        guard let chunkHandler, !frames.isEmpty else { return }
        chunkHandler(frames[...])
        frames.removeAll(keepingCapacity: true)
    }

    /// The last `count` frames (for the on-screen graph), at most `recentCount`.
    public func last(_ count: Int) -> ArraySlice<FrameTiming> { recent.suffix(min(count, Self.recentCount)) }

    /// Statistics over everything recorded.
    public var summary: FrameTimingSummary { tally.summary }
}
