// What a layer that draws its own contents keeps between frames: the marks of
// `setNeedsDisplay` (the whole layer or a dirty rectangle), and the backing store last drawn
// with the bounds, scale and display-key values it was drawn for.

/// The custom-drawing state of one model layer (made when the layer is first marked for
/// display).
final class LayerDrawingState {
    /// Whether the layer is marked for display.
    var needsDisplay = false
    /// The marked part in layer coordinates; nil with `needsDisplay` means the whole layer.
    var dirtyRect: Rect?
    /// CALayer.needsDisplayOnBoundsChange.
    var needsDisplayOnBoundsChange = false
    /// The model's bounds when the layer was last displayed (or when this state was made):
    /// a different bounds marks the layer when `needsDisplayOnBoundsChange` is set.
    var displayedBounds: Rect
    /// The part of the backing store the display under way redraws (nil: all of it).
    var redrawRect: Rect?

    /// The last backing store, the layer bounds it covers and its pixels per point.
    var backingStore: Bitmap?
    var backingBounds = Rect.null
    var backingScale = 0.0
    /// The values of the layer's display keys (`needsDisplay(forKey:)`) it was last drawn with.
    var drawnDisplayValues: [AnimatableValue?]?

    init(bounds: Rect) { displayedBounds = bounds; Self.live.created() }
    deinit { Self.live.destroyed() }
    /// The drawing states alive in the process: while there is none, no layer anywhere draws
    /// contents of its own, and a frame's display pass has nothing to look at.
    static let live = LiveObjectCounter()

    /// Marks `rect` (nil: everything) for display.
    func mark(_ rect: Rect?) {
        if needsDisplay {
            if let d = dirtyRect { dirtyRect = rect.map(d.union) }
        } else {
            dirtyRect = rect
        }
        needsDisplay = true
    }
}
