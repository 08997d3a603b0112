// Arrays as animatable values (Core Animation's NSArray-valued properties): a gradient's
// `colors` (CGColor elements) and `locations` (NSNumber elements, or nil for evenly spread
// stops). Both box into `AnimatableValue.list`, and interpolate element by element when
// both lists have the same length (Interpolation).

extension Array: AnimatableValueConvertible where Element == Color {
    public var animatableValue: AnimatableValue { .list(map { .color($0) }) }
    /// Only a list whose elements are all colours (a nil colour reads as clear).
    public init?(animatableValue boxed: AnimatableValue) {
        guard case .list(let xs) = boxed else { return nil }
        var out: [Color] = []
        out.reserveCapacity(xs.count)
        for x in xs {
            guard case .color(let c) = x else { return nil }
            out.append(c ?? .clear)
        }
        self = out
    }
}

extension Array: AnimatableOptionalWrapped where Element == Double {
    /// nil (evenly spread stops) boxes as the empty list.
    public static func box(_ value: [Double]?) -> AnimatableValue { .list((value ?? []).map { .number($0) }) }
    /// A list of numbers; the empty list is nil.
    public static func unbox(_ boxed: AnimatableValue) -> [Double]?? {
        guard case .list(let xs) = boxed else { return nil }
        if xs.isEmpty { return .some(nil) }
        var out: [Double] = []
        out.reserveCapacity(xs.count)
        for x in xs {
            guard let n = x.kpNumber else { return nil }
            out.append(n)
        }
        return .some(out)
    }
}
