// Whole numbers as animatable values (CAReplicatorLayer.instanceCount): boxed as numbers, so
// they interpolate as numbers; a number is read back rounded toward zero, as an NSInteger
// takes a CGFloat in key-value coding.

extension Int: AnimatableValueConvertible {
    public var animatableValue: AnimatableValue { .number(Double(self)) }
    public init?(animatableValue boxed: AnimatableValue) {
        guard let n = boxed.kpNumber, n.isFinite else { return nil }
        // Clamped inside Int's range before the conversion, which would trap outside it.
        self = Int(Swift.max(-9.0e18, Swift.min(9.0e18, n)).rounded(.towardZero))
    }
}
