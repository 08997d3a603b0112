// Tests of SVG path data: parsing (absolute, relative, implicit repeats, smooth curves, arcs),
// serialization round trips, and tight bounds.

import Testing
@testable import Raster

@Suite struct SVGPathTests {
    @Test func absoluteCommands() throws {
        let p = try Path(svg: "M10 20 L30 40 H50 V60 C1 2 3 4 5 6 Q7 8 9 10 Z")
        #expect(p.elements == [
            .move(Point(10, 20)), .line(Point(30, 40)), .line(Point(50, 40)), .line(Point(50, 60)),
            .cubic(Point(1, 2), Point(3, 4), Point(5, 6)), .quad(Point(7, 8), Point(9, 10)), .close,
        ])
    }

    @Test func relativeCommands() throws {
        let p = try Path(svg: "m10 20 l5 5 h10 v-10 c1 1 2 2 3 3 q1 0 2 2 z m1 1 l1 0")
        #expect(p.elements == [
            .move(Point(10, 20)), .line(Point(15, 25)), .line(Point(25, 25)), .line(Point(25, 15)),
            .cubic(Point(26, 16), Point(27, 17), Point(28, 18)), .quad(Point(29, 18), Point(30, 20)), .close,
            // After z the current point is the subpath start (10, 20).
            .move(Point(11, 21)), .line(Point(12, 21)),
        ])
    }

    @Test func implicitRepeats() throws {
        // Extra moveto pairs are linetos (relative after m), other commands repeat.
        let p = try Path(svg: "m1 1 2 2 3 3 L 0 0 5 5 h1 2")
        #expect(p.elements == [
            .move(Point(1, 1)), .line(Point(3, 3)), .line(Point(6, 6)), .line(Point(0, 0)),
            .line(Point(5, 5)), .line(Point(6, 5)), .line(Point(8, 5)),
        ])
        let q = try Path(svg: "M0 0 C 1 1 2 2 3 3 4 4 5 5 6 6")
        #expect(q.elements.count == 3)
    }

    @Test func smoothCurvesReflectControls() throws {
        let p = try Path(svg: "M0 0 C10 0 20 10 20 20 S30 40 40 40 s10 0 10 10")
        #expect(p.elements[2] == .cubic(Point(20, 30), Point(30, 40), Point(40, 40)))
        #expect(p.elements[3] == .cubic(Point(50, 40), Point(50, 40), Point(50, 50)))
        // S after a non-cubic: first control is the current point.
        let s = try Path(svg: "M0 0 L10 0 S20 10 30 0")
        #expect(s.elements[2] == .cubic(Point(10, 0), Point(20, 10), Point(30, 0)))
        let q = try Path(svg: "M0 0 Q10 10 20 0 T40 0 t20 0")
        #expect(q.elements[2] == .quad(Point(30, -10), Point(40, 0)))
        #expect(q.elements[3] == .quad(Point(50, 10), Point(60, 0)))
        let t = try Path(svg: "M0 0 T10 0")
        #expect(t.elements[1] == .quad(Point(0, 0), Point(10, 0)))
    }

    @Test func compactNumbers() throws {
        let p = try Path(svg: "M10-5.5.5.5L1e1,2E-1l-.5-.5")
        #expect(p.elements == [.move(Point(10, -5.5)), .line(Point(0.5, 0.5)), .line(Point(10, 0.2)), .line(Point(9.5, -0.3))])
        // An odd number of coordinates is an error, at the end of the data.
        #expect(throws: SVGPathError.self) { try Path(svg: "M10-5.5.5") }
        let q = try Path(svg: "  M 1e-3 +2.5e+2  ")
        #expect(q.elements == [.move(Point(0.001, 250))])
        #expect(try Path(svg: "").isEmpty)
        #expect(try Path(svg: "   ").isEmpty)
    }

    @Test func arcFlagsWithoutSeparators() throws {
        let a = try Path(svg: "M0 0 a1 1 0 00 1 1")
        let b = try Path(svg: "M0 0 a 1,1 0 0,0 1,1")
        #expect(a == b)
        let c = try Path(svg: "M0 0a1 1 0 011 1")  // large 0, sweep 1, then 1 1
        let d = try Path(svg: "M0 0 a1 1 0 0 1 1 1")
        #expect(c == d)
        #expect(c.currentPoint == Point(1, 1))
    }

    /// Every point of the arc cubics lies on the ellipse (within the cubic approximation error).
    func onEllipse(_ p: Path, cx: Double, cy: Double, rx: Double, ry: Double, rot: Double = 0) -> Bool {
        let c = _cos(rot), s = _sin(rot)
        var cur = Point.zero
        for e in p.elements {
            switch e {
            case .move(let q): cur = q
            case .cubic(let a, let b, let q):
                let cu = Cubic(cur, a, b, q)
                for i in 0...16 {
                    let pt = cu.point(Double(i) / 16)
                    let dx = pt.x - cx, dy = pt.y - cy
                    let u = (c * dx + s * dy) / rx, v = (-s * dx + c * dy) / ry
                    if abs((u * u + v * v).squareRoot() - 1) > 1e-3 { return false }
                }
                cur = q
            default: return false
            }
        }
        return true
    }

    @Test func arcCentresAndSweeps() throws {
        // Half circle of radius 10 from (0,0) to (20,0): centre (10, 0).
        let p = try Path(svg: "M0 0 A10 10 0 0 1 20 0")
        #expect(onEllipse(p, cx: 10, cy: 0, rx: 10, ry: 10))
        // Sweep 1 (clockwise on a y-down screen) from the left end goes through the top (y < 0).
        #expect(p.boundingBox.minY < -9.99 && p.boundingBox.maxY < 1e-9)
        let q = try Path(svg: "M0 0 A10 10 0 0 0 20 0")
        #expect(q.boundingBox.maxY > 9.99)
        // Quarter circle, small arc vs large arc. Sweep 0 turns counter-clockwise on screen, so
        // the small arc bulges down-left around the centre (10, 0), the large one around (0, 10).
        let small = try Path(svg: "M0 0 A10 10 0 0 0 10 10")
        #expect(onEllipse(small, cx: 10, cy: 0, rx: 10, ry: 10))
        #expect(small.elements.count == 2)
        let large = try Path(svg: "M0 0 A10 10 0 1 0 10 10")
        #expect(onEllipse(large, cx: 0, cy: 10, rx: 10, ry: 10))
        let small1 = try Path(svg: "M0 0 A10 10 0 0 1 10 10")
        #expect(onEllipse(small1, cx: 0, cy: 10, rx: 10, ry: 10))
        #expect(large.elements.count == 4) // 270° → three cubics
        // Radii too small are scaled up: the result is the half circle with centre at the midpoint.
        let scaled = try Path(svg: "M0 0 A1 1 0 0 1 20 0")
        #expect(onEllipse(scaled, cx: 10, cy: 0, rx: 10, ry: 10))
        // Rotated ellipse rx 20 ry 10 rotated 30°: endpoints on the ellipse centred at the origin.
        let rot = 30.0 * Double.pi / 180
        let e0 = Point(20 * _cos(rot), 20 * _sin(rot)), e1 = Point(-10 * _sin(rot), 10 * _cos(rot))
        let r = try Path(svg: "M\(e0.x) \(e0.y) A20 10 30 0 1 \(e1.x) \(e1.y)")
        #expect(onEllipse(r, cx: 0, cy: 0, rx: 20, ry: 10, rot: rot))
        #expect(r.currentPoint == e1)
    }

    @Test func degenerateArcs() throws {
        #expect(try Path(svg: "M5 5 A10 10 0 0 1 5 5").elements == [.move(Point(5, 5))])
        #expect(try Path(svg: "M0 0 A0 10 0 0 1 5 5").elements == [.move(Point(0, 0)), .line(Point(5, 5))])
        #expect(try Path(svg: "M0 0 A-10 -10 0 0 1 20 0") == (try Path(svg: "M0 0 A10 10 0 0 1 20 0")))
    }

    @Test(arguments: [
        ("L10 10", 0, "must start with a moveto"),
        ("M10", 3, "expected moveto y"),
        ("M10 10 X5", 7, "unknown command 'X'"),
        ("M10 10 L5 #", 10, "expected lineto y"),
        ("M0 0 A1 1 0 2 0 5 5", 12, "large-arc-flag"),
        ("M0 0 Z 5", 7, "after closepath"),
        ("M1e 2", 2, "exponent"),
        ("M 1 2 L - 3", 8, "no digits"),
        ("M0 0 C1 1 2 2", 13, "curveto end x"),
    ])
    func errorsNameOffset(_ svg: String, _ offset: Int, _ text: String) {
        do {
            _ = try Path(svg: svg)
            Issue.record("\(svg) parsed")
        } catch let e as SVGPathError {
            #expect(e.offset == offset, "\(svg): \(e)")
            #expect(e.message.contains(text), "\(svg): \(e)")
        } catch { Issue.record("\(error)") }
    }

    @Test func serializerRoundTrips() throws {
        let p = try Path(svg: "M10 20.5 L1e-7 -3 Q1 2 3 4 C5 6 7 8 9 10 Z")
        let s = p.svgString
        #expect(s == "M10 20.5 L1e-07 -3 Q1 2 3 4 C5 6 7 8 9 10 Z")
        #expect(try Path(svg: s) == p)
    }

    @Test func tightBounds() throws {
        let p = try Path(svg: "M0 0 C0 -10 10 -10 10 0")
        let b = p.boundingBox
        #expect(abs(b.minY - (-7.5)) < 1e-12 && b.maxY == 0 && b.minX == 0 && b.maxX == 10)
        #expect(p.controlPointBounds.minY == -10)
        let circle = Path.ellipse(in: Rect(0, 0, 20, 20))
        #expect(abs(circle.boundingBox.width - 20) < 1e-9)
        #expect(Path().boundingBox.isNull)
    }
}
