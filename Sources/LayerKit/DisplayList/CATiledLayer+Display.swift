// What a CATiledLayer draws (CATiledLayer.swift has the rules): the tiles of one level of
// detail over the part of its bounds that can be seen — the target cut by the clips of its
// masking superlayers, mapped back into the layer — each an image item, faded in by its
// age. The level: the device pixels per point of the layer's map (the square root of its
// determinant), and of the levels 2^(bias − i) the coarsest at least that fine. A tile not yet
// drawn is requested and left out of this frame; under it (and under a tile still fading in)
// the nearest coarser level's tile already shown there is drawn, as Core Animation keeps the
// coarser content on screen until the finer arrives. A frame shows at most 512 tiles and 16 M
// tile pixels (a level far finer than the screen needs stops there). The layer's `contents`
// is drawn only through its tiles (`replacesContents`).
import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension CATiledLayer: LayerContentDisplay {
    var replacesContents: Bool { true }
    var contentPrimitiveCount: Int { 2 }
    var hasClippableContent: Bool { true }
    func contentLocalExtent(_ builder: DisplayListBuilder) -> Rect { bounds }

    /// The level of detail for `pixelsPerPoint` (see the file header): its index and scale.
    func levelOfDetail(forPixelsPerPoint s: Double) -> (level: Int, scale: Double) {
        let count = min(max(levelsOfDetail, 1), Self.maximumLevels)
        let bias = min(max(levelsOfDetailBias, 0), Self.maximumBias)
        var chosen = 0
        for i in 0..<count where pow(2, Double(bias - i)) >= s - 1e-9 { chosen = i }
        return (chosen, pow(2, Double(bias - chosen)))
    }

    func appendContentItems(to sink: DisplayItemSink) {
        let b = bounds
        guard !b.isNull, !b.isEmpty, b.isFiniteRect, let inverse = sink.device.inverted else { return }
        let builder = sink.builder
        var visibleDevice = builder.targetBounds
        if let c = sink.deviceClip { visibleDevice = visibleDevice.intersection(c) }
        guard !visibleDevice.isNull, !visibleDevice.isEmpty,
              let back = DisplayListBuilder.map(visibleDevice, inverse) else { return }
        let visible = back.intersection(b)
        guard !visible.isNull, !visible.isEmpty else { return }
        let a = sink.device.affinePart
        let pixelsPerPoint = sqrt(abs(a.a * a.d - a.b * a.c))
        guard pixelsPerPoint.isFinite, pixelsPerPoint > 0 else { return }
        let (level, z) = levelOfDetail(forPixelsPerPoint: pixelsPerPoint)
        let tw = min(max(tileSize.width.isFinite ? tileSize.width : 256, 16), 1024)
        let th = min(max(tileSize.height.isFinite ? tileSize.height : 256, 16), 1024)
        // A tile covers tw × th pixels of the level: tw / z × th / z points, from the bounds' origin.
        let pw = tw / z, ph = th / z
        let c0 = Int(saturating: ((visible.minX - b.minX) / pw).rounded(.down))
        let c1 = Int(saturating: ((visible.maxX - b.minX) / pw).rounded(.up))
        let r0 = Int(saturating: ((visible.minY - b.minY) / ph).rounded(.down))
        let r1 = Int(saturating: ((visible.maxY - b.minY) / ph).rounded(.up))
        guard c1 > c0, r1 > r0 else { return }
        let store = tiles
        let model = (modelLayer as? CATiledLayer) ?? self
        let time = presentationTime ?? CAAnimationContext.current.presentationTime
        let fade = type(of: self).fadeDuration()
        var shown = 0, pixels = 0
        // Each tile's image, and under the tiles not yet whole (missing or fading in) the
        // coarser tiles already drawn that cover them, appended first.
        var over: [(bitmap: Bitmap, transform: AffineTransform, opacity: Double, rect: Rect)] = []
        var under: [(bitmap: Bitmap, transform: AffineTransform, rect: Rect)] = []
        var underKeys: Set<TileKey> = []
        let levels = min(max(levelsOfDetail, 1), Self.maximumLevels)
        rows: for row in r0..<r1 {
            for column in c0..<c1 {
                if shown >= Self.maximumVisibleTiles || pixels >= Self.maximumTilePixelsPerFrame { break rows }
                shown += 1
                let rect = Rect(b.minX + Double(column) * pw, b.minY + Double(row) * ph, pw, ph).intersection(b)
                guard !rect.isNull, !rect.isEmpty else { continue }
                pixels += Int(tw * th)
                let key = TileKey(level: level, column: column, row: row)
                var alpha = 0.0
                if let tile = store.tile(key, build: builder.buildNumber) ?? requestTile(model, store, key, rect, z, builder) {
                    if tile.shownAt == nil { store.markShown(key, at: time) }
                    alpha = 1
                    if tile.fades, fade > 0 { alpha = min(1, max(0, (time - (tile.shownAt ?? time)) / fade)) }
                    if alpha > 0 { over.append((tile.bitmap, tileTransform(column, row, z, pw, ph, sink), sink.opacity * alpha, rect)) }
                }
                guard alpha < 1 else { continue }
                // The nearest coarser level with this place drawn.
                var j = level + 1, shift = 1
                while j < levels, shift < 62 {
                    let k = TileKey(level: j, column: column >> shift, row: row >> shift)
                    if underKeys.contains(k) { break }
                    if let t = store.tile(k, build: builder.buildNumber), t.shownAt != nil {
                        underKeys.insert(k)
                        let zj = z / Double(1 << shift)
                        under.append((t.bitmap, tileTransform(k.column, k.row, zj, pw * Double(1 << shift), ph * Double(1 << shift), sink),
                                      t.rect))
                        break
                    }
                    j += 1; shift += 1
                }
            }
        }
        for (i, u) in under.enumerated() {
            sink.append(.contents, .image(u.bitmap, transform: u.transform, opacity: sink.opacity), local: u.rect,
                        index: 1 + Self.maximumVisibleTiles + i)
        }
        for (i, o) in over.enumerated() {
            sink.append(.contents, .image(o.bitmap, transform: o.transform, opacity: o.opacity), local: o.rect, index: 1 + i)
        }
    }

    /// The map of tile (`column`, `row`) of a level at `z` pixels per point, `pw` × `ph` points a
    /// tile, onto the sink's surface.
    private func tileTransform(_ column: Int, _ row: Int, _ z: Double, _ pw: Double, _ ph: Double,
                               _ sink: DisplayItemSink) -> AffineTransform {
        let b = bounds
        return AffineTransform.scale(1 / z, 1 / z)
            .concatenating(.translation(b.minX + Double(column) * pw, b.minY + Double(row) * ph))
            .concatenating(sink.transform)
    }

    /// Asks for a tile not drawn yet: drawn now (`.immediate`, returned whole, no fade), or
    /// left to the background queue or `drawPendingTiles()` (nil: not in this frame).
    private func requestTile(_ model: CATiledLayer, _ store: TileStore, _ key: TileKey, _ rect: Rect, _ z: Double,
                             _ builder: DisplayListBuilder) -> TileStore.Tile? {
        let w = max(1, Int(saturating: (rect.width * z).rounded(.up))), h = max(1, Int(saturating: (rect.height * z).rounded(.up)))
        let r = TileRequest(key: key, rect: rect, scale: z, width: min(w, 1024), height: min(h, 1024), generation: store.generation)
        guard store.request(r) else { return nil }
        switch model.tileDrawing {
        case .immediate:
            store.deliver(key, model.drawTile(r), generation: r.generation, fades: false, build: builder.buildNumber)
            return store.tile(key, build: builder.buildNumber)
        case .manual:
            store.hold(r)
        case .backgroundQueue:
            let job = TileJob(layer: model, request: r)
            DispatchQueue.global(qos: .userInitiated).async {
                job.layer.tiles.deliver(job.request.key, job.layer.drawTile(job.request), generation: job.request.generation)
            }
        }
        return nil
    }
}

/// A tile to draw on the background queue, with its layer (draw(in:) is called there, as Core
/// Animation calls it "on one or more background threads").
private struct TileJob: @unchecked Sendable {
    let layer: CATiledLayer
    let request: CATiledLayer.TileRequest
}
