// CAKeyframeAnimation: values or a path placed by keyTimes and joined by the calculation
// mode (linear, discrete, paced, or a Kochanek–Bartels spline for cubic), eased per segment,
// with the rotation modes that turn a layer along its path.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How keyframe values are joined (kCAAnimationLinear …).
public enum CAAnimationCalculationMode: String, Sendable, CaseIterable {
    case linear, discrete, paced, cubic, cubicPaced
}
/// How a layer moving along a keyframe path is turned (kCAAnimationRotateAuto …).
public enum CAAnimationRotationMode: String, Sendable, CaseIterable {
    /// The layer's rotation follows the path's tangent.
    case auto
    /// The tangent plus 180°.
    case autoReverse
}

/// An animation through a list of values or along a path (CAKeyframeAnimation).
///
/// - `keyTimes` (0…1; one per value, for discrete one more than values) place the values in
///   the animation's eased time; without them the values are evenly spaced. Counts that do
///   not fit are read as `keyTimeReading(valueCount:)` describes.
/// - `timingFunctions` ease each segment (one fewer than values).
/// - paced and cubicPaced ignore keyTimes and timingFunctions and move at constant speed.
/// - cubic and cubicPaced pass a Kochanek–Bartels spline through the values, shaped by
///   `tensionValues`, `continuityValues`, `biasValues` (all 0: Catmull-Rom).
/// - `path` (for `position`) overrides values: each element after a move is one segment.
open class CAKeyframeAnimation: CAPropertyAnimation {
    // The settings and caches skip the runtime's exclusivity check (read by every frame's
    // evaluation, only ever assigned whole).
    @exclusivity(unchecked) public var values: [AnimatableValue]? {
        didSet { cachedPlainValues = nil; cachedHasConstantPlainSegment = nil }
    }
    @exclusivity(unchecked) public var path: Path? { didSet { cachedSampler = nil } }
    @exclusivity(unchecked) public var keyTimes: [Double]? { didSet { cachedKeyTimes = nil } }
    @exclusivity(unchecked) public var timingFunctions: [CAMediaTimingFunction]?
    @exclusivity(unchecked) public var calculationMode = CAAnimationCalculationMode.linear { didSet { cachedKeyTimes = nil } }
    @exclusivity(unchecked) public var tensionValues: [Double]?
    @exclusivity(unchecked) public var continuityValues: [Double]?
    @exclusivity(unchecked) public var biasValues: [Double]?
    @exclusivity(unchecked) public var rotationMode: CAAnimationRotationMode?

    // What every frame's evaluation would otherwise rebuild from the settings: the motion
    // path cut into segments with their arc lengths, and the key times read for a number of
    // values, and the values unboxed. Made on first use and dropped when `path`, `keyTimes`,
    // `calculationMode` or `values` change (an added animation is a copy nobody else holds,
    // so in practice never).
    /// The sampler of `path` (nil: not made yet; .some(nil): the path has no segment).
    @exclusivity(unchecked) private var cachedSampler: PathSampler??
    /// The key times `keyTimeReading(valueCount: count)` gives, for that count.
    @exclusivity(unchecked) private var cachedKeyTimes: (count: Int, keyTimes: [Double])?
    /// `values` unboxed (`KeyframePlainValues`; nil: not read yet).
    @exclusivity(unchecked) var cachedPlainValues: KeyframePlainValues?
    /// Whether two neighbouring unboxed values are equal (nil: not read yet).
    @exclusivity(unchecked) var cachedHasConstantPlainSegment: Bool?

    /// `path` cut into segments (cached, see above), measured (each segment's arc length)
    /// only for the paced modes: "kCAAnimationLinear … kCAAnimationCubic" place the path's
    /// segments by `keyTimes`, and only paced motion moves "at constant speed" along the path
    /// (CAAnimationCalculationMode), so only it reads lengths. Measuring is 64 samples a
    /// segment; a Lottie motion path in After Effects' reading has a segment a frame, and
    /// measuring it cost more than every later frame's evaluation.
    func pathSampler(_ path: Path) -> PathSampler? {
        let paced = calculationMode == .paced || calculationMode == .cubicPaced
        if let made = cachedSampler, !paced || made?.isMeasured != false { return made }
        var made = cachedSampler ?? PathSampler(path)
        if paced { made?.measure() }
        cachedSampler = .some(made)
        return made
    }

    open override func copy() -> CAAnimation {
        let c = CAKeyframeAnimation(keyPath: keyPath)
        c.copyProperties(from: self)
        c.values = values; c.path = path; c.keyTimes = keyTimes; c.timingFunctions = timingFunctions
        c.calculationMode = calculationMode; c.tensionValues = tensionValues
        c.continuityValues = continuityValues; c.biasValues = biasValues; c.rotationMode = rotationMode
        return c
    }

    open override func apply(_ progress: CAAnimationProgress, to presentation: CALayer) {
        guard keyPath != nil else { return }
        if let path, let sampler = pathSampler(path) {
            guard let current = presentationValue(of: presentation) else { return }
            var (p, tangent) = samplePath(sampler, progress.fraction)
            if isCumulative && progress.iteration > 0 {
                p = p + (sampler.points.last! - sampler.points.first!) * Double(progress.iteration)
            }
            write(.point(p), current: current, to: presentation)
            if let rotationMode, let t = presentation.value(forKeyPath: "transform"), case .transform(let m) = t {
                var angle = atan2(tangent.y, tangent.x)
                if rotationMode == .autoReverse { angle += .pi }
                presentation.setValue(.transform(CATransform3D.rotation(angle).concatenating(m)), forKeyPath: "transform")
            }
            return
        }
        // Most keyframes: replaced by the unboxed mix, nothing added (what the general route
        // below writes, without its copies of the optional value and of `values`), written
        // unboxed without a value function (what `write` writes, boxed).
        if !isAdditive, !(isCumulative && progress.iteration > 0), let v = plainLinearValue(at: progress.fraction) {
            if valueFunction == nil {
                resolvedKeyPath(for: presentation)?.setPlainValue(v, of: presentation)
            } else {
                let boxed = v.boxed
                write(boxed, current: boxed, to: presentation)
            }
            return
        }
        // The value on screen matters only to an additive animation; otherwise the write
        // replaces it (and fails, writing nothing, for a key path the layer lacks, exactly
        // where reading it gives nil).
        let current = isAdditive ? presentationValue(of: presentation) : nil
        guard let vals = values, !vals.isEmpty, !isAdditive || current != nil else { return }
        var v = plainLinearValue(at: progress.fraction)?.boxed ?? value(at: progress.fraction, values: vals)
        if isCumulative && progress.iteration > 0 && vals.count > 1 {
            v = Interpolation.add(Interpolation.scale(Interpolation.subtract(vals[vals.count - 1], vals[0]),
                                                      progress.iteration), v)
        }
        // (Not `current ?? v`, which would copy the value: only an additive write reads it.)
        if let current { write(v, current: current, to: presentation) } else { write(v, current: v, to: presentation) }
    }

    /// Finds the segment of `times` holding `f`: (index, local 0…1). Zero-length segments
    /// are skipped; before the first time → (0, 0); at or after the last → (last, 1).
    /// `rising`: the times are finite and never fall (`effectiveKeyTimes`: `read` takes no
    /// others), so the first time above `f` is found by bisection — the segment the scan from
    /// the start finds, in log₂ n steps (a Lottie file's keyframes run to hundreds of key
    /// times, searched every frame). Paced times, which an infinite length can make NaN, are scanned.
    static func segment(_ f: Double, _ times: [Double], rising: Bool = false) -> (Int, Double) {
        let n = times.count
        if n < 2 || f <= times[0] { return (0, 0) }
        if f >= times[n - 1] { return (n - 2, 1) }
        var i = 0
        if rising {
            // `f >= times[j]` holds for j = 0 and fails for j = n − 1 (for a NaN `f` it
            // fails everywhere, as in the scan): the first j where it fails is the scan's i + 1.
            var lo = 1, hi = n - 1
            while lo < hi {
                let mid = (lo + hi) >> 1
                if f >= times[mid] { lo = mid + 1 } else { hi = mid }
            }
            i = lo - 1
        } else {
            while i < n - 2 && f >= times[i + 1] { i += 1 }
        }
        let span = times[i + 1] - times[i]
        return (i, span > 0 ? (f - times[i]) / span : 1)
    }
    /// The key times used for `count` values in linear and cubic modes (see keyTimeReading).
    func effectiveKeyTimes(count: Int) -> [Double] {
        if let c = cachedKeyTimes, c.count == count { return c.keyTimes }
        let times = keyTimeReading(valueCount: count).keyTimes
        cachedKeyTimes = (count, times)
        return times
    }
    /// The index of the value a discrete animation of `n` values shows at fraction `f`:
    /// "Each value / keyTime pair represents the value from the specified time until the next
    /// keyframe" (kCAAnimationDiscrete); before the first key time the first value, from the
    /// last value's key time to the end the last.
    func discreteValueIndex(at f: Double, count n: Int) -> Int {
        let times = effectiveKeyTimes(count: n)
        var idx = 0
        for i in 0..<min(n, times.count) where f >= times[i] { idx = i }
        return min(idx, n - 1)
    }
    /// Per-segment easing (linear and cubic modes only).
    func eased(_ u: Double, segment i: Int) -> Double {
        guard let tf = timingFunctions, !tf.isEmpty else { return u }
        return tf[min(i, tf.count - 1)].evaluate(u)
    }

    /// The value at eased animation fraction `f`.
    public func value(at f: Double, values vals: [AnimatableValue]) -> AnimatableValue {
        let n = vals.count
        if n == 1 { return vals[0] }
        switch calculationMode {
        case .discrete:
            return vals[discreteValueIndex(at: f, count: n)]
        case .linear:
            let (i, u) = Self.segment(f, effectiveKeyTimes(count: n), rising: true)
            return Interpolation.lerp(vals[i], vals[i + 1], eased(u, segment: i))
        case .paced:
            let (i, u) = Self.segment(f, pacedTimes(vals.indices.dropFirst().map { Interpolation.distance(vals[$0 - 1], vals[$0]) }))
            return Interpolation.lerp(vals[i], vals[i + 1], u)
        case .cubic, .cubicPaced:
            guard vals.allSatisfy({ Interpolation.compatible($0, vals[0]) }),
                  let vecs = Optional(vals.compactMap(Interpolation.vector)), vecs.count == n else {
                let (i, u) = Self.segment(f, effectiveKeyTimes(count: n), rising: true)
                return Interpolation.lerp(vals[i], vals[i + 1], u)
            }
            let spline = KochanekBartels(points: vecs, tension: tensionValues, continuity: continuityValues, bias: biasValues)
            if calculationMode == .cubic {
                let (i, u) = Self.segment(f, effectiveKeyTimes(count: n), rising: true)
                return Interpolation.value(spline.point(segment: i, u: eased(u, segment: i)), like: vals[0])
            }
            let lengths = (0..<(n - 1)).map { spline.length(segment: $0) }
            let (i, u) = Self.segment(f, pacedTimes(lengths))
            return Interpolation.value(spline.point(segment: i, u: spline.parameter(segment: i, lengthFraction: u)), like: vals[0])
        }
    }

    /// Key times proportional to cumulative segment lengths (all zero: even spacing).
    func pacedTimes(_ lengths: [Double]) -> [Double] {
        let total = lengths.reduce(0, +)
        var times = [0.0]
        var acc = 0.0
        for (i, l) in lengths.enumerated() {
            acc += total > 0 ? l / total : 1 / Double(lengths.count)
            times.append(i == lengths.count - 1 ? 1 : acc)
        }
        return times
    }

    /// Position and tangent along the path at fraction `f`, by calculation mode.
    func samplePath(_ s: PathSampler, _ f: Double) -> (Point, Point) {
        let n = s.segments.count
        switch calculationMode {
        case .paced, .cubicPaced:
            var m = s
            m.measure()   // measured already when it came from `pathSampler` (a no-op then)
            return m.atLength(f * m.totalLength)
        case .discrete:
            let times = keyTimes.flatMap { $0.count == n + 1 ? $0 : nil } ?? (0...n).map { Double($0) / Double(n) }
            var idx = 0
            for i in 0...n where f >= times[i] { idx = i }
            let k = min(idx, n)
            let seg = s.segments[min(k, n - 1)]
            return (k == n ? seg.point(1) : seg.point(0), seg.tangent(k == n ? 1 : 0))
        case .linear, .cubic:
            let (i, u) = Self.segment(f, effectiveKeyTimes(count: n + 1), rising: true)
            let e = eased(u, segment: i)
            return (s.segments[i].point(e), s.segments[i].tangent(e))
        }
    }
}

/// A Kochanek–Bartels (TCB) spline through vectors, one Hermite segment per pair of points;
/// the ends repeat their point, so the end tangents are half the first and last chords.
struct KochanekBartels {
    let points: [[Double]]
    var outgoing: [[Double]] = []
    var incoming: [[Double]] = []

    init(points: [[Double]], tension: [Double]?, continuity: [Double]?, bias: [Double]?) {
        self.points = points
        let n = points.count
        for i in 0..<n {
            let p = points[i], prev = points[max(i - 1, 0)], next = points[min(i + 1, n - 1)]
            let t = tension.flatMap { i < $0.count ? $0[i] : nil } ?? 0
            let c = continuity.flatMap { i < $0.count ? $0[i] : nil } ?? 0
            let b = bias.flatMap { i < $0.count ? $0[i] : nil } ?? 0
            let d0 = zip(p, prev).map { $0 - $1 }, d1 = zip(next, p).map { $0 - $1 }
            let oa = (1 - t) * (1 + b) * (1 + c) / 2, ob = (1 - t) * (1 - b) * (1 - c) / 2
            let ia = (1 - t) * (1 + b) * (1 - c) / 2, ib = (1 - t) * (1 - b) * (1 + c) / 2
            outgoing.append(zip(d0, d1).map { oa * $0 + ob * $1 })
            incoming.append(zip(d0, d1).map { ia * $0 + ib * $1 })
        }
    }
    /// The point on segment i (from point i to i+1) at parameter u.
    func point(segment i: Int, u: Double) -> [Double] {
        let u2 = u * u, u3 = u2 * u
        let h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u, h01 = -2 * u3 + 3 * u2, h11 = u3 - u2
        let p0 = points[i], p1 = points[i + 1], m0 = outgoing[i], m1 = incoming[i + 1]
        return p0.indices.map { h00 * p0[$0] + h10 * m0[$0] + h01 * p1[$0] + h11 * m1[$0] }
    }
    static let samples = 64
    private func dist(_ a: [Double], _ b: [Double]) -> Double {
        zip(a, b).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
    }
    /// Arc length of segment i (polyline of 64 samples).
    func length(segment i: Int) -> Double {
        var l = 0.0, prev = point(segment: i, u: 0)
        for k in 1...Self.samples {
            let p = point(segment: i, u: Double(k) / Double(Self.samples)); l += dist(prev, p); prev = p
        }
        return l
    }
    /// The parameter at which `lengthFraction` of segment i's length has been covered.
    func parameter(segment i: Int, lengthFraction f: Double) -> Double {
        let total = length(segment: i)
        guard total > 0 else { return f }
        let target = f * total
        var l = 0.0, prev = point(segment: i, u: 0)
        for k in 1...Self.samples {
            let p = point(segment: i, u: Double(k) / Double(Self.samples))
            let d = dist(prev, p)
            if l + d >= target { return (Double(k - 1) + (d > 0 ? (target - l) / d : 0)) / Double(Self.samples) }
            l += d; prev = p
        }
        return 1
    }
}

/// A path cut into keyframe segments (every element after a move; close is a line back),
/// with arc lengths for paced motion.
struct PathSampler {
    struct Segment {
        var p0: Point, c1: Point, c2: Point, p3: Point
        func point(_ t: Double) -> Point {
            let u = 1 - t
            return p0 * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p3 * (t * t * t)
        }
        func tangent(_ t: Double) -> Point {
            let u = 1 - t
            var d = (c1 - p0) * (3 * u * u) + (c2 - c1) * (6 * u * t) + (p3 - c2) * (3 * t * t)
            if d.length < 1e-12 { d = p3 - p0 }
            return d
        }
        var length: Double {
            var l = 0.0, prev = p0
            for k in 1...64 { let p = point(Double(k) / 64); l += (p - prev).length; prev = p }
            return l
        }
    }
    var segments: [Segment] = []
    /// Each segment's arc length, once `measure()` has run (paced modes only); empty before.
    private(set) var lengths: [Double] = []
    /// The sum of `lengths`.
    private(set) var totalLength = 0.0
    var points: [Point] = []
    /// Whether `lengths` holds every segment's length.
    var isMeasured: Bool { lengths.count == segments.count }

    /// Measures every segment (a polyline of 64 samples each), for `atLength`.
    mutating func measure() {
        guard !isMeasured else { return }
        lengths = segments.map(\.length)
        totalLength = lengths.reduce(0, +)
    }

    init?(_ path: Path) {
        var cur: Point?, start: Point?
        for e in path.elements {
            switch e {
            case .move(let p): cur = p; start = p; if points.isEmpty { points.append(p) }
            case .line(let p):
                if let c = cur { segments.append(Segment(p0: c, c1: c + (p - c) / 3, c2: c + (p - c) * (2.0 / 3), p3: p)) }
                cur = p
            case .quad(let q, let p):
                if let c = cur { segments.append(Segment(p0: c, c1: c + (q - c) * (2.0 / 3), c2: p + (q - p) * (2.0 / 3), p3: p)) }
                cur = p
            case .cubic(let a, let b, let p):
                if let c = cur { segments.append(Segment(p0: c, c1: a, c2: b, p3: p)) }
                cur = p
            case .close:
                if let c = cur, let s = start {
                    segments.append(Segment(p0: c, c1: c + (s - c) / 3, c2: c + (s - c) * (2.0 / 3), p3: s))
                }
                cur = start
            }
            if case .move = e {} else if let c = cur { points.append(c) }
        }
        guard !segments.isEmpty else { return nil }
    }

    /// Position and tangent after travelling `d` along the path (uniform speed within each
    /// segment by inverting its sampled arc length), on a measured sampler (`measure()`).
    func atLength(_ d: Double) -> (Point, Point) {
        var rest = max(0, d)
        for (i, s) in segments.enumerated() {
            if rest <= lengths[i] || i == segments.count - 1 {
                let target = min(rest, lengths[i])
                var l = 0.0, prev = s.p0
                for k in 1...64 {
                    let t = Double(k) / 64
                    let p = s.point(t), step = (p - prev).length
                    if l + step >= target {
                        let tt = (Double(k - 1) + (step > 0 ? (target - l) / step : 0)) / 64
                        return (s.point(tt), s.tangent(tt))
                    }
                    l += step; prev = p
                }
                return (s.point(1), s.tangent(1))
            }
            rest -= lengths[i]
        }
        let s = segments[segments.count - 1]
        return (s.point(1), s.tangent(1))
    }
}
