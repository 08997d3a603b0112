// One frame's timings as the frame loop records them: when it ran, when it will be shown,
// and how long each phase took.

/// One frame's timings: when it ran and how long each phase took (seconds).
public struct FrameTiming: Sendable, Equatable {
    /// 0, 1, 2 … in the order frames ran.
    public var index: Int
    /// The tick's timestamp (when the last frame was shown), media time.
    public var timestamp: Double
    /// When this frame will be shown.
    public var targetTimestamp: Double
    /// Seconds since the previous frame started (0 for the first).
    public var interval: Double
    /// Input events: polling and handling.
    public var events: Double = 0
    /// Timers, display links and the scene's `update`.
    public var update: Double = 0
    /// Building the frame's display list and finding its damage (DisplayListBuilder and
    /// DamageTracker): the `display_list_ms` column, the "display list" trace phase.
    public var render: Double = 0
    /// Drawing the display list into the damaged pixels (DisplayListRasterizer).
    public var raster: Double = 0
    /// `SDL_UpdateTexture` of the damaged rectangle.
    public var upload: Double = 0
    /// Copy and `SDL_RenderPresent` (includes the vsync wait where presents block).
    public var present: Double = 0
    /// Time the frame kept the CPU busy: every phase except waiting for vsync.
    public var work: Double = 0
    /// Input events handled in this frame.
    public var inputEvents: Int = 0
    /// Whether the interval exceeded 1.5 refresh periods (a frame was missed).
    public var dropped: Bool = false
    /// When the frame started (media time), for the trace.
    public var start: Double = 0

    public init(index: Int, timestamp: Double, targetTimestamp: Double, interval: Double) {
        self.index = index
        self.timestamp = timestamp
        self.targetTimestamp = targetTimestamp
        self.interval = interval
    }
}
