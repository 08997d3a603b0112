// A position keyframe segment's motion path as After Effects moves a layer along it: by
// distance. After Effects' spatial interpolation keeps the speed graph (the temporal easing)
// apart from the path's shape, so the eased fraction of a segment is a share of its arc
// length, not the bezier's parameter (the Lottie specification's "Position: spatial bezier"
// and lottie-web's `bezierData`/`getBezierLength`, which walk the eased share of the
// segment's length over sampled points). Core Animation follows a keyframe path at each
// cubic's parameter, linearly in time with a linear timing function; so the segment is cut
// into pieces of the same curve, piece j running from the point at the eased length share
// at its start time to the one at its end time. The pieces end at every whole frame of the
// composition inside the segment (each frame's span cut in equal parts when the segment has
// fewer than 8, so that a short segment still follows the curve closely in between; a
// segment of more than 240 frames gets 240 equal pieces): at every frame the layer is exactly
// where After Effects puts it — also when the segment is 5 frames long or starts between
// frames (a 29.97 fps export's keyframe at 20.668) —, in between the piece's own parameter is
// within a frame's travel, and the tangent (auto-orient) is the curve's own.
import Raster

enum LottieMotionPath {
    /// The pieces of `segment` for a keyframe segment eased by `easing` from the root frame
    /// `start` to `end`, each with the share of the segment's time where it ends (the last 1).
    static func pieces(_ segment: LottieSpatialSegment, easing: LottieEasing,
                       from start: Double, to end: Double) -> [(piece: LottieSpatialSegment, endShare: Double)] {
        let shares = timeShares(from: start, to: end)
        let (x1, y1, x2, y2) = easing.controlPoints(0)
        let table = LengthTable(segment)
        let parameters = shares.map { u in
            table.parameter(atShare: min(max(LottieEasingCurve.evaluate(u, x1, y1, x2, y2), 0), 1))
        }
        var out: [(piece: LottieSpatialSegment, endShare: Double)] = []
        out.reserveCapacity(shares.count - 1)
        for j in 0..<(shares.count - 1) {
            out.append((segment.piece(from: parameters[j], to: parameters[j + 1]), shares[j + 1]))
        }
        return out
    }

    /// The shares of the segment's time (0 first, 1 last) where its pieces meet: each whole
    /// root frame strictly inside it, each span between them cut in k equal parts so that
    /// there are at least `minimumPieces`; more than `maximumPieces` whole frames give
    /// `maximumPieces` equal shares.
    static let minimumPieces = 8, maximumPieces = 240
    static func timeShares(from start: Double, to end: Double) -> [Double] {
        let length = end - start
        guard length > 0, length.isFinite else { return [0, 1] }
        var frames: [Double] = [start]
        let first = (start + 1e-6).rounded(.up), last = (end - 1e-6).rounded(.down)
        if last >= first {
            guard last - first + 2 <= Double(maximumPieces) else {
                return (0...maximumPieces).map { Double($0) / Double(maximumPieces) }
            }
            var f = first
            while f <= last { frames.append(f); f += 1 }
        }
        frames.append(end)
        let spans = frames.count - 1
        let k = max(1, (minimumPieces + spans - 1) / spans)
        var shares: [Double] = [0]
        shares.reserveCapacity(spans * k + 1)
        for i in 0..<spans {
            for j in 1...k {
                let f = frames[i] + (frames[i + 1] - frames[i]) * Double(j) / Double(k)
                shares.append(i == spans - 1 && j == k ? 1 : (f - start) / length)
            }
        }
        return shares
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
