// How a layer finds the action to run for an event (a property key, or one of the events
// below), and the events that are not property changes. Core Animation's search, from
// CALayer.h (actionForKey:):
//
//   "1. if defined, call the delegate method -actionForLayer:forKey:
//    2. look in the layer's `actions' dictionary
//    3. look in any `actions' dictionaries in the `style' hierarchy
//    4. call +defaultActionForKey: on the layer's class
//    If any of these steps results in a non-nil action object, the following steps are
//    ignored. If the final result is an instance of NSNull, it is converted to `nil'."
//
// and the Core Animation Programming Guide adds the last step: "The layer performs the
// implicit action (if any) defined by Core Animation" — for an animatable property, a basic
// animation from the value on screen over the transaction's duration.

/// The event of a layer joining a visible layer tree or being unhidden (kCAOnOrderIn).
public let kCAOnOrderIn = "onOrderIn"
/// The event of a layer leaving a visible layer tree or being hidden (kCAOnOrderOut).
public let kCAOnOrderOut = "onOrderOut"
/// The key of transition animations and the event of a sublayer replaced in a visible tree
/// (kCATransition).
public let kCATransition = "transition"

/// NSNull's role in the action search: an action that ends the search with no action. Put
/// it in `actions`, `style`'s actions, or return it from the delegate or
/// `defaultAction(forKey:)`. (A key of `actions` present with nil does the same.)
public final class CANullAction: CAAction, Sendable {
    /// The one null action.
    public static let null = CANullAction()
    private init() {}
    /// Never run: the search turns it into "no action".
    public func run(forKey event: String, object: CALayer) {}
}

extension CALayer {
    /// Steps 1–4 of the search; `.some(nil)` when a step ended it with a null.
    func searchedAction(forKey event: String) -> CAAction?? {
        // "A layer's delegate that implements this method returns an action for a specified
        // key and stops any further searches" (CALayerDelegate.action(for:forKey:))
        if let d = delegate, let a = d.action(for: self, forKey: event) { return Self.unnull(a) }
        if let entry = actions[event] { return entry.map(Self.unnull) ?? .some(nil) }
        // "The layer object looks in the style dictionary for an actions dictionary that
        // contains the key." (Core Animation Programming Guide) — and in the style's own
        // `style`, and so on up the hierarchy.
        var level = style
        var depth = 0
        while let s = level, depth < CALayer.maximumStyleDepth {
            if let dict = s["actions"] as? [String: CAAction?], let entry = dict[event] {
                return entry.map(Self.unnull) ?? .some(nil)
            }
            if let dict = s["actions"] as? [String: CAAction], let entry = dict[event] { return Self.unnull(entry) }
            level = s["style"] as? [String: Any]
            depth += 1
        }
        if let a = type(of: self).defaultAction(forKey: event) { return Self.unnull(a) }
        return nil
    }

    /// How many nested `style` dictionaries the search reads at most.
    static let maximumStyleDepth = 64

    private static func unnull(_ a: CAAction) -> CAAction?? { a is CANullAction ? .some(nil) : .some(a) }

    /// The whole search (what `action(forKey:)` does unless a subclass overrides it): steps
    /// 1–4, then the implicit animation.
    func standardAction(forKey event: String) -> CAAction? {
        if let found = searchedAction(forKey: event) { return found }
        return implicitAction(forKey: event)
    }

    /// The action for a property that just changed from `old`: `action(forKey:)`, whose
    /// implicit animation then starts from the value on screen before the change.
    func action(forKey key: String, changedFrom old: AnimatableValue) -> CAAction? {
        let context = CAAnimationContext.current
        let saved = context.changedValue
        context.changedValue = (ObjectIdentifier(self), key, old)
        defer { context.changedValue = saved }
        return action(forKey: key)
    }

    /// Core Animation's implicit action for an animatable property: a CABasicAnimation of the
    /// key from the value on screen (before the change being acted on, if any), with the
    /// transaction's duration and timing function. nil for events that are not animatable
    /// properties of this layer.
    func implicitAction(forKey key: String) -> CAAction? {
        let changed = CAAnimationContext.current.changedValue
        let old = changed.flatMap { $0.layer == ObjectIdentifier(self) && $0.key == key ? $0.value : nil }
        guard let model = old ?? value(forKeyPath: key) else { return nil }
        let anim = CABasicAnimation(keyPath: key)
        anim.fromValue = presentationValue(forKeyPath: key, modelValue: model)
        anim.duration = CATransaction.animationDuration()
        anim.timingFunction = CATransaction.animationTimingFunction() ?? .default
        return anim
    }

    /// Runs the action found for `event` (no property value involved), unless the
    /// transaction disables actions.
    func runAction(forEvent event: String) {
        guard CAAnimationContext.current.applyingDepth == 0, !CATransaction.disableActions() else { return }
        guard let found = searchedAction(forKey: event), let action = found else { return }
        action.run(forKey: event, object: self)
    }

    /// Whether the layer is in a visible layer tree: it has a superlayer, and neither it nor
    /// any layer above it is hidden.
    var isInVisibleTree: Bool {
        guard superlayer != nil else { return false }
        var l: CALayer? = self
        while let x = l { if x.isHidden { return false }; l = x.superlayer }
        return true
    }
}
