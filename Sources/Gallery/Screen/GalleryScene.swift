// The gallery screen: pages of live tiles, one per demo; a click opens one.
import LayerKit
import Player

/// The window's first screen: pages of live, animating tiles (each a running demo drawn
/// small, with its title), one page per `DemoCatalog` page. A click on a tile opens that
/// demo full-window with a push transition; Escape or the back control returns with the
/// reverse push. PageDown or Right, PageUp or Left, or the "Next page ›" / "‹ Previous
/// page" controls in the heading's corners turn the page (a push too). Escape on the grid
/// is not consumed, so the player quits.
public final class GalleryScene: LayerScene {
    /// The grid (one layer per page: heading, page controls, tiles) and, while open, the
    /// demo's full-window layer.
    public let gridLayer = CALayer()
    /// Every page's tiles (frames in window coordinates; only the shown page's are live to clicks).
    public private(set) var tiles: [(frame: Rect, demo: any Demo, type: any Demo.Type, page: Int)] = []
    /// One layer per page, under `gridLayer`; all but `currentPage` hidden.
    public private(set) var pageLayers: [CALayer] = []
    /// The page shown.
    public private(set) var currentPage = 0
    /// The clickable page controls of the heading (window coordinates).
    public static let previousPageFrame = Rect(10, 8, 150, 26)
    public var nextPageFrame: Rect { Rect(size.width - 160, 8, 150, 26) }
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

    /// One page layer per catalog page, the first shown.
    private func buildGrid() {
        let pages = DemoCatalog.pages
        for (i, page) in pages.enumerated() {
            let layer = CALayer()
            layer.frame = Rect(0, 0, size.width, size.height)
            layer.isHidden = i != 0
            gridLayer.addSublayer(layer)
            pageLayers.append(layer)
            buildPage(page, index: i, count: pages.count, into: layer)
        }
    }

    /// A page control: a text button in a heading corner.
    private func pageControl(_ text: String, frame: Rect) -> CATextLayer {
        let c = CATextLayer()
        c.frame = frame
        c.string = text
        c.fontSize = 14
        c.alignmentMode = .center
        c.foregroundColor = .white
        c.backgroundColor = Color(1, 1, 1, 0.12)
        c.cornerRadius = 6
        return c
    }

    /// The 3 × 3 grid of one page: each tile holds its demo built at full size and scaled down.
    private func buildPage(_ page: DemoPage, index: Int, count: Int, into pageLayer: CALayer) {
        let heading = CATextLayer()
        heading.frame = Rect(0, 8, size.width, 26)
        heading.string = page.title
        heading.fontSize = 20
        heading.alignmentMode = .center
        heading.foregroundColor = .white
        pageLayer.addSublayer(heading)
        if index > 0 { pageLayer.addSublayer(pageControl("‹ Previous page", frame: Self.previousPageFrame)) }
        if index + 1 < count { pageLayer.addSublayer(pageControl("Next page ›", frame: nextPageFrame)) }

        let types = page.demos
        let cols = 3, rows = max(3, (types.count + cols - 1) / cols)
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
            pageLayer.addSublayer(tile)
            let title = CATextLayer()
            title.frame = Rect(x, y + contentH + 2, contentW, titleH - 2)
            title.string = type.title
            title.fontSize = 13
            title.alignmentMode = .center
            title.foregroundColor = Color(0.9, 0.9, 0.92)
            pageLayer.addSublayer(title)
            tiles.append((Rect(x, y, contentW, contentH + titleH), demo, type, index))
        }
    }

    /// Shows page `index` (clamped), pushed in from the side it comes from.
    public func showPage(_ index: Int, animated: Bool = true) {
        let target = max(0, min(pageLayers.count - 1, index))
        guard target != currentPage, openDemo == nil else { return }
        let forward = target > currentPage
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        pageLayers[currentPage].isHidden = true
        pageLayers[target].isHidden = false
        currentPage = target
        if animated { gridLayer.add(navigationTransition(forward ? .fromRight : .fromLeft), forKey: "page") }
        CATransaction.commit()
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
            if currentPage > 0, Self.previousPageFrame.contains(p) { showPage(currentPage - 1); return true }
            if currentPage + 1 < pageLayers.count, nextPageFrame.contains(p) { showPage(currentPage + 1); return true }
            if let tile = tiles.first(where: { $0.page == currentPage && $0.frame.contains(p) }) { open(tile.type); return true }
            return false
        case .mouseDragged(let p): return openDemo?.drag(to: p) ?? false
        case .mouseUp(let p): return openDemo?.release(at: p) ?? false
        case .scrollWheel(let dx, let dy, let p): return openDemo?.scroll(dx: dx, dy: dy, at: p) ?? false
        case .key(let name):
            if let demo = openDemo {
                if name == "Escape" { close(); return true }
                return demo.key(name)
            }
            switch name {
            case "PageDown", "Right": showPage(currentPage + 1); return true
            case "PageUp", "Left": showPage(currentPage - 1); return true
            default: return false
            }
        default:
            return false
        }
    }
}
