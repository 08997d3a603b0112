// Media time: the clock an animation context reads, and `CACurrentMediaTime()`, Core
// Animation's function over it.

/// The clock of one animation context: seconds on the monotonic clock less an origin, or a
/// manual time when one is set. The host that drives frames owns it: a window and a headless
/// run set `manualTime` to each tick's timestamp (what handlers, timers and commits see as
/// "now"), a document command to the document time; with no host it reads the monotonic
/// clock. The time a frame is drawn at is not read back from here: the host passes it to
/// `CAAnimationEngine.tick(at:)` and `CALayer.presentation(at:)`.
public final class CAMediaClock {
    /// When set, the clock reads exactly this value (headless runs, documents, tests).
    public var manualTime: Double?
    /// Subtracted from the monotonic clock; `resetOrigin()` makes the clock read 0 "now",
    /// which is how a document's time 0 becomes the instant it is opened.
    public var origin: Double = 0

    public init(manualTime: Double? = nil) { self.manualTime = manualTime }

    /// The media time now: the manual time, else monotonic seconds less the origin.
    public var now: Double { manualTime ?? MonotonicTime.seconds() - origin }

    /// Makes the clock read 0 at this instant (a manual time is unaffected).
    public func resetOrigin() { origin = MonotonicTime.seconds() }
}

/// Core Animation's absolute time in seconds, on a monotonic clock: here the clock of the
/// current animation context (`CAAnimationContext.current.clock`), monotonic seconds unless
/// its host set a manual time.
public func CACurrentMediaTime() -> Double {
    CAAnimationContext.current.clock.now
}
