// How far a rendered image may stray from its golden: the per-channel threshold that marks a
// pixel as "off", and bounds on the mean channel difference and on the share of pixels off
// (Raster's `Bitmap.difference(from:threshold:)` measures both).
import Raster

/// The bounds one golden comparison enforces.
public struct GoldenTolerance: Sendable {
    /// A pixel is "off" when one of its channels differs by more than this (0…255).
    public var threshold: Int
    /// The largest allowed mean |Δ| per channel, or nil when the mean is not bounded.
    public var maxMeanAbsolute: Double?
    /// The largest allowed share (0…1) of pixels off by more than `threshold`.
    public var maxShareOverThreshold: Double

    public init(threshold: Int = 16, maxMeanAbsolute: Double?, maxShareOverThreshold: Double) {
        self.threshold = threshold
        self.maxMeanAbsolute = maxMeanAbsolute
        self.maxShareOverThreshold = maxShareOverThreshold
    }

    /// Whether `difference` lies within these bounds.
    public func accepts(_ difference: BitmapDifference) -> Bool {
        if let maxMeanAbsolute, !(difference.meanAbsolute <= maxMeanAbsolute) { return false }
        return difference.shareOverThreshold <= maxShareOverThreshold
    }
}
