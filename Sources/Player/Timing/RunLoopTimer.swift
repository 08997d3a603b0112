// A Foundation Timer-style timer on the host's main loop: it fires on the first tick that
// reaches its fire date, and a repeating one keeps its grid and skips missed fires.

/// A timer on the host's main loop (Foundation's `Timer`, driven by the frame loop so it also
/// runs under a manual clock). It fires in the first tick whose timestamp reaches its fire
/// date; a repeating timer keeps its grid (fire date + k × interval) and skips missed fires
/// instead of bunching them up.
public final class RunLoopTimer {
    /// The seconds between fires of a repeating timer.
    public let interval: Double
    /// Whether the timer fires again after each fire.
    public let repeats: Bool
    /// The media time of the next fire.
    public private(set) var fireDate: Double
    /// False once invalidated or after a non-repeating timer fired.
    public private(set) var isValid = true

    /// The first fire date; repeats land on firstFireDate + n × interval (no accumulated error).
    private let firstFireDate: Double
    private var fires = 0
    private let block: (RunLoopTimer) -> Void
    weak var runLoop: PlayerRunLoop?

    /// A timer first firing at `fireDate`; add it to a loop with `add(to:)`.
    public init(fireDate: Double, interval: Double, repeats: Bool, block: @escaping (RunLoopTimer) -> Void) {
        self.fireDate = fireDate
        self.firstFireDate = fireDate
        self.interval = max(interval, 0)
        self.repeats = repeats && interval > 0
        self.block = block
    }

    /// A timer that fires `interval` seconds from the loop's current time (then every
    /// `interval` seconds if `repeats`), already scheduled on `runLoop`.
    @discardableResult
    public static func scheduled(interval: Double, repeats: Bool, on runLoop: PlayerRunLoop = .main,
                                 block: @escaping (RunLoopTimer) -> Void) -> RunLoopTimer {
        let timer = RunLoopTimer(fireDate: runLoop.currentTime + interval, interval: interval,
                                 repeats: repeats, block: block)
        timer.add(to: runLoop)
        return timer
    }

    /// Schedules the timer on `runLoop`.
    public func add(to runLoop: PlayerRunLoop = .main) {
        guard isValid, self.runLoop == nil else { return }
        self.runLoop = runLoop
        runLoop.add(self)
    }

    /// Stops the timer; its block is never called again.
    public func invalidate() {
        isValid = false
        runLoop?.remove(self)
        runLoop = nil
    }

    /// Slack for comparing a fire date with a tick's time: 0.6 s timers land exactly on the
    /// 60 Hz grid, but 0.6 + 0.6 + … in floating point may end a hair after the tick.
    static let slack = 1e-6

    /// Fires the block if due at `now`.
    func fireIfDue(at now: Double) {
        guard isValid, now + Self.slack >= fireDate else { return }
        if repeats {
            // Keep the grid: the next fire is the first grid date after now.
            let n = Int(((now + Self.slack - firstFireDate) / interval).rounded(.down))
            fires = max(fires, n) + 1
            fireDate = firstFireDate + Double(fires) * interval
        } else {
            isValid = false
        }
        block(self)
        if !isValid { invalidate() }
    }
}
