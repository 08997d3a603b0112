// CATiledLayer: "A layer that provides a way to asynchronously provide tiles of the layer's
// content, potentially cached at multiple levels of detail. As more data is required by the
// renderer, the layer's draw(in:) method is called on one or more background threads to
// supply the drawing operations to fill in one tile of data. The clip bounds and current
// transformation matrix (CTM) of the drawing context can be used to determine the bounds and
// resolution of the tile being requested. Regions of the layer may be invalidated using the
// setNeedsDisplay(_:) method however the update will be asynchronous." (CATiledLayer)
//
// Levels of detail: "levelsOfDetail: The number of levels of detail maintained by this layer.
// Defaults to one. Each LOD is half the resolution of the previous level." "levelsOfDetailBias:
// The number of magnified levels of detail for this layer. Defaults to 0. Each previous level
// of detail is twice the resolution of the later. For example, specifying a value of 2 means
// that the layer has two extra levels of detail: 2x and 4x." So level i (0 ..< levelsOfDetail)
// draws at 2^(bias − i) pixels per point, and a frame uses the coarsest level at least as
// fine as the screen needs (the finest when none is). "tileSize: The maximum size of each
// tile used to create the layer's content. Defaults to (256, 256)" — in the tile's pixels.
// "fadeDuration(): The time, in seconds, that newly added images take to 'fade-in' to the
// rendered representation of the tiled layer. The default implementation returns 0.25
// seconds."
//
// Tiles are drawn on demand: the display list asks for the visible tiles of the level
// (CATiledLayer+Display.swift); one not drawn yet is requested from `tileDrawing` — a
// background queue (the default, as Core Animation), `.immediate` (drawn at once, during the
// build: headless frames) or `.manual` (held until `drawPendingTiles()`: tests on a manual
// clock). A tile that arrives after a frame went without it fades in over `fadeDuration()` of
// presentation time from the first frame that shows it; one drawn at once shows whole.
// `setNeedsDisplay()` drops every tile, `setNeedsDisplay(_:)` those it meets. A layer keeps
// at most `maximumTiles` tiles and `maximumTilePixels` pixels of them (past either, the half
// the last frames used least goes), and shows at most `maximumVisibleTiles` tiles and
// `maximumTilePixelsPerFrame` pixels a frame. Without a delegate or a subclass's drawing, a tiled layer
// draws its `contents` image (placed by contentsGravity) tile by tile — how a document shows
// a large image in one.
import Foundation

/// A layer whose content is drawn tile by tile, on demand, at levels of detail (CATiledLayer).
open class CATiledLayer: CALayer {
    /// Where requested tiles are drawn.
    public enum TileDrawing: Sendable, Equatable {
        /// On a background queue, as Core Animation draws them (the window).
        case backgroundQueue
        /// At once, while the frame's display list is built (headless frames).
        case immediate
        /// Held until `drawPendingTiles()` (tests, on a manual clock).
        case manual
    }
    /// The way new tiled layers draw their tiles.
    nonisolated(unsafe) public static var defaultTileDrawing = TileDrawing.backgroundQueue
    /// The most tiles a layer keeps, and draws in one frame.
    public static let maximumTiles = 1024, maximumVisibleTiles = 512
    /// The most tile pixels one frame shows, and one layer keeps (64 MB and 128 MB).
    public static let maximumTilePixelsPerFrame = 16_777_216, maximumTilePixels = 33_554_432

    /// "The maximum size of each tile used to create the layer's content. Defaults to (256, 256)."
    public var tileSize: Size = CATiledLayer.tileSize.defaultValue { didSet { tileGeometryDidChange() } }
    /// "The number of levels of detail maintained by this layer. Defaults to one."
    public var levelsOfDetail: Int = CATiledLayer.levelsOfDetail.defaultValue { didSet { tileGeometryDidChange() } }
    /// "The number of magnified levels of detail for this layer. Defaults to 0."
    public var levelsOfDetailBias: Int = CATiledLayer.levelsOfDetailBias.defaultValue { didSet { tileGeometryDidChange() } }
    /// Where this layer's requested tiles are drawn.
    public var tileDrawing: TileDrawing = CATiledLayer.defaultTileDrawing

    /// The drawn tiles (shared by the model and its presentation copies: see `tiles`).
    let ownTiles = TileStore()

    /// "The time, in seconds, that newly added images take to 'fade-in' to the rendered
    /// representation of the tiled layer. The default implementation returns 0.25 seconds."
    open class func fadeDuration() -> Double { 0.25 }

    public override init() { super.init() }
    public required init(layer: CALayer) {
        super.init(layer: layer)
        if let t = layer as? CATiledLayer { tileDrawing = t.tileDrawing }
    }

    open override class var properties: LayerPropertyTable { CATiledLayer.tiledProperties }
    // Tiles arrive between frames: the frame is built again each time (unchanged tiles are
    // the same images to the damage tracker, so they cost no drawing).
    override class var drawsWithPresentationTime: Bool { true }

    /// The model's tile store (a presentation copy draws the model's tiles).
    var tiles: TileStore { (modelLayer as? CATiledLayer)?.ownTiles ?? ownTiles }

    /// The tiled layer's display: the marked part of its tiles is dropped, to be drawn again
    /// on demand ("the update will be asynchronous"); no backing store is made.
    open override func display() {
        tiles.invalidate(model().drawingState?.redrawRect)
    }

    /// Draws the `contents` image placed by contentsGravity, when there is no delegate (a
    /// subclass overrides this to draw its content: it is called once per tile).
    open override func draw(in ctx: CGContext) {
        if let d = model().delegate { d.draw(self, in: ctx); return }
        guard let img = contents?.bitmap, img.width > 0, img.height > 0 else { return }
        let r = contentsGravity.rect(for: Size(Double(img.width), Double(img.height)), in: bounds)
        // Upright in the layer's y-down space: the CTM flipped about the rectangle around the
        // call, as UIImage.draw(in:) does (CGContext+Image.swift).
        ctx.saveGState()
        ctx.translateBy(x: 0, y: r.minY + r.maxY)
        ctx.scaleBy(x: 1, y: -1)
        ctx.draw(img, in: r)
        ctx.restoreGState()
    }

    /// Draws the tiles held for `drawPendingTiles()` (`.manual`); returns how many.
    @discardableResult public func drawPendingTiles() -> Int {
        let m = (modelLayer as? CATiledLayer) ?? self
        var n = 0
        for request in m.tiles.takePending() {
            m.tiles.deliver(request.key, m.drawTile(request), generation: request.generation)
            n += 1
        }
        return n
    }

    private func tileGeometryDidChange() {
        modelDidChange()
        if modelLayer == nil, !isCopyingProperties { ownTiles.invalidate(nil) }
    }
}

extension CATiledLayer {
    public static let tileSize: LayerProperty<CATiledLayer, Size> = .init(
        "tileSize", get: { $0.tileSize }, set: { $0.tileSize = $1 },
        default: Size(256, 256), animatable: false, affects: .pixels, document: .size)
    public static let levelsOfDetail: LayerProperty<CATiledLayer, Int> = .init(
        "levelsOfDetail", get: { $0.levelsOfDetail }, set: { $0.levelsOfDetail = $1 },
        default: 1, animatable: false, affects: .pixels, document: .count(limit: CATiledLayer.maximumLevels))
    public static let levelsOfDetailBias: LayerProperty<CATiledLayer, Int> = .init(
        "levelsOfDetailBias", get: { $0.levelsOfDetailBias }, set: { $0.levelsOfDetailBias = $1 },
        default: 0, animatable: false, affects: .pixels, document: .count(limit: CATiledLayer.maximumBias))

    /// The most levels of detail, and the largest bias, a layer uses (larger values are
    /// clamped: 2^12 pixels per point is beyond any screen).
    public static let maximumLevels = 16, maximumBias = 12

    /// CALayer's properties, then these.
    public static let tiledProperties = LayerPropertyTable(CATiledLayer.self, superclass: CALayer.layerProperties, declared: [
        tileSize.erased, levelsOfDetail.erased, levelsOfDetailBias.erased,
    ])

    /// One tile: its level (0 the finest) and column and row at that level.
    struct TileKey: Hashable, Sendable {
        let level: Int, column: Int, row: Int
    }

    /// A tile to draw: where, at what scale, into what size, for which generation of the store.
    struct TileRequest: @unchecked Sendable {
        let key: TileKey
        /// The tile's rectangle in the layer's coordinates and its pixels per point.
        let rect: Rect
        let scale: Double
        let width: Int, height: Int
        let generation: Int
    }

    /// Draws one tile: a context over a tile-sized bitmap whose CTM maps the tile's rectangle
    /// of the layer onto it, clipped to it, through `draw(in:)`.
    func drawTile(_ r: TileRequest) -> Bitmap {
        let bitmap = Bitmap(width: r.width, height: r.height)
        let ctm = AffineTransform.translation(-r.rect.minX, -r.rect.minY).concatenating(.scale(r.scale, r.scale))
        let ctx = CGContext(bitmap: bitmap, ctm: ctm)
        ctx.clip(to: r.rect)
        draw(in: ctx)
        return bitmap
    }
}

/// The tiles of one tiled layer, safe to fill from a background queue: drawn tiles by key with
/// the presentation time they were first shown, the requests waiting (`.manual`) or being
/// drawn, and a generation that invalidation moves on (a tile drawn for an older generation
/// is dropped when it arrives).
final class TileStore: @unchecked Sendable {
    struct Tile {
        let bitmap: Bitmap
        /// When a frame first showed it (nil: not yet); whether it fades in.
        var shownAt: Double?
        let fades: Bool
        var lastUsedBuild: Int
        /// The layer rectangle it covers, for partial invalidation.
        let rect: Rect
    }
    private let lock = NSLock()
    private var tiles: [CATiledLayer.TileKey: Tile] = [:]
    private var requested: Set<CATiledLayer.TileKey> = []
    private var pending: [CATiledLayer.TileRequest] = []
    private var rects: [CATiledLayer.TileKey: Rect] = [:]
    private(set) var generation = 0
    /// Pixels of the tiles held.
    private var pixels = 0

    /// The tile for `key`, marked used by `build`; nil when it is not drawn yet.
    func tile(_ key: CATiledLayer.TileKey, build: Int) -> Tile? {
        lock.lock(); defer { lock.unlock() }
        guard var t = tiles[key] else { return nil }
        t.lastUsedBuild = build
        tiles[key] = t
        return t
    }

    /// Records that a frame at `time` first showed `key`.
    func markShown(_ key: CATiledLayer.TileKey, at time: Double) {
        lock.lock(); defer { lock.unlock() }
        if tiles[key]?.shownAt == nil { tiles[key]?.shownAt = time }
    }

    /// Whether `key` has been asked for and not delivered; records the request when it is new.
    func request(_ r: CATiledLayer.TileRequest) -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard r.generation == generation, tiles[r.key] == nil, requested.insert(r.key).inserted else { return false }
        rects[r.key] = r.rect
        return true
    }

    /// Holds `r` for `drawPendingTiles()`.
    func hold(_ r: CATiledLayer.TileRequest) {
        lock.lock(); defer { lock.unlock() }
        pending.append(r)
    }

    func takePending() -> [CATiledLayer.TileRequest] {
        lock.lock(); defer { lock.unlock() }
        let p = pending
        pending.removeAll()
        return p
    }

    /// Stores a drawn tile (dropped when the store was invalidated since it was asked for);
    /// `fades`: it arrives after a frame went without it.
    func deliver(_ key: CATiledLayer.TileKey, _ bitmap: Bitmap, generation g: Int, fades: Bool = true, build: Int = 0) {
        lock.lock(); defer { lock.unlock() }
        requested.remove(key)
        guard g == generation else { return }
        let rect = rects.removeValue(forKey: key) ?? .null
        tiles[key] = Tile(bitmap: bitmap, shownAt: nil, fades: fades, lastUsedBuild: build, rect: rect)
        pixels += bitmap.width * bitmap.height
        if tiles.count > CATiledLayer.maximumTiles || pixels > CATiledLayer.maximumTilePixels {
            // Drop the least recently used half.
            let order = tiles.sorted { $0.value.lastUsedBuild < $1.value.lastUsedBuild }
            for (k, _) in order.prefix(tiles.count / 2) { tiles.removeValue(forKey: k) }
            pixels = tiles.values.reduce(0) { $0 + $1.bitmap.width * $1.bitmap.height }
        }
    }

    /// Drops the tiles that meet `rect` (layer coordinates; nil: all) and every request in flight.
    func invalidate(_ rect: Rect?) {
        lock.lock(); defer { lock.unlock() }
        generation &+= 1
        requested.removeAll()
        pending.removeAll()
        rects.removeAll()
        if let rect { tiles = tiles.filter { $0.value.rect.intersection(rect).isNull } } else { tiles.removeAll() }
        pixels = tiles.values.reduce(0) { $0 + $1.bitmap.width * $1.bitmap.height }
    }

    /// Tiles held.
    var count: Int { lock.lock(); defer { lock.unlock() }; return tiles.count }
}
