// Groups cleared, drawn, masked and composited only over the box their items can change give
// the pixels of groups drawn whole: each list is compared byte for byte with the same list
// whose groups hold a clip that cuts nothing (a group with a clip item is drawn whole), over
// frames whose groups move, change size, mask, nest, and lie partly off the target or under
// a rounded clip.
import Testing
@testable import Raster

@Suite struct GroupRegionTests {
    final class Source: Sendable { static let shared = Source() }

    /// Builds one list; `whole` puts a clip that cuts nothing inside every group.
    struct ListBuilder {
        var items: [DisplayItem] = []
        let whole: Bool
        /// The open surfaces' top-left corners on the target.
        var origins: [(Int, Int)] = [(0, 0)]

        mutating func add(_ op: DisplayOperation, bounds: Rect) {
            items.append(DisplayItem(key: DisplayItemKey(source: ObjectIdentifier(Source.shared), slot: items.count),
                                     operation: op, bounds: bounds))
        }

        /// A fill of `path`, given on the target, drawn on the open surface.
        mutating func fill(_ path: Path, _ color: Color, opacity: Double = 1) {
            let o = origins.last!
            let bounds = path.controlPointBounds.insetBy(dx: -1, dy: -1)
            add(.fill(path, transform: .translation(Double(-o.0), Double(-o.1)), color: color, rule: .nonZero,
                      opacity: opacity), bounds: bounds)
        }

        mutating func stroke(_ path: Path, _ color: Color, width: Double) {
            let o = origins.last!
            let bounds = path.controlPointBounds.insetBy(dx: -width - 1, dy: -width - 1)
            add(.stroke(path, style: StrokeStyle(lineWidth: width), transform: .translation(Double(-o.0), Double(-o.1)),
                        color: color, start: 0, end: 1, opacity: 1), bounds: bounds)
        }

        /// A group over the target rectangle (x, y, w, h) holding what `body` adds.
        mutating func group(_ x: Int, _ y: Int, _ w: Int, _ h: Int, opacity: Double,
                            _ body: (inout ListBuilder) -> Void) {
            let o = origins.last!
            let bounds = Rect(Double(x), Double(y), Double(w), Double(h))
            add(.beginGroup(x: x - o.0, y: y - o.1, width: w, height: h, opacity: opacity), bounds: bounds)
            origins.append((x, y))
            if whole { add(.beginClip(.rect(Rect(-1e6, -1e6, 2e6, 2e6))), bounds: bounds) }
            body(&self)
            if whole { add(.endClip, bounds: bounds) }
            origins.removeLast()
            add(.endGroup, bounds: bounds)
        }

        /// A mask shape given on the target, multiplied into the open group.
        mutating func maskShape(_ path: Path) {
            let o = origins.last!
            add(.maskGroup(path, transform: .translation(Double(-o.0), Double(-o.1))), bounds: path.controlPointBounds)
        }

        /// A mask layer section drawing what `body` adds.
        mutating func maskLayer(_ body: (inout ListBuilder) -> Void) {
            add(.beginMask, bounds: .null)
            body(&self)
            add(.endMask, bounds: .null)
        }
    }

    static let width = 160, height = 120

    /// Frame `f`: groups with opacity, masks, nesting, off-target and rounded-clip cases.
    static func list(frame f: Int, whole: Bool) -> DisplayList {
        var b = ListBuilder(whole: whole)
        let d = Double(f) * 3.3
        b.fill(.rect(Rect(0, 0, 160, 120)), Color(0.9, 0.85, 0.8))
        // Opacity over two overlapping circles that fill a corner of the group.
        b.group(10, 10, 90 + f, 70, opacity: 0.6) { g in
            g.fill(.ellipse(in: Rect(14 + d, 12, 30.5, 24)), Color(0.8, 0.1, 0.2))
            g.fill(.ellipse(in: Rect(30 + d, 20.25, 26, 26)), Color(0.1, 0.3, 0.9, 0.7))
        }
        // A mask shape and a mask layer; nested inside, a translucent group.
        b.group(40, 30, 100, 80, opacity: 1) { g in
            g.stroke(.ellipse(in: Rect(50, 40 + d, 40, 30)), Color(0.1, 0.6, 0.2), width: 5)
            g.group(60, 50, 60 - f, 50, opacity: 0.5) { n in
                n.fill(.rect(Rect(70.5, 55.25, 30, 20 + d)), Color(0.9, 0.7, 0.1))
            }
            g.maskShape(.ellipse(in: Rect(45, 35, 80 - d, 60)))
            g.maskLayer { m in
                m.fill(.rect(Rect(40, 30, 70 + d, 50)), Color(0, 0, 0, 0.8))
            }
        }
        // Partly off the target.
        b.group(-20, 90, 80, 50, opacity: 0.7) { g in
            g.fill(.ellipse(in: Rect(-10 + d, 95, 40, 40)), Color(0.2, 0.2, 0.2))
        }
        // Under a rounded clip: the composite weighs the clip's anti-aliased rim.
        b.add(.beginClip(.roundedRect(Rect(100.5, 5.5, 55, 50), cornerRadius: 12)), bounds: Rect(100, 5, 56, 51))
        b.group(95, 0, 65, 60, opacity: f % 2 == 0 ? 1 : 0.8) { g in
            g.fill(.rect(Rect(96, 1, 62 - d, 58)), Color(0.3, 0.5, 0.7))
        }
        b.add(.endClip, bounds: Rect(100, 5, 56, 51))
        // Its items change nothing: the group draws nothing.
        b.group(5, 5, 20, 20, opacity: 0.5) { g in
            g.add(.fill(.rect(Rect(100, 100, 10, 10)), transform: .identity, color: .red, rule: .nonZero, opacity: 1),
                  bounds: .null)
        }
        return DisplayList(width: width, height: height, items: b.items)
    }

    static func draw(_ list: DisplayList, with rasterizer: DisplayListRasterizer) -> Bitmap {
        let target = Bitmap(width: list.width, height: list.height)
        rasterizer.draw(list, into: Canvas(target))
        return target
    }

    static func differing(_ a: Bitmap, _ b: Bitmap) -> Int {
        var n = 0
        for i in 0..<a.pixelCount where a.pixels[i] != b.pixels[i] { n += 1 }
        return n
    }

    @Test func groupsInTheirBoxesDrawTheWholeGroupsPixels() {
        let rasterizer = DisplayListRasterizer()
        var background = ListBuilder(whole: false)
        background.fill(.rect(Rect(0, 0, 160, 120)), Color(0.9, 0.85, 0.8))
        let plain = Self.draw(DisplayList(width: Self.width, height: Self.height, items: background.items),
                              with: DisplayListRasterizer())
        for f in 0..<8 {
            let boxed = Self.draw(Self.list(frame: f, whole: false), with: rasterizer)
            let whole = Self.draw(Self.list(frame: f, whole: true), with: DisplayListRasterizer())
            #expect(Self.differing(boxed, whole) == 0, "frame \(f)")
            // The groups are drawn, not skipped.
            #expect(Self.differing(boxed, plain) > 2000, "frame \(f)")
        }
    }

    @Test func drawnBoundsLeaveOutMasksAndRefuseClips() {
        let boxed = Self.list(frame: 0, whole: false).items
        let whole = Self.list(frame: 0, whole: true).items
        // The second group: its stroke and what its nested group draws (its fill, not the
        // nested group's whole rectangle), cut by its mask shape's and its mask layer's bounds.
        let starts = boxed.indices.filter { if case .beginGroup = boxed[$0].operation { return true }; return false }
        let second = DisplayListRasterizer.drawnBounds(ofGroupAt: starts[1], in: boxed)
        #expect(second == Rect(45, 35, 56.5, 41.25))
        // The last group's item changes nothing.
        #expect(DisplayListRasterizer.drawnBounds(ofGroupAt: starts.last!, in: boxed)?.isNull == true)
        let wholeStart = whole.indices.first { if case .beginGroup = whole[$0].operation { return true }; return false }!
        #expect(DisplayListRasterizer.drawnBounds(ofGroupAt: wholeStart, in: whole) == nil)
    }
}
