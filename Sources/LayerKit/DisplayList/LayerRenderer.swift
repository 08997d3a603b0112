// One frame of a layer tree, as three named stages: DisplayListBuilder (presentation tree to
// display list), DamageTracker (this list against the last one: the pixels that changed) and
// DisplayListRasterizer (the list drawn into the damaged pixels only).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What one `LayerRenderer.renderFrame` did.
public struct LayerRenderStats: Sendable {
    /// The device-pixel rectangle that was redrawn (integers); nil when nothing changed.
    public var damage: Rect?
    /// Nanoseconds spent by the DisplayListBuilder (the tree to a display list).
    public var buildNanos: UInt64
    /// Nanoseconds spent by the DamageTracker (comparing the list with the last one).
    public var damageNanos: UInt64
    /// Nanoseconds spent by the DisplayListRasterizer (clearing and drawing the damage).
    public var rasterNanos: UInt64
    /// Items in the display list.
    public var itemCount: Int
}

/// Draws a layer tree (normally a presentation tree) into a `Canvas` through a display list.
///
/// Per layer, in Core Animation's order: background (rounded by cornerRadius), contents
/// (with contentsGravity), the shape's fill then stroke or the text, the sublayers by
/// zPosition, then the border (see `DisplayListBuilder`).
public final class LayerRenderer {
    /// Device pixels per point (hi-DPI); applied at the last step.
    public var scale: Double { didSet { builder.scale = scale } }
    /// What the target is cleared to before drawing (the document's background).
    public var background: Color
    /// The stages.
    public let builder: DisplayListBuilder
    public private(set) var damageTracker = DamageTracker()
    public let rasterizer = DisplayListRasterizer()
    /// The display list `renderFrame` drew last (for overlays built from it).
    public private(set) var lastDisplayList: DisplayList?
    /// The render tree `renderFrame` drew last, as it was then: while it is the same tree at
    /// the same generation, drawn alike, its display list is the last one and nothing changed.
    private struct DrawnRenderTree {
        weak var root: CALayer?
        let node: RenderTreeNode
        let generation: UInt
        let width: Int, height: Int
        let scale: Double
        let background: Color
    }
    private var lastRenderTree: DrawnRenderTree?
    /// The render tree `draw` drew last, as it was then, and its display list: `draw`'s own,
    /// apart from `renderFrame`'s (whose damage tracking follows only its own frames).
    private var lastWholeDraw: (tree: DrawnRenderTree, list: DisplayList)?
    /// The most pixels one frame's display list may draw (`DisplayList.drawnPixels`: its
    /// items' pixels within the target, each group's bitmap); nil for no limit. A list past
    /// it is not rasterized: the canvas keeps what it held, and `refusedDrawnPixels` says so
    /// (the commands set `DocumentLimits.maximumDrawnPixels` and refuse such a frame).
    public var drawnPixelLimit: Double?
    /// The pixels of the last list `draw`, `drawTree` or `renderFrame` refused to rasterize
    /// for `drawnPixelLimit`; nil when it was drawn.
    public private(set) var refusedDrawnPixels: Double?

    public init(scale: Double = 1, background: Color = .clear) {
        self.scale = scale; self.background = background
        builder = DisplayListBuilder(scale: scale)
    }

    /// The display list of `root` for a `width` × `height` pixel target.
    public func displayList(_ root: CALayer, width: Int, height: Int) -> DisplayList {
        builder.build(root, width: width, height: height)
    }

    /// Clears the whole target to `background` and draws `root` (no damage tracking); the
    /// clear is left out when the list paints every pixel opaque anyway.
    ///
    /// A render tree's root (`RenderTree.update`) that no update has changed since the last
    /// `draw` drew it has that draw's display list (the rule `renderFrame` follows, see
    /// `RenderTreeNode.treeGeneration`): the list is not built again, and every pixel is still
    /// cleared and drawn.
    public func draw(_ root: CALayer, into canvas: Canvas) {
        let width = canvas.target.width, height = canvas.target.height
        let list: DisplayList
        let node = root.renderTreeNodeOfCopy
        if let node, let last = lastWholeDraw, last.tree.root === root, last.tree.node === node, node.copy === root,
           last.tree.generation == node.treeGeneration, last.tree.width == width, last.tree.height == height,
           last.tree.scale == scale, last.tree.background == background {
            list = last.list
        } else {
            lastWholeDraw = nil
            list = displayList(root, width: width, height: height)
            if let node {
                lastWholeDraw = (DrawnRenderTree(root: root, node: node, generation: node.treeGeneration, width: width,
                                                 height: height, scale: scale, background: background), list)
            }
        }
        guard withinDrawnPixelLimit(list) else { return canvas.clear(background) }
        // An opaque rectangle over the whole target (a full-canvas solid) leaves nothing of the
        // clear to see; an unclipped canvas only (the clear ignores the clip, the list does not).
        if canvas.clip != nil || !list.coversTargetOpaquely { canvas.clear(background) }
        rasterizer.draw(list, into: canvas)
    }

    /// Draws `root` over what the canvas holds, honouring its clip.
    public func drawTree(_ root: CALayer, into canvas: Canvas) {
        let list = displayList(root, width: canvas.target.width, height: canvas.target.height)
        guard withinDrawnPixelLimit(list) else { return }
        rasterizer.draw(list, into: canvas)
    }

    /// Whether `list` may be rasterized under `drawnPixelLimit` (recorded in `refusedDrawnPixels`).
    private func withinDrawnPixelLimit(_ list: DisplayList) -> Bool {
        refusedDrawnPixels = nil
        guard let limit = drawnPixelLimit else { return true }
        let n = list.drawnPixels
        guard n > limit else { return true }
        refusedDrawnPixels = n
        return false
    }

    /// Draws `root` incrementally: only the pixels whose display items changed since the
    /// previous call are cleared and redrawn. The first call (or a new target size) redraws
    /// everything.
    ///
    /// A render tree's root (`RenderTree.update`) that no update has changed since the last
    /// call drew it (no copy took values, sublayers or a mask; see
    /// `RenderTreeNode.treeGeneration`) has the last display list: nothing changed, and the
    /// list is neither built nor compared again. (A tree with a layer that draws its own
    /// contents counts as changed by every update: the display pass may redraw them.)
    public func renderFrame(_ root: CALayer, into canvas: Canvas) -> LayerRenderStats {
        let t0 = monotonicNanos()
        let width = canvas.target.width, height = canvas.target.height
        let node = root.renderTreeNodeOfCopy
        if let node, let last = lastRenderTree, let list = lastDisplayList, last.root === root, last.node === node,
           node.copy === root, last.generation == node.treeGeneration, last.width == width, last.height == height,
           last.scale == scale, last.background == background {
            return LayerRenderStats(damage: nil, buildNanos: monotonicNanos() - t0, damageNanos: 0, rasterNanos: 0,
                                    itemCount: list.items.count)
        }
        lastRenderTree = node.map { DrawnRenderTree(root: root, node: $0, generation: $0.treeGeneration, width: width,
                                                    height: height, scale: scale, background: background) }
        let list = displayList(root, width: width, height: height)
        guard withinDrawnPixelLimit(list) else {
            // Not drawn: the next frame starts over from a whole redraw.
            invalidate()
            lastDisplayList = nil
            return LayerRenderStats(damage: nil, buildNanos: monotonicNanos() - t0, damageNanos: 0, rasterNanos: 0,
                                    itemCount: list.items.count)
        }
        lastDisplayList = list
        let t1 = monotonicNanos()
        let damage = damageTracker.damage(for: list)
        let t2 = monotonicNanos()
        guard let d = damage else {
            return LayerRenderStats(damage: nil, buildNanos: t1 - t0, damageNanos: t2 - t1, rasterNanos: 0,
                                    itemCount: list.items.count)
        }
        // The damage redrawn the way that costs least (DamageRedrawPlan): the whole target,
        // the damage's bounding rectangle, or its rectangles apart, each with the items that
        // can reach it (the pixels between them are not drawn again).
        switch DamageRedrawPlan.choose(list, reach: damageTracker.lastReach, damage: d, region: damageTracker.lastRegion) {
        case .whole: redraw(list, in: nil, canvas)
        case .bounds(let r): redraw(list, in: r, canvas)
        case .rects(let rects): for r in rects { redraw(list, in: r, canvas) }
        }
        let t3 = monotonicNanos()
        return LayerRenderStats(damage: d, buildNanos: t1 - t0, damageNanos: t2 - t1, rasterNanos: t3 - t2,
                                itemCount: list.items.count)
    }

    /// Clears the whole-pixel rectangle `d` of the canvas to the background and draws through
    /// it the items of `list` that can reach it; nil clears and draws the whole target.
    private func redraw(_ list: DisplayList, in d: Rect?, _ canvas: Canvas) {
        let saved = canvas.clip
        if let d {
            canvas.target.clear(background, in: d)
            canvas.clip = .rect(d)
        } else {
            canvas.target.clear(background)
            canvas.clip = nil
        }
        rasterizer.draw(list, into: canvas, within: d)
        canvas.clip = saved
    }

    /// Forgets the previous frame, so the next `renderFrame` redraws everything.
    public func invalidate() { damageTracker.reset(); lastRenderTree = nil; lastWholeDraw = nil }
}

/// Monotonic nanoseconds (independent of any manual media clock).
@inline(__always) func monotonicNanos() -> UInt64 { MonotonicTime.nanoseconds() }
