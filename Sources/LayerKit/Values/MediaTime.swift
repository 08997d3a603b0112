#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Core Animation's clock: seconds on a monotonic clock (CLOCK_MONOTONIC), as
/// `CACurrentMediaTime()`. The display link, the animation engine and the timing recorder
/// all read this one clock.
public func CACurrentMediaTime() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}
