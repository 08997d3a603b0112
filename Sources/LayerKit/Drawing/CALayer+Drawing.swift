// Custom drawing of a layer, as Core Animation does it. A layer draws nothing of its own
// until it is marked (`setNeedsDisplay`, a change of a key its class lists in
// `needsDisplay(forKey:)`, a bounds change with `needsDisplayOnBoundsChange`); the next frame
// then displays it: `display()` "attempts to call the delegate's display(_:) method … If the
// delegate does not implement the display(_:) method, this method creates a backing store
// and calls the layer's draw(in:) method to fill that backing store with content. The new
// backing store replaces the previous contents of the layer" (CALayer.display(), Apple's
// documentation). The backing store is a bitmap of the bounds at `contentsScale` pixels per
// point; the context's user space is the layer's bounds, origin top left, y down, the CTM
// already scaled, as a layer's context is on iOS. It is kept until the layer is marked
// again; a mark of a rectangle redraws only that part of the kept store, clipped to it.

extension CALayer {
    /// "When this property is set to true, the layer automatically calls its setNeedsDisplay()
    /// method whenever its bounds property changes" (CALayer.needsDisplayOnBoundsChange);
    /// false by default.
    public var needsDisplayOnBoundsChange: Bool {
        get { model().drawingState?.needsDisplayOnBoundsChange ?? false }
        set {
            let s = drawingStateCreatingIfNeeded()
            if newValue && !s.needsDisplayOnBoundsChange { s.displayedBounds = bounds }
            s.needsDisplayOnBoundsChange = newValue
        }
    }

    /// Marks the whole layer for display (CALayer.setNeedsDisplay()): the next frame calls
    /// `display()`. No effect on a presentation copy.
    public func setNeedsDisplay() {
        guard modelLayer == nil else { return }
        drawingStateCreatingIfNeeded().mark(nil)
    }

    /// Marks `rect` (layer coordinates) for display (CALayer.setNeedsDisplay(_:)): where the
    /// backing store is kept, only that part is cleared and redrawn, the context clipped to it,
    /// and only that part of the layer is damaged on screen.
    public func setNeedsDisplay(_ rect: Rect) {
        guard modelLayer == nil, rect.isFiniteRect, !rect.isEmpty else { return }
        drawingStateCreatingIfNeeded().mark(rect)
    }

    /// Whether the layer is marked for display (CALayer.needsDisplay()).
    public func needsDisplay() -> Bool {
        guard let s = model().drawingState else { return false }
        return s.needsDisplay || (s.needsDisplayOnBoundsChange && s.displayedBounds != model().bounds)
    }

    /// Displays the layer now when it is marked (CALayer.displayIfNeeded()).
    public func displayIfNeeded() {
        guard modelLayer == nil, needsDisplay(), let s = drawingState else { return }
        display(redrawing: s.needsDisplay ? s.dirtyRect : nil)
    }

    /// Whether the layer draws its own contents: it has a delegate or has been marked for display.
    public var drawsOwnContents: Bool { model().drawingState != nil }

    /// Records a change of a subclass's own declared property (call it from the property's
    /// `didSet`): starts its implicit animation as for CALayer's properties, and marks the
    /// layer for display when its class lists the key in `needsDisplay(forKey:)`: "Subclasses
    /// can override this method and return true if the layer should be redisplayed when the
    /// value of the specified attribute changes. Animations changing the value of the
    /// attribute also trigger redisplay" (CALayer.needsDisplay(forKey:)).
    public final func didChange<Root, Value>(_ property: LayerProperty<Root, Value>, from old: Value) {
        changed(property, old)
        if modelLayer == nil, !isCopyingProperties, type(of: self).needsDisplay(forKey: property.key) {
            setNeedsDisplay()
        }
    }

    // MARK: The display process

    /// Runs `display()` on this layer (a model layer, or a presentation copy showing animated
    /// display keys) with the marks of its model cleared, redrawing `rect` of the kept backing
    /// store (nil: all of it).
    func display(redrawing rect: Rect?) {
        let m = model()
        let s = m.drawingStateCreatingIfNeeded()
        s.needsDisplay = false
        s.dirtyRect = nil
        s.displayedBounds = m.bounds
        s.redrawRect = rect
        display()
        s.redrawRect = nil
    }

    /// CALayer's `display()`: the delegate's `display(_:)`, whose default is
    /// `displayIntoBackingStore()`.
    func displayThroughDelegate() {
        if let d = model().delegate { d.display(self) } else { displayIntoBackingStore() }
    }

    /// Creates the backing store (or, for a partial redraw, a copy of the kept one with the
    /// redrawn part cleared), calls `draw(in:)` into it and makes it the layer's contents.
    /// Bounds that are empty, not finite or beyond the largest bitmap (`Bitmap.maximumSide`,
    /// `Bitmap.maximumPixels`) give no contents.
    public func displayIntoBackingStore() {
        let m = model()
        let s = m.drawingStateCreatingIfNeeded()
        let scale = m.contentsScale.isFinite && m.contentsScale > 0 ? m.contentsScale : 1
        let b = bounds
        let w = b.isFiniteRect ? (b.width * scale).rounded(.up) : 0, h = b.isFiniteRect ? (b.height * scale).rounded(.up) : 0
        guard w >= 1, h >= 1, w <= Double(Bitmap.maximumSide), h <= Double(Bitmap.maximumSide),
              w * h <= Double(Bitmap.maximumPixels) else {
            s.backingStore = nil
            setContentsSilently(nil)
            return
        }
        // Under an odd number of flipped superlayers the context is y-flipped (and the
        // backing store, shown as contents, is mirrored back: see CALayer+FlippedContents).
        let flip = contentsAreFlipped() ? Self.verticalMirror(about: b) : .identity
        let base = flip.concatenating(.translation(-b.minX, -b.minY)).concatenating(.scale(scale, scale))
        let bitmap: Bitmap, ctx: CGContext
        if let r = s.redrawRect, let old = s.backingStore, old.width == Int(w), old.height == Int(h),
           s.backingScale == scale, s.backingBounds == b {
            // The marked part grown to whole pixels: cleared, and the only place drawn; the
            // store a revision of the old one in just those pixels, so only they are damaged.
            let pixels = r.applying(base).pixelAligned
            bitmap = old.revision(changing: pixels)
            ctx = CGContext(bitmap: bitmap, ctm: base)
            guard let inverse = base.inverted else { return }
            let part = pixels.applying(inverse)
            ctx.clip(to: part)
            ctx.clear(part)
        } else {
            bitmap = Bitmap(width: Int(w), height: Int(h))
            ctx = CGContext(bitmap: bitmap, ctm: base)
        }
        draw(in: ctx)
        s.backingStore = bitmap
        s.backingBounds = b
        s.backingScale = scale
        setContentsSilently(ImageRef(bitmap))
    }

    /// Sets `contents` on this layer and its model without an implicit animation (the
    /// display process replaces contents; it is not a property change of the app).
    func setContentsSilently(_ image: ImageRef?) {
        let m = model()
        m.isCopyingProperties = true
        m.contents = image
        m.isCopyingProperties = false
        if m !== self { contents = image }
    }

    /// The model's drawing state, made on first use.
    func drawingStateCreatingIfNeeded() -> LayerDrawingState {
        let m = model()
        if let s = m.drawingState { return s }
        let s = LayerDrawingState(bounds: m.bounds)
        m.drawingState = s
        // A layer that draws its own contents now: what the render tree concluded of it
        // (that it draws nothing whatever the time) no longer holds.
        m.modelDidChange()
        return s
    }
}
