// OWNER: anim helper (extends this class body freely; keep the names below).

/// Receives an animation's start and stop (CAAnimationDelegate).
public protocol CAAnimationDelegate: AnyObject {
    func animationDidStart(_ anim: CAAnimation)
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}
extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// Something a layer runs when a property changes (CAAction); animations are actions.
public protocol CAAction: AnyObject {
    func run(forKey event: String, object: CALayer)
}

/// The abstract base of all animations (CAAnimation). Animations are copied when added.
open class CAAnimation: CAMediaTiming, CAAction {
    public var beginTime = 0.0
    public var duration = 0.0
    public var speed = 1.0
    public var timeOffset = 0.0
    public var repeatCount = 0.0
    public var repeatDuration = 0.0
    public var autoreverses = false
    public var fillMode = CAMediaTimingFillMode.removed
    public var isRemovedOnCompletion = true
    /// Strong, as in Core Animation (the one delegate that is retained).
    public var delegate: CAAnimationDelegate?

    public init() {}
    /// A copy with the same settings (subclasses override and call super).
    open func copy() -> CAAnimation {
        let c = CAAnimation()
        c.copyTiming(from: self)
        return c
    }
    /// Copies the CAMediaTiming fields and the delegate from `o`.
    public func copyTiming(from o: CAAnimation) {
        beginTime = o.beginTime; duration = o.duration; speed = o.speed; timeOffset = o.timeOffset
        repeatCount = o.repeatCount; repeatDuration = o.repeatDuration; autoreverses = o.autoreverses
        fillMode = o.fillMode; isRemovedOnCompletion = o.isRemovedOnCompletion; delegate = o.delegate
    }
    open func run(forKey event: String, object: CALayer) { object.add(self, forKey: event) }
}
