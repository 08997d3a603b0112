#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The clock behind `CACurrentMediaTime()`: a monotonic clock, with two main-thread-only
/// overrides so that rendering, inspection, tests and headless demos run at exact times.
public enum CAMediaClock {
    /// When set, `CACurrentMediaTime()` returns exactly this value (render, inspect, tests).
    /// Main thread only: like Core Animation's clock it is read and written by the UI thread.
    nonisolated(unsafe) public static var manualTime: Double?
    /// Subtracted from the monotonic clock; `resetOrigin()` makes the clock read 0 "now",
    /// which is how a document's time 0 becomes the instant it is opened. Main thread only.
    nonisolated(unsafe) public static var origin: Double = 0
    /// The target timestamp of the frame being produced (set by `CAAnimationEngine.tick`);
    /// presentation values are sampled at this time when no manual time is set. Main thread only.
    nonisolated(unsafe) public static var frameTime: Double?

    /// Seconds on the monotonic clock, without overrides.
    public static func monotonic() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
    /// Makes `CACurrentMediaTime()` read 0 at this instant (manualTime unaffected).
    public static func resetOrigin() { origin = monotonic(); frameTime = nil }
    /// The time at which presentation values are sampled: the manual time, else the current
    /// frame's target timestamp, else now.
    public static var presentationTime: Double { manualTime ?? frameTime ?? CACurrentMediaTime() }
}

/// Core Animation's clock: seconds on a monotonic clock (CLOCK_MONOTONIC), as
/// `CACurrentMediaTime()`. The display link, the animation engine and the timing recorder
/// all read this one clock. `CAMediaClock.manualTime` overrides it.
public func CACurrentMediaTime() -> Double {
    if let t = CAMediaClock.manualTime { return t }
    return CAMediaClock.monotonic() - CAMediaClock.origin
}
