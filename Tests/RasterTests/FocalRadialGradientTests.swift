// A radial gradient seen from a focus (`Gradient.focus`, SVG's fx, fy) against the same
// gradient written as the two-point conical gradient it is — from a circle of radius 0 at the
// focus to the ellipse's circle (SVG 2's focal radial gradient with fr = 0) — which Raster
// solves by another route (TwoPointConicalGradient.swift): the parameters agree at every
// point, and so do the pixels of both fills.
import Testing
@testable import Raster

@Suite struct FocalRadialGradientTests {
    static let stops = [GradientStop(location: 0, color: Color(0, 0, 0)), GradientStop(location: 0.4, color: Color(1, 0.2, 0)),
                        GradientStop(location: 1, color: Color(1, 1, 1))]
    static let centre = Point(60, 50), radius = 40.0

    static func focal(_ focus: Point) -> Gradient {
        Gradient(kind: .radial, stops: stops, start: centre, end: Point(centre.x + radius, centre.y + radius), focus: focus)
    }

    static func conical(_ focus: Point) -> TwoPointConicalGradient {
        TwoPointConicalGradient(stops: stops, startCenter: focus, startRadius: 0, endCenter: centre, endRadius: radius)
    }

    @Test(arguments: [Point(80, 50), Point(60, 25), Point(35, 70), Point(60, 50)])
    func theFocalParameterIsTheTwoPointConicalOne(_ focus: Point) throws {
        let g = Self.focal(focus), c = Self.conical(focus)
        #expect(abs(g.parameter(at: focus)) < 1e-9)
        for y in stride(from: 2.0, to: 100, by: 7) {
            for x in stride(from: 3.0, to: 120, by: 9) {
                let p = Point(x, y)
                let t = try #require(c.parameter(at: p))
                #expect(abs(g.parameter(at: p) - t) < 1e-9, "\(p)")
            }
        }
        // On the circle t = 1 whatever the focus.
        #expect(abs(g.parameter(at: Point(Self.centre.x - Self.radius, Self.centre.y)) - 1) < 1e-9)
    }

    @Test func theFocalFillPaintsTheTwoPointConicalPixels() {
        let focus = Point(85, 40)
        let a = Bitmap(width: 120, height: 100), b = Bitmap(width: 120, height: 100)
        Canvas(a).fill(.rect(Rect(0, 0, 120, 100)), gradient: Self.focal(focus))
        Canvas(b).fill(.rect(Rect(0, 0, 120, 100)), gradient: Self.conical(focus))
        var worst = 0
        for y in 0..<100 {
            for x in 0..<120 {
                let p = a[x, y], q = b[x, y]
                for s in stride(from: 0, to: 32, by: 8) {
                    worst = max(worst, abs(Int((p >> UInt32(s)) & 0xFF) - Int((q >> UInt32(s)) & 0xFF)))
                }
            }
        }
        // The same table and dither; only the last bit of a table index may differ.
        #expect(worst <= 2)
        // Without the focus the gradient is the centred one: not these pixels.
        let centred = Bitmap(width: 120, height: 100)
        Canvas(centred).fill(.rect(Rect(0, 0, 120, 100)),
                             gradient: Gradient(kind: .radial, stops: Self.stops, start: Self.centre,
                                                end: Point(Self.centre.x + Self.radius, Self.centre.y + Self.radius)))
        #expect(centred[85, 40] != a[85, 40])
    }

    @Test func aFocusOutsideTheEllipseIsDrawnJustInsideIt() {
        // SVG 1.1: moved onto the line from the centre to it, at the ellipse (here 0.999 of it).
        let outside = Self.focal(Point(200, 50)), inside = Self.focal(Point(60 + 40 * Gradient.maximumFocusRatio, 50))
        for p in [Point(10, 50), Point(60, 10), Point(99, 52), Point(60, 50)] {
            #expect(abs(outside.parameter(at: p) - inside.parameter(at: p)) < 1e-9)
            #expect(outside.parameter(at: p).isFinite)
        }
    }
}
