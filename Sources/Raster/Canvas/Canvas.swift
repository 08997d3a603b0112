// The public drawing surface: everything LayerKit and the commands draw goes through Canvas.
// It wires geometry (flattening, trimming, dashing, stroking: Path/ and Stroke/) to pixels
// (coverage rasterizer, compositing, image drawing: Rasterizer/ and Image/).

/// Which points a filled path covers (CAShapeLayer's fillRule).
public enum FillRule: String, Sendable, CaseIterable { case nonZero, evenOdd }
/// How open subpath ends are drawn (CGLineCap).
public enum LineCap: String, Sendable, CaseIterable { case butt, round, square }
/// How segments meet (CGLineJoin).
public enum LineJoin: String, Sendable, CaseIterable { case miter, round, bevel }

/// Core Graphics' stroke parameters, in user-space units (before the transform).
public struct StrokeStyle: Hashable, Sendable {
    public var lineWidth: Double
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    public var miterLimit: Double
    /// Dash lengths, on/off alternating; empty draws solid. CG ignores all-zero or negative patterns.
    public var dashPattern: [Double]
    public var dashPhase: Double
    public init(lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter,
                miterLimit: Double = 10, dashPattern: [Double] = [], dashPhase: Double = 0) {
        self.lineWidth = lineWidth; self.lineCap = lineCap; self.lineJoin = lineJoin
        self.miterLimit = miterLimit; self.dashPattern = dashPattern; self.dashPhase = dashPhase
    }
}

/// A clip region in device pixels.
public enum ClipShape: Hashable, Sendable {
    case rect(Rect)
    case roundedRect(Rect, cornerRadius: Double)
}

/// Closed polygons in device pixels, the rasterizer's input: contour i is
/// `points[contourStarts[i] ..< (contourStarts[i+1] or points.count)]`, implicitly closed.
/// Buffers are reused between draws to avoid allocation per frame.
public struct FlatPath: Sendable {
    public var points: [Point] = []
    public var contourStarts: [Int] = []
    public init() {}
    public mutating func removeAll() {
        points.removeAll(keepingCapacity: true); contourStarts.removeAll(keepingCapacity: true)
    }
    /// Starts a new contour at `p`.
    public mutating func move(to p: Point) { contourStarts.append(points.count); points.append(p) }
    /// Extends the current contour.
    public mutating func line(to p: Point) { points.append(p) }
    public var contourCount: Int { contourStarts.count }
    /// Index range of contour `i`.
    public func contour(_ i: Int) -> Range<Int> {
        contourStarts[i] ..< (i + 1 < contourStarts.count ? contourStarts[i + 1] : points.count)
    }
}

/// Draws paths and images into a `Bitmap` with exact-area anti-aliasing and premultiplied
/// source-over compositing. Coordinates given to it are user space mapped by each call's
/// transform into device pixels.
public final class Canvas {
    public let target: Bitmap
    // The three plain values below skip the runtime's exclusivity check (a runtime call per
    // access, two for every hairline drawn): they are read by every fill and stroke, and as
    // they hold no references an overlapping access could only see a stale value, never
    // touch freed memory.
    /// Optional clip in device pixels, intersected with the target's bounds.
    @exclusivity(unchecked) public var clip: ClipShape?
    /// Flattening tolerance in device pixels (max distance from curve to polygon).
    @exclusivity(unchecked) public var tolerance: Double = 0.1
    /// The fill kernels' implementation (Rasterizer/PixelKernels.swift); both paint the same pixels.
    @exclusivity(unchecked) public var kernels: PixelKernels = .vector
    /// Scratch buffers reused across draws.
    @usableFromInline var scratch = FlatPath()
    @usableFromInline var strokeScratch = FlatPath()
    /// The rasterizer's cell buffers and image-outline polygon (Rasterizer/RasterizerScratch.swift).
    @usableFromInline let rasterScratch: RasterizerScratch
    /// Stroke outlines kept from draw to draw (Stroke/StrokeOutlineCache.swift); nil: none kept.
    var strokeOutlines: StrokeOutlineCache?

    public init(_ target: Bitmap) { self.target = target; rasterScratch = RasterizerScratch() }

    /// A canvas on `target` that works in `other`'s rasterizer scratch and keeps its stroke
    /// outlines in `other`'s cache, with its tolerance: for a surface drawn while `other`
    /// waits (a group's bitmap), so that each group does not lay out cell buffers of its own.
    /// Never for two canvases drawing at the same time.
    init(_ target: Bitmap, drawingAfter other: Canvas) {
        self.target = target
        rasterScratch = other.rasterScratch
        strokeOutlines = other.strokeOutlines
        tolerance = other.tolerance
    }

    /// Fills the whole target (ignoring the clip) with `color`; `.clear` makes it transparent.
    public func clear(_ color: Color = .clear) { target.clear(color) }

    /// Fills `path` mapped by `transform` with `color` × `opacity`.
    public func fill(_ path: Path, transform: AffineTransform = .identity, color: Color,
                     rule: FillRule = .nonZero, opacity: Double = 1) {
        guard color.a * opacity > 0, !path.isEmpty, path.isFinite else { return }
        flattenIntoScratch(path, transform: transform)
        fill(scratch, color: color, rule: rule, opacity: opacity)
    }

    /// `scratch` set to `path` mapped by `transform` and flattened to the tolerance, its
    /// curves' points taken from the list's budget.
    @usableFromInline func flattenIntoScratch(_ path: Path, transform: AffineTransform) {
        scratch.removeAll()
        spendingCurvePoints { path.flatten(transform: transform, tolerance: tolerance, into: &scratch, curvePointBudget: &$0) }
    }

    /// `body` given the points one path's curves may add (`maxFlattenPoints`, or less when
    /// the display list being drawn has less left: `RasterizerScratch.curvePointsLeft`), and
    /// what it spends taken from the list's budget.
    @inline(__always) func spendingCurvePoints<R>(_ body: (inout Int) -> R) -> R {
        let left = rasterScratch.curvePointsLeft
        var budget = min(maxFlattenPoints, left)
        let given = budget
        let result = body(&budget)
        if left != .max { rasterScratch.curvePointsLeft = left - (given - budget) }
        return result
    }

    /// Strokes `path` with `style` (user-space widths), trimmed to the arc-length fractions
    /// [`strokeStart`, `strokeEnd`] (CAShapeLayer's semantics), then dashed, then outlined and
    /// filled once with the non-zero rule (a self-overlapping stroke blends once).
    public func stroke(_ path: Path, style: StrokeStyle, transform: AffineTransform = .identity,
                       color: Color, strokeStart: Double = 0, strokeEnd: Double = 1, opacity: Double = 1) {
        guard color.a * opacity > 0, !path.isEmpty, path.isFinite, style.lineWidth.isFinite,
              style.lineWidth > 0, strokeStart.isFinite, strokeEnd.isFinite else { return }
        let s0 = max(0, min(1, strokeStart)), s1 = max(0, min(1, strokeEnd))
        guard s1 > s0 else { return }
        // A whole undashed stroke that is the hairline kernel's goes there before the outline
        // cache is asked: the cache never keeps an outline for one straight segment (it
        // answers "the canvas's own route"), so asking it first only cost its guards.
        let whole = s0 == 0 && s1 == 1 && style.dashPattern.isEmpty
        if whole, drawHairline(path, style: style, transform: transform, color: color, opacity: opacity) { return }
        if let outlines = strokeOutlines,
           strokeThroughCache(outlines, path, style: style, transform: transform, color: color, from: s0, to: s1,
                              opacity: opacity) { return }
        let p = path.strokedCentreLine(style: style, from: s0, to: s1)
        // (A whole undashed path was offered to the hairline kernel above.)
        if !whole, drawHairline(p, style: style, transform: transform, color: color, opacity: opacity) { return }
        strokeScratch.removeAll()
        let box = spendingCurvePoints {
            Stroker.outlineWithBounds(p, style: style, transform: transform, tolerance: tolerance,
                                      into: &strokeScratch, curvePointBudget: &$0)
        }
        if strokeScratch.points.count <= 5 {
            // Perhaps a rectangle on whole pixels (`fillWholePixelRectangle`), which `fill` tries.
            fill(strokeScratch, color: color, rule: .nonZero, opacity: opacity)
        } else {
            // The box was found as the stroker checked the points: no second scan.
            fill(strokeScratch, color: color, rule: .nonZero, opacity: opacity, minX: box.minX, minY: box.minY,
                 maxX: box.maxX, maxY: box.maxY)
        }
    }
}
