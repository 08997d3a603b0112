// CADisplayLink: a callback before every frame on the host's main loop, with Core
// Animation's timestamp, targetTimestamp and duration.

/// Core Animation's display link: a callback on every refresh of the display, before the frame
/// is drawn, with the refresh's `timestamp`, `targetTimestamp` and `duration`. Add it to the
/// host's main loop (`add(to: .main)`); it fires until `invalidate()`.
public final class CADisplayLink {
    /// When the last frame was shown (media time, `CACurrentMediaTime()`'s clock).
    public private(set) var timestamp: Double = 0
    /// When the frame being prepared now will be shown: sample animations here.
    public private(set) var targetTimestamp: Double = 0
    /// The refresh period of the display, seconds.
    public private(set) var duration: Double = 0
    /// Frames per second the callback wants; 0 means every refresh. The link fires on every
    /// n-th slot of the refresh grid, n = refresh rate / preferred rate rounded (at least 1).
    public var preferredFramesPerSecond: Int = 0
    /// The rates the callback accepts (iOS 15's CADisplayLink.preferredFrameRateRange); when
    /// not the default it decides instead of `preferredFramesPerSecond`: the link fires on
    /// every n-th refresh, n from `CAFrameRateRange.refreshDivisor(refreshRate:)`.
    public var preferredFrameRateRange: CAFrameRateRange = .default
    /// While true the callback is not called (the link stays on its loop).
    public var isPaused: Bool = false
    /// Whether `invalidate()` has been called.
    public private(set) var isInvalidated = false

    private let callback: (CADisplayLink) -> Void
    weak var runLoop: PlayerRunLoop?

    /// A link that calls `callback` with itself on every refresh once added to a loop.
    public init(_ callback: @escaping (CADisplayLink) -> Void) {
        self.callback = callback
    }

    /// Starts delivering refreshes from `runLoop`'s next tick (Core Animation's
    /// `add(to:forMode:)`; there is one mode here).
    public func add(to runLoop: PlayerRunLoop = .main) {
        guard !isInvalidated, self.runLoop == nil else { return }
        self.runLoop = runLoop
        runLoop.add(self)
    }

    /// Removes the link from its loop for good; the callback is never called again.
    public func invalidate() {
        isInvalidated = true
        runLoop?.remove(self)
        runLoop = nil
    }

    /// Calls back for `tick` unless paused or not due under `preferredFramesPerSecond`.
    func fire(_ tick: DisplayTick) {
        guard !isPaused, !isInvalidated else { return }
        if !preferredFrameRateRange.isDefault, tick.duration > 0 {
            guard tick.slot % preferredFrameRateRange.refreshDivisor(refreshRate: 1 / tick.duration) == 0 else { return }
        } else if preferredFramesPerSecond > 0, tick.duration > 0 {
            let every = max(1, Int((1 / tick.duration / Double(preferredFramesPerSecond)).rounded()))
            guard tick.slot % every == 0 else { return }
        }
        timestamp = tick.timestamp
        targetTimestamp = tick.targetTimestamp
        duration = tick.duration
        callback(self)
    }
}
