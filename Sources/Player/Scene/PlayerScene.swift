// The PlayerScene protocol every scene implements for the window and the headless runner,
// and the per-frame stats (damage, build time) a scene reports.

import LayerKit
import Raster

/// What a scene reports about the frame it just drew.
public struct SceneFrameStats: Sendable, Equatable {
    /// The pixels that changed, in device pixels; nil means the whole frame. The host uploads
    /// only this rectangle to the texture.
    public var damage: Rect?
    /// Seconds spent building the frame (layer tree → draw list); 0 when not measured, in
    /// which case the host counts the whole render call less `rasterSeconds`.
    public var renderSeconds: Double
    /// Seconds spent rasterising (draw list → pixels).
    public var rasterSeconds: Double
    /// The damage as a few separate rectangles inside `damage` (empty: `damage` alone); a
    /// presenter that can send several sends these.
    public var damageRegion: [Rect] = []
    public init(damage: Rect? = nil, renderSeconds: Double = 0, rasterSeconds: Double = 0) {
        self.damage = damage
        self.renderSeconds = renderSeconds
        self.rasterSeconds = rasterSeconds
    }
}

/// Content the player shows: the gallery, a demo, an animation document, the test pattern.
/// Every call comes from the host's frame loop on the main thread, in this order per tick:
/// input events (`handle`), then the main loop's timers and display links, then `update`,
/// then `render`.
public protocol PlayerScene: AnyObject {
    /// Once per display-link tick, before drawing (the host has already run the timers and
    /// display-link callbacks due in this tick): update animations for `targetTimestamp`.
    func update(timestamp: Double, targetTimestamp: Double, duration: Double)
    /// Handle one input event; return true when consumed (an unconsumed Escape quits).
    func handle(_ event: InputEvent) -> Bool
    /// Draw the frame into `bitmap` (device pixels; `scale` pixels per point). The bitmap keeps
    /// the previous frame's pixels; when it is a different object than last time (first frame,
    /// window resized) nothing is kept and the scene must draw everything.
    func render(into bitmap: Bitmap, scale: Double) -> SceneFrameStats
    /// The window now measures `size` points (called before the next `render`).
    func resize(to size: Size)

    // What the hosts (the window, the headless runner) ask of a scene beyond drawing; the
    // defaults below suit a scene that is not a layer tree.
    /// The animation context whose clock the host sets to each tick's time (nil: the current one's).
    var animationContext: CAAnimationContext? { get }
    /// Core Animation's debugging aids to draw over the frames (keys F1–F8).
    func setDebugAids(_ aids: DebugAids)
    /// The pointer over the window in points, nil when it left (for the layer-outline aid).
    func pointerDidMove(to point: Point?)
    /// How the frames' raster is split over threads (BandedRasterizer.swift).
    func setFrameThreads(_ threads: FrameThreads)
    /// The aids' renderer, whose largest figures the host reports at the end of a `--stats` run.
    var debugOverlayRenderer: DebugOverlayRenderer? { get }
    /// The window's title now (the host sets it when it changes); nil keeps the configured one.
    var windowTitle: String? { get }
}

extension PlayerScene {
    /// The window was resized to `size` points (the bitmap of the next `render` has the new
    /// pixel size). Scenes that do not lay out again ignore it.
    public func resize(to size: Size) {}
    public var animationContext: CAAnimationContext? { nil }
    public func setDebugAids(_ aids: DebugAids) {}
    public func pointerDidMove(to point: Point?) {}
    public func setFrameThreads(_ threads: FrameThreads) {}
    public var debugOverlayRenderer: DebugOverlayRenderer? { nil }
    public var windowTitle: String? { nil }
}
