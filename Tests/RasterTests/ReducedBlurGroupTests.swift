// A group of fills under a large blur drawn at the blur's reduced size and composited enlarged
// (DisplayListRasterizer+ReducedBlur.swift) against the same group drawn the full-size way:
// its bitmap filled, blurred (FilterDownsampledBlur.swift) and composited. Anti-aliased shapes
// of several colours, a translucent fill and a stroke, at both reductions (f = 4, 8), whole on
// the target, cut by its edge and through a rounded clip; the groups the plan must leave to
// their bitmap; and the enlargement composited row by row against the enlarged bitmap drawn.
import Testing
@testable import Raster
import CRasterSIMD

@Suite struct ReducedBlurGroupTests {
    final class Source: Sendable { static let shared = Source() }

    static func item(_ op: DisplayOperation, _ bounds: Rect, _ n: Int) -> DisplayItem {
        DisplayItem(key: DisplayItemKey(source: ObjectIdentifier(Source.shared), slot: n), operation: op, bounds: bounds)
    }

    /// The group's items in its own pixels: shapes `margin` clear of its edges (a blurred layer
    /// is padded by the blur's reach), then the blur.
    static func groupItems(width w: Int, height h: Int, sigma: Double, margin m: Double) -> [DisplayItem] {
        let all = Rect(0, 0, Double(w), Double(h))
        let r1 = Rect(m, m, Double(w) * 0.5 - m, Double(h) * 0.6 - m)
        let r2 = Rect(Double(w) * 0.45, Double(h) * 0.35, Double(w) * 0.55 - m, Double(h) * 0.65 - m)
        var stroke = StrokeStyle()
        stroke.lineWidth = 5
        return [
            item(.fill(.roundedRect(r1, cornerRadius: 11), transform: .identity, color: Color(0.9, 0.3, 0.1), rule: .nonZero, opacity: 1), all, 1),
            item(.fill(.ellipse(in: r2), transform: .identity, color: Color(0.1, 0.2, 0.8), rule: .nonZero, opacity: 0.7), all, 2),
            item(.stroke(.ellipse(in: r1.insetBy(dx: 9, dy: 9)), style: stroke, transform: .rotation(0.05), color: .black,
                         start: 0, end: 1, opacity: 1), all, 3),
            item(.filterGroup([.gaussianBlur(sigma: sigma)]), all, 4),
        ]
    }

    /// The list: a grey backdrop, the group at (x, y), an end.
    static func list(groupAt x: Int, _ y: Int, width w: Int, height h: Int, sigma: Double, opacity: Double) -> DisplayList {
        let margin = Double(PixelFilter.kernelRadius(sigma: sigma))
        var items = [item(.beginGroup(x: x, y: y, width: w, height: h, opacity: opacity), Rect(Double(x), Double(y), Double(w), Double(h)), 0)]
        items += groupItems(width: w, height: h, sigma: sigma, margin: margin)
        items.append(item(.endGroup, Rect(Double(x), Double(y), Double(w), Double(h)), 5))
        return DisplayList(width: 300, height: 220, items: items)
    }

    /// The group drawn the full-size way: its bitmap, the chain, composited at (x, y).
    static func fullSize(_ list: DisplayList, onto canvas: Canvas) {
        guard case let .beginGroup(x, y, w, h, opacity) = list.items[0].operation else { return }
        let group = Canvas(Bitmap(width: w, height: h))
        for item in list.items.dropFirst().dropLast() {
            switch item.operation {
            case let .fill(path, transform, color, rule, o): group.fill(path, transform: transform, color: color, rule: rule, opacity: o)
            case let .stroke(path, style, transform, color, s, e, o):
                group.stroke(path, style: style, transform: transform, color: color, strokeStart: s, strokeEnd: e, opacity: o)
            case .filterGroup(let filters): FilterChain.apply(filters, to: group.target, edge: .transparent)
            default: break
            }
        }
        canvas.draw(group.target, transform: .translation(Double(x), Double(y)), opacity: opacity)
    }

    static func target() -> Canvas {
        let c = Canvas(Bitmap(width: 300, height: 220))
        c.clear(Color(0.5, 0.5, 0.5, 1))
        return c
    }

    // Measured: the largest difference from the full-size way, premultiplied linear light and
    // bytes (σ 6.075 and 13, whole, cut by the edge, clipped, opacity 1 and 0.6): 0.018 / 3
    // (the shrink of the full-size way averages 16 or 64 rounded coverages, the small drawing
    // rounds one); bounds with a margin.
    @Test func drawsWhatTheFullSizeGroupDraws() {
        var report: [String] = []
        var worst: (linear: Float, bytes: Int) = (0, 0)
        for sigma in [6.075, 13.0] {
            for (x, y) in [(20, 14), (-37, 150)] {
                for opacity in [1.0, 0.6] {
                    for clipped in [false, true] {
                        let l = Self.list(groupAt: x, y, width: 233, height: 171, sigma: sigma, opacity: opacity)
                        #expect(DisplayListRasterizer.reducedBlurPlan(ofGroupAt: 0, in: l.items)?.factor == FilterChain.factor(sigma: sigma))
                        let reduced = Self.target(), full = Self.target()
                        if clipped {
                            reduced.clip = .roundedRect(Rect(10.5, 8, 270, 200), cornerRadius: 30)
                            full.clip = reduced.clip
                        }
                        DisplayListRasterizer().draw(l, into: reduced)
                        Self.fullSize(l, onto: full)
                        let d = FilterDownsampledBlurTests.linearDifference(reduced.target, full.target)
                        let b = FilterDownsampledBlurTests.maxChannelDifference(reduced.target, full.target)
                        worst = (max(worst.linear, d.linear), max(worst.bytes, b))
                        report.append("σ \(sigma) at (\(x), \(y)) opacity \(opacity) clipped \(clipped): \(d.linear) bytes \(b)")
                    }
                }
            }
        }
        #expect(worst.linear <= 0.025 && worst.bytes <= 4, "\(report.joined(separator: "\n"))")
    }

    // The groups the plan leaves to their bitmap: a small σ (the exact kernel), a blur other
    // ways along x and y, a clamped chain, a filter that is not last, an aliased fill, an image.
    @Test func leavesOtherGroupsToTheirBitmap() {
        let base = Self.list(groupAt: 0, 0, width: 100, height: 80, sigma: 9, opacity: 1).items
        #expect(DisplayListRasterizer.reducedBlurPlan(ofGroupAt: 0, in: base) != nil)
        func with(_ k: Int, _ op: DisplayOperation) -> [DisplayItem] {
            var items = base
            items[k].operation = op
            return items
        }
        #expect(DisplayListRasterizer.reducedBlurPlan(ofGroupAt: 0, in: with(4, .filterGroup([.gaussianBlur(sigma: 3.5)]))) == nil)
        #expect(DisplayListRasterizer.reducedBlurPlan(ofGroupAt: 0, in: with(4, .filterGroup([.gaussianBlur(sigmaX: 9, sigmaY: 6)]))) == nil)
        #expect(DisplayListRasterizer.reducedBlurPlan(ofGroupAt: 0, in: with(4, .filterGroup([.clampToExtent, .gaussianBlur(sigma: 9)]))) == nil)
        #expect(DisplayListRasterizer.reducedBlurPlan(ofGroupAt: 0, in: with(3, .filterGroup([.gaussianBlur(sigma: 9)]))) == nil)
        #expect(DisplayListRasterizer.reducedBlurPlan(ofGroupAt: 0, in: with(2, .image(Bitmap(width: 4, height: 4), transform: .identity, opacity: 1))) == nil)
        var aliased = base
        aliased[1].aliasing = EdgeAliasing(rect: Rect(0, 0, 10, 10), sides: .all)
        #expect(DisplayListRasterizer.reducedBlurPlan(ofGroupAt: 0, in: aliased) == nil)
    }

    // The enlargement composited row by row (an integer clip) is the enlarged bitmap composited
    // (Canvas.draw(_:box:x:y:opacity:)), pixel for pixel, wherever the bitmap lands.
    @Test func rowByRowCompositeIsTheEnlargedBitmapsComposite() {
        for f in [2, 4, 8] {
            let w = 13 * f + 5, h = 9 * f + 3, lw = (w + f - 1) / f, lh = (h + f - 1) / f
            let small = Bitmap(width: lw, height: lh)
            // Varied pixels, a block of one opaque colour and one of a translucent one (cells
            // of one pixel: stored, composited), around them transparency (left as it is).
            for j in 2..<(lh - 2) { for i in 1..<(lw - 3) { small.pixels[j * lw + i] = UInt32(40 + 15 * (i % 9)) << 24 | UInt32(10 * (j % 4)) } }
            for j in 3..<6 { for i in 2..<7 { small.pixels[j * lw + i] = 0xFF10_2030 } }
            for j in 3..<6 { for i in 8..<12 { small.pixels[j * lw + i] = 0x8010_2030 } }
            let large = Bitmap(width: w, height: h)
            var line = [UInt16](repeating: 0, count: 4 * (lw + 2))
            lk_upsample_bilinear(small.pixels, lw, lh, f, large.pixels, w, h, &line)
            for (x, y) in [(7, 5), (-11, -6), (60, 40)] {
                for opacity in [1.0, 0.5] {
                    let a = Canvas(Bitmap(width: 96, height: 80)), b = Canvas(Bitmap(width: 96, height: 80))
                    a.clear(Color(0.2, 0.7, 0.3, 0.9)); b.clear(Color(0.2, 0.7, 0.3, 0.9))
                    a.clip = .rect(Rect(3, 2, 85, 70)); b.clip = a.clip
                    a.drawEnlarged(small, factor: f, width: w, height: h, x: x, y: y, opacity: opacity)
                    b.draw(large, box: PixelBox(x0: 0, y0: 0, x1: w, y1: h), x: x, y: y, opacity: opacity)
                    #expect(FilterDownsampledBlurTests.maxChannelDifference(a.target, b.target) == 0, "f \(f) at (\(x), \(y)) opacity \(opacity)")
                }
            }
        }
    }
}
