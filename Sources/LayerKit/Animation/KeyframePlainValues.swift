// A keyframe animation's values taken out of their `AnimatableValue` boxes once, when they
// are all numbers, all points or all colours (what most keyframes carry), so that each
// frame's linear step mixes two plain values instead of copying two boxed ones and matching
// them as a pair. The mix is `Interpolation.lerp`'s for those kinds, `x + (y − x)·t` per
// component (a nil colour mixed as clear), so the value written is the same bit for bit.

/// `CAKeyframeAnimation.values` unboxed, when all of one plain kind.
enum KeyframePlainValues {
    case numbers([Double])
    case points([Point])
    /// Colours, nil ones as clear (what `Interpolation.lerp` mixes them as).
    case colors([Color])
    /// Mixed kinds or another kind: each frame goes through `Interpolation.lerp`.
    case boxed

    init(_ values: [AnimatableValue]) {
        guard let first = values.first else { self = .boxed; return }
        switch first {
        case .number:
            var out: [Double] = []
            out.reserveCapacity(values.count)
            for v in values { guard case .number(let x) = v else { self = .boxed; return }; out.append(x) }
            self = .numbers(out)
        case .point:
            var out: [Point] = []
            out.reserveCapacity(values.count)
            for v in values { guard case .point(let p) = v else { self = .boxed; return }; out.append(p) }
            self = .points(out)
        case .color:
            var out: [Color] = []
            out.reserveCapacity(values.count)
            for v in values { guard case .color(let c) = v else { self = .boxed; return }; out.append(c ?? .clear) }
            self = .colors(out)
        default:
            self = .boxed
        }
    }

    /// Whether values `i` and `i + 1` are equal (and not NaN): their mix is then value `i`
    /// bit for bit at every `t` (`x + (y − x)·t` with y − x = 0, a −0 becoming +0 alike).
    @inline(__always)
    func segmentIsConstant(_ i: Int) -> Bool {
        switch self {
        case .numbers(let v): return v[i] == v[i + 1]
        case .points(let v): return v[i] == v[i + 1]
        case .colors(let v): return v[i] == v[i + 1]
        case .boxed: return false
        }
    }

    /// The values `i` and `i + 1` mixed at `t`, as `Interpolation.lerp` mixes them; nil for
    /// `.boxed`. `i + 1` is a valid index (the caller's segment of at least two values).
    @inline(__always)
    func mix(_ i: Int, _ t: Double) -> KeyframePlainValue? {
        @inline(__always) func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
        switch self {
        case .numbers(let v):
            return .number(mix(v[i], v[i + 1]))
        case .points(let v):
            let p = v[i], q = v[i + 1]
            return .point(Point(mix(p.x, q.x), mix(p.y, q.y)))
        case .colors(let v):
            let c = v[i], d = v[i + 1]
            return .color(Color(mix(c.r, d.r), mix(c.g, d.g), mix(c.b, d.b), mix(c.a, d.a)))
        case .boxed:
            return nil
        }
    }
}

/// One value of `KeyframePlainValues`, unboxed: what a frame's linear step writes, straight
/// into a property of its type (`AnyLayerProperty.plainWrite`) or boxed (`boxed`).
enum KeyframePlainValue: Equatable {
    case number(Double)
    case point(Point)
    case color(Color)

    /// The value as `AnimatableValue` boxes it.
    var boxed: AnimatableValue {
        switch self {
        case .number(let x): .number(x)
        case .point(let p): .point(p)
        case .color(let c): .color(c)
        }
    }
}

extension CAKeyframeAnimation {
    /// The value of a linear animation at eased fraction `f`, from its unboxed `values`:
    /// what `value(at: f, values: values!)` gives; nil in another calculation mode, with
    /// fewer than two values, or values that are not all of one plain kind.
    func plainLinearValue(at f: Double) -> KeyframePlainValue? {
        guard calculationMode == .linear, let n = values?.count, n > 1 else { return nil }
        // Read in place (a copy of the kept values would retain and release their array).
        if cachedPlainValues == nil { cachedPlainValues = KeyframePlainValues(values!) }
        if case .boxed? = cachedPlainValues { return nil }
        let (i, u) = Self.segment(f, effectiveKeyTimes(count: n), rising: true)
        return cachedPlainValues!.mix(i, eased(u, segment: i))
    }

    /// The segment holding eased fraction `f` when the value is the same all along it (its
    /// two values equal: a Lottie hold), as `plainLinearValue` computes it; nil otherwise, or
    /// when that value is not computed from the segment alone (a cumulative repeat).
    func constantPlainSegment(at f: Double) -> Int? {
        guard calculationMode == .linear, !isCumulative, let n = values?.count, n > 1 else { return nil }
        if cachedPlainValues == nil { cachedPlainValues = KeyframePlainValues(values!) }
        if cachedHasConstantPlainSegment == nil {
            cachedHasConstantPlainSegment = (0..<(n - 1)).contains { cachedPlainValues!.segmentIsConstant($0) }
        }
        guard cachedHasConstantPlainSegment! else { return nil }
        let (i, _) = Self.segment(f, effectiveKeyTimes(count: n), rising: true)
        return cachedPlainValues!.segmentIsConstant(i) ? i : nil
    }
}
