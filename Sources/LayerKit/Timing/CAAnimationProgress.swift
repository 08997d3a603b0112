// Where an animation is at a parent time: Core Animation's mapping parent time → active
// local time → basic local time (begin, speed, offset, repeats, autoreverse, fill mode).

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a timed object (an animation) is at one parent time: the result of Core Animation's
/// two-stage mapping parent time → active local time → basic local time.
public struct CAAnimationProgress: Sendable, Equatable {
    /// Basic local time inside the current cycle, 0…duration (mirrored while autoreversing),
    /// before the timing function.
    public var time: Double
    /// The basic duration (0 already replaced by the default).
    public var duration: Double
    /// Completed repeat cycles before this one (a forward+backward pair counts as one cycle
    /// when autoreversing); cumulative animations add this many times their span.
    public var iteration: Int
    /// `time / duration` through the timing function: what interpolation uses.
    public var fraction: Double
    /// True when the object is outside its active interval and shown by its fillMode.
    public var isFilling: Bool
}

/// The timing arithmetic of CAMediaTiming, shared by animations (and groups' children).
public enum CAMediaTimingMath {
    /// Snap `q` to the nearest integer when it is within rounding noise of it, so that a time
    /// exactly on a repeat boundary (0.3 / 0.1) lands on the boundary.
    @inline(__always) static func snapped(_ q: Double) -> Double {
        let r = q.rounded()
        return abs(q - r) < 1e-9 * max(1, abs(q)) ? r : q
    }

    /// The active duration: duration × repeatCount (each repeat is forward and, with
    /// autoreverses, backward), or repeatDuration, or one cycle.
    public static func activeDuration(duration d: Double, repeatCount: Double, repeatDuration: Double,
                                      autoreverses: Bool) -> Double {
        let cycle = autoreverses ? 2 * d : d
        if repeatCount > 0 { return repeatCount.isInfinite ? .infinity : repeatCount * cycle }
        if repeatDuration > 0 { return repeatDuration }
        return cycle
    }

    /// Maps a parent time through beginTime, speed, timeOffset, repeats, autoreverses and
    /// fillMode. nil when the object does not apply at that time (before or after its active
    /// interval without the matching fill). Active interval is [begin, end): at exactly the
    /// end only a forwards fill still applies.
    ///
    /// A negative speed runs the active interval backwards: "Specifies how time is mapped to
    /// receiver's time space from the parent time space" (CAMediaTiming.speed) — the object
    /// still occupies [begin, begin + active / |speed|) of its parent's time, but its active
    /// local time falls from the end of the active duration to 0 there (an animation with
    /// speed −1 plays from its last value to its first). Fills keep their parent-time roles:
    /// a backwards fill (before begin) shows where the run starts — the end — and a forwards
    /// fill (after it) where it finishes — the start.
    public static func progress(parentTime tp: Double, beginTime: Double, speed: Double, timeOffset: Double,
                                duration d: Double, repeatCount: Double, repeatDuration: Double,
                                autoreverses: Bool, fillMode: CAMediaTimingFillMode,
                                timingFunction: CAMediaTimingFunction?) -> CAAnimationProgress? {
        let active = activeDuration(duration: d, repeatCount: repeatCount, repeatDuration: repeatDuration,
                                    autoreverses: autoreverses)
        let reversed = speed < 0
        let a = (tp - beginTime) * abs(speed)
        var local: Double
        var filling = false
        var atEnd = false
        if a < 0 {
            guard fillMode == .backwards || fillMode == .both else { return nil }
            local = 0; filling = true
        } else if a >= active - 1e-9 * max(1, active) {
            // Within rounding noise of the end counts as the end (a frame time computed as
            // 1.1999999999 for a child ending at 1.2 must not wrap into another cycle).
            guard fillMode == .forwards || fillMode == .both else { return nil }
            local = active; filling = true; atEnd = true
        } else {
            local = a
        }
        if reversed {
            // The run goes from the end of the active duration back to its start. An endless
            // active duration has no end to start from: it runs back from 0 and holds there.
            if active.isFinite {
                local = active - local
                atEnd = local >= active - 1e-9 * max(1, active)
                if atEnd { local = active }
            } else {
                local = 0; atEnd = false
            }
        }
        // timeOffset shifts within the active interval and wraps around it (C→D→E→A→B).
        if timeOffset != 0 {
            if active.isFinite && active > 0 {
                let x = local + timeOffset
                var r = x.truncatingRemainder(dividingBy: active)
                if r < 0 { r += active }
                if atEnd && r == 0 { r = active }
                local = r
                atEnd = atEnd && r == active
            } else {
                local = max(0, local + timeOffset)
            }
        }
        let cycle = autoreverses ? 2 * d : d
        var iteration = 0
        var phase = local
        if cycle > 0 && local.isFinite {
            let q = snapped(local / cycle)
            var n = q.rounded(.down)
            if atEnd && n == q && n > 0 { n -= 1 }        // ending on a boundary: end of the last cycle
            // Never past the last cycle that starts inside the active duration.
            if n > 0 && n * cycle >= active - 1e-9 * max(1, active) { n -= 1 }
            // Int(saturating:) (generic over the integer type, some fifty instructions a call,
            // every animation of every frame) only where the plain conversion could trap:
            // inside ±2^53 the two truncate alike.
            iteration = abs(n) < 9_007_199_254_740_992 ? Int(n) : Int(saturating: n)
            phase = min(cycle, max(0, (q - n) * cycle))
        }
        var t = phase
        if autoreverses && t > d { t = 2 * d - t }
        t = min(d, max(0, t))
        let x = d > 0 ? t / d : 1
        let f = timingFunction?.evaluate(x) ?? x
        return CAAnimationProgress(time: t, duration: d, iteration: iteration, fraction: f, isFilling: filling)
    }
}
