// Damage tracking: each frame every visible layer's resolved draw state (device matrix,
// inherited opacity and clip, drawing order, everything it paints with) is compared with
// the previous frame's; only the union of the changed layers' old and new device extents is
// cleared and redrawn (through the canvas clip), and reported for the texture upload.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What one `LayerRenderer.renderFrame` did.
public struct LayerRenderStats: Sendable {
    /// The device-pixel rectangle that was redrawn (integers); nil when nothing changed.
    public var damage: Rect?
    /// Nanoseconds spent walking the tree and finding the damage.
    public var renderNanos: UInt64
    /// Nanoseconds spent rasterizing the damaged region.
    public var rasterNanos: UInt64
    /// Visible layers in the tree.
    public var layerCount: Int
}

/// Everything about one layer that decides its pixels.
struct LayerDrawState: Equatable {
    var matrix: ProjectiveTransform
    var opacity: Double
    var clip: Rect?
    var order: Int
    var bounds: Rect
    var backgroundColor: Color?
    var cornerRadius: Double
    var borderWidth: Double
    var borderColor: Color?
    var masksToBounds: Bool
    var contents: ImageRef?
    var gravity: CALayerContentsGravity
    var shape: ShapeState?
    var text: TextState?
    /// The frame number while an animation that is not a property animation (a transition)
    /// runs on the layer: such a layer is redrawn every frame.
    var volatileFrame = 0

    struct ShapeState: Equatable {
        var path: Path?, fill: Color?, rule: FillRule, stroke: Color?, style: StrokeStyle
        var start: Double, end: Double
    }
    struct TextState: Equatable {
        var string: String, size: Double, color: Color?, align: CATextLayerAlignmentMode
    }
}

/// A layer's state and the device rectangle it paints.
struct LayerDrawRecord: Equatable {
    var state: LayerDrawState
    var extent: Rect
}

/// Monotonic nanoseconds (independent of any manual media clock).
@inline(__always) func monotonicNanos() -> UInt64 { MonotonicTime.nanoseconds() }

extension LayerRenderer {
    /// Draws `root` incrementally: only the region whose layers changed since the previous
    /// call is cleared and redrawn. The first call (or a new target size) redraws everything.
    public func renderFrame(_ root: CALayer, into canvas: Canvas) -> LayerRenderStats {
        let t0 = monotonicNanos()
        var states: [ObjectIdentifier: LayerDrawRecord] = [:]
        var order = 0
        frameNumber += 1
        collect(root, parent: ProjectiveTransform(AffineTransform.scale(scale, scale)), opacity: 1, clip: nil,
                order: &order, into: &states)
        let size = (canvas.target.width, canvas.target.height)
        var damage = Rect.null
        if previousSize == nil || previousSize! != size {
            damage = canvas.target.bounds
        } else {
            for (k, rec) in states {
                if let old = previousStates[k] {
                    if old.state != rec.state { damage = damage.union(old.extent).union(rec.extent) }
                } else {
                    damage = damage.union(rec.extent)
                }
            }
            for (k, old) in previousStates where states[k] == nil { damage = damage.union(old.extent) }
        }
        previousStates = states
        previousSize = size
        damage = damage.intersection(canvas.target.bounds)
        let t1 = monotonicNanos()
        if !damage.isNull && !damage.isFiniteRect { damage = canvas.target.bounds }
        guard !damage.isNull, !damage.isEmpty else {
            return LayerRenderStats(damage: nil, renderNanos: t1 - t0, rasterNanos: 0, layerCount: states.count)
        }
        let x0 = max(0, Int(damage.minX.rounded(.down))), y0 = max(0, Int(damage.minY.rounded(.down)))
        let x1 = min(size.0, Int(damage.maxX.rounded(.up))), y1 = min(size.1, Int(damage.maxY.rounded(.up)))
        let d = Rect(Double(x0), Double(y0), Double(x1 - x0), Double(y1 - y0))
        let bg = background.premultipliedARGB
        let px = canvas.target.pixels, w = canvas.target.width
        for y in y0..<y1 { (px + y * w + x0).update(repeating: bg, count: x1 - x0) }
        let saved = canvas.clip
        canvas.clip = .rect(d)
        drawTree(root, into: canvas)
        canvas.clip = saved
        let t2 = monotonicNanos()
        return LayerRenderStats(damage: d, renderNanos: t1 - t0, rasterNanos: t2 - t1, layerCount: states.count)
    }

    /// Forgets the previous frame, so the next `renderFrame` redraws everything.
    public func invalidate() { previousStates = [:]; previousSize = nil }

    /// Records the draw state of `l`'s visible subtree.
    func collect(_ l: CALayer, parent: ProjectiveTransform, opacity: Double, clip: Rect?,
                 order: inout Int, into out: inout [ObjectIdentifier: LayerDrawRecord]) {
        guard !l.isHidden, l.opacity > 0 else { return }
        let m = l.transformToSuperlayer.concatenating(parent)
        let eff = opacity * l.opacity
        var st = LayerDrawState(matrix: m, opacity: eff, clip: clip, order: order, bounds: l.bounds,
                                backgroundColor: l.backgroundColor, cornerRadius: l.cornerRadius,
                                borderWidth: l.borderWidth, borderColor: l.borderColor,
                                masksToBounds: l.masksToBounds, contents: l.contents, gravity: l.contentsGravity,
                                shape: nil, text: nil)
        order += 1
        if let s = l as? CAShapeLayer {
            st.shape = .init(path: s.path, fill: s.fillColor, rule: s.fillRule, stroke: s.strokeColor,
                             style: s.strokeStyle, start: s.strokeStart, end: s.strokeEnd)
        }
        if let t = l as? CATextLayer {
            st.text = .init(string: t.string, size: t.fontSize, color: t.foregroundColor, align: t.alignmentMode)
        }
        let own = ownLocalExtent(l)
        var ext = own.isNull ? Rect.null : (LayerRenderer.map(own, m) ?? .infinite)
        if !ext.isNull { ext = ext.insetBy(dx: -1, dy: -1) }
        // Transitions (and any other non-property animation) draw the layer's subtree in ways its
        // properties do not show: redraw its whole extent every frame while one is attached.
        if l.hasVolatileAnimation {
            st.volatileFrame = frameNumber
            let sub = subtreeLocalExtent(l).union(l.bounds)
            ext = ext.union((LayerRenderer.map(sub, m) ?? .infinite).insetBy(dx: -2, dy: -2))
        }
        if let c = clip { ext = ext.intersection(c) }
        out[ObjectIdentifier(l.model())] = LayerDrawRecord(state: st, extent: ext)
        var childClip = clip
        if l.masksToBounds {
            let b = LayerRenderer.map(l.bounds, m)?.insetBy(dx: -1, dy: -1) ?? .infinite
            childClip = childClip.map { $0.intersection(b) } ?? b
        }
        for s in l.sublayersInDrawingOrder {
            collect(s, parent: m, opacity: eff, clip: childClip, order: &order, into: &out)
        }
    }
}

extension CALayer {
    /// Whether the layer (its model) has an animation that is neither a property animation nor
    /// a group, a transition: what it draws then changes with time in ways its properties do
    /// not show.
    var hasVolatileAnimation: Bool {
        model().animationStore.contains { !($0.animation is CAPropertyAnimation) && !($0.animation is CAAnimationGroup) }
    }
}

extension Rect {
    /// A rectangle covering everything (for extents that cannot be bounded).
    static let infinite = Rect(-1e9, -1e9, 2e9, 2e9)
}
