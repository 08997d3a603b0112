// A trimmed stroke's display item is bounded by the piece of the path it strokes, not the whole
// path: the offscreen group of a mask (a Lottie track matte) holding a short piece of a long
// trail gets a box around that piece; and drawing with those bounds gives the pixels of the
// same list whose stroke carries the whole path's bounds, byte for byte.

import Testing
@testable import LayerKit
@testable import Raster
import TestSupport

@Suite(.freshAnimationContext) struct TrimmedStrokeBoundsTests {
    static let size = 200

    /// A 200 × 200 root holding a masked container (an offscreen group) over a trail that runs
    /// around three sides of the canvas (520 points long), stroked between `start` and `end`.
    func scene(start: Double, end: Double, dashed: Bool = false) -> CALayer {
        let root = CALayer(); root.bounds = Rect(0, 0, 200, 200); root.position = Point(100, 100)
        let container = CALayer(); container.bounds = Rect(0, 0, 200, 200); container.position = Point(100, 100)
        let matte = CAShapeLayer(); matte.bounds = Rect(0, 0, 200, 200); matte.position = Point(100, 100)
        matte.path = .ellipse(in: Rect(-30, -30, 260, 260)); matte.fillColor = Color(0, 0, 0, 0.9)
        container.mask = matte
        let trail = CAShapeLayer(); trail.bounds = Rect(0, 0, 200, 200); trail.position = Point(100, 100)
        var p = Path()
        p.move(to: Point(10.25, 20.5)); p.addLine(to: Point(190.25, 20.5))
        p.addLine(to: Point(190.25, 180.5)); p.addLine(to: Point(10.25, 180.5))
        trail.path = p
        trail.fillColor = nil
        trail.strokeColor = Color(0.8, 0.2, 0.1)
        trail.lineWidth = 5
        trail.lineCap = .round
        trail.lineJoin = .round   // (a miter join would pad the bounds by 10 half-widths)
        if dashed { trail.lineDashPattern = [7, 3] }
        trail.strokeStart = start
        trail.strokeEnd = end
        container.addSublayer(trail)
        root.addSublayer(container)
        return root
    }

    func list(_ root: CALayer) -> DisplayList {
        DisplayListBuilder(scale: 1).build(root, width: Self.size, height: Self.size)
    }

    func strokeIndex(_ l: DisplayList) -> Int? {
        l.items.firstIndex { if case .stroke = $0.operation { return true }; return false }
    }

    @Test func aTrimmedStrokeAndItsMaskedGroupAreBoundedByThePieceStroked() throws {
        CATransaction.setDisableActions(true)
        defer { CATransaction.setDisableActions(false) }
        // The first quarter: 130 of the 520 points, along the top edge (y 20.5).
        let l = list(scene(start: 0, end: 0.25))
        let s = try #require(strokeIndex(l))
        let b = l.items[s].bounds
        #expect(b.minY > 10 && b.maxY < 31, "\(b)")
        #expect(b.minX > 0 && b.maxX < 150, "\(b)")
        // The masked group's box: the piece, not the canvas.
        let g = try #require(l.items.firstIndex { if case .beginGroup = $0.operation { return true }; return false })
        let drawn = try #require(DisplayListRasterizer.drawnBounds(ofGroupAt: g, in: l.items))
        #expect(drawn.height < 21 && drawn.width < 150, "\(drawn)")
        // Untrimmed, the whole path.
        let w = list(scene(start: 0, end: 1))
        let wb = w.items[try #require(strokeIndex(w))].bounds
        #expect(wb.height > 160 && wb.width > 180, "\(wb)")
    }

    @Test func boundedTrimmedStrokesDrawTheWholeBoundsPixels() throws {
        CATransaction.setDisableActions(true)
        defer { CATransaction.setDisableActions(false) }
        let cases: [(Double, Double, Bool)] = [(0, 0.25, false), (0.3, 0.42, false), (0.55, 0.9, true),
                                               (0.61, 0.6101, false), (0.2, 1, false), (0, 0.999, true)]
        let whole = list(scene(start: 0, end: 1))
        let wholeBounds = whole.items[try #require(strokeIndex(whole))].bounds
        for (start, end, dashed) in cases {
            let l = list(scene(start: start, end: end, dashed: dashed))
            let s = try #require(strokeIndex(l))
            #expect(l.items[s].bounds.height < wholeBounds.height || end - start > 0.6, "\(start)…\(end)")
            var items = l.items
            items[s] = DisplayItem(key: items[s].key, operation: items[s].operation, bounds: wholeBounds,
                                   aliasing: items[s].aliasing)
            let loose = DisplayList(width: Self.size, height: Self.size, items: items)
            let a = Bitmap(width: Self.size, height: Self.size), c = Bitmap(width: Self.size, height: Self.size)
            DisplayListRasterizer().draw(l, into: Canvas(a))
            DisplayListRasterizer().draw(loose, into: Canvas(c))
            var differing = 0, drawn = 0
            for i in 0..<a.pixelCount {
                if a.pixels[i] != c.pixels[i] { differing += 1 }
                if a.pixels[i] != 0 { drawn += 1 }
            }
            #expect(differing == 0, "\(start)…\(end)")
            #expect(drawn > 5, "\(start)…\(end)")
        }
    }
}
