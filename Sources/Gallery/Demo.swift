// The contract every demo follows, and the list of demos in gallery order.
import LayerKit
import Player

/// One demo of the gallery, written the way a user of Core Animation would: it builds its
/// layers into a root layer once, then reacts to clicks and keys; per-frame work runs from
/// its own `CADisplayLink` and timers from `RunLoopTimer`, both on `PlayerRunLoop.main`.
public protocol Demo: AnyObject {
    /// The short name used on the command line (`--demo worm`).
    static var name: String { get }
    /// The title shown on the gallery tile.
    static var title: String { get }
    init()
    /// Builds the demo's layer tree into `root`, whose bounds are (0, 0, size).
    func build(root: CALayer, size: Size)
    /// A left click at `point` (root coordinates); true when the demo used it.
    func click(at point: Point) -> Bool
    /// A key press by SDL key name ("Left", "Right", "Space", "M" …); true when used.
    func key(_ name: String) -> Bool
    /// The gallery tile's idle behaviour: called once after `build` so the tile is alive
    /// without clicks (the worm starts crawling, the petal starts flying …).
    func startForTile()
    /// Invalidates the demo's display links and timers when it is closed.
    func tearDown()
    /// The pointer moved to `point` with the left button held after a click; true when used.
    func drag(to point: Point) -> Bool
    /// The left button was released at `point` (root coordinates); true when used.
    func release(at point: Point) -> Bool
    /// The wheel turned by (dx, dy) notches over `point`; true when used.
    func scroll(dx: Double, dy: Double, at point: Point) -> Bool
    /// The window's frames are drawn at `scale` pixels per point (from the first frame on):
    /// layers the demo draws the contents of take it as their `contentsScale`.
    func pixelScaleDidChange(to scale: Double)
}

extension Demo {
    public func click(at point: Point) -> Bool { false }
    public func key(_ name: String) -> Bool { false }
    public func startForTile() {}
    public func tearDown() {}
    public func drag(to point: Point) -> Bool { false }
    public func release(at point: Point) -> Bool { false }
    public func scroll(dx: Double, dy: Double, at point: Point) -> Bool { false }
    public func pixelScaleDidChange(to scale: Double) {}
}

/// One page of the gallery: a title and its demos, in grid order.
public struct DemoPage {
    public let title: String
    public let demos: [any Demo.Type]
    public init(title: String, demos: [any Demo.Type]) { self.title = title; self.demos = demos }
}

/// Every demo, page by page in gallery order (the gallery grid and `layerplay demos` use it).
public enum DemoCatalog {
    /// The gallery's pages: the first holds the original nine demos, the second the layer
    /// classes beyond the basics.
    public static var pages: [DemoPage] { [
        DemoPage(title: "LayerKit Gallery", demos: [
            WormHUDDemo.self, PetalBasicDemo.self, PetalKeyframeDemo.self, ImageBrowserDemo.self,
            FishDemo.self, ViewAnimationsDemo.self, DownloadButtonDemo.self, RipplesWaveDemo.self,
            MagnifierDemo.self,
        ]),
        DemoPage(title: "Layers", demos: layersPage),
    ] }
    /// The "Layers" page: shadows, masks, gradients and the other layer classes.
    public static var layersPage: [any Demo.Type] { [
        GradientRingDemo.self, ShadowCardsDemo.self, ReplicatorActivityDemo.self,
        EmitterConfettiDemo.self, TransformCubeDemo.self, GaugeDemo.self,
        LottieWormDemo.self, FrostedGlassDemo.self,
    ] }
    /// Every demo of every page, in order.
    public static var all: [any Demo.Type] { pages.flatMap(\.demos) }
    /// The demo type called `name`, or nil.
    public static func named(_ name: String) -> (any Demo.Type)? {
        all.first { $0.name == name }
    }
    public static var names: [String] { all.map { $0.name } }
}
