// A group holding only a gradient over a shape that covers it, masked by a mask layer (a
// Lottie gradient fill or stroke), paints the gradient after the mask and only where the mask
// has alpha (DisplayListRasterizer+MaskedGradient.swift). Each list is compared with the same
// list drawn the general way (an item that draws nothing before the gradient breaks the
// pattern), over frames whose ring, gradient and group move, rotate and fade: byte for byte
// for radial and conic gradients, within 2/255 for axial ones (see the test).
import Testing
@testable import Raster

@Suite struct MaskedGradientTests {
    final class Source: Sendable { static let shared = Source() }

    static let width = 180, height = 140

    static func list(frame f: Int, kind: Gradient.Kind, general: Bool) -> DisplayList {
        var items: [DisplayItem] = []
        func add(_ op: DisplayOperation, _ bounds: Rect) {
            items.append(DisplayItem(key: DisplayItemKey(source: ObjectIdentifier(Source.shared), slot: items.count),
                                     operation: op, bounds: bounds))
        }
        let d = Double(f) * 2.7
        add(.fill(.rect(Rect(0, 0, 180, 140)), transform: .identity, color: Color(0.95, 0.9, 0.85), rule: .nonZero,
                  opacity: 1), Rect(0, 0, 180, 140))
        let (x, y, w, h) = (12 + f, 9, 150, 118)
        let bounds = Rect(Double(x), Double(y), Double(w), Double(h))
        add(.beginGroup(x: x, y: y, width: w, height: h, opacity: f % 2 == 0 ? 1 : 0.7), bounds)
        if general { add(.invalidate, bounds) }
        // A gradient layer's bounds padded far beyond the group, turned a little every frame.
        let turn = AffineTransform.rotation(Double(f) * 0.2)
        let onGroup = turn.concatenating(.translation(70, 60))
        let stops = [GradientStop(location: 0, color: Color(0.9, 0.2, 0.1)),
                     GradientStop(location: 0.6, color: Color(0.1, 0.5, 0.9, 0.6)),
                     GradientStop(location: 1, color: Color(0.2, 0.8, 0.3))]
        let g = Gradient(kind: kind, stops: stops, start: Point(-40 + d, -10), end: Point(50, 30 - d))
        add(.gradient(.rect(Rect(-5000, -5000, 10000, 10000)), transform: onGroup, gradient: g, rule: .nonZero,
                      opacity: f % 3 == 0 ? 1 : 0.8), bounds)
        add(.beginMask, bounds)
        // A stroked ring and a small filled shape: most of the group's box lies outside both.
        add(.stroke(.ellipse(in: Rect(20 + d, 14, 100, 84)), style: StrokeStyle(lineWidth: 7.5),
                    transform: .identity, color: .white, start: 0, end: f % 2 == 0 ? 1 : 0.7, opacity: 1), bounds)
        add(.fill(.rect(Rect(110.5, 80.25, 20, 14)), transform: .identity, color: Color(1, 1, 1, 0.5), rule: .nonZero,
                  opacity: 1), bounds)
        add(.endMask, bounds)
        add(.endGroup, bounds)
        return DisplayList(width: width, height: height, items: items)
    }

    @Test(arguments: [Gradient.Kind.axial, .radial, .conic])
    func masksFirstDrawsTheSamePixels(kind: Gradient.Kind) {
        for f in 0..<8 {
            var out: [Bitmap] = []
            for general in [false, true] {
                let c = Canvas(Bitmap(width: Self.width, height: Self.height))
                DisplayListRasterizer().draw(Self.list(frame: f, kind: kind, general: general), into: c)
                out.append(c.target)
            }
            let diff = out[0].difference(from: out[1], threshold: 2)!
            if kind == .axial {
                // The axial parameter is stepped in 16.16 fixed point from a run's first pixel, and
                // the runs now start where the mask does: an index may differ by one table entry.
                #expect(diff.maxAbsolute <= 2 && diff.shareOverThreshold == 0, "frame \(f), \(kind): \(diff)")
            } else {
                let same = (0..<(Self.width * Self.height)).allSatisfy { out[0].pixels[$0] == out[1].pixels[$0] }
                #expect(same, "frame \(f), \(kind): \(diff)")
            }
            // Something was drawn through the ring over the background.
            #expect((0..<(Self.width * Self.height)).contains { out[0].pixels[$0] != out[0].pixels[0] })
        }
    }

    @Test func aGradientNotCoveringTheGroupIsDrawnTheGeneralWay() {
        let stops = [GradientStop(location: 0, color: .white), GradientStop(location: 1, color: Color(0, 0, 0))]
        let g = Gradient(kind: .axial, stops: stops, start: Point(0, 0), end: Point(10, 0))
        let item = DisplayItem(key: DisplayItemKey(source: ObjectIdentifier(Source.shared), slot: 1),
                               operation: .gradient(.rect(Rect(0, 0, 20, 20)), transform: .identity, gradient: g,
                                                    rule: .nonZero, opacity: 1), bounds: .null)
        func key(_ n: Int) -> DisplayItemKey { DisplayItemKey(source: ObjectIdentifier(Source.shared), slot: n) }
        let items = [DisplayItem(key: key(0), operation: .beginGroup(x: 0, y: 0, width: 40, height: 40, opacity: 1), bounds: .null),
                     item,
                     DisplayItem(key: key(2), operation: .beginMask, bounds: .null),
                     DisplayItem(key: key(3), operation: .endMask, bounds: .null),
                     DisplayItem(key: key(4), operation: .endGroup, bounds: .null)]
        #expect(!DisplayListRasterizer.masksGradientWholly(1, items, box: PixelBox(x0: 0, y0: 0, x1: 40, y1: 40)))
        #expect(DisplayListRasterizer.masksGradientWholly(1, items, box: PixelBox(x0: 3, y0: 3, x1: 17, y1: 17)))
        #expect(!DisplayListRasterizer.masksGradientWholly(1, items, box: nil))
    }

    @Test func surfacesReuseTheirMemory() {
        let pool = SurfacePool()
        var first: UnsafeMutablePointer<UInt32>?
        do {
            let a = Bitmap(width: 64, height: 64, clearing: nil, pool: pool)
            first = a.pixels
            #expect((0..<(64 * 64)).allSatisfy { a.pixels[$0] == 0 })
            a.pixels[5] = 0xFFFF_FFFF
        }
        // A smaller surface takes the block back, cleared.
        let b = Bitmap(width: 30, height: 20, clearing: nil, pool: pool)
        #expect(b.pixels == first)
        #expect((0..<(30 * 20)).allSatisfy { b.pixels[$0] == 0 })
        // A larger one than any kept block is new.
        let c = Bitmap(width: 128, height: 64, clearing: PixelBox(x0: 0, y0: 0, x1: 4, y1: 4), pool: pool)
        #expect(c.pixels != first)
        #expect(c[3, 3] == 0)
    }
}
