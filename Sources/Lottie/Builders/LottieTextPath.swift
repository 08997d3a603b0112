// Text on a path (`t.p`, After Effects' "Path Options"): the characters follow one of the
// layer's masks, each placed at a distance along it and turned to its direction. The rules,
// as lottie-web's TextAnimatorProperty `getMeasures` follows them (its `_hasMaskedPath`
// branch):
// * the path is the mask's bezier (reversed when `r` is on), measured by arc length; a
//   closed path wraps around, an open one runs on straight along its end tangents;
// * the first character's centre starts at the first margin `f` plus half its advance; each
//   next one is half its own advance plus half the previous one's plus the tracking further;
//   a right-justified line starts (path length − line width) further, a centred one half that;
// * force alignment `a` spreads the characters from the first margin to the path's end
//   (lottie-web: letter i at an₀/2 + (length − f − an₀/2 − an_last/2) · i / (n − 1) + f);
// * an animator's position x and anchor x move a character along the path, its position y
//   across it; with perpendicular `p` on, the character turns by the path's direction there.
// lottie-web reads the last margin `l` but does not use it; neither do we.
import Foundation
import LayerKit

struct LottieTextPath {
    let shape: LottieProperty<LottieBezier>
    let options: LottieTextPathOptions

    /// The path at frame `f` as measured segments.
    struct Measured {
        var segments: [(curve: LottieSpatialSegment, table: LottieMotionPath.LengthTable, start: Double, length: Double)] = []
        var length = 0.0
        var closed = false

        init(_ b: LottieBezier, reversed: Bool) {
            var v = b.vertices, i = b.inTangents, o = b.outTangents
            if reversed { v.reverse(); let ri = Array(o.reversed()), ro = Array(i.reversed()); i = ri; o = ro }
            let n = min(v.count, i.count, o.count)
            guard n > 1 else { return }
            closed = b.closed
            let ends = (0..<(n - 1)).map { ($0, $0 + 1) } + (b.closed ? [(n - 1, 0)] : [])
            for (a, z) in ends {
                let c = LottieSpatialSegment(p0: v[a], c1: v[a] + o[a], c2: v[z] + i[z], p3: v[z])
                let table = LottieMotionPath.LengthTable(c)
                let l = table.lengths[LottieMotionPath.LengthTable.steps]
                segments.append((c, table, length, l))
                length += l
            }
        }

        /// The point at arc length `s` and the direction of travel there (radians, y down).
        func place(at s: Double) -> (point: Point, angle: Double)? {
            guard let first = segments.first, let last = segments.last, length > 0 else { return nil }
            var s = s
            if closed { s = s.truncatingRemainder(dividingBy: length); if s < 0 { s += length } }
            func along(_ seg: LottieSpatialSegment, _ t: Double, beyond: Double) -> (Point, Double) {
                let d = seg.direction(t)
                let n = d.length > 0 ? d * (1 / d.length) : Point(1, 0)
                return (seg.point(t) + n * beyond, atan2(n.y, n.x))
            }
            if s < 0 { let (p, a) = along(first.curve, 0, beyond: s); return (p, a) }
            if s >= length { let (p, a) = along(last.curve, 1, beyond: s - length); return (p, a) }
            var lo = 0, hi = segments.count - 1
            while lo < hi { let mid = (lo + hi + 1) / 2; if segments[mid].start <= s { lo = mid } else { hi = mid - 1 } }
            let seg = segments[lo]
            let t = seg.length > 0 ? seg.table.parameter(atShare: (s - seg.start) / seg.length) : 0
            let (p, a) = along(seg.curve, t, beyond: 0)
            return (p, a)
        }
    }
}
