// CAPropertyAnimation: the base of animations of one layer key path, with the additive,
// cumulative and value-function settings Core Animation documents.

/// An animation of one key path of a layer (CAPropertyAnimation).
open class CAPropertyAnimation: CAAnimation {
    // The settings skip the runtime's exclusivity check, as CAAnimation's timing does: every
    // frame's evaluation reads them, and they are only ever assigned whole.
    /// The animated key path (`opacity`, `position.x`, `transform.rotation.z`, …).
    @exclusivity(unchecked) public var keyPath: String? { didSet { resolved = nil } }
    /// The animated value is added to the render-tree value instead of replacing it.
    @exclusivity(unchecked) public var isAdditive = false
    /// Each repeat cycle starts where the previous one ended.
    @exclusivity(unchecked) public var isCumulative = false
    /// Turns the interpolated values into the transform written (CAPropertyAnimation
    /// .valueFunction): "An optional value function that is applied to interpolated values."
    /// The values are then the function's inputs (numbers), not matrices.
    @exclusivity(unchecked) public var valueFunction: CAValueFunction?

    /// `keyPath` read for the class of the layer last written (dropped when it changes).
    @exclusivity(unchecked) private var resolved: ResolvedKeyPath?

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

    /// The key path read for `layer`'s class: what `presentationValue(of:)` and `write`
    /// go through instead of reading the key path string every frame. nil without a key path.
    func resolvedKeyPath(for layer: CALayer) -> ResolvedKeyPath? {
        guard let keyPath else { return nil }
        if let r = resolved, r.layerClass == ObjectIdentifier(type(of: layer)) { return r }
        let r = ResolvedKeyPath(keyPath, for: layer)
        resolved = r
        return r
    }

    /// The value at the key path on `presentation` (`value(forKeyPath:)`); nil without one.
    func presentationValue(of presentation: CALayer) -> AnimatableValue? {
        resolvedKeyPath(for: presentation)?.value(of: presentation)
    }

    /// Writes `value` for the key path into `presentation`, adding it to the current
    /// render-tree value when additive.
    /// With a value function the value is first turned into its matrix (an input of the
    /// wrong shape writes nothing).
    func write(_ value: AnimatableValue, current: AnimatableValue, to presentation: CALayer) {
        guard let target = resolvedKeyPath(for: presentation) else { return }
        if let valueFunction {
            guard let m = valueFunction.transform(for: value) else { return }
            let v = AnimatableValue.transform(m)
            target.setValue(isAdditive ? Interpolation.add(v, current) : v, of: presentation)
        } else if isAdditive {
            target.setValue(Interpolation.add(value, current), of: presentation)
        } else {
            // Passed on as borrowed: no copy of the value (136 bytes) per frame.
            target.setValue(value, of: presentation)
        }
    }
}
