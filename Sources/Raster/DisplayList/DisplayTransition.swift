// The transition item: an effect compositing an old and a new snapshot at a progress. Each
// snapshot is a nested display list drawn into a bitmap of its own once, and reused for as
// long as its producer hands the same snapshot back (a still state is drawn once, not every
// frame).

/// A transition effect's pixel work: composites `from` and `to` (same-size snapshots) at
/// `progress` into `canvas`, their top left at `rect.origin`.
public protocol DisplayEffect {
    func render(from: Bitmap, to: Bitmap, progress: Double, into canvas: Canvas, rect: Rect)
    /// Whether `other` is the same effect (for comparing lists).
    func isSameEffect(as other: any DisplayEffect) -> Bool
}

extension DisplayEffect where Self: Equatable {
    public func isSameEffect(as other: any DisplayEffect) -> Bool { (other as? Self) == self }
}

/// A nested display list and, once drawn, its pixels.
public final class DisplaySnapshot {
    public let list: DisplayList
    /// The list drawn into a cleared list-sized bitmap; nil until a rasterizer first needs it.
    public internal(set) var bitmap: Bitmap?

    public init(list: DisplayList) { self.list = list }
}

/// "Transition effect at `progress` between the old snapshot and the new one", mapped onto
/// the surface by `transform` (snapshot pixels to surface pixels) with `opacity`.
public struct DisplayTransition {
    public var effect: any DisplayEffect
    public var progress: Double
    public var from: DisplaySnapshot
    public var to: DisplaySnapshot
    public var transform: ProjectiveTransform
    public var opacity: Double

    public init(effect: any DisplayEffect, progress: Double, from: DisplaySnapshot, to: DisplaySnapshot,
                transform: ProjectiveTransform, opacity: Double) {
        self.effect = effect; self.progress = progress; self.from = from; self.to = to
        self.transform = transform; self.opacity = opacity
    }
}

extension DisplayTransition: Equatable {
    public static func == (a: DisplayTransition, b: DisplayTransition) -> Bool {
        a.progress == b.progress && a.from === b.from && a.to === b.to && a.transform == b.transform
            && a.opacity == b.opacity && a.effect.isSameEffect(as: b.effect)
    }
}
