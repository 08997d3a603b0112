// One display refresh as the frame loop sees it: its slot on the refresh grid, the vsync
// just past and the one the frame being prepared will be shown at.

/// One refresh of the display as the frame loop sees it: the vsync that just happened
/// (`timestamp`) and the one the frame being prepared will be shown at (`targetTimestamp`).
public struct DisplayTick: Sendable, Equatable {
    /// The slot on the refresh grid (0 at the start of the run); skipped slots leave gaps.
    public var slot: Int
    /// When the last frame was shown (media time, seconds).
    public var timestamp: Double
    /// When the frame being prepared will be shown.
    public var targetTimestamp: Double
    /// The display's refresh period in seconds.
    public var duration: Double
    public init(slot: Int, timestamp: Double, targetTimestamp: Double, duration: Double) {
        self.slot = slot
        self.timestamp = timestamp
        self.targetTimestamp = targetTimestamp
        self.duration = duration
    }
}
