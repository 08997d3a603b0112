// The host's main loop: the display links and timers run once per frame before the scene
// updates, driven by the window or the headless runner with its own clock.

import LayerKit

/// The host's main loop: the display links and timers that run once per frame, before the
/// scene updates. The window host and the headless runner both drive it, each with its own
/// clock, so demos behave the same in a window and under a manual clock.
public final class PlayerRunLoop {
    /// The loop the window host and the headless runner drive by default. Main-thread-only
    /// global state, like Core Animation's main run loop.
    nonisolated(unsafe) public static var main = PlayerRunLoop()

    private var displayLinks: [CADisplayLink] = []
    private var timers: [RunLoopTimer] = []
    /// The timestamp of the tick being run (or last run): what timers count from. Before any
    /// host has driven the loop, the media clock's now (a scene built before the window opens
    /// schedules its timers from the right time).
    public var currentTime: Double { tickTime ?? CACurrentMediaTime() }
    private var tickTime: Double?
    /// The refresh period of the display driving the loop.
    public private(set) var refreshPeriod: Double = 1.0 / 60

    public init() {}

    /// The links currently added (not invalidated).
    public var activeDisplayLinks: Int { displayLinks.count }
    /// The timers currently scheduled.
    public var activeTimers: Int { timers.count }

    func add(_ link: CADisplayLink) { displayLinks.append(link) }
    func remove(_ link: CADisplayLink) { displayLinks.removeAll { $0 === link } }
    func add(_ timer: RunLoopTimer) { timers.append(timer) }
    func remove(_ timer: RunLoopTimer) { timers.removeAll { $0 === timer } }

    /// Sets the loop's time without running anything (the host does this before the first
    /// tick, so timers scheduled at start count from the right time).
    public func setCurrentTime(_ time: Double, refreshPeriod: Double? = nil) {
        tickTime = time
        if let refreshPeriod { self.refreshPeriod = refreshPeriod }
    }

    /// Runs one tick: the timers due by `tick.timestamp` (in fire-date order), then every
    /// display link. Links or timers added during the tick start with the next one.
    public func run(_ tick: DisplayTick) {
        tickTime = tick.timestamp
        refreshPeriod = tick.duration
        let due = timers.filter { $0.fireDate <= tick.timestamp + RunLoopTimer.slack }.sorted { $0.fireDate < $1.fireDate }
        for timer in due { timer.fireIfDue(at: tick.timestamp) }
        for link in displayLinks { link.fire(tick) }
    }

    /// Invalidates every link and timer (the host calls this when a scene goes away).
    public func invalidateAll() {
        for link in displayLinks { link.invalidate() }
        for timer in timers { timer.invalidate() }
    }
}
