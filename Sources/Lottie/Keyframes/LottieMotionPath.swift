// A position keyframe segment's motion path as After Effects moves a layer along it: by
// distance. After Effects' spatial interpolation keeps the speed graph (the temporal easing)
// apart from the path's shape, so the eased fraction of a segment is a share of its arc
// length, not the bezier's parameter (the Lottie specification's "Position: spatial bezier"
// and lottie-web's `bezierData`/`getBezierLength`, which walk the eased share of the
// segment's length over sampled points). Core Animation follows a keyframe path at each
// cubic's parameter, linearly in time with a linear timing function; so the segment is cut
// into `n` pieces of the same curve (one per frame of the segment, at least 8, at most 240),
// piece j running from the point at the eased length share at time j/n to the one at
// (j + 1)/n. At every frame the layer is exactly where After Effects puts it, in between the
// piece's own parameter is within a frame's travel, and the tangent (auto-orient) is the
// curve's own.
import Raster

enum LottieMotionPath {
    /// The pieces of `segment` for a keyframe segment eased by `easing` lasting `frames`.
    static func pieces(_ segment: LottieSpatialSegment, easing: LottieEasing, frames: Double) -> [LottieSpatialSegment] {
        let n = Int(min(max(frames.rounded(.up), 8), 240))
        let (x1, y1, x2, y2) = easing.controlPoints(0)
        let table = LengthTable(segment)
        var parameters: [Double] = []
        parameters.reserveCapacity(n + 1)
        for j in 0...n {
            let share = LottieEasingCurve.evaluate(Double(j) / Double(n), x1, y1, x2, y2)
            parameters.append(table.parameter(atShare: min(max(share, 0), 1)))
        }
        var out: [LottieSpatialSegment] = []
        out.reserveCapacity(n)
        for j in 0..<n { out.append(segment.piece(from: parameters[j], to: parameters[j + 1])) }
        return out
    }

    /// The curve's length sampled at 128 parameters, to find the parameter of a length share.
    struct LengthTable {
        static let steps = 128
        var lengths: [Double]
        init(_ s: LottieSpatialSegment) {
            lengths = [0]
            lengths.reserveCapacity(Self.steps + 1)
            var previous = s.p0
            for i in 1...Self.steps {
                let q = s.point(Double(i) / Double(Self.steps))
                lengths.append(lengths[i - 1] + (q - previous).length)
                previous = q
            }
        }
        func parameter(atShare share: Double) -> Double {
            let total = lengths[Self.steps]
            guard total > 0 else { return share }
            let target = share * total
            var lo = 0, hi = Self.steps
            while hi - lo > 1 {
                let mid = (lo + hi) / 2
                if lengths[mid] < target { lo = mid } else { hi = mid }
            }
            let span = lengths[hi] - lengths[lo]
            return (Double(lo) + (span > 0 ? (target - lengths[lo]) / span : 0)) / Double(Self.steps)
        }
    }
}

extension LottieSpatialSegment {
    /// The derivative at parameter t.
    func derivative(_ t: Double) -> Point {
        let u = 1 - t
        return (c1 - p0) * (3 * u * u) + (c2 - c1) * (6 * u * t) + (p3 - c2) * (3 * t * t)
    }

    /// The direction of travel at parameter t: the derivative, or where it vanishes (a
    /// tangent handle of no length at an end) the chord towards the nearest other control point.
    func direction(_ t: Double) -> Point {
        let d = derivative(t)
        if d.length > 1e-9 { return d }
        if t <= 0.5 {
            for q in [c2, p3] where (q - p0).length > 1e-9 { return q - p0 }
        } else {
            for q in [c1, p0] where (p3 - q).length > 1e-9 { return p3 - q }
        }
        return p3 - p0
    }

    /// The same curve from parameter `a` to `b` as one cubic (de Casteljau's blossom: the
    /// piece's control points are p(a) + p'(a)·(b − a)/3 and p(b) − p'(b)·(b − a)/3). A piece
    /// of no length keeps the curve's direction there, a millionth long, so that a layer
    /// oriented along the path keeps its angle while it stands still.
    func piece(from a: Double, to b: Double) -> LottieSpatialSegment {
        let pa = point(a), pb = point(b), d = (b - a) / 3
        if abs(b - a) < 1e-9 {
            var t = derivative(a)
            if t.length < 1e-12 { t = p3 - p0 }
            let unit = t.length > 0 ? t * (1e-6 / t.length) : Point(0, 0)
            return LottieSpatialSegment(p0: pa, c1: pa + unit, c2: pa + unit * 2, p3: pa + unit * 3)
        }
        return LottieSpatialSegment(p0: pa, c1: pa + derivative(a) * d, c2: pb - derivative(b) * d, p3: pb)
    }
}
