// OWNER: gallery helper. A repeating timer on the media clock for the demos (NSTimer's role).
import LayerKit

/// A timer on Core Animation's clock (`CACurrentMediaTime()`), fired by the demo's host on
/// each frame: deterministic under the headless runner's manual clock, which a wall-clock
/// timer would not be. Fires at creation + interval, + 2 × interval … (a late frame fires
/// every missed time in order, as NSTimer coalesces none of a repeating timer's slots here).
public final class DemoTimer {
    public let timeInterval: Double
    public let repeats: Bool
    public private(set) var isValid = true
    /// The next time the block runs.
    public private(set) var fireDate: Double
    private let block: (DemoTimer) -> Void

    public init(timeInterval: Double, repeats: Bool, block: @escaping (DemoTimer) -> Void) {
        self.timeInterval = max(timeInterval, 0.0001)
        self.repeats = repeats
        self.block = block
        fireDate = CACurrentMediaTime() + self.timeInterval
    }

    /// Runs the block for every fire time up to `time`.
    public func fire(upTo time: Double) {
        while isValid && fireDate <= time {
            block(self)
            if repeats { fireDate += timeInterval } else { isValid = false }
        }
    }

    public func invalidate() { isValid = false }
}
