// A colour gradient (CGGradient): colours at locations in 0…1, handed to Raster's gradient
// fills as stops. Between two locations the colour components, alpha
// included, interpolate linearly unpremultiplied, then the result is premultiplied. Without
// locations the colours are spread evenly from 0 to 1, first to last, as CGGradient's
// initializers do with a nil `locations`. Outside the first and last location the end
// colours hold.

/// Colours at locations, for `drawLinearGradient` and `drawRadialGradient`.
public final class CGGradient: @unchecked Sendable {
    /// The colours, in order of their locations.
    public let colors: [Color]
    /// Where each colour sits, 0…1, ascending.
    public let locations: [Double]

    /// A gradient of `colors` at `locations` (evenly spaced when nil); nil when there are no
    /// colours, the counts differ, or a location is not finite.
    public init?(colors: [Color], locations: [Double]? = nil) {
        guard !colors.isEmpty else { return nil }
        let locs = locations ?? (colors.count == 1 ? [0] : (0..<colors.count).map { Double($0) / Double(colors.count - 1) })
        guard locs.count == colors.count, locs.allSatisfy(\.isFinite) else { return nil }
        // Stable order by location (CG expects them ascending; equal ones keep their order).
        let order = locs.indices.sorted { locs[$0] < locs[$1] || (locs[$0] == locs[$1] && $0 < $1) }
        self.colors = order.map { colors[$0] }
        self.locations = order.map { max(0, min(1, locs[$0])) }
    }

    /// The colour at `t` (0…1), unpremultiplied.
    public func color(at t: Double) -> Color {
        if t <= locations[0] { return colors[0] }
        if t >= locations[locations.count - 1] { return colors[colors.count - 1] }
        var i = 1
        while locations[i] < t { i += 1 }
        let span = locations[i] - locations[i - 1]
        let f = span > 0 ? (t - locations[i - 1]) / span : 1
        return colors[i - 1].lerp(colors[i], f)
    }

    /// The colours at their locations as Raster's gradient stops.
    var stops: [GradientStop] { zip(colors, locations).map { GradientStop(location: $1, color: $0) } }
}

/// Whether a gradient extends past its ends (CGGradientDrawingOptions).
public struct CGGradientDrawingOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Fill beyond the starting location (before the start point, inside the start circle)
    /// with the first colour.
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1)
    /// Fill beyond the ending location with the last colour.
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 2)
}
