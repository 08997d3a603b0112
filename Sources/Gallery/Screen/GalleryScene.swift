// The gallery screen: pages of live tiles, one per demo; a click opens one. The grid is laid
// out from the window's size, at first and again whenever the window is resized: tiles share
// the width in three columns and the height below the heading in rows, each tile's demo (built
// once at the first size) scaled to fit its cell.
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
    /// The size the tiles' demos were built at (their content is scaled from it).
    private let demoSize: Size
    /// Each page's heading and "Next page ›" control (nil on the last page), laid out with the window.
    private var pageHeadings: [(heading: CATextLayer, next: CATextLayer?)] = []
    /// Each tile's layers, in `tiles` order: the clipping tile, the scaled demo content, the title.
    private var tileLayers: [(tile: CALayer, content: CALayer, title: CATextLayer)] = []
    static let transitionDuration = 0.45
    static let backControlFrame = Rect(8, 6, 96, 22)

    /// The gallery, optionally opened straight into the demo `initialDemo`.
    public init(size: Size = Size(800, 600), initialDemo: (any Demo.Type)? = nil) {
        demoSize = size
        super.init(size: size)
        // The renderer clears to the grid's colour (`background`), so no layer fills it again.
        background = Color(0.12, 0.13, 0.16)
        root.addSublayer(gridLayer)
        buildGrid()
        layOutGrid()
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

    /// The layers of one page's 3 × 3 grid: each tile holds its demo built at full size (to be
    /// scaled down by `layOutGrid`).
    private func buildPage(_ page: DemoPage, index: Int, count: Int, into pageLayer: CALayer) {
        let heading = CATextLayer()
        heading.string = page.title
        heading.fontSize = 20
        heading.alignmentMode = .center
        heading.foregroundColor = .white
        pageLayer.addSublayer(heading)
        if index > 0 { pageLayer.addSublayer(pageControl("‹ Previous page", frame: Self.previousPageFrame)) }
        var next: CATextLayer?
        if index + 1 < count {
            next = pageControl("Next page ›", frame: nextPageFrame)
            pageLayer.addSublayer(next!)
        }
        pageHeadings.append((heading, next))

        for type in page.demos {
            let tile = CALayer()
            // A square clip: a rounded one would make every tile pixel go through a mask.
            tile.masksToBounds = true
            tile.backgroundColor = .black
            let content = CALayer()
            content.bounds = Rect(0, 0, demoSize.width, demoSize.height)
            content.anchorPoint = .zero
            content.position = .zero
            tile.addSublayer(content)
            let demo = type.init()
            demo.build(root: content, size: demoSize)
            demo.startForTile()
            pageLayer.addSublayer(tile)
            let title = CATextLayer()
            title.string = type.title
            title.fontSize = 13
            title.alignmentMode = .center
            title.foregroundColor = Color(0.9, 0.9, 0.92)
            pageLayer.addSublayer(title)
            tiles.append((.zero, demo, type, index))
            tileLayers.append((tile, content, title))
        }
    }

    /// Places every page's heading, controls and tiles for the window's size: three columns
    /// sharing the width, rows sharing the height below the 42-point heading, each tile's
    /// content keeping its demo's aspect ratio inside the cell above its title. Without
    /// implicit animations: building the tiles' demos commits their layers, and a committed
    /// layer's new frame would otherwise animate there from the old one.
    private func layOutGrid() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        gridLayer.frame = Rect(0, 0, size.width, size.height)
        for page in pageLayers { page.frame = Rect(0, 0, size.width, size.height) }
        for (heading, next) in pageHeadings {
            heading.frame = Rect(0, 8, size.width, 26)
            next?.frame = nextPageFrame
        }
        let cols = 3
        let margin = 14.0, top = 42.0, titleH = 20.0
        let cellW = max(1, (size.width - margin * Double(cols + 1)) / Double(cols))
        for page in pageLayers.indices {
            let onPage = tiles.indices.filter { tiles[$0].page == page }
            let rows = max(3, (onPage.count + cols - 1) / cols)
            let cellH = max(titleH + 1, (size.height - top - margin * Double(rows)) / Double(rows))
            let scale = min(cellW / demoSize.width, (cellH - titleH) / demoSize.height)
            let contentW = demoSize.width * scale, contentH = demoSize.height * scale
            for (i, index) in onPage.enumerated() {
                let col = i % cols, row = i / cols
                let x = margin + Double(col) * (cellW + margin) + (cellW - contentW) / 2
                let y = top + Double(row) * (cellH + margin)
                let (tile, content, title) = tileLayers[index]
                tile.frame = Rect(x, y, contentW, contentH)
                content.transform = .scale(scale, scale)
                title.frame = Rect(x, y + contentH + 2, contentW, titleH - 2)
                tiles[index].frame = Rect(x, y, contentW, contentH + titleH)
            }
        }
    }

    /// The window was resized: the grid is laid out again for the new size (without implicit
    /// animations), and an open demo's layer covers the new window.
    public override func resize(to size: Size) {
        guard size != self.size else { return }
        super.resize(to: size)
        context.run {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layOutGrid()
            openDemoLayer?.frame = Rect(0, 0, size.width, size.height)
            CATransaction.commit()
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

    public override func pixelScaleDidChange(to scale: Double) {
        for tile in tiles { tile.demo.pixelScaleDidChange(to: scale) }
        openDemo?.pixelScaleDidChange(to: scale)
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
        if let pixelScale { demo.pixelScaleDidChange(to: pixelScale) }
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
