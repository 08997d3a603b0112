// Groups composited without one of their bitmaps give the pixels of the general way, byte for
// byte: a group whose last item is a mask shape composites through the shape's coverage with
// no mask bitmap (DrawImageRegion+MaskShape.swift), and a masked gradient group paints its
// gradient row by row at the composite with no group bitmap (DisplayListRasterizer+
// MaskedGradient.swift), with or without a mask layer of one fill; a mask layer of one opaque
// fill composites as its fill's mask shape would; a masked gradient group alone in a group
// masked by one opaque fill is drawn through both masks with none of the three bitmaps
// (DisplayListRasterizer+MaskedGradientThroughMask.swift; its reference: the same list with
// an item that draws nothing between the two, which breaks the pattern). The reference for mask
// shapes is the same list with a clip that cuts nothing in every group (drawn whole, as in
// GroupRegionTests); for masked gradients, the same list under a rounded clip that lies wholly
// beyond the target: an anti-aliased clip makes the rasterizer keep both bitmaps and composite
// through the sampler, yet cuts no pixel of the target.
import Testing
@testable import Raster

@Suite struct DirectGroupCompositeTests {
    /// `list` inside a rounded clip that contains the whole target.
    static func clippedBeyond(_ list: DisplayList) -> DisplayList {
        let key = list.items.first!.key
        let r = Rect(-40.5, -40.5, Double(list.width) + 81, Double(list.height) + 81)
        let items = [DisplayItem(key: key, operation: .beginClip(.roundedRect(r, cornerRadius: 20)), bounds: r)]
            + list.items + [DisplayItem(key: key, operation: .endClip, bounds: r)]
        return DisplayList(width: list.width, height: list.height, items: items)
    }

    /// Pixels that differ, and whether any channel differs by more than one step. The direct
    /// paths rasterize the mask shape through the Swift sweep, the mask bitmap's white fill
    /// goes through the C sweep (lk_sweep_solid, whose SIMD prefix sums add the cells in
    /// another order): at a rare pixel a coverage lands one step apart.
    static func compare(_ a: Bitmap, _ b: Bitmap) -> (pixels: Int, beyondOneStep: Bool) {
        var n = 0, beyond = false
        for i in 0..<a.pixelCount where a.pixels[i] != b.pixels[i] {
            n += 1
            for shift in stride(from: 0, to: 32, by: 8) {
                let u = Int((a.pixels[i] >> UInt32(shift)) & 0xFF), v = Int((b.pixels[i] >> UInt32(shift)) & 0xFF)
                if abs(u - v) > 1 { beyond = true }
            }
        }
        return (n, beyond)
    }

    /// The first pixel that differs: where and both values.
    static func firstDifference(_ a: Bitmap, _ b: Bitmap) -> String {
        for i in 0..<a.pixelCount where a.pixels[i] != b.pixels[i] {
            return "(\(i % a.width), \(i / a.width)) \(String(a.pixels[i], radix: 16)) ≠ \(String(b.pixels[i], radix: 16))"
        }
        return "none"
    }

    /// `whole` puts a clip that cuts nothing in every group: they are drawn whole, the general way.
    static func maskShapeList(frame f: Int, whole: Bool) -> DisplayList {
        maskedGroupsList(frame: f, whole: whole) { g, path, _ in g.maskShape(path) }
    }

    /// `maskShapeList`'s groups masked instead by a mask layer of one opaque fill (of any colour,
    /// at full opacity, the non-zero rule): a Lottie mask as lottie-ios draws it (a CAShapeLayer
    /// as the layer's mask). Each composites through the fill's coverage, as through a mask
    /// shape, with no mask bitmap; one more group's mask is translucent and keeps its bitmap.
    static func maskLayerList(frame f: Int, whole: Bool) -> DisplayList {
        maskedGroupsList(frame: f, whole: whole, translucentMask: true) { g, path, colour in
            g.maskLayer { m in m.fill(path, colour) }
        }
    }

    /// Frame `f`: groups masked by `mask` (given the mask's path and a colour to fill it with)
    /// at the top level, nested in a translucent group, partly off the target and under an
    /// integer clip; `translucentMask` adds a group masked by a half-transparent fill layer.
    static func maskedGroupsList(frame f: Int, whole: Bool, translucentMask: Bool = false,
                                 mask: (inout GroupRegionTests.ListBuilder, Path, Color) -> Void) -> DisplayList {
        var b = GroupRegionTests.ListBuilder(whole: whole)
        let d = Double(f) * 2.9
        b.fill(.rect(Rect(0, 0, 160, 120)), Color(0.9, 0.85, 0.8))
        b.group(8, 6, 110, 80, opacity: f % 2 == 0 ? 1 : 0.65) { g in
            g.fill(.ellipse(in: Rect(12 + d, 10, 70.5, 50)), Color(0.8, 0.1, 0.2, 0.9))
            g.stroke(.ellipse(in: Rect(30, 20.25 + d, 60, 40)), Color(0.1, 0.3, 0.9), width: 4)
            // A rectangle turned a little (an After Effects mask on a layer).
            mask(&g, Path.rect(Rect(14, 12, 90, 40)).applying(AffineTransform.rotation(0.05 * Double(f - 3))), .black)
        }
        b.group(30, 40, 120, 78, opacity: 0.8) { outer in
            outer.fill(.rect(Rect(30, 40, 120, 78)), Color(0.2, 0.7, 0.4, 0.5))
            outer.group(36, 46, 100, 60, opacity: 0.9) { g in
                g.fill(.ellipse(in: Rect(40 - d, 50, 90, 50)), Color(0.95, 0.6, 0.1))
                mask(&g, .ellipse(in: Rect(45.5, 48, 80 + d, 55)), Color(0.2, 0.4, 0.9))
            }
        }
        b.group(-30, 80, 90, 60, opacity: 1) { g in
            g.fill(.rect(Rect(-30, 80, 90, 60)), Color(0.3, 0.2, 0.6))
            mask(&g, .ellipse(in: Rect(-20 + d, 85, 60, 50)), .white)
        }
        b.add(.beginClip(.rect(Rect(100, 10, 50, 60))), bounds: Rect(100, 10, 50, 60))
        b.group(95, 5, 60, 70, opacity: 0.75) { g in
            g.fill(.rect(Rect(95, 5, 60, 70)), Color(0.1, 0.5, 0.8))
            mask(&g, .ellipse(in: Rect(92 + d, 2, 50, 60)), Color(0.5, 0.5, 0.5))
        }
        b.add(.endClip, bounds: Rect(100, 10, 50, 60))
        if translucentMask {
            b.group(60, 2, 40, 30, opacity: 1) { g in
                g.fill(.rect(Rect(60, 2, 40, 30)), Color(0.7, 0.2, 0.5))
                g.maskLayer { m in m.fill(.ellipse(in: Rect(62 + d / 2, 4, 30, 24)), Color(0, 0, 0, 0.5)) }
            }
        }
        return DisplayList(width: GroupRegionTests.width, height: GroupRegionTests.height, items: b.items)
    }

    @Test func aMaskShapeCompositesWithoutItsBitmap() {
        let rasterizer = DisplayListRasterizer()
        for f in 0..<8 {
            let list = Self.maskShapeList(frame: f, whole: false)
            let direct = GroupRegionTests.draw(list, with: rasterizer)
            let general = GroupRegionTests.draw(Self.maskShapeList(frame: f, whole: true), with: DisplayListRasterizer())
            let d = Self.compare(direct, general)
            #expect(d.pixels <= 4 && !d.beyondOneStep, "frame \(f): \(d), \(Self.firstDifference(direct, general))")
            #expect(GroupRegionTests.differing(direct, GroupRegionTests.draw(
                DisplayList(width: list.width, height: list.height, items: [list.items[0]]), with: DisplayListRasterizer())) > 2000,
                "frame \(f): the groups are drawn")
        }
    }

    @Test func aMaskLayerOfOneOpaqueFillCompositesWithoutItsBitmap() {
        let rasterizer = DisplayListRasterizer()
        for f in 0..<8 {
            let list = Self.maskLayerList(frame: f, whole: false)
            let direct = GroupRegionTests.draw(list, with: rasterizer)
            let general = GroupRegionTests.draw(Self.maskLayerList(frame: f, whole: true), with: DisplayListRasterizer())
            let d = Self.compare(direct, general)
            #expect(d.pixels <= 4 && !d.beyondOneStep, "frame \(f): \(d), \(Self.firstDifference(direct, general))")
            // Through a mask shape the same way: the same pixels exactly.
            let shapes = GroupRegionTests.draw(Self.maskShapeList(frame: f, whole: false), with: DisplayListRasterizer())
            var same = 0, inside = 0
            for y in 0..<list.height {
                for x in 0..<list.width where !(x >= 60 && x < 100 && y >= 2 && y < 32) {
                    // (Outside the last group, whose mask is translucent.)
                    inside += 1
                    if direct.pixels[y * list.width + x] == shapes.pixels[y * list.width + x] { same += 1 }
                }
            }
            #expect(same == inside, "frame \(f): \(inside - same) pixels differ from the mask shapes'")
            #expect(GroupRegionTests.differing(direct, GroupRegionTests.draw(
                DisplayList(width: list.width, height: list.height, items: [list.items[0]]), with: DisplayListRasterizer())) > 2000,
                "frame \(f): the groups are drawn")
        }
    }

    @Test(arguments: [Gradient.Kind.axial, .radial, .conic])
    func aMaskedGradientCompositesWithoutTheGroupBitmap(kind: Gradient.Kind) {
        let rasterizer = DisplayListRasterizer()
        for f in 0..<8 {
            let list = MaskedGradientTests.list(frame: f, kind: kind, general: false)
            let direct = GroupRegionTests.draw(list, with: rasterizer)
            let general = GroupRegionTests.draw(Self.clippedBeyond(list), with: DisplayListRasterizer())
            #expect(GroupRegionTests.differing(direct, general) == 0,
                    "frame \(f), \(kind): \(Self.firstDifference(direct, general))")
        }
    }

    /// The masked gradient lists with a mask layer of one fill (the ring's stroke left out):
    /// drawn row by row with neither the group's nor the mask's bitmap.
    @Test(arguments: [Gradient.Kind.axial, .radial, .conic])
    func aGradientMaskedByOneFillCompositesWithoutBitmaps(kind: Gradient.Kind) {
        let rasterizer = DisplayListRasterizer()
        for f in 0..<8 {
            let full = MaskedGradientTests.list(frame: f, kind: kind, general: false)
            let items = full.items.filter { if case .stroke = $0.operation { return false }; return true }
            let list = DisplayList(width: full.width, height: full.height, items: items)
            let start = items.firstIndex { if case .beginGroup = $0.operation { return true }; return false }!
            #expect(DisplayListRasterizer.masksGradientByOneFill(groupAt: start, items))
            let direct = GroupRegionTests.draw(list, with: rasterizer)
            let general = GroupRegionTests.draw(Self.clippedBeyond(list), with: DisplayListRasterizer())
            let d = Self.compare(direct, general)
            #expect(d.pixels <= 4 && !d.beyondOneStep, "frame \(f), \(kind): \(d), \(Self.firstDifference(direct, general))")
            let background = GroupRegionTests.draw(DisplayList(width: list.width, height: list.height, items: [items[0]]),
                                                   with: DisplayListRasterizer())
            #expect(GroupRegionTests.differing(direct, background) > 100, "frame \(f), \(kind): the gradient is drawn")
        }
    }

    /// A mask fill whose rows hold several runs that move from row to row (an even-odd ring, its
    /// hole, and a slanted triangle beside it): each row's alpha is cleared only where the next
    /// row's runs leave the last row's (MaskedGradientRows), so nothing may show through the
    /// hole, between the shapes or past their ends that the general way leaves out.
    @Test(arguments: [Gradient.Kind.axial, .radial, .conic])
    func aMaskFillOfSeveralRunsARowLeavesNoAlphaBehind(kind: Gradient.Kind) {
        let rasterizer = DisplayListRasterizer()
        for f in 0..<8 {
            let full = MaskedGradientTests.list(frame: f, kind: kind, general: false)
            var items = full.items.filter { if case .stroke = $0.operation { return false }; return true }
            let k = items.lastIndex { if case .fill = $0.operation { return true }; return false }!
            let d = Double(f) * 3.1
            var shape = Path.ellipse(in: Rect(15 + d, 10, 100, 96))
            shape.addPath(.ellipse(in: Rect(40 + d / 2, 30, 52, 50)))
            shape.move(to: Point(128 - d, 12))
            shape.addLine(to: Point(148, 104))
            shape.addLine(to: Point(112, 114 - d))
            shape.closeSubpath()
            items[k] = DisplayItem(key: items[k].key, operation: .fill(shape, transform: .identity, color: Color(1, 1, 1, 0.8),
                                                                       rule: .evenOdd, opacity: 1), bounds: items[k].bounds)
            let list = DisplayList(width: full.width, height: full.height, items: items)
            let start = items.firstIndex { if case .beginGroup = $0.operation { return true }; return false }!
            #expect(DisplayListRasterizer.masksGradientByOneFill(groupAt: start, items))
            let direct = GroupRegionTests.draw(list, with: rasterizer)
            let general = GroupRegionTests.draw(Self.clippedBeyond(list), with: DisplayListRasterizer())
            let c = Self.compare(direct, general)
            #expect(c.pixels <= 4 && !c.beyondOneStep, "frame \(f), \(kind): \(c), \(Self.firstDifference(direct, general))")
            let background = GroupRegionTests.draw(DisplayList(width: list.width, height: list.height, items: [items[0]]),
                                                   with: DisplayListRasterizer())
            #expect(GroupRegionTests.differing(direct, background) > 100, "frame \(f), \(kind): the gradient is drawn")
        }
    }

    /// Frame `f`: a gradient masked by a mask layer of one fill (`maskFill`, on the target), the
    /// only content of a group at (ox, oy) masked by a mask layer of one opaque fill (`outerMask`);
    /// `general` puts an item that draws nothing between the inner group and the outer mask.
    static func throughMaskList(frame f: Int, general: Bool, origin: (x: Int, y: Int) = (6, 18),
                                maskFill: Path? = nil, clip: Rect? = nil) -> (list: DisplayList, group: Int) {
        var b = GroupRegionTests.ListBuilder(whole: false)
        let d = Double(f) * 2.3
        b.fill(.rect(Rect(0, 0, 160, 120)), Color(0.3, 0.35, 0.5))
        b.fill(.ellipse(in: Rect(20 + d, 30, 90, 70)), Color(0.9, 0.6, 0.1, 0.8))
        if let clip { b.add(.beginClip(.rect(clip)), bounds: clip) }
        let (ox, oy, ow, oh) = (origin.x + f, origin.y, 150, 92)
        let group = b.items.count
        b.group(ox, oy, ow, oh, opacity: f % 2 == 0 ? 1 : 0.75) { outer in
            outer.group(ox + 3, oy + 5, 140, 80, opacity: (f / 2) % 2 == 0 ? 1 : 0.8) { inner in
                // A gradient layer padded far beyond its group (a Lottie gradient fill's).
                let stops = [GradientStop(location: 0, color: Color(1, 1, 1, 0)),
                             GradientStop(location: 0.4, color: Color(1, 1, 1, 0.5)),
                             GradientStop(location: 1, color: Color(0.9, 0.3, 0.2, 1))]
                let g = Gradient(kind: f % 3 == 2 ? .radial : .axial, stops: stops,
                                 start: Point(0, -10 + d), end: Point(f % 4 == 3 ? 40 : 0, 60))
                inner.add(.gradient(.rect(Rect(-5000, -5000, 10000, 10000)),
                                    transform: AffineTransform.rotation(0.03 * Double(f)).concatenating(.translation(20, 10)),
                                    gradient: g, rule: .nonZero, opacity: f % 3 == 1 ? 0.85 : 1),
                          bounds: Rect(Double(ox + 3), Double(oy + 5), 140, 80))
                inner.maskLayer { m in
                    m.fill(maskFill ?? .rect(Rect(Double(ox) - 20, Double(oy) + 5.25 + d / 3, 200, 70.5)),
                           f % 4 == 1 ? Color(0, 0, 0, 0.7) : .black)
                }
            }
            if general { outer.add(.invalidate, bounds: .null) }
            outer.maskLayer { m in
                let quad = Path.rect(Rect(Double(ox) + 8.4, Double(oy) - 30, 120.3, 110.6 - d))
                    .applying(AffineTransform.translation(-Double(ox) - 60, -Double(oy) - 40)
                        .concatenating(.rotation(0.04 * Double(f - 3)))
                        .concatenating(.translation(Double(ox) + 60, Double(oy) + 40)))
                m.fill(f % 4 == 2 ? .ellipse(in: Rect(Double(ox) + 10, Double(oy), 110 + d, 88.5)) : quad,
                       f % 2 == 0 ? .black : Color(0.2, 0.6, 0.9))
            }
        }
        if let clip { b.add(.endClip, bounds: clip) }
        return (DisplayList(width: GroupRegionTests.width, height: GroupRegionTests.height, items: b.items), group)
    }

    /// Through both masks the pixels are the general way's, bit for bit, whatever the two
    /// groups' opacities (a full-opacity pair takes the one-pass row), at the top level, partly
    /// off the target and under an integer clip; and the path is taken (drawn by itself).
    @Test func aMaskedGradientInAMaskedGroupCompositesWithoutBitmaps() {
        let rasterizer = DisplayListRasterizer()
        for f in 0..<8 {
            for (origin, clip) in [((6, 18), nil), ((-40, 60), nil), ((6, 18), Rect(20, 25, 100, 60))] as [((Int, Int), Rect?)] {
                let (list, group) = Self.throughMaskList(frame: f, general: false, origin: origin, clip: clip)
                let direct = GroupRegionTests.draw(list, with: rasterizer)
                let general = GroupRegionTests.draw(Self.throughMaskList(frame: f, general: true, origin: origin, clip: clip).list,
                                                    with: DisplayListRasterizer())
                #expect(GroupRegionTests.differing(direct, general) == 0,
                        "frame \(f) at \(origin): \(Self.firstDifference(direct, general))")
                let background = GroupRegionTests.draw(DisplayList(width: list.width, height: list.height,
                                                                   items: Array(list.items[0..<2])), with: DisplayListRasterizer())
                #expect(GroupRegionTests.differing(direct, background) > 1000, "frame \(f) at \(origin): the gradient is drawn")
                guard clip == nil, case let .beginGroup(x, y, w, h, opacity) = list.items[group].operation else { continue }
                // The path itself, over the background.
                let canvas = Canvas(background.copy())
                let box = DisplayListRasterizer.region(ofGroupAt: group, list.items, x: x, y: y, width: w, height: h,
                                                       on: canvas, origin: (0, 0))!.box!
                #expect(DisplayListRasterizer.drawMaskedGradientThroughMask(
                    groupAt: group, list.items, box: box, origin: (x, y), x: x, y: y, width: w, height: h,
                    opacity: opacity, onto: canvas))
                #expect(GroupRegionTests.differing(canvas.target, general) == 0,
                        "frame \(f) at \(origin), alone: \(Self.firstDifference(canvas.target, general))")
            }
        }
    }

    /// Under a damage rectangle: one the three drawing items all meet takes the path, one they
    /// miss leaves it to the general way; the pixels are the general way's under both.
    @Test func underADamageRectangleTheSamePixels() {
        for f in 0..<4 {
            let (list, group) = Self.throughMaskList(frame: f, general: false)
            let generalList = Self.throughMaskList(frame: f, general: true).list
            guard case let .beginGroup(x, y, w, h, opacity) = list.items[group].operation else { Issue.record("no group"); return }
            for (within, taken) in [(Rect(30, 40, 50, 30), true), (Rect(150, 0, 10, 10), false)] {
                var out: [Bitmap] = []
                for l in [list, generalList] {
                    let target = Bitmap(width: l.width, height: l.height)
                    DisplayListRasterizer().draw(l, into: Canvas(target), within: within)
                    out.append(target)
                }
                #expect(GroupRegionTests.differing(out[0], out[1]) == 0,
                        "frame \(f) within \(within): \(Self.firstDifference(out[0], out[1]))")
                let canvas = Canvas(Bitmap(width: list.width, height: list.height))
                let box = DisplayListRasterizer.region(ofGroupAt: group, list.items, x: x, y: y, width: w, height: h,
                                                       on: canvas, origin: (0, 0))!.box!
                #expect(DisplayListRasterizer.drawMaskedGradientThroughMask(
                    groupAt: group, list.items, box: box, origin: (x, y), x: x, y: y, width: w, height: h,
                    opacity: opacity, onto: canvas, within: within) == taken, "frame \(f) within \(within)")
            }
        }
    }

    /// A mask fill of more runs than are recorded (thin stripes across few rows) is drawn the
    /// general way, the same pixels.
    @Test func aMaskOfTooManyRunsIsDrawnTheGeneralWay() {
        var comb = Path()
        for k in 0..<150 {
            comb.addPath(.rect(Rect(0.3 + Double(k), -10, 0.4, 400)))
        }
        let (list, group) = Self.throughMaskList(frame: 0, general: false, maskFill: nil)
        var items = list.items
        // The outer mask's fill: the comb (on the outer group's pixels).
        let k = group + 8
        guard case let .fill(_, t, c, r, o) = items[k].operation else { Issue.record("no outer mask fill"); return }
        items[k] = DisplayItem(key: items[k].key, operation: .fill(comb, transform: t, color: c, rule: r, opacity: o),
                               bounds: items[k].bounds)
        let combList = DisplayList(width: list.width, height: list.height, items: items)
        guard case let .beginGroup(x, y, w, h, opacity) = items[group].operation else { Issue.record("no group"); return }
        let canvas = Canvas(Bitmap(width: list.width, height: list.height))
        let box = DisplayListRasterizer.region(ofGroupAt: group, items, x: x, y: y, width: w, height: h, on: canvas,
                                               origin: (0, 0))!.box!
        #expect(DisplayListRasterizer.runLimit(rows: box.y1 - box.y0) < 150 * (box.y1 - box.y0))
        #expect(!DisplayListRasterizer.drawMaskedGradientThroughMask(
            groupAt: group, items, box: box, origin: (x, y), x: x, y: y, width: w, height: h, opacity: opacity, onto: canvas))
        #expect(GroupRegionTests.differing(canvas.target, Bitmap(width: list.width, height: list.height)) == 0,
                "nothing is drawn when the runs overflow")
        var generalItems = items
        generalItems.insert(DisplayItem(key: items[group].key, operation: .invalidate, bounds: .null), at: group + 7)
        let direct = GroupRegionTests.draw(combList, with: DisplayListRasterizer())
        let general = GroupRegionTests.draw(DisplayList(width: list.width, height: list.height, items: generalItems),
                                            with: DisplayListRasterizer())
        #expect(GroupRegionTests.differing(direct, general) == 0, "\(Self.firstDifference(direct, general))")
    }
}
