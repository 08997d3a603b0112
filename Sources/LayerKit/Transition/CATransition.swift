// CATransition: the layer's old state, captured when the transition is added, turning into
// its new state with the transition type's effect over the animation's duration.

/// Core Animation's transition animation (CATransition): added to a layer, it shows the
/// layer's content and sublayers as they were before the changes of the current transaction
/// turning into how they are after them, with `type`'s effect over the animation's duration;
/// when it ends only the new state remains.
///
/// The old state is captured when the transition is added: the layer subtree's presentation
/// with the model changes made earlier in the same transaction undone (the changes made after
/// the add, in the same transaction, belong to the new state as in Core Animation). Each frame
/// the renderer draws the new subtree and composites both in place of the layer.
public final class CATransition: CAAnimation {
    /// The effect (kCATransitionFade … and the private types); fade by default.
    public var type: TransitionType = .fade
    /// The direction (nil: the type's default).
    public var subtype: TransitionSubtype?
    /// Where in the effect the animation starts and ends (0…1), as Core Animation's.
    public var startProgress = 0.0
    public var endProgress = 1.0
    /// Model values a document's transition sets on the layer when it is added (its `to`).
    public var toValues: [(String, AnimatableValue)] = []

    /// The old state, captured when the stored copy was added (nil on unadded transitions).
    var before: TransitionSnapshot?

    public override init() { super.init() }
    public convenience init(type: TransitionType, subtype: TransitionSubtype? = nil) {
        self.init(); self.type = type; self.subtype = subtype
    }

    public override func copy() -> CAAnimation {
        let c = CATransition()
        c.copyTiming(from: self)
        c.type = type; c.subtype = subtype
        c.startProgress = startProgress; c.endProgress = endProgress
        c.toValues = toValues
        c.before = before // a state captured explicitly with captureCurrentState(of:)
        return c
    }

    /// The effect this transition draws.
    public var effect: TransitionEffect { TransitionEffect(type: type, subtype: subtype) }

    /// The effect progress for a timing progress: startProgress…endProgress along the timed
    /// fraction (timing function applied), each clamped to 0…1.
    public func effectProgress(_ p: CAAnimationProgress) -> Double {
        let s = min(1, max(0, startProgress)), e = min(1, max(0, endProgress))
        return s + (e - s) * p.fraction
    }

    /// The effect progress at media time `mediaTime` on `layer` (its model), nil when the
    /// transition does not apply then (not begun with no backward fill, or finished and
    /// removed).
    func effectProgress(on layer: CALayer, atMediaTime mediaTime: Double) -> Double? {
        let local = layer.convertTime(mediaTime, from: nil)
        let t = (!engineCommitted && beginTime == 0) ? 0 : local
        guard let p = progress(atParentTime: t) else { return nil }
        if isRemovedOnCompletion && p.isFilling && elapsedActiveTime(atParentTime: t) >= 0 { return nil }
        return effectProgress(p)
    }

    /// Whether, at `mediaTime`, the transition has not begun yet (the old state still shows).
    func isBeforeStart(on layer: CALayer, atMediaTime mediaTime: Double) -> Bool {
        guard engineCommitted || beginTime != 0 else { return false }
        return elapsedActiveTime(atParentTime: layer.convertTime(mediaTime, from: nil)) < 0
    }
}
