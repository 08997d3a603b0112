
/// An animation of one key path of a layer (CAPropertyAnimation).
open class CAPropertyAnimation: CAAnimation {
    /// The animated key path (`opacity`, `position.x`, `transform.rotation.z`, …).
    public var keyPath: String?
    /// The animated value is added to the render-tree value instead of replacing it.
    public var isAdditive = false
    /// Each repeat cycle starts where the previous one ended.
    public var isCumulative = false

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
    }

    /// Writes `value` for the key path into `presentation`, adding it to the current
    /// render-tree value when additive.
    func write(_ value: AnimatableValue, current: AnimatableValue, to presentation: CALayer) {
        guard let keyPath else { return }
        presentation.setValue(isAdditive ? Interpolation.add(value, current) : value, forKeyPath: keyPath)
    }
}
