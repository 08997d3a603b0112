// Random fills and strokes aimed at the places where a rasterizer's clipping goes wrong: the
// target's four edges, the pixel and band boundaries inside it (a coordinate exactly on an
// integer, one ulp either side, a hair either side), far outside (±1e6) and non-finite values
// (NaN, ±∞). Each case is a polygon or a path of lines, quadratics and cubics, filled with
// either rule or stroked with a random width, cap, join, dash pattern and trim, on a target of
// a random size (sometimes wide enough that the rasterizer draws it in several bands), with or
// without a clip. Deterministic: a case is a function of the generator's state, so a failure
// reproduces from its seed and index.

import Raster
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SplitMix64: a small, fast, seedable generator (also for `Double.random(in:using:)`).
public struct SplitMix64: RandomNumberGenerator, Sendable {
    public var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    public mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}

/// One random draw: a path, how it is painted, and the target it is painted on.
public struct RasterFuzzCase: Sendable {
    public var width: Int, height: Int
    public var path: Path
    /// When set, this device-space polygon is filled as it is (no flattening, no transform):
    /// the coordinates reach the rasterizer's clipping exactly as generated.
    public var polygon: FlatPath?
    /// nil: a fill with `rule`; otherwise a stroke with this style.
    public var stroke: StrokeStyle?
    public var rule: FillRule
    public var strokeStart: Double, strokeEnd: Double
    public var transform: AffineTransform
    public var clip: ClipShape?

    /// Target sizes: tiny, odd, and wide ones whose fills are split into bands of rows.
    /// (The rasterizer works in bands of at least 16 rows and about 64 K cells: the last two
    /// sizes are drawn in two and four bands.)
    static let sizes: [(Int, Int)] = [(1, 1), (2, 3), (7, 5), (16, 16), (33, 20), (64, 48), (130, 9), (4100, 18), (1500, 170)]

    /// Draws the next case from `rng`.
    public static func random(_ rng: inout SplitMix64) -> RasterFuzzCase {
        let (w, h) = sizes[rng.int(16) == 0 ? 7 + rng.int(2) : rng.int(7)]
        // The rasterizer accumulates at least 16 rows and about 64 K cells at a time: the first
        // row of each such band is a clipping boundary too.
        let band = max(16, 65_536 / (w + 2))
        let g = CoordinateSource(width: Double(w), height: Double(h), band: band)
        let rule: FillRule = rng.int(2) == 0 ? .nonZero : .evenOdd
        if rng.int(4) != 0 {
            // Three quarters: raw polygons of 3 to 10 vertices, in one or two contours.
            var poly = FlatPath()
            for _ in 0..<(1 + rng.int(2)) {
                if rng.int(2) == 0 {
                    poly.move(to: g.point(&rng))
                    for _ in 0..<(2 + rng.int(8)) { poly.line(to: g.point(&rng)) }
                } else {
                    // Edges through a crossing of two boundaries (a corner of the target, of a
                    // pixel, of a band of rows): where clipping against x and against y meet.
                    poly.move(to: g.point(&rng))
                    for _ in 0..<(1 + rng.int(3)) {
                        let c = g.crossing(&rng)
                        let a = 6.283185307179586 * rng.unit()
                        let u = Point(cos(a), sin(a))
                        let far = [1.0, 30, 1e6]
                        poly.line(to: c + u * (far[rng.int(3)] * rng.unit()))
                        poly.line(to: c - u * (far[rng.int(3)] * rng.unit()))
                    }
                }
            }
            return RasterFuzzCase(width: w, height: h, path: Path(), polygon: poly, stroke: nil, rule: rule,
                                  strokeStart: 0, strokeEnd: 1, transform: .identity, clip: randomClip(&rng, g))
        }
        var path = Path()
        let pieces = 1 + rng.int(6)
        path.move(to: g.point(&rng))
        for _ in 0..<pieces {
            switch rng.int(8) {
            case 0, 1, 2, 3: path.addLine(to: g.point(&rng))
            case 4: path.addQuadCurve(to: g.point(&rng), control: g.point(&rng))
            case 5: path.addCurve(to: g.point(&rng), control1: g.point(&rng), control2: g.point(&rng))
            case 6: path.closeSubpath(); path.move(to: g.point(&rng))
            default: path.addArc(center: g.point(&rng), radius: g.coordinate(&rng, extent: Double(max(w, h))),
                                 startAngle: 7 * rng.unit(), endAngle: 7 * rng.unit(), clockwise: rng.int(2) == 0)
            }
        }
        if rng.int(3) == 0 { path.closeSubpath() }
        var stroke: StrokeStyle? = nil
        if rng.int(2) == 0 {
            let widths = [0.3, 1, 2.5, 9, 40, 130, 1e6]
            var s = StrokeStyle(lineWidth: widths[rng.int(widths.count)], lineCap: LineCap.allCases[rng.int(3)],
                                lineJoin: LineJoin.allCases[rng.int(3)], miterLimit: [1, 4, 10, 1e3][rng.int(4)])
            // Dashes only on paths of screen size: dashing a 10⁶-long path is 10⁵ strokes of
            // nothing but work (Path.maxDashes bounds it, but a million cases cannot afford it).
            let b = path.controlPointBounds
            if rng.int(4) == 0, !b.isNull, b.width < 3000, b.height < 3000 { s.dashPattern = [1 + 30 * rng.unit(), 0.5 + 20 * rng.unit()]; s.dashPhase = 50 * rng.unit() }
            stroke = s
        }
        let trimmed = rng.int(5) == 0
        let transforms: [AffineTransform] = [.identity, .identity, .scale(1.7, 0.6), .rotation(0.3),
                                             AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0.5, ty: -0.5)]
        return RasterFuzzCase(width: w, height: h, path: path, polygon: nil, stroke: stroke, rule: rule,
                              strokeStart: trimmed ? rng.unit() * 0.5 : 0, strokeEnd: trimmed ? 0.5 + rng.unit() * 0.5 : 1,
                              transform: transforms[rng.int(transforms.count)], clip: randomClip(&rng, g))
    }

    /// No clip (most often), a rectangle with edges near pixel boundaries, or a rounded rectangle.
    static func randomClip(_ rng: inout SplitMix64, _ g: CoordinateSource) -> ClipShape? {
        let w = g.width, h = g.height
        switch rng.int(6) {
        case 0: return .rect(Rect(g.coordinate(&rng, extent: w), g.coordinate(&rng, extent: h), w * rng.unit(), h * rng.unit()))
        case 1: return .roundedRect(Rect(-0.5, 0.25, w * 0.8, h + 0.5), cornerRadius: 3)
        default: return nil
        }
    }

    /// Paints the case on `canvas` (whose target must be `width` × `height`).
    public func draw(on canvas: Canvas) {
        canvas.clip = clip
        if let polygon {
            canvas.fill(polygon, color: Color(0.3, 0.7, 0.2, 0.9), rule: rule)
        } else if let stroke {
            canvas.stroke(path, style: stroke, transform: transform, color: Color(0.2, 0.4, 0.9, 0.7),
                          strokeStart: strokeStart, strokeEnd: strokeEnd)
        } else {
            canvas.fill(path, transform: transform, color: Color(0.9, 0.3, 0.1, 0.8), rule: rule)
        }
        canvas.clip = nil
    }
}

/// Coordinates biased towards the lines a clipper must get exactly right.
struct CoordinateSource {
    let width: Double, height: Double
    /// Rows per band of the rasterizer for this width.
    let band: Int

    func point(_ rng: inout SplitMix64) -> Point {
        Point(coordinate(&rng, extent: width), coordinate(&rng, extent: height))
    }

    /// A point where a column boundary meets a row boundary: 0, the far edge or a whole pixel
    /// on each axis, or a band's first row.
    func crossing(_ rng: inout SplitMix64) -> Point {
        func line(_ extent: Double) -> Double {
            switch rng.int(3) {
            case 0: return 0
            case 1: return extent
            default: return Double(rng.int(Int(extent) + 1))
            }
        }
        let x = line(width)
        let bands = Int(height) / band
        let y = bands > 0 && rng.int(2) == 0 ? Double(band * (1 + rng.int(bands))) : line(height)
        return Point(x, y)
    }

    /// A coordinate along an axis of `extent` pixels.
    func coordinate(_ rng: inout SplitMix64, extent: Double) -> Double {
        let base: Double
        // One in 64 is not finite (which drops the whole polygon or subpath), one in 16 far out.
        if rng.int(64) == 0 { return [Double.nan, .infinity, -.infinity][rng.int(3)] }
        switch rng.int(16) {
        case 0, 1: return rng.int(2) == 0 ? 1e6 * (1 + rng.unit()) : -1e6 * (1 + rng.unit())
        case 2, 3: base = 0                                   // the first edge
        case 4, 5: base = extent                              // the last edge
        case 6, 7: base = Double(rng.int(Int(extent) + 1))    // a pixel (or band) boundary
        case 8: return -extent + 3 * extent * rng.unit()      // across the target and beyond
        default: return extent * rng.unit()                   // inside
        }
        // On the line, an ulp or a hair either side, or a pixel fraction away.
        switch rng.int(6) {
        case 0: return base
        case 1: return base.nextUp
        case 2: return base.nextDown
        case 3: return base + (rng.unit() - 0.5) * 1e-9
        case 4: return base + (rng.unit() - 0.5) * 1e-13
        default: return base + (rng.unit() - 0.5) * 3
        }
    }
}
