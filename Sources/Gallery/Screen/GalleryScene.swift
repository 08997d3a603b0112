// The gallery screen: live tiles, one per demo; a click opens one.
import LayerKit
import Player

/// The window's first screen: a grid of live, animating tiles (each a running demo drawn
/// small, with its title). A click on a tile opens that demo full-window with a push
/// transition; Escape or the back control returns with the reverse push. Escape on the grid
/// is not consumed, so the player quits.
public final class GalleryScene: LayerScene {
    /// The grid (tiles + heading) and, while open, the demo's full-window layer.
    public let gridLayer = CALayer()
    public private(set) var tiles: [(frame: Rect, demo: any Demo, type: any Demo.Type)] = []
    /// The demo open full-window, if any.
    public private(set) var openDemo: (any Demo)?
    public private(set) var openDemoLayer: CALayer?
    private let backControl = CATextLayer()
    static let transitionDuration = 0.45
    static let backControlFrame = Rect(8, 6, 96, 22)

    /// The gallery, optionally opened straight into the demo `initialDemo`.
    public init(size: Size = Size(800, 600), initialDemo: (any Demo.Type)? = nil) {
        super.init(size: size)
        // The renderer clears to the grid's colour (`background`), so no layer fills it again.
        background = Color(0.12, 0.13, 0.16)
        gridLayer.frame = Rect(0, 0, size.width, size.height)
        root.addSublayer(gridLayer)
        buildGrid()
        backControl.frame = Self.backControlFrame
        backControl.string = "‹ Gallery"
        backControl.fontSize = 15
        backControl.foregroundColor = .white
        backControl.backgroundColor = Color(0, 0, 0, 0.55)
        backControl.cornerRadius = 6
        backControl.alignmentMode = .center
        if let initialDemo { open(initialDemo, animated: false) }
    }

    /// The 3 × 3 grid: each tile holds its demo built at full size and scaled down.
    private func buildGrid() {
        let heading = CATextLayer()
        heading.frame = Rect(0, 8, size.width, 26)
        heading.string = "LayerKit Gallery"
        heading.fontSize = 20
        heading.alignmentMode = .center
        heading.foregroundColor = .white
        gridLayer.addSublayer(heading)

        let types = DemoCatalog.all
        let cols = 3, rows = (types.count + cols - 1) / cols
        let margin = 14.0, top = 42.0, titleH = 20.0
        let cellW = (size.width - margin * Double(cols + 1)) / Double(cols)
        let cellH = (size.height - top - margin * Double(rows)) / Double(rows)
        // Content keeps the window's aspect ratio inside the cell above the title.
        let scale = min(cellW / size.width, (cellH - titleH) / size.height)
        let contentW = size.width * scale, contentH = size.height * scale
        for (i, type) in types.enumerated() {
            let col = i % cols, row = i / cols
            let x = margin + Double(col) * (cellW + margin) + (cellW - contentW) / 2
            let y = top + Double(row) * (cellH + margin)
            let tile = CALayer()
            tile.frame = Rect(x, y, contentW, contentH)
            // A square clip: a rounded one would make every tile pixel go through a mask.
            tile.masksToBounds = true
            tile.backgroundColor = .black
            let content = CALayer()
            content.bounds = Rect(0, 0, size.width, size.height)
            content.anchorPoint = .zero
            content.position = .zero
            content.transform = .scale(scale, scale)
            tile.addSublayer(content)
            let demo = type.init()
            demo.build(root: content, size: size)
            demo.startForTile()
            gridLayer.addSublayer(tile)
            let title = CATextLayer()
            title.frame = Rect(x, y + contentH + 2, contentW, titleH - 2)
            title.string = type.title
            title.fontSize = 13
            title.alignmentMode = .center
            title.foregroundColor = Color(0.9, 0.9, 0.92)
            gridLayer.addSublayer(title)
            tiles.append((Rect(x, y, contentW, contentH + titleH), demo, type))
        }
    }

    // MARK: Navigation

    /// Opens `type` full-window: a fresh demo pushed in from the right over the grid
    /// (CATransition push on the root: the grid as it was, the demo as it is).
    public func open(_ type: any Demo.Type, animated: Bool = true) {
        guard openDemo == nil else { return }
        let layer = CALayer()
        layer.frame = Rect(0, 0, size.width, size.height)
        layer.backgroundColor = .black
        layer.masksToBounds = true
        let demo = type.init()
        demo.build(root: layer, size: size)
        layer.addSublayer(backControl)
        openDemo = demo
        openDemoLayer = layer
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.addSublayer(layer)
        // The grid under an open demo is hidden, so it is not drawn.
        gridLayer.isHidden = true
        if animated { root.add(navigationTransition(.fromRight), forKey: "navigation") }
        CATransaction.commit()
    }

    /// Closes the open demo with the reverse push; its links, timers and animations stop.
    public func close(animated: Bool = true) {
        guard let demo = openDemo, let layer = openDemoLayer else { return }
        demo.tearDown()
        openDemo = nil
        openDemoLayer = nil
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        gridLayer.isHidden = false
        layer.removeFromSuperlayer()
        if animated { root.add(navigationTransition(.fromLeft), forKey: "navigation") }
        CATransaction.commit()
        Self.removeAllAnimations(in: layer)
    }

    /// kCATransitionPush from `subtype`, eased, as a navigation controller does.
    private func navigationTransition(_ subtype: TransitionSubtype) -> CATransition {
        let t = CATransition(type: .push, subtype: subtype)
        t.duration = Self.transitionDuration
        t.timingFunction = .easeInEaseOut
        return t
    }

    /// Removes every animation in `layer`'s tree (a closed demo's infinite ones included).
    static func removeAllAnimations(in layer: CALayer) {
        layer.removeAllAnimations()
        for s in layer.sublayers ?? [] { removeAllAnimations(in: s) }
    }

    // MARK: Input

    public override func handle(_ event: InputEvent) -> Bool {
        switch event {
        case .mouseDown(let p):
            if let demo = openDemo {
                if Self.backControlFrame.contains(p) { close(); return true }
                return demo.click(at: p)
            }
            if let tile = tiles.first(where: { $0.frame.contains(p) }) { open(tile.type); return true }
            return false
        case .mouseDragged(let p): return openDemo?.drag(to: p) ?? false
        case .mouseUp(let p): return openDemo?.release(at: p) ?? false
        case .scrollWheel(let dx, let dy, let p): return openDemo?.scroll(dx: dx, dy: dy, at: p) ?? false
        case .key(let name):
            if let demo = openDemo {
                if name == "Escape" { close(); return true }
                return demo.key(name)
            }
            return false
        default:
            return false
        }
    }
}
