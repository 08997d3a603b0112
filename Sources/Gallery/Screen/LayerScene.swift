// The player scene that shows a layer tree (base of the gallery and
// of a single demo).
import LayerKit
import Media
import Player

/// A `PlayerScene` that draws a root layer's presentation tree with LayerKit's renderer.
/// Subclasses build the tree and route input.
open class LayerScene: PlayerScene {
    /// The model root: bounds (0, 0, size).
    public let root = CALayer()
    public let size: Size
    private var renderer: LayerRenderer?
    /// What each frame is cleared to before the tree is drawn.
    public var background = Color.black
    private var lastBitmap: Bitmap?

    public init(size: Size) {
        self.size = size
        // Text layers (titles, labels) draw through SDL_ttf and DejaVu Sans.
        if CATextLayer.renderer == nil { CATextLayer.renderer = TTFTextRenderer() }
        // Timers the demos schedule while being built count from now, not from the loop's
        // initial time 0 (the window host has not ticked yet).
        if PlayerRunLoop.main.currentTime == 0 { PlayerRunLoop.main.setCurrentTime(CACurrentMediaTime()) }
        root.bounds = Rect(0, 0, size.width, size.height)
        root.anchorPoint = .zero
        root.position = .zero
    }

    /// Per tick after the timers and display links: the animation engine commits this
    /// frame's transaction, starts and stops animations (delegates, completion blocks) at the
    /// frame's time: the target timestamp in a window, the manual clock's time headless.
    open func update(timestamp: Double, targetTimestamp: Double, duration: Double) {
        CAAnimationEngine.shared.tick(time: CAMediaClock.manualTime ?? targetTimestamp)
    }

    open func handle(_ event: InputEvent) -> Bool { false }

    public func render(into bitmap: Bitmap, scale: Double) -> SceneFrameStats {
        if renderer == nil || renderer?.scale != scale || lastBitmap !== bitmap {
            renderer = LayerRenderer(scale: scale, background: background)
            lastBitmap = bitmap
        }
        let canvas = Canvas(bitmap)
        let stats = renderer!.renderFrame(root.presentation(), into: canvas)
        // The renderer's nil damage means "nothing changed"; the player's nil means "all".
        return SceneFrameStats(damage: stats.damage ?? .zero, renderSeconds: Double(stats.buildNanos + stats.damageNanos) * 1e-9,
                               rasterSeconds: Double(stats.rasterNanos) * 1e-9)
    }
}

/// One demo full-window (`layerplay gallery --demo NAME`, `layerplay render --demo NAME`).
public final class DemoScene: LayerScene {
    public let demo: any Demo

    public init(demo type: any Demo.Type, size: Size = Size(800, 600)) {
        demo = type.init()
        super.init(size: size)
        demo.build(root: root, size: size)
    }

    /// The demo called `name` or nil.
    public convenience init?(named name: String, size: Size = Size(800, 600)) {
        guard let type = DemoCatalog.named(name) else { return nil }
        self.init(demo: type, size: size)
    }

    public override func handle(_ event: InputEvent) -> Bool {
        switch event {
        case .mouseDown(let p): return demo.click(at: p)
        case .key(let name): return name == "Escape" ? false : demo.key(name)
        default: return false
        }
    }
}
