// CAPropertyAnimation: the base of animations of one layer key path, with the additive,
// cumulative and value-function settings Core Animation documents.

/// An animation of one key path of a layer (CAPropertyAnimation).
open class CAPropertyAnimation: CAAnimation {
    /// The animated key path (`opacity`, `position.x`, `transform.rotation.z`, …).
    public var keyPath: String?
    /// The animated value is added to the render-tree value instead of replacing it.
    public var isAdditive = false
    /// Each repeat cycle starts where the previous one ended.
    public var isCumulative = false
    /// Turns the interpolated values into the transform written (CAPropertyAnimation
    /// .valueFunction): "An optional value function that is applied to interpolated values."
    /// The values are then the function's inputs (numbers), not matrices.
    public var valueFunction: CAValueFunction?

    public override init() { super.init() }
    /// `[CAPropertyAnimation animationWithKeyPath:]`.
    public init(keyPath: String?) { self.keyPath = keyPath; super.init() }

    open override func copy() -> CAAnimation {
        let c = CAPropertyAnimation(keyPath: keyPath)
        c.copyProperties(from: self)
        return c
    }
    /// Copies timing and the property-animation fields from `o`.
    public func copyProperties(from o: CAPropertyAnimation) {
        copyTiming(from: o)
        keyPath = o.keyPath; isAdditive = o.isAdditive; isCumulative = o.isCumulative
        valueFunction = o.valueFunction
    }

    /// What the animation's values mix with where Core Animation uses the render-tree value
    /// ("current"): that value, or with a value function the input that gives the identity
    /// (the value function's inputs are not the property's values).
    func interpolationBase(current: AnimatableValue) -> AnimatableValue {
        valueFunction?.identityInput ?? current
    }

    /// Writes `value` for the key path into `presentation`, adding it to the current
    /// render-tree value when additive.
    /// With a value function the value is first turned into its matrix (an input of the
    /// wrong shape writes nothing).
    func write(_ value: AnimatableValue, current: AnimatableValue, to presentation: CALayer) {
        guard let keyPath else { return }
        var v = value
        if let valueFunction {
            guard let m = valueFunction.transform(for: value) else { return }
            v = .transform(m)
        }
        presentation.setValue(isAdditive ? Interpolation.add(v, current) : v, forKeyPath: keyPath)
    }
}
