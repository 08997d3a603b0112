// Points LayerKit's media clock at the headless runner's manual clock.
import LayerKit

/// Switches `CACurrentMediaTime()` between the real monotonic clock (windows) and a manual
/// time (headless runs), so demos that read the clock (pause / resume, beginTime = now + 2)
/// stay deterministic under the runner.
enum MediaClock {
    static func start(manualAt time: Double) { set(time) }
    static func set(_ time: Double) { CAMediaClock.manualTime = time }
    static func stop() { CAMediaClock.manualTime = nil }
}
