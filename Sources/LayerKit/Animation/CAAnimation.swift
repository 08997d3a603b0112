// The base of Core Animation's animations (CAAnimation), with the CAAnimationDelegate and
// CAAction protocols: the timing an animation carries, its copy on add, and the hook that
// writes its values into the presentation layer.

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
///
/// Subclasses (CATransition, …) override `basicDuration` when their default duration is not
/// 0.25, `copy()` (calling `copyTiming(from:)` or their superclass's copy logic), and
/// `apply(_:to:)`, which writes the animation's values for one progress into the
/// presentation layer.
open class CAAnimation: CAMediaTiming, CAAction {
    // The timing values skip the runtime's exclusivity check: plain values that the
    // presentation reads for every animation of every frame (a checked access is a call).
    @exclusivity(unchecked) public var beginTime = 0.0
    @exclusivity(unchecked) public var duration = 0.0
    @exclusivity(unchecked) public var speed = 1.0
    @exclusivity(unchecked) public var timeOffset = 0.0
    @exclusivity(unchecked) public var repeatCount = 0.0
    @exclusivity(unchecked) public var repeatDuration = 0.0
    @exclusivity(unchecked) public var autoreverses = false
    @exclusivity(unchecked) public var fillMode = CAMediaTimingFillMode.removed
    @exclusivity(unchecked) public var isRemovedOnCompletion = true
    /// The pacing of the animation (nil is linear).
    @exclusivity(unchecked) public var timingFunction: CAMediaTimingFunction?
    /// Strong, as in Core Animation (the one delegate that is retained).
    public var delegate: CAAnimationDelegate?

    // Engine state of an added copy (never copied).
    /// (Weak, through the layer's token: `WeakLayerReference`.)
    var engineLayer: CALayer? {
        get { engineLayerReference.layer }
        set { engineLayerReference = WeakLayerReference(newValue) }
    }
    private var engineLayerReference = WeakLayerReference(nil)
    var engineKey = ""
    var engineCommitted = false
    var engineDidStart = false
    var engineDidStop = false
    var engineTrackers: [CATransactionTracker] = []
    /// Whether this copy is in its layer's `animationStore` (so the engine need not search
    /// the store for it every frame).
    var isInLayerStore = false
    /// The options of the view-style block that made this animation (nil for others).
    var viewAnimationOptions: ViewAnimationOptions?

    public init() { CAAnimation.liveAnimations.created() }
    deinit { CAAnimation.liveAnimations.destroyed() }
    /// The animations alive in the process (`LiveObjectCounts`).
    static let liveAnimations = LiveObjectCounter()
    /// A copy with the same settings (subclasses override and call super).
    open func copy() -> CAAnimation {
        let c = CAAnimation()
        c.copyTiming(from: self)
        return c
    }
    /// Copies the CAMediaTiming fields, the timing function and the delegate from `o`.
    public func copyTiming(from o: CAAnimation) {
        beginTime = o.beginTime; duration = o.duration; speed = o.speed; timeOffset = o.timeOffset
        repeatCount = o.repeatCount; repeatDuration = o.repeatDuration; autoreverses = o.autoreverses
        fillMode = o.fillMode; isRemovedOnCompletion = o.isRemovedOnCompletion; delegate = o.delegate
        timingFunction = o.timingFunction
        viewAnimationOptions = o.viewAnimationOptions
    }
    open func run(forKey event: String, object: CALayer) { object.add(self, forKey: event) }

    /// The basic duration used for timing: `duration`, or Core Animation's 0.25 when 0.
    open var basicDuration: Double { duration > 0 ? duration : 0.25 }
    /// The active duration in the animation's own time (repeats and autoreverses included).
    public var activeDuration: Double {
        CAMediaTimingMath.activeDuration(duration: basicDuration, repeatCount: repeatCount,
                                         repeatDuration: repeatDuration, autoreverses: autoreverses)
    }
    /// Where the animation is at `parentTime` (its layer's local time, or its group's), nil
    /// when it does not apply then.
    public func progress(atParentTime parentTime: Double) -> CAAnimationProgress? {
        CAMediaTimingMath.progress(parentTime: parentTime, beginTime: beginTime, speed: speed,
                                   timeOffset: timeOffset, duration: basicDuration,
                                   repeatCount: repeatCount, repeatDuration: repeatDuration,
                                   autoreverses: autoreverses, fillMode: fillMode,
                                   timingFunction: timingFunction)
    }
    /// The parent time at which the active interval ends (infinite for endless repeats, and
    /// for speed 0, whose clock never advances). A negative speed runs the same interval
    /// backwards, so it ends at the same |speed|-scaled time.
    public var endTime: Double {
        let a = activeDuration
        guard a.isFinite else { return .infinity }
        return speed != 0 ? beginTime + a / abs(speed) : .infinity
    }
    /// How far the animation is into its active interval at `parentTime`, in its own time
    /// (negative before it begins); the direction of a negative speed does not change it.
    func elapsedActiveTime(atParentTime parentTime: Double) -> Double {
        (parentTime - beginTime) * abs(speed)
    }

    /// Writes the animation's value at `progress` into `presentation` (the base does nothing).
    open func apply(_ progress: CAAnimationProgress, to presentation: CALayer) {}

    /// Evaluates at `parentTime` and applies. `isTopLevel` makes a finished, removed-on-
    /// completion animation stop applying at its end even before the engine removes it, so
    /// that sampling at any time agrees with a frame-by-frame run.
    public func apply(atParentTime parentTime: Double, to presentation: CALayer, isTopLevel: Bool) {
        guard let p = progress(atParentTime: parentTime) else { return }
        if isTopLevel && isRemovedOnCompletion && p.isFilling && elapsedActiveTime(atParentTime: parentTime) >= 0 {
            return
        }
        apply(p, to: presentation)
    }
}
