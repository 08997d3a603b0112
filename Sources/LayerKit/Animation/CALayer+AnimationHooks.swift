// Where the layer model meets the animation engine (implicit actions, adding an animation),
// plus the animation lifecycle and layer-time API of CALayer.
extension CALayer {
    /// Called by every animatable property's setter after the model value changed: the place
    /// where implicit animations (actions) start. A layer with a superlayer runs the action
    /// `action(forKey:)` finds for the key (by default a CABasicAnimation from the value on
    /// screen over the transaction's duration, added under the key), unless actions are
    /// disabled. Inside a view-style animation block the change is recorded for that block
    /// instead. Hiding or showing a layer in a visible tree also runs `onOrderOut` /
    /// `onOrderIn`.
    func propertyDidChange(_ key: String, from oldValue: AnimatableValue) {
        let context = CAAnimationContext.current
        guard context.applyingDepth == 0 else { return }
        context.engine.recordPrevious(self, key: key, value: oldValue)
        // Old states for CATransition. A detached layer made in this very transaction has no
        // committed state to go back to (a document's layers, set up before they join the
        // tree): journaling each of its settings would only fill the journal.
        if superlayer != nil || context.commitCount > creationCommit {
            CATransitionJournal.record(self, key: key, old: oldValue)
        }
        if let capture = ViewAnimationCapture.current {
            capture.record(self, key: key, old: oldValue)
            return
        }
        // A layer not yet committed has no value in the render tree to animate from: "If
        // fromValue is nil … interpolates between the layer's current value of the property in
        // the render tree and toValue" (CABasicAnimation) — its first committed value is the
        // new one, so setting up a layer before its first commit animates nothing.
        guard superlayer != nil, !CATransaction.disableActions() else { return }
        if context.commitCount > creationCommit {
            action(forKey: key, changedFrom: oldValue)?.run(forKey: key, object: self)
        }
        if key == CALayer.isHidden.key { hiddenDidChange() }
    }

    /// Hook of `add(_:forKey:)`: the stored copy joins the engine and the open transactions.
    /// A duration of 0 or less becomes the transaction's: "If the `duration' property of the
    /// animation is zero or negative it is given the default duration, either the value of the
    /// 'animationDuration' transaction property or .25 seconds otherwise." (CALayer.h,
    /// addAnimation:forKey:)
    func animationWasAdded(_ anim: CAAnimation, forKey key: String, replacing old: [CAAnimation]) {
        if anim.duration <= 0 { anim.duration = CATransaction.animationDuration() }
        (anim as? CATransition)?.captureBefore(on: self) // the old state, before the engine sees it
        CAAnimationEngine.current.added(anim, to: self, key: key, replacing: old)
    }

    // MARK: Lifecycle

    /// The animation added under `key` (animationForKey:).
    public func animation(forKey key: String) -> CAAnimation? {
        animationStore.last { $0.key == key }?.animation
    }
    /// The keys of the attached animations in the order added; nil when there are none.
    public func animationKeys() -> [String]? {
        animationStore.isEmpty ? nil : animationStore.map(\.key)
    }
    /// Removes the animation under `key`; its delegate gets didStop(finished: false).
    public func removeAnimation(forKey key: String) {
        let gone = animationStore.filter { $0.key == key }
        animationStore.removeAll { $0.key == key }
        animationStoreKeys.remove(key)
        for g in gone { g.animation.isInLayerStore = false }
        for g in gone { CAAnimationEngine.current.removed(g.animation) }
    }
    /// Removes every animation; delegates get didStop(finished: false).
    public func removeAllAnimations() {
        let gone = animationStore
        animationStore.removeAll()
        animationStoreKeys.removeAll()
        for g in gone { g.animation.isInLayerStore = false }
        for g in gone { CAAnimationEngine.current.removed(g.animation) }
    }

    // MARK: Layer time

    /// This layer's local time for media (absolute) time `t`: through every superlayer,
    /// local = (parent − beginTime) × speed + timeOffset.
    /// A layer with a duration (> 0) also repeats / autoreverses its local time like an
    /// animation (held at its ends outside its active interval); with duration 0 (the
    /// default) a layer's time runs unbounded.
    public func localTime(fromMediaTime t: Double) -> Double {
        localTime(fromParentTime: superlayer?.localTime(fromMediaTime: t) ?? t)
    }
    /// This layer's local time when its superlayer's local time (media time without a
    /// superlayer) is `parent`: one step of `localTime(fromMediaTime:)`, for walks down the
    /// tree that know the parent's time already.
    func localTime(fromParentTime parent: Double) -> Double {
        guard duration > 0 else { return (parent - beginTime) * speed + timeOffset }
        let p = CAMediaTimingMath.progress(parentTime: parent, beginTime: beginTime, speed: speed,
                                           timeOffset: timeOffset, duration: duration, repeatCount: repeatCount,
                                           repeatDuration: repeatDuration, autoreverses: autoreverses,
                                           fillMode: .both, timingFunction: nil)
        return p?.time ?? 0
    }
    /// The media time at which this layer's clock reads `local` (speed 0: its superlayer's
    /// beginTime instant, since a stopped clock reads the same at every time).
    public func mediaTime(fromLocal local: Double) -> Double {
        let parent = speed != 0 ? (local - timeOffset) / speed + beginTime : beginTime
        return superlayer?.mediaTime(fromLocal: parent) ?? parent
    }
    /// convertTime:fromLayer: — `t` in `layer`'s time (nil: media time) to this layer's.
    public func convertTime(_ t: Double, from layer: CALayer?) -> Double {
        localTime(fromMediaTime: layer?.mediaTime(fromLocal: t) ?? t)
    }
    /// convertTime:toLayer: — `t` in this layer's time to `layer`'s (nil: media time).
    public func convertTime(_ t: Double, to layer: CALayer?) -> Double {
        let media = mediaTime(fromLocal: t)
        return layer?.localTime(fromMediaTime: media) ?? media
    }
    /// The layer's local time now (`CACurrentMediaTime()` converted).
    public var currentLocalTime: Double { convertTime(CACurrentMediaTime(), from: nil) }

    /// Freezes this layer's time and everything in it (the seed's pauseLayer):
    /// timeOffset = local time now, speed = 0.
    public func pauseAnimations() {
        let paused = convertTime(CACurrentMediaTime(), from: nil)
        speed = 0
        timeOffset = paused
    }
    /// Resumes a paused layer where it stopped (the seed's resumeLayer): speed 1,
    /// timeOffset 0, beginTime = (local time now) − paused time.
    public func resumeAnimations() {
        let paused = timeOffset
        speed = 1
        timeOffset = 0
        beginTime = 0
        beginTime = convertTime(CACurrentMediaTime(), from: nil) - paused
    }
}
