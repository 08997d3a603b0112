// The one reader of the system's monotonic clock (CLOCK_MONOTONIC): media clocks, frame
// pacing and stage timings all read time through it.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Seconds and nanoseconds on CLOCK_MONOTONIC: never steps back, never jumps with the wall
/// clock, and is independent of any manual media clock.
public enum MonotonicTime {
    /// Nanoseconds on the monotonic clock.
    @inline(__always) public static func nanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }
    /// Seconds on the monotonic clock.
    @inline(__always) public static func seconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
}
