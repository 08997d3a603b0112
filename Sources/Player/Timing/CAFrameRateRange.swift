// A display link's range of acceptable frame rates (CAFrameRateRange), and the rule that
// picks one rate from it: "The system typically provides a consistent frame rate by choosing
// one that's a factor of the display's maximum refresh rate." (CADisplayLink
// .preferredFrameRateRange) — the candidates are refresh / n for n = 1, 2, …; the one chosen
// is inside [minimum, maximum] and nearest `preferred` (nearest `maximum` without one); when
// no factor falls inside the range, the factor nearest the range.

/// Frame rates in frames per second: the lowest and highest the caller accepts and the one
/// it prefers (CAFrameRateRange). All zero (`default`) asks for no particular rate.
public struct CAFrameRateRange: Equatable, Sendable {
    public var minimum: Float
    public var maximum: Float
    /// nil: no preference inside the range.
    public var preferred: Float?

    /// `CAFrameRateRange(minimum:maximum:preferred:)`.
    public init(minimum: Float, maximum: Float, preferred: Float? = nil) {
        self.minimum = minimum; self.maximum = maximum; self.preferred = preferred
    }
    /// "doesn't request any specific frame rate range" (CAFrameRateRange.default): every
    /// refresh.
    public static let `default` = CAFrameRateRange(minimum: 0, maximum: 0, preferred: 0)

    /// Whether the range asks for nothing (every refresh): the default, or a maximum of 0.
    public var isDefault: Bool { maximum <= 0 }

    /// The divisor n of the refresh rate to run at (the link fires on every n-th refresh),
    /// for a display refreshing `refreshRate` times a second; 1 for the default range. At
    /// most `refreshRate` candidates are looked at (a rate below 1 Hz is never chosen).
    public func refreshDivisor(refreshRate: Double) -> Int {
        guard !isDefault, refreshRate.isFinite, refreshRate > 0 else { return 1 }
        let lo = Double(max(0, minimum)), hi = Double(max(minimum, maximum))
        let target = Double(preferred.flatMap { $0 > 0 ? $0 : nil } ?? maximum)
        var best = 1
        var bestKey = (Double.infinity, Double.infinity)
        let limit = max(1, min(Int(refreshRate.rounded(.down)), 1000))
        for n in 1...limit {
            let rate = refreshRate / Double(n)
            // Outside the range: how far from it; inside: 0, then the distance to the target.
            let outside = rate < lo ? lo - rate : (rate > hi ? rate - hi : 0)
            let key = (outside, abs(rate - target))
            if key < bestKey { bestKey = key; best = n }
            if rate < lo && outside > bestKey.0 { break } // only further away from here on
        }
        return best
    }
}
