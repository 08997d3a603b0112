// An opaque fill of a rectangle on whole pixels is stored row by row
// (`Canvas.fillWholePixelRectangle`) instead of accumulated and swept: its pixels must be the
// sweep's in every case it takes (corners in either order, a closing point or none, partly off
// the target, under a whole-pixel clip, either fill rule, aliased sides), and it must leave
// everything else to the sweep (fractional sides, a translucent colour, an anti-aliased clip,
// a shape that is not one rectangle).
import Testing
@testable import Raster

@Suite struct WholePixelRectangleFillTests {
    let width = 37, height = 23

    /// A target whose pixels all differ (a fill that misses or overshoots a pixel shows).
    func target() -> Bitmap {
        let b = Bitmap(width: width, height: height)
        for i in 0..<(width * height) {
            let v = UInt32(truncatingIfNeeded: i &* 2_654_435_761)
            let a = 0x80 | (v >> 24 & 0x7f)
            let c = { (s: UInt32) in min(a, v >> s & 0xff) }
            b.pixels[i] = a << 24 | c(16) << 16 | c(8) << 8 | c(0)
        }
        return b
    }

    /// The rectangle's corners from `start`, clockwise or not, with the first point repeated or not.
    func polygon(_ r: Rect, start: Int, clockwise: Bool, closed: Bool) -> FlatPath {
        let corners = [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.maxX, r.maxY), Point(r.minX, r.maxY)]
        var f = FlatPath()
        for k in 0..<4 {
            let i = (start + (clockwise ? k : 4 - k)) % 4
            if k == 0 { f.move(to: corners[i]) } else { f.line(to: corners[i]) }
        }
        if closed { f.line(to: f.points[0]) }
        return f
    }

    /// `polygons` drawn by the sweep alone, and through `fill` (which may take the row stores).
    func both(_ polygons: FlatPath, argb: UInt32, rule: FillRule, clip: ClipShape?) -> (swept: Bitmap, filled: Bitmap, stored: Bool) {
        let swept = target(), filled = target()
        let a = Canvas(swept), b = Canvas(filled)
        a.clip = clip; b.clip = clip
        a.rasterize(polygons, rule: rule, painter: SolidPainter(color: argb))
        let stored = b.fillWholePixelRectangle(polygons, argb: argb)
        if !stored { b.rasterize(polygons, rule: rule, painter: SolidPainter(color: argb)) }
        return (swept, filled, stored)
    }

    func same(_ a: Bitmap, _ b: Bitmap) -> Bool { (0..<(width * height)).allSatisfy { a.pixels[$0] == b.pixels[$0] } }

    @Test func wholePixelRectanglesAreStoredAsTheSweepDrawsThem() {
        let rects = [Rect(3, 2, 20, 11), Rect(0, 0, 37, 23), Rect(-5, -4, 60, 40), Rect(30, 15, 20, 20), Rect(10, 5, 1, 1)]
        let clips: [ClipShape?] = [nil, .rect(Rect(4, 3, 25, 12)), .rect(Rect(-10, -10, 100, 100))]
        for r in rects {
            for clip in clips {
                for start in 0..<4 {
                    for clockwise in [true, false] {
                        for closed in [true, false] {
                            for rule in FillRule.allCases {
                                let p = polygon(r, start: start, clockwise: clockwise, closed: closed)
                                let (swept, filled, stored) = both(p, argb: 0xff36_a05c, rule: rule, clip: clip)
                                #expect(stored, "\(r) \(String(describing: clip))")
                                #expect(same(swept, filled), "\(r) \(String(describing: clip)) from \(start) \(clockwise) \(closed) \(rule)")
                            }
                        }
                    }
                }
            }
        }
    }

    @Test func aliasedSidesOnWholePixelsDrawTheSame() {
        // `fill(_:aliasing:)` takes the row stores too: on whole pixels a side's pixel-centre
        // sampling and its exact area agree.
        let r = Rect(4, 3, 17, 9)
        let a = target(), b = target()
        Canvas(a).fill(.rect(r), color: Color(0.2, 0.5, 0.9, 1), aliasing: EdgeAliasing(rect: r, sides: .all))
        let c = Canvas(b)
        c.rasterize(polygon(r, start: 0, clockwise: true, closed: false), rule: .nonZero,
                    painter: SolidPainter(color: Color(0.2, 0.5, 0.9, 1).premultipliedARGB))
        #expect(same(a, b))
    }

    @Test func everythingElseIsLeftToTheSweep() {
        let cases: [(FlatPath, UInt32, ClipShape?)] = [
            (polygon(Rect(3.5, 2, 20, 11), start: 0, clockwise: true, closed: false), 0xff36_a05c, nil),   // a fractional side
            (polygon(Rect(3, 2, 20, 11.25), start: 0, clockwise: true, closed: false), 0xff36_a05c, nil),
            (polygon(Rect(3, 2, 20, 11), start: 0, clockwise: true, closed: false), 0x801b_502e, nil),     // translucent
            (polygon(Rect(3, 2, 20, 11), start: 0, clockwise: true, closed: false), 0xff36_a05c,           // anti-aliased clip
             .rect(Rect(4.5, 3, 25, 12))),
            (polygon(Rect(3, 2, 20, 11), start: 0, clockwise: true, closed: false), 0xff36_a05c,
             .roundedRect(Rect(4, 3, 25, 12), cornerRadius: 3)),
        ]
        var bowtie = FlatPath()   // four corners of a rectangle in the order of a bow tie
        bowtie.move(to: Point(3, 2)); bowtie.line(to: Point(23, 2)); bowtie.line(to: Point(3, 13)); bowtie.line(to: Point(23, 13))
        var notched = polygon(Rect(3, 2, 20, 11), start: 0, clockwise: true, closed: false)   // a fifth, collinear point
        notched.points.insert(Point(13, 2), at: 1)
        var two = polygon(Rect(3, 2, 5, 5), start: 0, clockwise: true, closed: false)   // two contours
        two.move(to: Point(20, 10)); two.line(to: Point(25, 10)); two.line(to: Point(25, 15)); two.line(to: Point(20, 15))
        for (p, argb, clip) in cases + [(bowtie, 0xff36_a05c, nil), (notched, 0xff36_a05c, nil), (two, 0xff36_a05c, nil)] {
            for rule in FillRule.allCases {
                let (swept, filled, stored) = both(p, argb: argb, rule: rule, clip: clip)
                #expect(!stored)
                #expect(same(swept, filled))
            }
        }
    }
}
