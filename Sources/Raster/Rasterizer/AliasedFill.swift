// Aliased edges: the sides of a rectangle rasterized as a GPU rasterizes a polygon without
// multisampling. A pixel lies inside an aliased side when its centre does; a centre exactly
// on the side counts when the side is a left edge (the inside to its right) or a top edge
// (horizontal, the inside below), Direct3D's top-left rule, so two shapes sharing a side
// never both paint, nor both miss, a pixel.
//
// The rule, per pixel: coverage = [centre inside every aliased side] × exact-area coverage of
// the shape grown beyond its aliased sides. The growing is a strip two device pixels wide
// laid outside each aliased side (over the side's straight part; past a sharp corner whose
// other side is aliased too), added to the polygons with their winding, so the exact-area
// sweep sees no boundary there. What remains is:
// - along an aliased side (its straight part, and a pixel on where a rounded corner
//   begins), 0 or full coverage, by the pixel centre;
// - along an anti-aliased side, rounded corners and any other outline the shape has (a
//   border's inner edge), the exact area, unchanged;
// - where an anti-aliased side meets an aliased one, the product of the two sides' terms
//   (the area inside the one, the centre test of the other).
// A side that lands axis-aligned on a pixel boundary covers whole pixels either way: it is
// left to the plain fill, and a shape whose every aliased side does so is filled exactly as
// before (same pixels, same code). The anti-aliased sweep itself is not changed: the strips
// are more polygons, the centre test wraps the span painter. A rectangle aliased on every
// side and axis-aligned (a solid layer, a background) is all full-coverage pixels by this rule,
// painted row by row without the sweep (`fillAliasedRectangle`, the same centre cuts).

import CRasterSIMD

/// Sides of an axis-aligned rectangle, in the rectangle's own coordinates.
public struct RectSides: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let minX = RectSides(rawValue: 1 << 0)
    public static let maxX = RectSides(rawValue: 1 << 1)
    public static let minY = RectSides(rawValue: 1 << 2)
    public static let maxY = RectSides(rawValue: 1 << 3)
    public static let all: RectSides = [.minX, .maxX, .minY, .maxY]
}

/// Which sides of a fill's or image's rectangle (in the user space its transform maps) are
/// rasterized aliased, and where the straight part of each side begins and ends (a rounded
/// corner keeps its exact-area coverage).
public struct EdgeAliasing: Hashable, Sendable {
    /// The rectangle whose sides are meant (a layer's bounds, an image's pixel rectangle).
    public var rect: Rect
    /// The sides drawn aliased.
    public var sides: RectSides
    /// How far along each side from the corner the rounding of that corner reaches (0 for a
    /// sharp corner).
    public var minXMinYInset: Double, maxXMinYInset: Double, minXMaxYInset: Double, maxXMaxYInset: Double

    public init(rect: Rect, sides: RectSides, minXMinYInset: Double = 0, maxXMinYInset: Double = 0,
                minXMaxYInset: Double = 0, maxXMaxYInset: Double = 0) {
        self.rect = rect; self.sides = sides
        self.minXMinYInset = minXMinYInset; self.maxXMinYInset = maxXMinYInset
        self.minXMaxYInset = minXMaxYInset; self.maxXMaxYInset = maxXMaxYInset
    }
}

extension EdgeAliasing {
    /// One side of `rect`: which it is, its two corners (start, end), the insets of the
    /// rounded corners there, and the sides meeting it at each end.
    typealias Side = (side: RectSides, p: Point, q: Point, inP: Double, inQ: Double, atP: RectSides, atQ: RectSides)

    /// The four sides of `rect`, left, right, bottom (minimum y), top.
    var rectangleSides: [Side] {
        let x0 = rect.minX, y0 = rect.minY, x1 = rect.maxX, y1 = rect.maxY
        return [
            (.minX, Point(x0, y0), Point(x0, y1), minXMinYInset, minXMaxYInset, .minY, .maxY),
            (.maxX, Point(x1, y0), Point(x1, y1), maxXMinYInset, maxXMaxYInset, .minY, .maxY),
            (.minY, Point(x0, y0), Point(x1, y0), minXMinYInset, maxXMinYInset, .minX, .maxX),
            (.maxY, Point(x0, y1), Point(x1, y1), minXMaxYInset, maxXMaxYInset, .minX, .maxX),
        ]
    }

    /// Whether side `s` keeps a straight part between its rounded corners.
    func hasStraightPart(_ s: Side) -> Bool {
        s.inP + s.inQ < (s.side == .minX || s.side == .maxX ? rect.height : rect.width)
    }
}

/// The aliased sides of one fill in device pixels: up to four half-planes
/// `a·x + b·y + c ≥ 0` (the inside), with whether a pixel centre exactly on the line counts.
@usableFromInline struct DeviceAliasedSides {
    @usableFromInline var a = SIMD4<Double>(repeating: 0), b = SIMD4<Double>(repeating: 0)
    @usableFromInline var c = SIMD4<Double>(repeating: 1)
    @usableFromInline var onLineInside = SIMD4<UInt8>(repeating: 1)
    /// Where along each side the rule holds: `u·x + v·y + w` (the distance along the side)
    /// within `from`…`to`, the side's straight part and a pixel more (unbounded at a sharp
    /// corner), so the pixels of a rounded corner keep their exact-area coverage.
    @usableFromInline var u = SIMD4<Double>(repeating: 0), v = SIMD4<Double>(repeating: 0)
    @usableFromInline var w = SIMD4<Double>(repeating: 0)
    @usableFromInline var from = SIMD4<Double>(repeating: -.infinity), to = SIMD4<Double>(repeating: .infinity)
    @usableFromInline var count = 0

    /// The sides of `aliasing` mapped by `transform` that do not land axis-aligned on pixel
    /// boundaries, with their strips appended to `polygons` (wound as the polygons are); nil
    /// when there is none (or the transform or the polygons are degenerate): the fill is
    /// then the plain one.
    init?(_ aliasing: EdgeAliasing, transform t: AffineTransform, polygons: inout FlatPath) {
        let r = aliasing.rect
        let det = t.determinant
        guard !aliasing.sides.isEmpty, !r.isNull, !r.isEmpty, r.isFiniteRect, det.isFinite, abs(det) > 1e-12 else { return nil }
        let all = aliasing.rectangleSides
        // The sides that need the rule: aliased, with a straight part (not wholly rounded
        // away by their corners), and not on a pixel boundary in device space.
        var needed: RectSides = []
        for s in all where aliasing.sides.contains(s.side) {
            guard aliasing.hasStraightPart(s) else { continue }
            let p = t.apply(s.p), q = t.apply(s.q)
            let onBoundary = (p.x == q.x && p.x == p.x.rounded()) || (p.y == q.y && p.y == p.y.rounded())
            if !onBoundary { needed.insert(s.side) }
        }
        guard !needed.isEmpty else { return nil }
        let winding = Self.signedArea(polygons.points, contours: polygons)
        guard winding != 0, winding.isFinite else { return nil }
        let centre = t.apply(Point(r.midX, r.midY))
        let M = { (v: Point) in (t.applyVector(v).x * t.applyVector(v).x + t.applyVector(v).y * t.applyVector(v).y).squareRoot() }
        var lane = 0
        for s in all where needed.contains(s.side) {
            // The half-plane of the whole side line, inside towards the centre.
            let p = t.apply(s.p), q = t.apply(s.q)
            var la = q.y - p.y, lb = p.x - q.x
            var lc = -(la * p.x + lb * p.y)
            if la * centre.x + lb * centre.y + lc < 0 { la = -la; lb = -lb; lc = -lc }
            let n = (la * la + lb * lb).squareRoot()
            guard n > 0, n.isFinite else { return nil }
            // The strip outside the side's straight part, two device pixels deep; past a sharp
            // corner whose other side is aliased too it runs on by two pixels.
            let along = Point(s.q.x - s.p.x, s.q.y - s.p.y)
            let length = (along.x * along.x + along.y * along.y).squareRoot()
            let dir = Point(along.x / length, along.y / length)
            let inward = s.side == .minX ? Point(1, 0) : s.side == .maxX ? Point(-1, 0) : s.side == .minY ? Point(0, 1) : Point(0, -1)
            let depth = 2 * M(dir) / abs(det)          // user units per two device pixels off the side
            let runOn = 2 * M(inward) / abs(det)       // … and beyond the other side's line
            let startOffset = s.inP > 0 ? s.inP : (needed.contains(s.atP) ? -runOn : 0)
            let endOffset = s.inQ > 0 ? s.inQ : (needed.contains(s.atQ) ? -runOn : 0)
            guard startOffset + endOffset < length, depth.isFinite, runOn.isFinite else { continue }
            func at(_ u: Double, _ v: Double) -> Point {
                t.apply(Point(s.p.x + dir.x * u - inward.x * v, s.p.y + dir.y * u - inward.y * v))
            }
            var strip = [at(startOffset, 0), at(length - endOffset, 0), at(length - endOffset, depth), at(startOffset, depth)]
            let area = Self.signedArea(strip)
            if (area > 0) != (winding > 0) { strip.reverse() }
            polygons.move(to: strip[0])
            for k in 1..<4 { polygons.line(to: strip[k]) }
            a[lane] = la / n; b[lane] = lb / n; c[lane] = lc / n
            onLineInside[lane] = a[lane] > 0 || (a[lane] == 0 && b[lane] > 0) ? 1 : 0
            // Distance along the side in device pixels from its start corner.
            let dx = (q.x - p.x) / n, dy = (q.y - p.y) / n
            u[lane] = dx; v[lane] = dy; w[lane] = -(dx * p.x + dy * p.y)
            // (One pixel more than the strip: a pixel the strip's end crosses is the side's.)
            if s.inP > 0 { from[lane] = s.inP / length * n - 1 }
            if s.inQ > 0 { to[lane] = (length - s.inQ) / length * n + 1 }
            lane += 1
        }
        guard lane > 0 else { return nil }
        count = lane
    }

    /// Twice the signed area of the closed polygon `pts`.
    static func signedArea(_ pts: [Point]) -> Double {
        var s = 0.0
        for i in 0..<pts.count {
            let p = pts[i], q = pts[(i + 1) % pts.count]
            s += p.x * q.y - q.x * p.y
        }
        return s
    }

    /// Twice the signed area of every contour of `path` together (the outer contour's sign
    /// for the layer shapes: a rectangle, a rounded one, a border ring).
    static func signedArea(_ pts: [Point], contours path: FlatPath) -> Double {
        var s = 0.0
        for i in 0..<path.contourCount {
            let range = path.contour(i)
            guard range.count > 2 else { continue }
            for j in range {
                let p = pts[j], q = pts[j + 1 < range.upperBound ? j + 1 : range.lowerBound]
                s += p.x * q.y - q.x * p.y
            }
        }
        return s
    }
}

/// A span painter that paints only the pixels whose centres lie inside every aliased side,
/// then hands them to `inner` with their coverage unchanged. The columns each side takes
/// away are worked out once per row (the sweep paints a row's runs one after another) into
/// `rowCuts`: the row, then per side the first and one-past-last column it cuts.
@usableFromInline struct PixelCentrePainter<P: SpanPainter>: SpanPainter {
    @usableFromInline let inner: P
    @usableFromInline let sides: DeviceAliasedSides
    @usableFromInline let rowCuts: UnsafeMutablePointer<Int>

    /// `rowCuts` holds 9 Ints; its first must not be a row the fill paints (Int.min).
    @usableFromInline init(inner: P, sides: DeviceAliasedSides, rowCuts: UnsafeMutablePointer<Int>) {
        self.inner = inner; self.sides = sides; self.rowCuts = rowCuts
    }

    /// Columns far beyond any target: the cuts are worked out for the whole row.
    @usableFromInline static var far: Int { 1 << 40 }

    @inline(__always) @usableFromInline
    func paint(row: UnsafeMutablePointer<UInt32>, y: Int, x: Int, count: Int, coverage: UInt32) {
        if rowCuts[0] != y { cut(row: y) }
        let end = x &+ count
        var x0 = x
        while x0 < end {
            // Past every cut that covers x0, up to the next cut that starts after it.
            var next = end, resume = x0
            for k in 0..<4 {
                let c0 = rowCuts[1 &+ 2 &* k], c1 = rowCuts[2 &+ 2 &* k]
                if c0 <= x0 { if c1 > resume { resume = c1 } } else if c0 < next { next = c0 }
            }
            if resume > x0 { x0 = resume; continue }
            inner.paint(row: row, y: y, x: x0, count: next &- x0, coverage: coverage)
            x0 = next
        }
    }

    /// Works out row `y`'s cuts: each side takes away the columns whose centres lie outside
    /// it within its straight part (an empty cut lies beyond every column).
    @inline(never) @usableFromInline
    func cut(row y: Int) {
        rowCuts[0] = y
        let py = Double(y) + 0.5
        let lo = -Self.far, hi = Self.far
        for k in 0..<4 {
            rowCuts[1 &+ 2 &* k] = hi; rowCuts[2 &+ 2 &* k] = hi
            guard k < sides.count else { continue }
            // Outside the side: a·(i + 0.5) + b·py + c < 0 (or = 0 off the top-left rule).
            var (o0, o1) = Self.columns(below: sides.a[k], sides.b[k] * py + sides.c[k],
                                        strictly: sides.onLineInside[k] != 0, lo, hi)
            // Less the columns before the straight part (u·(i + 0.5) + v·py + w < from) and
            // after it (> to).
            let along = sides.v[k] * py + sides.w[k]
            if sides.from[k] > -.infinity {
                let (b0, b1) = Self.columns(below: sides.u[k], along - sides.from[k], strictly: true, lo, hi)
                (o0, o1) = Self.minus(o0, o1, b0, b1)
            }
            if sides.to[k] < .infinity {
                let (b0, b1) = Self.columns(below: -sides.u[k], sides.to[k] - along, strictly: true, lo, hi)
                (o0, o1) = Self.minus(o0, o1, b0, b1)
            }
            if o0 < o1 { rowCuts[1 &+ 2 &* k] = o0; rowCuts[2 &+ 2 &* k] = o1 }
        }
    }

    /// The columns in lo..<hi whose centres satisfy a·(i + 0.5) + r < 0 (≤ 0 unless
    /// `strictly`), as a range (empty: lower ≥ upper).
    @inline(__always) @usableFromInline
    static func columns(below a: Double, _ r: Double, strictly: Bool, _ lo: Int, _ hi: Int) -> (Int, Int) {
        if a == 0 { return r < 0 || (r == 0 && !strictly) ? (lo, hi) : (hi, hi) }
        let t = -r / a - 0.5                   // a·(t + 0.5) + r = 0
        let dlo = Double(lo) - 1, dhi = Double(hi) + 1
        if a > 0 {
            // i < t (or ≤ t): the columns up to the crossing.
            var last = t.rounded(.down)
            if last == t && strictly { last -= 1 }
            return (lo, min(hi, Int(max(dlo, min(dhi, last))) &+ 1))
        }
        var first = t.rounded(.up)
        if first == t && strictly { first += 1 }
        return (max(lo, Int(max(dlo, min(dhi, first)))), hi)
    }

    /// The range a0..<a1 less the columns b0..<b1 of a half-line that starts at lo or ends at
    /// hi (so what remains is one range).
    @inline(__always) @usableFromInline
    static func minus(_ a0: Int, _ a1: Int, _ b0: Int, _ b1: Int) -> (Int, Int) {
        guard b0 < b1, a0 < a1 else { return (a0, a1) }
        if b0 <= a0 { return (max(a0, b1), a1) }
        return (a0, min(a1, b0))
    }
}

extension Canvas {
    /// Fills `path` mapped by `transform` with `color` × `opacity`, the sides `aliasing` names
    /// drawn aliased (see the file header); nil draws as `fill(_:transform:color:rule:opacity:)`.
    public func fill(_ path: Path, transform: AffineTransform = .identity, color: Color,
                     rule: FillRule = .nonZero, opacity: Double = 1, aliasing: EdgeAliasing?) {
        guard let aliasing else {
            fill(path, transform: transform, color: color, rule: rule, opacity: opacity)
            return
        }
        guard color.a * opacity > 0, !path.isEmpty, path.isFinite, opacity.isFinite else { return }
        flattenIntoScratch(path, transform: transform)
        let argb = color.withAlphaScaled(min(1, opacity)).premultipliedARGB
        guard argb >> 24 != 0 else { return }
        // On whole pixels an aliased side and an anti-aliased one cover the same pixels whole.
        if fillWholePixelRectangle(scratch, argb: argb) { return }
        if rule == .nonZero, fillAliasedRectangle(aliasing, transform: transform, color: argb) { return }
        rasterize(&scratch, rule: rule, painter: SolidPainter(color: argb), aliasing: aliasing, transform: transform)
    }

    /// The fill in `scratch` when it is the rectangle of `aliasing`, axis-aligned on the target,
    /// every side aliased, no corner rounded, under no anti-aliased clip (a Lottie solid, a
    /// layer's background): painted row by row, without the sweep. Per the rule above, its
    /// pixels are those whose centres lie inside every side (the cuts of PixelCentrePainter,
    /// the same code), at the exact-area coverage of the rectangle grown two pixels beyond each
    /// side, which is full for every such pixel under the non-zero rule (the strips overlap
    /// past the corners, where the even-odd rule would empty them); so every remaining pixel
    /// of the rectangle's pixel bounds gets the colour at full coverage. False (nothing drawn)
    /// when the fill is not such a rectangle.
    func fillAliasedRectangle(_ aliasing: EdgeAliasing, transform t: AffineTransform, color: UInt32) -> Bool {
        guard aliasing.sides == .all, aliasing.minXMinYInset == 0, aliasing.maxXMinYInset == 0,
              aliasing.minXMaxYInset == 0, aliasing.maxXMaxYInset == 0, t.b == 0, t.c == 0,
              let (minX, minY, maxX, maxY) = scratch.axisAlignedRectangle else { return false }
        // … and the aliased rectangle's own place on the target (within a millionth of a pixel:
        // the strips then cover any gap).
        let r = aliasing.rect.applying(t)
        guard !r.isNull,
              abs(r.minX - minX) <= 1e-6, abs(r.maxX - maxX) <= 1e-6,
              abs(r.minY - minY) <= 1e-6, abs(r.maxY - maxY) <= 1e-6 else { return false }
        guard let mask = ClipMask(clip, width: target.width, height: target.height) else { return true }
        guard !mask.active else { return false }
        guard let sides = DeviceAliasedSides(aliasing, transform: t, polygons: &scratch) else { return false }
        let left = max(Double(mask.left), minX.rounded(.down)), right = min(Double(mask.right), maxX.rounded(.up))
        let top = max(Double(mask.top), minY.rounded(.down)), bottom = min(Double(mask.bottom), maxY.rounded(.up))
        guard left < right, top < bottom else { return true }
        let x0 = Int(left), n = Int(right) - x0, tw = target.width, pixels = target.pixels
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 9) { cuts in
            cuts.initialize(repeating: .min)
            let painter = PixelCentrePainter(inner: FullCoverageSpanPainter(color: color), sides: sides,
                                             rowCuts: cuts.baseAddress!)
            for y in Int(top)..<Int(bottom) { painter.paint(row: pixels + y &* tw, y: y, x: x0, count: n, coverage: 255) }
        }
        return true
    }

    /// Rasterizes `polygons` with `painter`, the sides of `aliasing` (mapped by `transform`)
    /// drawn aliased (their strips are appended to `polygons`); with none that needs it,
    /// exactly `rasterize(_:rule:painter:)`.
    @inline(__always) @usableFromInline
    func rasterize<P: SpanPainter>(_ polygons: inout FlatPath, rule: FillRule, painter: P,
                                   aliasing: EdgeAliasing?, transform: AffineTransform) {
        if let aliasing, let sides = DeviceAliasedSides(aliasing, transform: transform, polygons: &polygons) {
            let fill = polygons
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 9) { cuts in
                cuts.initialize(repeating: .min)
                rasterize(fill, rule: rule, painter: PixelCentrePainter(inner: painter, sides: sides,
                                                                        rowCuts: cuts.baseAddress!))
            }
        } else {
            rasterize(polygons, rule: rule, painter: painter)
        }
    }
}

/// A colour source-over at full coverage through the vector span kernels (lk_span_solid: a
/// store when opaque, else s + d·(255 − alpha)/255 exactly rounded, SolidPainter's arithmetic).
@usableFromInline struct FullCoverageSpanPainter: SpanPainter {
    @usableFromInline let color: UInt32
    @usableFromInline init(color: UInt32) { self.color = color }
    @inline(__always) @usableFromInline var solidColor: UInt32? { color }
    @inline(__always) @usableFromInline
    func paint(row: UnsafeMutablePointer<UInt32>, y: Int, x: Int, count: Int, coverage: UInt32) {
        lk_span_solid(row + x, count, coverage, color, 0)
    }
}
