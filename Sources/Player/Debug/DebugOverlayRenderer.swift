// Draws the enabled debugging aids over a finished frame, each from the frame's display list
// (never a second walk of the layers): the blended and offscreen tints through the
// display-list rasterizer, the updated region's flash, the layer outlines with their names,
// the pointer's layer with its presentation values, and the statistics panel. Labels are
// rendered once per string by the installed text renderer and cached.
import LayerKit
import Raster

/// What a frame's statistics panel and `--stats` summary count.
public struct SceneStatistics: Sendable, Equatable {
    /// Layers that drew something this frame (distinct sources of the display list).
    public var layersDrawn = 0
    /// Display items in the frame's list.
    public var displayItems = 0
    /// Animations attached and running or pending in the scene's context.
    public var animations = 0
    /// Offscreen bitmaps the frame needed (groups, planes, transitions).
    public var offscreenBitmaps = 0
    /// What is alive in the process (model layers, animations, bitmaps): bounded while a
    /// scene runs, or something accumulates.
    public var live = LiveObjectCounts(layers: 0, animations: 0, bitmaps: 0, bitmapBytes: 0)

    public init() {}

    /// The largest of each count of `self` and `other`.
    public func maxima(_ other: SceneStatistics) -> SceneStatistics {
        var m = self
        m.layersDrawn = max(layersDrawn, other.layersDrawn)
        m.displayItems = max(displayItems, other.displayItems)
        m.animations = max(animations, other.animations)
        m.offscreenBitmaps = max(offscreenBitmaps, other.offscreenBitmaps)
        m.live = LiveObjectCounts(layers: max(live.layers, other.live.layers),
                                  animations: max(live.animations, other.live.animations),
                                  bitmaps: max(live.bitmaps, other.live.bitmaps),
                                  bitmapBytes: max(live.bitmapBytes, other.live.bitmapBytes))
        return m
    }

    /// The frame's counts, one per line (the panel) …
    public var lines: [String] {
        ["layers drawn \(layersDrawn)", "display items \(displayItems)", "animations \(animations)",
         "offscreen bitmaps \(offscreenBitmaps)"]
    }
    /// … and on one line with what is alive in the process (the log).
    public var text: String {
        (lines + ["live layers \(live.layers)", "live animations \(live.animations)",
                  "live bitmaps \(live.bitmaps) (\(live.bitmapBytes / 1024) KB)"]).joined(separator: ", ")
    }

    /// The counts of one frame (`rasterized`: the items that draw rasterized layers).
    public static func of(_ list: DisplayList, animations: Int, rasterized: Set<DisplayItemKey> = []) -> SceneStatistics {
        var s = SceneStatistics()
        var sources = Set<ObjectIdentifier>()
        for item in list.items { sources.insert(item.key.source) }
        s.layersDrawn = sources.count
        s.displayItems = list.items.count
        s.animations = animations
        s.offscreenBitmaps = OffscreenRenderedOverlay.passCount(in: list, rasterized: rasterized)
        s.live = LiveObjectCounts.current
        return s
    }
}

/// Draws the debugging aids over frames; keeps the label cache between frames.
public final class DebugOverlayRenderer {
    public static let flashTint = Color(1, 0.9, 0, 0.5)
    static let outlineColor = Color(0.2, 0.85, 1, 0.9)
    static let highlightFill = Color(0.2, 0.85, 1, 0.25)
    /// Labels are drawn only on outlines at least this big (device pixels), at most this many.
    static let labelMinimumSize = Size(36, 12)
    static let maximumLabels = 300

    private let rasterizer = DisplayListRasterizer()
    private let hitsOverlay = RasterizationHitsOverlay()
    /// The rasterized layers of the last frame drawn with Color Hits Green and Misses Red
    /// whose cached bitmap was reused, and those drawn again.
    public private(set) var lastRasterizationHits = 0, lastRasterizationMisses = 0
    private var labelCache: [String: Bitmap] = [:]
    /// The largest counts seen so far (the `--stats` summary at exit).
    public private(set) var maxima = SceneStatistics()
    /// The counts of the last frame drawn.
    public private(set) var last = SceneStatistics()

    public init() {}

    /// Draws `aids` over `bitmap`, which holds the frame drawn from `list`.
    /// - Parameters:
    ///   - damage: the pixels this frame redrew (device pixels), nil when nothing changed.
    ///   - presentationRoot: the presentation tree the list was built from (for the pointer).
    ///   - pointer: the pointer in points, nil when outside the window.
    ///   - scale: device pixels per point.
    ///   - animations: the scene's running and pending animation count.
    ///   - rasterized: the items of `list` that draw rasterized layers (the builder's
    ///     `rasterizedItemKeys`).
    public func draw(_ aids: DebugAids, list: DisplayList, damage: Rect?, presentationRoot: CALayer?,
                     pointer: Point?, scale: Double, animations: Int, rasterized: Set<DisplayItemKey> = [],
                     into bitmap: Bitmap) {
        let canvas = Canvas(bitmap)
        let stats = SceneStatistics.of(list, animations: animations, rasterized: rasterized)
        last = stats
        maxima = maxima.maxima(stats)
        if aids.colorBlendedLayers { rasterizer.draw(BlendedLayersOverlay.tints(for: list), into: canvas) }
        if aids.colorOffscreenRendered {
            rasterizer.draw(OffscreenRenderedOverlay.tints(for: list, rasterized: rasterized), into: canvas)
        }
        if aids.colorHitsMisses {
            let (tints, hits, misses) = hitsOverlay.tints(for: list, rasterized: rasterized)
            lastRasterizationHits = hits; lastRasterizationMisses = misses
            rasterizer.draw(tints, into: canvas)
        }
        if aids.flashUpdatedRegions, let d = damage, !d.isEmpty {
            canvas.fill(.rect(d), color: Self.flashTint)
        }
        if aids.layerOutlines { drawOutlines(list, presentationRoot: presentationRoot, pointer: pointer, scale: scale, canvas) }
        if aids.stats { drawPanel(stats.lines, at: Point(bitmap.width > 0 ? Double(bitmap.width) : 0, 0), alignRight: true, scale: scale, canvas) }
    }

    private func drawOutlines(_ list: DisplayList, presentationRoot: CALayer?, pointer: Point?, scale: Double, _ canvas: Canvas) {
        let outlines = LayerOutlines.outlines(in: list)
        let style = StrokeStyle(lineWidth: max(1, scale))
        var labels = 0
        for o in outlines {
            let r = o.bounds.insetBy(dx: 0.5, dy: 0.5)
            canvas.stroke(.rect(r), style: style, color: Self.outlineColor)
            if labels < Self.maximumLabels, o.bounds.width >= Self.labelMinimumSize.width * scale,
               o.bounds.height >= Self.labelMinimumSize.height * scale, let layer = LayerOutlines.layer(o.source),
               let label = label(LayerOutlines.label(layer), size: 10 * scale, color: Self.outlineColor) {
                canvas.draw(label, transform: .translation(o.bounds.minX + 2 * scale, o.bounds.minY + 1 * scale))
                labels += 1
            }
        }
        // The pointer's layer: the deepest presentation layer under it that drew something.
        guard let p = pointer, let root = presentationRoot, var hit = root.hitTest(p) else { return }
        var outline = outlines.first { $0.source == ObjectIdentifier(hit.model()) }
        while outline == nil, let up = hit.superlayer {
            hit = up
            outline = outlines.first { $0.source == ObjectIdentifier(hit.model()) }
        }
        if let o = outline {
            canvas.fill(.rect(o.bounds), color: Self.highlightFill)
            canvas.stroke(.rect(o.bounds.insetBy(dx: scale, dy: scale)), style: StrokeStyle(lineWidth: 2 * scale), color: Self.outlineColor)
        }
        drawPanel(LayerOutlines.presentationValues(hit), at: Point(p.x * scale + 14 * scale, p.y * scale + 14 * scale),
                  alignRight: false, scale: scale, canvas)
    }

    /// Lines of text on a dark panel with its top left (or top right) at `at`, kept inside
    /// the canvas.
    private func drawPanel(_ lines: [String], at: Point, alignRight: Bool, scale: Double, _ canvas: Canvas) {
        let images = lines.compactMap { label($0, size: 12 * scale, color: .white) }
        guard !images.isEmpty else { return }
        let pad = 4 * scale
        let w = Double(images.map(\.width).max() ?? 0) + 2 * pad
        let h = Double(images.reduce(0) { $0 + $1.height }) + 2 * pad
        let W = Double(canvas.target.width), H = Double(canvas.target.height)
        var x = alignRight ? at.x - w - pad : at.x
        var y = alignRight ? at.y + pad : at.y
        x = max(0, min(x, W - w)); y = max(0, min(y, H - h))
        canvas.fill(.rect(Rect(x, y, w, h)), color: Color(0, 0, 0, 0.72))
        var ty = y + pad
        for img in images {
            canvas.draw(img, transform: .translation(x + pad, ty))
            ty += Double(img.height)
        }
    }

    /// `text` rendered at `size` pixels in `color`, cached (bounded: the cache empties past
    /// 512 strings).
    private func label(_ text: String, size: Double, color: Color) -> Bitmap? {
        let key = "\(size)|\(color.r),\(color.g),\(color.b)|\(text)"
        if let b = labelCache[key] { return b }
        guard let r = CATextLayer.renderer, let b = r.render(text, fontSize: size.rounded(), color: color) else { return nil }
        if labelCache.count >= 512 { labelCache.removeAll() }
        labelCache[key] = b
        return b
    }
}
