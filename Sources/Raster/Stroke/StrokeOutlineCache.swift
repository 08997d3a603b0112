// Stroke outlines kept from draw to draw, so a stroke whose path, style, trim fractions and pen
// scale did not change since the last frame is not trimmed, dashed and outlined again.
//
// Why it can be kept across transforms: the stroker builds the outline in user space and maps
// each point it emits through the transform (Stroker.swift); the transform's only other use is
// the flattening tolerance, the device tolerance divided by the transform's largest stretch.
// So the outline is built once with the identity map and that user-space tolerance, kept by
// (the path's element storage, style, fractions, tolerance), and every draw maps the kept
// points through its own transform: the same products and sums as the stroker's own mapping,
// the same device points, whatever rotation or translation the frame has. (The identity map
// changes no coordinate: 1·x + 0·y + 0 is x.)
//
// The path is known by its element storage, which the entry holds (so no other path can
// reuse it while the entry lives, and a holder that changes its path gets a copy of its
// own): the same storage is the same path. A stroke the hairline kernel may draw (one line
// segment after trimming and dashing) is left to the canvas's own route, as is an outline
// whose mapped points leave finite space (the stroker drops such subpaths one by one).
//
// Only a stroke seen in the list before is kept: one whose path or pen scale changes every
// frame (a keyframed path, a scale animation) goes the canvas's own route at the cost of two
// look-ups, instead of an outline built and dropped each frame. Entries no list used for
// eight lists are dropped (looked for every eighth list); entries and kept points are bounded.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// User-space stroke outlines of the paths a rasterizer strokes, kept across lists.
final class StrokeOutlineCache {
    /// What an outline depends on besides the transform.
    struct Key: Hashable {
        /// The path's element storage (held by the entry) and element count.
        let storage: UInt
        let count: Int
        let style: StrokeStyle
        let start: Double, end: Double
        /// The flattening tolerance in user space.
        let tolerance: Double

        /// The storage and the tolerance: enough to tell paths and pen scales apart, and a
        /// look-up for a stroke that misses (most strokes of an animated path) hashes two
        /// words instead of the whole style.
        func hash(into h: inout Hasher) {
            h.combine(storage)
            h.combine(tolerance)
        }
    }

    /// One kept outline.
    final class Entry {
        /// The stroked path, held so that its storage stays its own while the entry lives.
        let path: Path
        /// The outline in user space; nil when the canvas's own route draws this stroke.
        let outline: FlatPath?
        var lastUse: UInt
        init(path: Path, outline: FlatPath?, lastUse: UInt) { self.path = path; self.outline = outline; self.lastUse = lastUse }
    }

    /// At most this many outlines are kept …
    static let maxEntries = 4096
    /// … holding at most this many points together (16 bytes each: 32 MB).
    static let maxPoints = 2_000_000
    /// False when the environment has `LAYERKIT_STROKE_OUTLINE_CACHE=0` (read once): the
    /// rasterizers then keep no outlines (DisplayListRasterizer.strokeOutlines).
    static let enabledByEnvironment: Bool = {
        guard let v = getenv("LAYERKIT_STROKE_OUTLINE_CACHE") else { return true }
        return String(cString: v) != "0"
    }()
    /// Lists an unused outline is kept for.
    static let keptLists: UInt = 8

    private var entries: [Key: Entry] = [:]
    private var points = 0
    /// The strokes (not kept) seen in the list being drawn and in the one before.
    private var seen: Set<Key> = [], previouslySeen: Set<Key> = []
    /// Counts the lists drawn.
    private var generation: UInt = 0

    /// The outlines kept.
    var count: Int { entries.count }

    /// Starts a list: what the last list saw becomes the list before's; every eighth list,
    /// the outlines unused for eight lists are dropped.
    func beginDraw() {
        generation &+= 1
        swap(&seen, &previouslySeen)
        seen.removeAll(keepingCapacity: true)
        guard generation % Self.keptLists == 0, !entries.isEmpty else { return }
        let oldest = generation &- Self.keptLists
        entries = entries.filter { $0.value.lastUse >= oldest }
        points = entries.values.reduce(0) { $0 + ($1.outline?.points.count ?? 0) }
    }

    /// The entry kept for `key`, marked used.
    func entry(_ key: Key) -> Entry? {
        guard let e = entries[key] else { return nil }
        e.lastUse = generation
        return e
    }

    /// Whether the list before this one had the stroke `key` too; notes it for the next list.
    func seenBefore(_ key: Key) -> Bool {
        if previouslySeen.contains(key) { return true }
        if seen.count < Self.maxEntries { seen.insert(key) }
        return false
    }

    /// Keeps `outline` (nil: the canvas's own route) for `key` when the bounds allow it.
    func store(_ key: Key, path: Path, outline: FlatPath?) {
        let n = outline?.points.count ?? 0
        guard entries.count < Self.maxEntries, points + n <= Self.maxPoints else { return }
        entries[key] = Entry(path: path, outline: outline, lastUse: generation)
        points += n
    }
}

extension Path {
    /// The address of the element storage: equal for two paths sharing it, which then have the
    /// same elements.
    var storageIdentity: UInt {
        elements.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    }
}

extension Stroker {
    /// The stroke outline of `path` in user space (no transform), curves and round parts
    /// within `tolerance` user units: what `outline` builds before it maps each point.
    static func userSpaceOutline(_ path: Path, style: StrokeStyle, tolerance: Double, into out: inout FlatPath) {
        var b = StrokeBuilder(style: style, transform: .identity, tolerance: tolerance)
        b.run(path, into: &out)
    }
}

extension Canvas {
    /// Strokes as `stroke(_:style:transform:color:strokeStart:strokeEnd:opacity:)` does, the
    /// outline taken from `cache` (see the file header) and made there when missing. The
    /// fractions are clamped and the inputs checked by the caller. False when the stroke is
    /// left to the canvas's own route (nothing drawn then): not seen in the list before, or
    /// the hairline kernel's, or leaving finite space.
    func strokeThroughCache(_ cache: StrokeOutlineCache, _ path: Path, style: StrokeStyle, transform t: AffineTransform,
                            color: Color, from s0: Double, to s1: Double, opacity: Double) -> Bool {
        guard t.a.isFinite, t.b.isFinite, t.c.isFinite, t.d.isFinite, t.tx.isFinite, t.ty.isFinite else { return false }
        let scale = t.maxScale
        guard scale.isFinite, scale > 0 else { return false }
        // One undashed butt segment at most a pixel wide (the hairline kernel's) goes the
        // canvas's own route without a look-up: scenes of thousands of thin lines would pay
        // for them.
        if path.elements.count <= 2 && style.dashPattern.isEmpty && style.lineCap == .butt
            && style.lineWidth * scale <= 1 + 1e-9 { return false }
        // The stroker's user-space tolerance (Stroker.outline).
        let tol = (tolerance.isFinite && tolerance > 0 ? max(tolerance, 1e-4) : 0.1) / scale
        let key = StrokeOutlineCache.Key(storage: path.storageIdentity, count: path.elements.count, style: style,
                                         start: s0, end: s1, tolerance: tol)
        let outline: FlatPath
        if let e = cache.entry(key) {
            guard let o = e.outline else { return false }
            outline = o
        } else {
            // A new outline is made only when the list can still give a path its whole budget
            // of curve points, so that it is the outline the canvas's own route would make.
            guard cache.seenBefore(key), rasterScratch.curvePointsLeft >= maxFlattenPoints else { return false }
            let p = path.strokedCentreLine(style: style, from: s0, to: s1)
            // One line segment may be the hairline kernel's (Canvas.stroke decides).
            if p.elements.count == 2, case .move = p.elements[0], case .line = p.elements[1] {
                cache.store(key, path: path, outline: nil)
                return false
            }
            var o = FlatPath()
            Stroker.userSpaceOutline(p, style: style, tolerance: tol, into: &o)
            cache.store(key, path: path, outline: o)
            outline = o
        }
        // The outline's points, kept or made, are paid from the list's budget of curve points
        // (Path/Flatten.swift): past what is left, the canvas's own route strokes within it.
        let n = outline.points.count
        guard n <= rasterScratch.curvePointsLeft else { return false }
        if rasterScratch.curvePointsLeft != .max { rasterScratch.curvePointsLeft -= n }
        strokeScratch.removeAll()
        // The outline mapped to device space through buffers: one resize, then a loop of plain
        // loads, products and stores (appending point by point paid a uniqueness and capacity
        // check each), which also finds the bounding box the fill needs. A point that is not
        // finite sends the stroke the canvas's own way, whose first step empties the scratch.
        strokeScratch.points.append(contentsOf: repeatElement(Point(0, 0), count: n))
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        let finite: Bool = outline.points.withUnsafeBufferPointer { src in
            strokeScratch.points.withUnsafeMutableBufferPointer { dst in
                guard let s = src.baseAddress, let d = dst.baseAddress else { return true }
                var bad = false
                for i in 0..<n {
                    let q = t.apply(s[i])
                    d[i] = q
                    bad = bad || !(q.x.isFinite && q.y.isFinite)
                    minX = q.x < minX ? q.x : minX; maxX = q.x > maxX ? q.x : maxX
                    minY = q.y < minY ? q.y : minY; maxY = q.y > maxY ? q.y : maxY
                }
                return !bad
            }
        }
        guard finite else { return false }
        strokeScratch.contourStarts.append(contentsOf: outline.contourStarts)
        fill(strokeScratch, color: color, rule: .nonZero, opacity: opacity, minX: minX, minY: minY, maxX: maxX,
             maxY: maxY)
        return true
    }
}
