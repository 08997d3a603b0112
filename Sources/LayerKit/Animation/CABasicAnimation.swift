// CABasicAnimation: an animation between two values, chosen from fromValue / toValue /
// byValue by Core Animation's documented table.

/// A single-keyframe animation between two values (CABasicAnimation). Which values it
/// interpolates between follows Core Animation's table for fromValue / toValue / byValue,
/// where "current" is the render-tree value of the key path at that instant: the model value
/// with the animations earlier in the layer's stack applied (zero when additive).
open class CABasicAnimation: CAPropertyAnimation {
    public var fromValue: AnimatableValue?
    public var toValue: AnimatableValue?
    public var byValue: AnimatableValue?

    open override func copy() -> CAAnimation {
        let c = CABasicAnimation(keyPath: keyPath)
        c.copyBasic(from: self)
        return c
    }
    /// Copies everything a basic animation has from `o`.
    public func copyBasic(from o: CABasicAnimation) {
        copyProperties(from: o)
        fromValue = o.fromValue; toValue = o.toValue; byValue = o.byValue
    }

    /// The (start, end) pair for the current render-tree value `current`:
    /// from+to, from+by (from → from+by), by+to (to−by → to), from only (from → current),
    /// to only (current → to), by only (current → current+by). None set: previous → current,
    /// where `add(_:forKey:)` fills fromValue with the on-screen value the key path had before
    /// it changed in the same transaction (without such a change: current → current).
    public func endpoints(current: AnimatableValue) -> (AnimatableValue, AnimatableValue) {
        let cur = isAdditive ? Interpolation.zero(like: current) : current
        switch (fromValue, toValue, byValue) {
        case let (f?, t?, _): return (f, t)
        case let (f?, nil, b?): return (f, Interpolation.add(b, f))
        case let (nil, t?, b?): return (Interpolation.subtract(t, b), t)
        case let (f?, nil, nil): return (f, cur)
        case let (nil, t?, nil): return (cur, t)
        case let (nil, nil, b?): return (cur, Interpolation.add(b, cur))
        case (nil, nil, nil): return (cur, cur)
        }
    }

    /// The value at eased fraction `f`; the spring overrides how `f` is obtained.
    func value(fraction f: Double, iteration: Int, current: AnimatableValue) -> AnimatableValue {
        let (a, b) = endpoints(current: current)
        var v = Interpolation.lerp(a, b, f)
        if isCumulative && iteration > 0 {
            v = Interpolation.add(Interpolation.scale(Interpolation.subtract(b, a), iteration), v)
        }
        return v
    }

    open override func apply(_ progress: CAAnimationProgress, to presentation: CALayer) {
        guard let keyPath, let current = presentationValue(of: presentation) else { return }
        if keyPath == CALayer.contents.key, valueFunction == nil, !isAdditive,
           ContentsCrossfade.apply(endpoints(current: current), fraction: progress.fraction, to: presentation) {
            return
        }
        write(value(fraction: progress.fraction, iteration: progress.iteration,
                    current: interpolationBase(current: current)),
              current: current, to: presentation)
    }
}
