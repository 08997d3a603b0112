// Self-paced frame deadlines on the refresh grid: each slot computed as origin + slot ×
// period so nothing drifts, and a late frame skips to the next slot still ahead.

/// Where the next frame goes on the refresh grid when the link paces itself (no blocking
/// vsync): ticks land on `origin + slot × period`, computed from the slot number rather than
/// by adding periods, so rounding never accumulates into drift. A frame that finishes after
/// the next slot (by more than `lateTolerance`) skips to the first slot still ahead instead
/// of shifting every later frame.
public struct FramePacer: Sendable {
    /// The refresh period, seconds.
    public let period: Double
    /// The time of slot 0.
    public let origin: Double
    /// How late a slot may be started and still count as on time (a frame that ends just past
    /// the next slot runs at once rather than waiting a whole period).
    public var lateTolerance: Double
    /// The slot of the current tick.
    public private(set) var slot: Int = 0
    /// Slots skipped so far because frames ran late.
    public private(set) var skippedSlots: Int = 0

    /// A pacer for a display of `period` seconds whose first tick is at `origin`.
    public init(period: Double, origin: Double, lateTolerance: Double? = nil) {
        self.period = period > 0 ? period : 1.0 / 60
        self.origin = origin
        self.lateTolerance = lateTolerance ?? self.period * 0.25
    }

    /// The refresh period for a display reporting `refreshRate` Hz (60 Hz when it reports 0
    /// or nonsense).
    public static func period(forRefreshRate refreshRate: Int) -> Double {
        (refreshRate > 0 && refreshRate < 1000) ? 1 / Double(refreshRate) : 1.0 / 60
    }

    /// The time of grid slot `n`.
    public func time(ofSlot n: Int) -> Double { origin + Double(n) * period }

    /// The deadline of the current slot.
    public var deadline: Double { time(ofSlot: slot) }

    /// Moves to the next tick after a frame finished at `now`; returns its deadline (wait
    /// until then, then start the frame) and how many slots were skipped.
    @discardableResult
    public mutating func advance(finishedAt now: Double) -> (deadline: Double, skipped: Int) {
        var next = slot + 1
        // The slot `now` lies in (the last slot at or before now).
        let current = Int(((now - origin) / period).rounded(.down))
        if current >= next {
            next = (now - time(ofSlot: current) <= lateTolerance) ? current : current + 1
        }
        let skipped = next - slot - 1
        skippedSlots += skipped
        slot = next
        return (time(ofSlot: next), skipped)
    }
}
