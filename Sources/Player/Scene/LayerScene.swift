// The player scene that shows a layer tree: the gallery, every demo and `layerplay play`.
import LayerKit
import Media
import Raster

/// A `PlayerScene` that shows a layer tree. Each tick, `update` drives the animation engine
/// of the scene's context at the frame's time; `render` draws the root's presentation tree
/// at that same time with LayerKit's renderer, which redraws (and reports for upload) only
/// the damaged region. Subclasses build the tree and route input.
open class LayerScene: PlayerScene {
    /// The model root.
    public let root: CALayer
    /// The window size in points (follows the window: `resize(to:)`).
    public private(set) var size: Size
    /// The animation context the tree's animations run in: its engine is ticked here, its
    /// clock is the one the host sets to each tick's timestamp.
    public let context: CAAnimationContext
    /// What each frame is cleared to before the tree is drawn (a change redraws everything).
    public var background: Color { didSet { if background != oldValue { renderer = nil } } }
    /// The media time of the frame being produced (set by `update`, drawn by `render`).
    public private(set) var frameTime: Double?
    private var renderer: LayerRenderer?
    /// The drawable presentation tree, kept from frame to frame and updated in place.
    private let renderTree = RenderTree()
    private var lastBitmap: Bitmap?
    /// Core Animation's debugging aids drawn over this scene's frames (keys F1–F8 in the window).
    public var debugAids = DebugAids()
    /// How the frames' raster is split over threads (one thread unless the host says).
    public var frameThreads = FrameThreads.fixed(1) { didSet { renderer?.rasterizer.frameThreads = frameThreads } }
    /// The pointer in points while it is over the window (the outline overlay's layer).
    public var pointer: Point?
    /// Draws the aids from each frame's display list.
    public let debugOverlay = DebugOverlayRenderer()
    /// While aids are drawn: the frame without them, which the renderer keeps and damages.
    private var cleanFrame: Bitmap?
    /// Whether the root was made here (it then follows the window size).
    private let ownsRoot: Bool
    /// The pixels per point of the frames drawn (known from the first; nil before).
    public private(set) var pixelScale: Double?

    /// A scene showing `root` (a new root layer with bounds (0, 0, size) when nil) in the
    /// current animation context.
    public init(size: Size, root: CALayer? = nil, background: Color = .black,
                context: CAAnimationContext = .current) {
        self.size = size
        self.background = background
        self.context = context
        // Text layers (titles, labels) draw through SDL_ttf and DejaVu Sans.
        TTFTextRenderer.installAsDefault()
        // Timers scheduled while the tree is built count from now, not from the loop's
        // initial time 0 (the host has not ticked yet).
        if PlayerRunLoop.main.currentTime == 0 { PlayerRunLoop.main.setCurrentTime(context.clock.now) }
        ownsRoot = root == nil
        if let root {
            self.root = root
        } else {
            self.root = CALayer()
            self.root.bounds = Rect(0, 0, size.width, size.height)
            self.root.anchorPoint = .zero
            self.root.position = .zero
        }
    }

    /// Per tick after the timers and display links: the animation engine commits this
    /// frame's transaction, starts and stops animations (delegates, completion blocks) at the
    /// frame's time, its target timestamp (when it will be shown), in a window and headless
    /// alike; `render` draws the tree at that same instant.
    open func update(timestamp: Double, targetTimestamp: Double, duration: Double) {
        frameTime = targetTimestamp
        context.engine.tick(at: targetTimestamp)
    }

    open func handle(_ event: InputEvent) -> Bool { false }

    // What the hosts ask of every scene (PlayerScene).
    public var animationContext: CAAnimationContext? { context }
    public func setDebugAids(_ aids: DebugAids) { debugAids = aids }
    public func setFrameThreads(_ threads: FrameThreads) { frameThreads = threads }
    public func pointerDidMove(to point: Point?) { pointer = point }
    public var debugOverlayRenderer: DebugOverlayRenderer? { debugOverlay }
    open var windowTitle: String? { nil }

    /// The window now measures `size` points: a root made by the scene takes that size
    /// (without an implicit animation); subclasses may lay out again.
    open func resize(to size: Size) {
        guard size != self.size else { return }
        self.size = size
        guard ownsRoot else { return }
        context.run {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            root.bounds = Rect(0, 0, size.width, size.height)
            CATransaction.commit()
        }
    }

    /// The frames are now drawn at `scale` pixels per point: the first frame, or the window
    /// moved to a screen of another density. A subclass sets `contentsScale` on the layers
    /// whose contents it draws, as Core Animation asks of an app: "For layers you create and
    /// manage yourself, you must set the value of this property yourself based on the
    /// resolution of the screen and the content you are providing." Runs in a transaction
    /// without implicit actions, before that frame is drawn.
    open func pixelScaleDidChange(to scale: Double) {}

    /// Draws the presentation tree at the frame's time (before any tick: the context's
    /// presentation time). With debugging aids on, the tree is drawn into a frame of its own
    /// (kept and damaged as the window's would be), copied, and the aids drawn over the copy
    /// from the frame's display list; the whole window is then reported changed.
    public func render(into bitmap: Bitmap, scale: Double) -> SceneFrameStats {
        if pixelScale != scale {
            pixelScale = scale
            context.run {
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                pixelScaleDidChange(to: scale)
                CATransaction.commit()
            }
        }
        if renderer == nil || renderer?.scale != scale || lastBitmap !== bitmap {
            renderer = LayerRenderer(scale: scale, background: background)
            renderer?.rasterizer.frameThreads = frameThreads
            lastBitmap = bitmap
            cleanFrame = nil
        }
        let renderer = renderer!
        let time = frameTime ?? context.presentationTime
        // The bitmap in points: what lies beyond it is left out of the update (RenderTree.update).
        let visible = Rect(0, 0, Double(bitmap.width) / scale, Double(bitmap.height) / scale)
        guard debugAids.drawsOverlay else {
            var whole = false
            if let clean = cleanFrame {
                // The window's pixels hold the last overlay: the clean frame goes back first.
                bitmap.blit(clean, x: 0, y: 0)
                cleanFrame = nil
                whole = true
            }
            let stats = context.run { renderer.renderFrame(renderTree.update(root, at: time, visibleRect: visible), into: Canvas(bitmap)) }
            // The renderer's nil damage means "nothing changed"; the player's nil means "all".
            var out = SceneFrameStats(damage: whole ? nil : stats.damage ?? .zero,
                                      renderSeconds: Double(stats.buildNanos + stats.damageNanos) * 1e-9,
                                      rasterSeconds: Double(stats.rasterNanos) * 1e-9)
            if !whole, stats.damage != nil { out.damageRegion = renderer.damageTracker.lastRegion }
            return out
        }
        if cleanFrame == nil {
            // The bitmap holds the last frame without aids: the renderer carries on from it.
            cleanFrame = bitmap.copy()
        }
        let clean = cleanFrame!
        let aids = debugAids, pointer = pointer, overlay = debugOverlay
        let stats = context.run {
            let tree = root.presentation(at: time)
            let stats = renderer.renderFrame(tree, into: Canvas(clean))
            bitmap.blit(clean, x: 0, y: 0)
            if let list = renderer.lastDisplayList {
                overlay.draw(aids, list: list, damage: stats.damage, presentationRoot: tree, pointer: pointer,
                             scale: scale, animations: context.engine.activeAnimationCount,
                             rasterized: renderer.builder.rasterizedItemKeys, into: bitmap)
            }
            return stats
        }
        return SceneFrameStats(damage: nil, renderSeconds: Double(stats.buildNanos + stats.damageNanos) * 1e-9,
                               rasterSeconds: Double(stats.rasterNanos) * 1e-9)
    }
}
