// Groups drawn as their items (DisplayListRasterizer+FlatGroup.swift): solid fills that do not
// overlap, opacity 1, under a mask shape covering them (a precomposition's bounds turned with
// its layer) give the pixels of the group's bitmap composited through the mask, byte for byte;
// groups that break a condition are drawn the general way.
import Testing
@testable import Raster

@Suite struct FlatGroupTests {
    /// Frame `f`: issue_769's confetti in small — rows of separate fills in groups at the
    /// target's (0, 0) under a turned rectangle, one group nested in a translucent group, one
    /// group with no mask; groups that must not be drawn as their items: two fills that
    /// overlap, a fill crossing the mask's edge, a translucent group; a group of which two
    /// fills are drawn straight and one crossing the edge is left to the bitmap; and a group
    /// lower down the parent, drawn straight into its rows. `whole` puts a clip that
    /// cuts nothing in every group: drawn the general way, through their bitmaps.
    static func confetti(frame f: Int, whole: Bool) -> DisplayList {
        var b = GroupRegionTests.ListBuilder(whole: whole)
        let d = Double(f) * 1.7
        b.fill(.rect(Rect(0, 0, 160, 120)), Color(0.9, 0.85, 0.8))
        let turned = Path.rect(Rect(-20, -10, 200, 90)).applying(
            AffineTransform.translation(-80, -40).concatenating(.rotation(0.02 * Double(f - 4))).concatenating(.translation(80, 40)))
        b.group(0, 0, 160, 120, opacity: 1) { g in
            for k in 0..<5 {
                g.fill(.ellipse(in: Rect(4 + 31 * Double(k) + d, 8 + 3 * Double(k), 21.5, 13)), Color(0.8, 0.2 * Double(k), 0.3, 0.9))
            }
            g.maskShape(turned)
        }
        b.group(0, 0, 160, 120, opacity: 1) { g in
            g.fill(.rect(Rect(10.25, 30.5 + d, 30, 9)), Color(0.1, 0.6, 0.3))
            g.fill(.ellipse(in: Rect(90, 28, 33, 17.5)), Color(0.2, 0.3, 0.9, 0.6))
        }
        b.group(0, 0, 160, 120, opacity: 0.7) { outer in
            outer.group(0, 0, 160, 120, opacity: 1) { g in
                g.fill(.ellipse(in: Rect(20 + d, 50, 40, 20)), Color(0.9, 0.6, 0.1))
                g.fill(.ellipse(in: Rect(80, 52 - d, 40, 20)), Color(0.6, 0.1, 0.9))
                g.maskShape(turned)
            }
        }
        // Overlapping fills, a fill across the mask's edge, a translucent group.
        b.group(0, 0, 160, 120, opacity: 1) { g in
            g.fill(.ellipse(in: Rect(10, 80, 30, 20)), Color(0.9, 0.1, 0.1, 0.7))
            g.fill(.ellipse(in: Rect(25 + d, 85, 30, 20)), Color(0.1, 0.1, 0.9, 0.7))
            g.maskShape(turned)
        }
        b.group(0, 0, 160, 120, opacity: 1) { g in
            g.fill(.ellipse(in: Rect(120, 70 + d, 40, 30)), Color(0.3, 0.8, 0.8))
            g.maskShape(turned)
        }
        b.group(0, 0, 160, 120, opacity: 0.5) { g in
            g.fill(.ellipse(in: Rect(70, 90, 30, 20)), Color(0.2, 0.2, 0.2))
            g.maskShape(turned)
        }
        // Two fills inside the mask and one across its edge: the two drawn straight, the
        // third through a bitmap over its own box.
        b.group(0, 0, 160, 120, opacity: 1) { g in
            g.fill(.ellipse(in: Rect(8 + d, 48, 20, 12)), Color(0.7, 0.7, 0.1))
            g.fill(.rect(Rect(100, 72 + d, 30, 20)), Color(0.1, 0.7, 0.7, 0.8))
            g.fill(.ellipse(in: Rect(50, 50 - d, 24, 10.5)), Color(0.7, 0.1, 0.7))
            g.maskShape(turned)
        }
        // A group over rows 20 ..< 110 (its pixels are the parent's rows from 20): drawn
        // straight into those rows.
        b.group(0, 20, 160, 90, opacity: 1) { g in
            g.fill(.ellipse(in: Rect(30 + d, 40.5, 26, 14)), Color(0.9, 0.4, 0.4, 0.85))
            g.fill(.ellipse(in: Rect(110, 30, 18, 30 - d)), Color(0.4, 0.4, 0.9))
            g.maskShape(turned)
        }
        return DisplayList(width: GroupRegionTests.width, height: GroupRegionTests.height, items: b.items)
    }

    /// The groups of `list` (by index of their `beginGroup`) of which fills are drawn straight
    /// when the target is the list's own size, with how many and whether a bitmap is left.
    static func flatGroups(_ list: DisplayList) -> [(group: Int, flat: Int, bitmap: Bool)] {
        let parent = Canvas(Bitmap(width: list.width, height: list.height))
        let box = PixelBox(x0: 0, y0: 0, x1: list.width, y1: list.height)
        return list.items.indices.compactMap { i in
            guard case let .beginGroup(0, y, _, h, opacity) = list.items[i].operation, opacity >= 1,
                  let plan = DisplayListRasterizer.flatGroupPlan(i, list.items, box: box.intersect(PixelBox(x0: 0, y0: 0, x1: list.width, y1: h)),
                                                                 origin: (0, y), onto: parent)
            else { return nil }
            return (i, plan.flat.count, plan.rest != nil)
        }
    }

    @Test func groupsOfSeparateFillsUnderACoveringMaskDrawAsTheirItems() {
        for f in 0..<9 {
            let list = Self.confetti(frame: f, whole: false)
            let flat = GroupRegionTests.draw(list, with: DisplayListRasterizer())
            let general = GroupRegionTests.draw(Self.confetti(frame: f, whole: true), with: DisplayListRasterizer())
            #expect(GroupRegionTests.differing(flat, general) == 0, "frame \(f): \(DirectGroupCompositeTests.firstDifference(flat, general))")
            // The row of confetti, the unmasked pair and the nested pair; not the overlapping
            // pair, the fill across the mask's edge, nor (at the call) the translucent group.
            let begins = list.items.indices.filter { if case .beginGroup = list.items[$0].operation { return true }; return false }
            let groups = Self.flatGroups(list)
            #expect(groups.map { $0.group } == [begins[0], begins[1], begins[3], begins[7], begins[8]], "frame \(f)")
            #expect(groups.map { $0.flat } == [5, 2, 2, 2, 2], "frame \(f)")
            #expect(groups.map { $0.bitmap } == [false, false, false, true, false], "frame \(f)")
            #expect(Self.flatGroups(Self.confetti(frame: f, whole: true)).isEmpty, "frame \(f): a clip inside keeps the bitmap")
        }
    }

    @Test func aConvexPolygonHoldsTheBoxesInsideItOnly() {
        let turned = Path.rect(Rect(0, 0, 100, 50)).applying(AffineTransform.rotation(0.1))
        let p = ConvexPolygon(turned, transform: .identity)
        #expect(p != nil)
        #expect(p?.contains(PixelBox(x0: 20, y0: 10, x1: 60, y1: 30)) == true)
        #expect(p?.contains(PixelBox(x0: 0, y0: 0, x1: 10, y1: 10)) == false, "a corner outside the turned edge")
        #expect(p?.contains(PixelBox(x0: 50, y0: 40, x1: 120, y1: 60)) == false)
        // Mapped by its transform; either winding.
        var reversed = Path()
        reversed.move(to: Point(0, 0)); reversed.addLine(to: Point(0, 10)); reversed.addLine(to: Point(10, 10))
        reversed.addLine(to: Point(10, 0)); reversed.closeSubpath()
        let scaled = ConvexPolygon(reversed, transform: AffineTransform(a: 10, b: 0, c: 0, d: 10, tx: 5, ty: 5))
        #expect(scaled?.contains(PixelBox(x0: 6, y0: 6, x1: 104, y1: 104)) == true)
        #expect(scaled?.contains(PixelBox(x0: 4, y0: 6, x1: 50, y1: 50)) == false)
        // Not one convex polygon: an ellipse (curves), two subpaths, a notch, a line.
        #expect(ConvexPolygon(.ellipse(in: Rect(0, 0, 50, 50)), transform: .identity) == nil)
        var two = Path.rect(Rect(0, 0, 10, 10)); two.addPath(Path.rect(Rect(20, 0, 10, 10)))
        #expect(ConvexPolygon(two, transform: .identity) == nil)
        var notch = Path()
        notch.move(to: Point(0, 0)); notch.addLine(to: Point(10, 0)); notch.addLine(to: Point(5, 3))
        notch.addLine(to: Point(10, 10)); notch.addLine(to: Point(0, 10)); notch.closeSubpath()
        #expect(ConvexPolygon(notch, transform: .identity) == nil)
        var line = Path(); line.move(to: Point(0, 0)); line.addLine(to: Point(10, 10)); line.closeSubpath()
        #expect(ConvexPolygon(line, transform: .identity) == nil)
    }
}
