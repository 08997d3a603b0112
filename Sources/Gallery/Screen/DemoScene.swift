// One demo full-window: the demo's layer tree in the player's layer-tree scene.
import LayerKit
import Player

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

    public override func pixelScaleDidChange(to scale: Double) { demo.pixelScaleDidChange(to: scale) }

    public override func handle(_ event: InputEvent) -> Bool {
        switch event {
        case .mouseDown(let p): return demo.click(at: p)
        case .mouseDragged(let p): return demo.drag(to: p)
        case .mouseUp(let p): return demo.release(at: p)
        case .scrollWheel(let dx, let dy, let p): return demo.scroll(dx: dx, dy: dy, at: p)
        case .key(let name): return name == "Escape" ? false : demo.key(name)
        default: return false
        }
    }
}
