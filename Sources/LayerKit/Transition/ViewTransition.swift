// UIKit's view transitions on layers: UIView.transition(with:duration:options:animations:
// completion:) and transition(from:to:duration:options:completion:), as CATransitions on the
// container layer.

extension ViewAnimationOptions {
    // UIViewAnimationOptionTransition… (bits 20–23), with UIKit's values.
    public static let transitionFlipFromLeft = ViewAnimationOptions(rawValue: 1 << 20)
    public static let transitionFlipFromRight = ViewAnimationOptions(rawValue: 2 << 20)
    public static let transitionCurlUp = ViewAnimationOptions(rawValue: 3 << 20)
    public static let transitionCurlDown = ViewAnimationOptions(rawValue: 4 << 20)
    public static let transitionCrossDissolve = ViewAnimationOptions(rawValue: 5 << 20)
    public static let transitionFlipFromTop = ViewAnimationOptions(rawValue: 6 << 20)
    public static let transitionFlipFromBottom = ViewAnimationOptions(rawValue: 7 << 20)
    /// transition(from:to:) hides and shows the layers instead of removing and adding them.
    public static let showHideTransitionViews = ViewAnimationOptions(rawValue: 1 << 8)

    /// The transition field (bits 20–23) as a transition type; nil for none.
    public var transitionType: TransitionType? {
        switch (rawValue >> 20) & 0xF {
        case 1: .flipFromLeft
        case 2: .flipFromRight
        case 3: .curlUp
        case 4: .curlDown
        case 5: .crossDissolve
        case 6: .flipFromTop
        case 7: .flipFromBottom
        default: nil
        }
    }
}

extension CALayer {
    /// The CATransition a view transition adds: the options' type (none: an instant change
    /// shown as a cross-dissolve of zero visible length, as UIKit does nothing visible), the
    /// duration, the curve as timing function.
    static func viewTransition(duration: Double, options: ViewAnimationOptions) -> CATransition {
        let t = CATransition(type: options.transitionType ?? .crossDissolve)
        t.duration = duration
        t.timingFunction = options.timingFunction
        return t
    }

    /// Runs `completion(finished)` once `t`, stored on `layer` under `key`, stops.
    static func track(_ layer: CALayer, key: String, completion: ((Bool) -> Void)?) {
        guard let completion else { return }
        let tracker = CATransactionTracker()
        tracker.completionWithFlag = completion
        if let stored = layer.animation(forKey: key) {
            stored.engineTrackers.append(tracker)
            tracker.remaining += 1
        }
        tracker.closed = true
        if tracker.isDone { CAAnimationEngine.current.readyTrackers.append(tracker) }
    }

    /// UIView.transition(with:duration:options:animations:completion:): the changes made in
    /// `animations` to `layer` and its sublayers appear through the options' transition
    /// (transitionFlipFromLeft … transitionCrossDissolve, with the curve options) instead of
    /// animating one by one. `completion(finished)` runs when the transition stops.
    public static func transition(with layer: CALayer, duration: Double, options: ViewAnimationOptions = [],
                                  animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        let t = viewTransition(duration: duration, options: options)
        t.captureCurrentState(of: layer)
        // Inside the block, property changes are recorded rather than animated one by one.
        let cap = ViewAnimationCapture()
        cap.capture { animations?() }
        let key = "transition"
        layer.add(t, forKey: key)
        track(layer, key: key, completion: completion)
    }

    /// UIView.transition(from:to:duration:options:completion:): `to` replaces `from` in their
    /// container (`from`'s superlayer) through the options' transition. Without
    /// `.showHideTransitionViews`, `from` is removed and `to` added where `from` was; with it,
    /// `from` is hidden and `to` shown.
    public static func transition(from: CALayer, to: CALayer, duration: Double, options: ViewAnimationOptions = [],
                                  completion: ((Bool) -> Void)? = nil) {
        guard let container = from.superlayer else {
            // Nothing on screen to transition in: make the change at once.
            to.isHidden = false
            completion?(true)
            return
        }
        let t = viewTransition(duration: duration, options: options)
        t.captureCurrentState(of: container)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        if options.contains(.showHideTransitionViews) {
            from.isHidden = true
            to.isHidden = false
        } else {
            if to.superlayer !== container {
                container.insertSublayer(to, above: from)
            }
            from.removeFromSuperlayer()
        }
        CATransaction.commit()
        let key = "transition"
        container.add(t, forKey: key)
        track(container, key: key, completion: completion)
    }
}
