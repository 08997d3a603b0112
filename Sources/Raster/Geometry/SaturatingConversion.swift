// The one checked conversion of a Double that input can drive (a document's number, a Lottie
// file's, a size or time computed from them) to an integer. Swift's `Int(_: Double)` traps on
// NaN, ±infinity and any value outside the integer's range; these initializers never trap:
// they truncate toward zero as `Int(_:)` does inside the range, saturate at the type's
// minimum or maximum outside it, and give 0 for NaN. Every such conversion in LayerKit,
// Raster and Lottie goes through here unless its operand is bounded a few lines above it
// (a clamp, a `max(-1e9, …)`, a finite-and-small guard), which the code then says.

extension FixedWidthInteger {
    /// `x` truncated toward zero, clamped to `Self.min ... Self.max`; 0 when `x` is NaN.
    @inlinable
    public init(saturating x: Double) {
        if x.isNaN {
            self = 0
        } else if x >= Double(Self.max) {
            // Double(Int.max) rounds up to 2^63, one past the largest Int: `>=` keeps it out.
            self = Self.max
        } else if x <= Double(Self.min) {
            self = Self.min
        } else {
            self = Self(x)
        }
    }
}
