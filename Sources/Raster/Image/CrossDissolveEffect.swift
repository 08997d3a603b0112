// The cross-dissolve as a display-list transition effect: two same-size snapshots (each what
// one image looks like placed on the surface) interpolated per premultiplied pixel,
// (1 − p)·old + p·new (Bitmap.crossDissolve), then composited source-over at the snapshots'
// place through the full clip (rounded clips included), with no resampling: the snapshots
// are already in the surface's pixel grid.

/// The per-pixel premultiplied interpolation of two snapshots, drawn unresampled.
public struct CrossDissolveEffect: DisplayEffect, Equatable, Sendable {
    public init() {}

    /// Draws (1 − `progress`)·`from` + `progress`·`to` with its top left at `rect.origin`
    /// (rounded to whole pixels) over `canvas`.
    public func render(from: Bitmap, to: Bitmap, progress: Double, into canvas: Canvas, rect: Rect) {
        guard let mixed = Bitmap.crossDissolve(from: from, to: to, progress: progress.isFinite ? progress : 0) else { return }
        canvas.draw(mixed, transform: .translation(rect.minX.rounded(), rect.minY.rounded()))
    }
}
