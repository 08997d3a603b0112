// The display pass that runs before a frame's display list is built: every visible layer of
// the tree that draws its own contents is displayed when it needs it, so that its contents
// (its backing store) are current when the list reads them, extents included. A layer is
// displayed when it is marked, or when the values of its display keys (the animatable keys
// its class lists in `needsDisplay(forKey:)`) on screen differ from those it was drawn with.
// While an animation moves a display key the presentation copy itself is displayed, every
// frame, with the presentation values: "Animations changing the value of the attribute also
// trigger redisplay" (CALayer.needsDisplay(forKey:)), and the presentation layer is what is
// "currently being displayed onscreen" (CALayer.presentation()). Otherwise the model layer is
// displayed, and the copy being drawn takes the model's new contents.

extension CALayer {
    /// The display pass of a frame over the tree rooted at this layer: `displayPendingContents()`,
    /// skipped while no layer in the process has a drawing state (none was ever marked for
    /// display, or those that were are gone), when the walk would find nothing to display.
    func displayPendingContentsOfTree() {
        guard LayerDrawingState.live.count > 0 else { return }
        displayPendingContents()
    }

    /// Displays, where needed, every visible layer of the tree rooted at this one (normally a
    /// presentation tree). Layers that never drew cost one check each.
    func displayPendingContents() {
        guard !isHidden else { return }
        let m = model()
        if let s = m.drawingState { displayIfStale(model: m, state: s) }
        if let subs = sublayers { for sub in subs { sub.displayPendingContents() } }
    }

    /// This layer's display step (see the file header).
    private func displayIfStale(model m: CALayer, state s: LayerDrawingState) {
        let keys = type(of: m).displayKeys
        let modelValues = keys.map { m.value(forKeyPath: $0) }
        let shown = m === self ? modelValues : keys.map { value(forKeyPath: $0) }
        let drawnChanged = s.drawnDisplayValues.map { $0 != shown } ?? false
        if shown != modelValues {
            guard s.needsDisplay || drawnChanged || s.drawnDisplayValues == nil else { return }
            display(redrawing: nil)
            s.drawnDisplayValues = shown
        } else if m.needsDisplay() || drawnChanged {
            m.display(redrawing: s.needsDisplay ? s.dirtyRect : nil)
            s.drawnDisplayValues = shown
            if m !== self { contents = m.contents }
        }
    }

    /// The animatable keys this class redisplays for (`needsDisplay(forKey:)`).
    static var displayKeys: [String] {
        properties.animatable.map(\.key).filter { needsDisplay(forKey: $0) }
    }
}
