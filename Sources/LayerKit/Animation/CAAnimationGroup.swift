// CAAnimationGroup: child animations run in the group's local time, applied in order, as
// Core Animation's timing model nests them.

/// Several animations run together (CAAnimationGroup): each child's beginTime is relative to
/// the group, children see the group's basic local time (after its repeats, autoreverses and
/// timing function), so the group's duration clips them. Children are applied in order, so a
/// later child on the same key path overrides an earlier one unless it is additive.
/// A group's duration of 0 is Core Animation's default 0.25, not its children's extent.
open class CAAnimationGroup: CAAnimation {
    public var animations: [CAAnimation]?

    open override func copy() -> CAAnimation {
        let c = CAAnimationGroup()
        c.copyTiming(from: self)
        c.animations = animations?.map { $0.copy() }
        return c
    }

    open override func apply(_ progress: CAAnimationProgress, to presentation: CALayer) {
        // The group's timing function warps the time its children see.
        let t = progress.duration * progress.fraction
        for child in animations ?? [] {
            child.apply(atParentTime: t, to: presentation, isTopLevel: false)
        }
    }
}
