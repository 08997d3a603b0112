// Lottie's own reading of a property at a frame, straight from the file's numbers: the
// segment holding the frame, its easing bezier (0,0)-(o.x,o.y)-(i.x,i.y)-(1,1) read per
// dimension as the Core Animation timing function it is (CAMediaTimingFunction's solver), and for positions the point that eased
// fraction of the way along the segment's spatial bezier (p0, p0 + to, p1 + ti, p1), by
// length as lottie-ios reads it (or, for a motion path Core Animation follows, at that bezier
// parameter: `SpatialReading.parameter`). The importer samples
// with it where Core Animation's keyframes cannot carry the timing (time remapping, several
// animated inputs to one shape), and the tests compare the generated CAKeyframeAnimations
// against it.
import LayerKit
import Raster

enum LottieEasingCurve {
    /// y at x of the cubic bezier (0,0), (x1,y1), (x2,y2), (1,1): Lottie's easing is a Core
    /// Animation timing function ("a cubic Bézier curve from (0,0) to (1,1)"), so it is read
    /// by `CAMediaTimingFunction`'s solver (x1 and x2 clamped to [0, 1] as Core Animation
    /// clamps them, x to 1e-7).
    static func evaluate(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        CAMediaTimingFunction(controlPoints: x1, y1, x2, y2).evaluate(x)
    }
}

/// Where a position between two keyframes with spatial tangents lies on their bezier.
enum SpatialReading: Sendable {
    /// The eased fraction of the bezier's length (lottie-ios's reading of shape positions).
    case length
    /// The bezier at the eased fraction as its parameter (the importer's motion paths).
    case parameter
}

extension LottieProperty {
    /// The value at `frame` (Lottie's rule: before the first keyframe its value, after the
    /// last its value, a hold keyframe keeps its value until the next).
    func value(at frame: Double, reading: SpatialReading = .length) -> Value {
        let k = keyframes
        guard k.count > 1, frame > k[0].frame else { return k[0].value }
        guard frame < k[k.count - 1].frame else { return k[k.count - 1].value }
        var i = 0
        while i < k.count - 2 && frame >= k[i + 1].frame { i += 1 }
        let a = k[i], b = k[i + 1]
        if a.hold { return a.value }
        let span = b.frame - a.frame
        let u = span > 0 ? (frame - a.frame) / span : 1
        let eased = (0..<max(a.easing.dimensions, 1)).map { d -> Double in
            let (x1, y1, x2, y2) = a.easing.controlPoints(d)
            return LottieEasingCurve.evaluate(u, x1, y1, x2, y2)
        }
        if let pa = a.value as? [Double], let pb = b.value as? [Double], pa.count >= 2, pb.count >= 2,
           let to = a.spatialOut, let ti = a.spatialIn, to != Point(0, 0) || ti != Point(0, 0) {
            let p0 = Point(pa[0], pa[1]), p3 = Point(pb[0], pb[1])
            let segment = LottieSpatialSegment(p0: p0, c1: p0 + to, c2: p3 + ti, p3: p3)
            let p = reading == .length ? segment.point(atLengthFraction: eased[0]) : segment.point(eased[0])
            var out = [Double].mix(pa, pb, eased: eased)
            out[0] = p.x; out[1] = p.y
            return out as! Value
        }
        return Value.mix(a.value, b.value, eased: eased)
    }
}

/// The motion path of one position segment.
struct LottieSpatialSegment: Sendable {
    var p0: Point, c1: Point, c2: Point, p3: Point
    /// The point at bezier parameter `t`.
    func point(_ t: Double) -> Point {
        let u = 1 - t
        return p0 * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p3 * (t * t * t)
    }

    /// The point `fraction` of the way along the path by length, as lottie-ios reads a
    /// position between two keyframes: a segment whose four points lie on one line is
    /// interpolated straight from p0 to p3 (its control points do not change the pace);
    /// otherwise the point at `fraction` × the curve's length (here from 64 chords).
    func point(atLengthFraction fraction: Double) -> Point {
        if fraction <= 0 { return p0 }
        if fraction >= 1 { return p3 }
        func area(_ a: Point, _ b: Point, _ c: Point) -> Double {
            a.x * (b.y - c.y) + b.x * (c.y - a.y) + c.x * (a.y - b.y)
        }
        if abs(area(p0, c1, c2)) < 0.05 && abs(area(c1, c2, p3)) < 0.05 {
            return p0 + (p3 - p0) * fraction
        }
        let chords = 64
        var lengths = [0.0], previous = p0
        for i in 1...chords {
            let q = point(Double(i) / Double(chords))
            lengths.append(lengths[i - 1] + ((q.x - previous.x) * (q.x - previous.x) + (q.y - previous.y) * (q.y - previous.y)).squareRoot())
            previous = q
        }
        let target = fraction * lengths[chords]
        var i = 1
        while i < chords && lengths[i] < target { i += 1 }
        let span = lengths[i] - lengths[i - 1]
        let within = span > 0 ? (target - lengths[i - 1]) / span : 0
        return point((Double(i - 1) + within) / Double(chords))
    }
}
