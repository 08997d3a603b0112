// The clock the frame loop reads and waits on: the raw monotonic clock for a window, a
// manual clock for tests and headless runs.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LayerKit

/// The clock the frame loop reads and waits on: the real monotonic clock in a window, a
/// manual one in tests and headless runs.
public protocol PacingClock: AnyObject {
    /// Seconds on the clock (CLOCK_MONOTONIC, raw, for the real one).
    func now() -> Double
    /// Returns at `deadline` (or at once when it has passed).
    func wait(until deadline: Double)
}

/// The real clock: CLOCK_MONOTONIC (`MonotonicTime`), the clock under media clocks, read raw so that
/// a manual media time or a moved media-time origin (headless tools, documents) can never
/// stop or shift the window's pacing; the host maps its ticks into media time. Waits sleep
/// until about a millisecond before the deadline (the kernel's sleep overshoots by tens of
/// microseconds to milliseconds), then spin to it, so deadlines land within microseconds.
public final class MonotonicClock: PacingClock {
    /// How long before the deadline sleeping stops and spinning starts.
    public var spinMargin: Double = 0.0012
    public init() {}
    public func now() -> Double { MonotonicTime.seconds() }
    public func wait(until deadline: Double) {
        var t = now()
        if deadline - t > spinMargin {
            let s = deadline - t - spinMargin
            var ts = timespec(tv_sec: Int(s), tv_nsec: Int((s - Double(Int(s))) * 1e9))
            var rest = timespec()
            while nanosleep(&ts, &rest) != 0 { ts = rest }
            t = now()
        }
        // Spin; yield only while more than 0.3 ms remain (a yield on a busy machine can
        // hand the CPU away for a whole time slice).
        while t < deadline {
            if deadline - t > 0.0003 { sched_yield() }
            t = now()
        }
    }
}

/// A clock that only moves when told: waiting jumps straight to the deadline. For tests of
/// pacing and for headless runs.
public final class ManualClock: PacingClock {
    /// The current time, seconds.
    public var time: Double
    public init(time: Double = 0) { self.time = time }
    public func now() -> Double { time }
    public func wait(until deadline: Double) { if deadline > time { time = deadline } }
    /// Moves the clock forward (simulated work).
    public func advance(by seconds: Double) { time += seconds }
}
