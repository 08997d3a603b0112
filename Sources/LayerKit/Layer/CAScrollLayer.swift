// CAScrollLayer: "A layer that displays scrollable content larger than its own bounds. … The
// extent of the scrollable area of the CAScrollLayer is defined by the layout of its
// sublayers. The visible portion of the layer content is set by specifying the origin as a
// point or a rectangular area of the contents to be displayed. CAScrollLayer does not provide
// keyboard or mouse event-handling, nor does it provide visible scrollers." Scrolling moves
// the origin of its bounds (sublayers are placed relative to it: CALayer+Geometry.swift), along
// the axes `scrollMode` allows. A scroll layer clips what it shows to its bounds: it starts
// with masksToBounds true. The sublayers' side (scroll(_:), scrollRectToVisible(_:),
// visibleRect) is in CALayer+Scrolling.swift; `layerplay play` scrolls one with the mouse
// wheel (Player/Playback/PlaybackScene.swift).

/// "Defines the axes in which the layer may be scrolled." (CAScrollLayerScrollMode)
public enum CAScrollLayerScrollMode: String, Sendable, CaseIterable, Equatable {
    case none, vertically, horizontally, both
}

/// A layer that shows part of content larger than its bounds (CAScrollLayer).
open class CAScrollLayer: CALayer {
    /// "Defines the axes in which the layer may be scrolled. … The default value is both."
    public var scrollMode: CAScrollLayerScrollMode = CAScrollLayer.scrollMode.defaultValue { didSet { modelDidChange() } }

    public override init() {
        super.init()
        masksToBounds = true
    }
    public required init(layer: CALayer) { super.init(layer: layer) }

    open override class var properties: LayerPropertyTable { CAScrollLayer.scrollProperties }

    /// "Changes the origin of the receiver to the specified point." Along the axes `scrollMode`
    /// allows; the other coordinate keeps its value.
    public func scroll(to p: Point) {
        var o = bounds.origin
        switch scrollMode {
        case .none: return
        case .vertically: o.y = p.y
        case .horizontally: o.x = p.x
        case .both: o = p
        }
        guard o.x.isFinite, o.y.isFinite, o != bounds.origin else { return }
        bounds.origin = o
    }

    /// "Scroll the contents of the receiver to ensure that the rectangle is visible." The
    /// least move that shows `r` (in the layer's coordinates): an axis on which `r` is already
    /// inside the bounds does not move; one on which it is larger than the bounds shows its
    /// minimum edge.
    public func scroll(to r: Rect) {
        guard !r.isNull, r.isFiniteRect else { return }
        let b = bounds
        func axis(_ lo: Double, _ hi: Double, _ bLo: Double, _ size: Double) -> Double {
            if hi - lo > size || lo < bLo { return lo }
            if hi > bLo + size { return hi - size }
            return bLo
        }
        scroll(to: Point(axis(r.minX, r.maxX, b.minX, b.width), axis(r.minY, r.maxY, b.minY, b.height)))
    }

    /// Core Animation's Swift name for `scroll(to:)` of a rectangle.
    public func scroll(_ r: Rect) { scroll(to: r) }

    /// What the sublayers cover, in the layer's coordinates (their frames' union): the
    /// scrollable extent the mouse wheel keeps the bounds within.
    public var contentExtent: Rect {
        var r = Rect.null
        for s in sublayers ?? [] where !s.isHidden {
            let f = s.frame
            if !f.isNull, f.isFiniteRect { r = r.union(f) }
        }
        return r
    }

    /// Scrolls by `delta` points, kept within `contentExtent` (a wheel's step): the origin
    /// stays between the content's minimum and its maximum less the bounds' size.
    public func scroll(by delta: Point) {
        let e = contentExtent
        guard !e.isNull, delta.x.isFinite, delta.y.isFinite else { return }
        let b = bounds
        func clamp(_ v: Double, _ lo: Double, _ hi: Double) -> Double { max(lo, min(v, max(lo, hi))) }
        scroll(to: Point(clamp(b.minX + delta.x, e.minX, e.maxX - b.width), clamp(b.minY + delta.y, e.minY, e.maxY - b.height)))
    }
}

extension CAScrollLayer {
    /// "The default value is both." (not animatable)
    public static let scrollMode: LayerProperty<CAScrollLayer, CAScrollLayerScrollMode> = .init(
        "scrollMode", get: { $0.scrollMode }, set: { $0.scrollMode = $1 },
        default: .both, animatable: false, affects: .geometry, document: .enumeration)

    /// CALayer's properties, then this.
    public static let scrollProperties = LayerPropertyTable(CAScrollLayer.self, superclass: CALayer.layerProperties,
                                                            declared: [scrollMode.erased])
}
