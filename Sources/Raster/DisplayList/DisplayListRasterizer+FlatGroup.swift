// A group drawn as its items, without a bitmap: in a group of solid fills, opaque (opacity 1,
// no blend mode, no shadow), at its parent's left edge, ending in nothing or in a mask
// shape, each fill whose pixels no other fill of the group can change and which the mask
// shape covers wholly is drawn straight onto the parent; the group's bitmap is left only the
// other fills, over their box (and none at all when no fill is left).
// Such a group is what a Lottie precomposition clipped to its bounds (a rectangle turned with
// its layer) holding scattered shapes becomes — issue_769's confetti, 75 groups at 4K whose
// bitmaps were cleared, filled and composited back through the turned rectangle.
//
// Why the pixels are the same, byte for byte. Each item changes only the pixels of its bounds
// (DisplayItem.bounds), and the whole-pixel box of a fill drawn straight meets no other fill's,
// so each of its pixels is written by that fill alone (a fill's sweep writes a pixel once),
// over a transparent pixel; the group's other pixels are the other fills' alone. A solid run of coverage c paints
// s = lkScale(colour, c) source-over: over transparent that is s itself (lkScale(0, k) = 0),
// and compositing s at opacity 1 onto the parent (lk_composite_row) gives
// s + lkScale(d, 255 − alpha(s)) — what the same run painted straight onto the parent gives
// (SolidPainter, the C sweep's solid spans: one arithmetic, Bitmap/Compositing.swift). The mask
// shape covers each item's box wholly, so its coverage there is 255 and lkScale(p, 255) = p:
// the mask changes nothing the items drew; outside the items the group is transparent and
// leaves the parent as it is, so the bitmap need hold only the other fills' box. The fills
// drawn straight are drawn into the parent's rows of the group (a bitmap of those rows, so a
// group at the parent's (0, y) keeps its pixels' coordinates and the items their transforms)
// through the parent's clip narrowed to the
// group's box (the whole pixels the group would draw and composite): an integer clip cuts
// spans without changing the coverage of the pixels it keeps, and the transforms are the
// ones the group's bitmap uses. A group not at the parent's left edge, or reaching beyond its
// rows, keeps its bitmap.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension DisplayListRasterizer {
    /// The most items a group drawn as its items may hold (the overlap test is quadratic).
    static let flatGroupItemLimit = 64

    /// What of a group is drawn as its items: the fills drawn straight onto the parent, by
    /// index in ascending order, and the box (in the group's pixels) of the items left to the
    /// group's bitmap (nil: none, the group has no bitmap), with the index of its `endGroup`.
    struct FlatGroupPlan {
        var end: Int
        var flat: [Int]
        var rest: PixelBox?
    }

    /// For the group opened at `start` (at the parent's left edge, composited at opacity 1, its
    /// box `box` in its pixels, whose (0, 0) is the list's pixel `origin`) onto `parent`: the
    /// fills that can be drawn as they are (see the file's header) and the box of the rest.
    /// Nil when the group holds other items than fills and a last mask shape, or no fill can.
    static func flatGroupPlan(_ start: Int, _ items: [DisplayItem], box: PixelBox, origin: (x: Int, y: Int),
                              onto parent: Canvas) -> FlatGroupPlan? {
        guard compositesPlainly(onto: parent) else { return nil }
        // The fills and the whole pixels of the box each can change (empty: none).
        var fills: [(index: Int, box: PixelBox)] = []
        var i = start + 1
        var mask: (path: Path, transform: AffineTransform)? = nil
        scan: while i < items.count {
            let item = items[i]
            switch item.operation {
            case .fill:
                guard mask == nil, !item.bounds.isNull, item.bounds.isFiniteRect, fills.count < flatGroupItemLimit else { return nil }
                fills.append((i, PixelBox(covering: item.bounds, dx: origin.x, dy: origin.y).intersect(box)))
            case .invalidate:
                break
            case let .maskGroup(path, transform):
                guard mask == nil else { return nil }
                mask = (path, transform)
            case .endGroup:
                break scan
            default:
                return nil
            }
            i += 1
        }
        guard i < items.count else { return nil }
        let polygon = mask.flatMap { ConvexPolygon($0.path, transform: $0.transform) }
        if mask != nil && polygon == nil { return nil }
        var plan = FlatGroupPlan(end: i, flat: [], rest: nil)
        var drawsOne = false
        for (k, f) in fills.enumerated() {
            // A fill that changes no pixel of the box draws nothing either way.
            var flat = f.box.isEmpty
            if !flat {
                flat = polygon?.contains(f.box) ?? true
                for (m, o) in fills.enumerated() where flat && m != k && !o.box.isEmpty && !o.box.intersect(f.box).isEmpty {
                    flat = false
                }
            }
            if flat {
                plan.flat.append(f.index)
                if !f.box.isEmpty { drawsOne = true }
            } else if let r = plan.rest {
                plan.rest = PixelBox(x0: min(r.x0, f.box.x0), y0: min(r.y0, f.box.y0), x1: max(r.x1, f.box.x1), y1: max(r.y1, f.box.y1))
            } else {
                plan.rest = f.box
            }
        }
        return drawsOne ? plan : nil
    }
}

/// A path of one closed subpath of straight sides (curves whose control points lie on their
/// chord count as sides) that turns one way only, mapped into device pixels.
struct ConvexPolygon {
    /// The corners, in order, each distinct from the one before.
    private var corners: [Point] = []
    /// +1 when the corners turn counter-clockwise in the pixels' axes, −1 clockwise.
    private var turn = 0.0

    /// The polygon of `path` mapped by `transform`, or nil when the path is not one convex
    /// polygon with an area (or holds more than 64 corners).
    init?(_ path: Path, transform: AffineTransform) {
        var started = false, closed = false
        func add(_ p: Point) -> Bool {
            let q = transform.apply(p)
            guard q.x.isFinite, q.y.isFinite else { return false }
            if let l = corners.last, abs(l.x - q.x) < 1e-9, abs(l.y - q.y) < 1e-9 { return true }
            corners.append(q)
            return corners.count <= 64
        }
        /// Whether `c` lies on the line through `a` and `b` (within a millionth of a pixel per
        /// pixel of the chord).
        func onChord(_ a: Point, _ b: Point, _ c: Point) -> Bool {
            let ex = b.x - a.x, ey = b.y - a.y
            return abs(ex * (c.y - a.y) - ey * (c.x - a.x)) <= 1e-6 * max(1, ex * ex + ey * ey)
        }
        var current: Point? = nil
        for e in path.elements {
            guard !closed else { return nil }
            switch e {
            case .move(let p):
                guard !started else { return nil }
                started = true
                current = p
                guard add(p) else { return nil }
            case .line(let p):
                guard started else { return nil }
                current = p
                guard add(p) else { return nil }
            case let .quad(c, p):
                guard started, let a = current, onChord(a, p, c) else { return nil }
                current = p
                guard add(p) else { return nil }
            case let .cubic(c1, c2, p):
                guard started, let a = current, onChord(a, p, c1), onChord(a, p, c2) else { return nil }
                current = p
                guard add(p) else { return nil }
            case .close:
                closed = true
            }
        }
        // A fill closes an open subpath: the polygon is closed either way.
        if corners.count > 1, let f = corners.first, let l = corners.last, abs(f.x - l.x) < 1e-9, abs(f.y - l.y) < 1e-9 {
            corners.removeLast()
        }
        guard corners.count >= 3 else { return nil }
        // Every turn one way (straight corners allowed), and once around.
        var sign = 0.0, angle = 0.0
        let n = corners.count
        for k in 0..<n {
            let a = corners[k], b = corners[(k + 1) % n], c = corners[(k + 2) % n]
            let cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
            let dot = (b.x - a.x) * (c.x - b.x) + (b.y - a.y) * (c.y - b.y)
            if cross != 0 {
                let s: Double = cross > 0 ? 1 : -1
                if sign == 0 { sign = s } else if s != sign { return nil }
            }
            angle += atan2(cross, dot)
        }
        guard sign != 0, abs(abs(angle) - 2 * Double.pi) < 1e-6 else { return nil }
        turn = sign
    }

    /// Whether every pixel of `box` lies inside the polygon by at least a hundredth of a pixel,
    /// so that a fill of the polygon covers each of them wholly.
    func contains(_ box: PixelBox) -> Bool {
        let xs = [Double(box.x0), Double(box.x1)], ys = [Double(box.y0), Double(box.y1)]
        let n = corners.count
        for k in 0..<n {
            let a = corners[k], b = corners[(k + 1) % n]
            let ex = b.x - a.x, ey = b.y - a.y
            let length = (ex * ex + ey * ey).squareRoot()
            for x in xs {
                for y in ys {
                    // The signed distance of the corner from the side, positive inside.
                    let d = turn * (ex * (y - a.y) - ey * (x - a.x)) / length
                    guard d >= 0.01 else { return false }
                }
            }
        }
        return true
    }
}
