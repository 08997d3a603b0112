// UIView-style block animations on layers (animate(withDuration:…), animateKeyframes, their
// options with UIView's bit values): the model changes made in the block are captured and
// turned into animations, as UIKit does.

/// UIView.AnimationOptions for the view-style block animations on layers (same bit values).
public struct ViewAnimationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// "Lay out subviews at commit time so that they are animated along with their parent."
    public static let layoutSubviews = ViewAnimationOptions(rawValue: 1 << 0)
    /// "Allow the user to interact with views while they are being animated."
    public static let allowUserInteraction = ViewAnimationOptions(rawValue: 1 << 1)
    public static let beginFromCurrentState = ViewAnimationOptions(rawValue: 1 << 2)
    public static let `repeat` = ViewAnimationOptions(rawValue: 1 << 3)
    public static let autoreverse = ViewAnimationOptions(rawValue: 1 << 4)
    /// "Force the animation to use the original duration value specified when the animation
    /// was submitted. If this key is not present, the animation inherits the remaining
    /// duration of the in-flight animation, if any."
    public static let overrideInheritedDuration = ViewAnimationOptions(rawValue: 1 << 5)
    /// "Force the animation to use the original curve value specified when the animation was
    /// submitted. If this key is not present, the animation inherits the curve of the
    /// in-flight animation, if any."
    public static let overrideInheritedCurve = ViewAnimationOptions(rawValue: 1 << 6)
    /// "The option to not inherit the animation type or any options."
    public static let overrideInheritedOptions = ViewAnimationOptions(rawValue: 1 << 9)
    public static let curveEaseInOut = ViewAnimationOptions(rawValue: 0 << 16)
    public static let curveEaseIn = ViewAnimationOptions(rawValue: 1 << 16)
    public static let curveEaseOut = ViewAnimationOptions(rawValue: 2 << 16)
    public static let curveLinear = ViewAnimationOptions(rawValue: 3 << 16)
    /// Keyframe calculation modes (UIView.KeyframeAnimationOptions, same bit values).
    public static let calculationModeLinear = ViewAnimationOptions(rawValue: 0 << 10)
    public static let calculationModeDiscrete = ViewAnimationOptions(rawValue: 1 << 10)
    public static let calculationModePaced = ViewAnimationOptions(rawValue: 2 << 10)
    public static let calculationModeCubic = ViewAnimationOptions(rawValue: 3 << 10)
    public static let calculationModeCubicPaced = ViewAnimationOptions(rawValue: 4 << 10)

    /// The curve field (bits 16–19) as a timing function.
    public var timingFunction: CAMediaTimingFunction {
        switch (rawValue >> 16) & 0xF {
        case 1: return .easeIn
        case 2: return .easeOut
        case 3: return .linear
        default: return .easeInEaseOut
        }
    }
    /// The calculation-mode field (bits 10–12).
    public var calculationMode: CAAnimationCalculationMode {
        switch (rawValue >> 10) & 0x7 {
        case 1: return .discrete
        case 2: return .paced
        case 3: return .cubic
        case 4: return .cubicPaced
        default: return .linear
        }
    }
}

/// The model changes made inside a view-style animation block, recorded by
/// `CALayer.propertyDidChange` instead of starting implicit animations.
final class ViewAnimationCapture {
    /// The block being captured in the current context.
    static var current: ViewAnimationCapture? {
        get { CAAnimationContext.current.viewAnimationCapture }
        set { CAAnimationContext.current.viewAnimationCapture = newValue }
    }
    /// The block's duration and options after inheritance (what a block nested in it inherits).
    var duration = 0.0
    var options: ViewAnimationOptions = []

    struct Record { let layer: CALayer; let key: String; let old: AnimatableValue; let shown: AnimatableValue }
    var records: [Record] = []
    /// Keyframes: (relative start, relative duration, records made inside).
    var keyframes: [(start: Double, duration: Double, records: [Record])] = []
    /// Per keyframe, the value each changed key path had right after that keyframe's block.
    var keyframeValues: [[ObjectIdentifier: [String: AnimatableValue]]] = []
    /// The value each key path had before the first keyframe changed it.
    var initials: [Record] = []

    func record(_ layer: CALayer, key: String, old: AnimatableValue) {
        guard !records.contains(where: { $0.layer === layer && $0.key == key }) else { return }
        records.append(Record(layer: layer, key: key, old: old,
                              shown: layer.presentationValue(forKeyPath: key, modelValue: old) ?? old))
    }
}

extension CALayer {
    private static func configure(_ a: CAAnimation, on layer: CALayer, duration: Double, delay: Double,
                                  options: ViewAnimationOptions) {
        a.viewAnimationOptions = options
        a.duration = duration
        if options.contains(.repeat) { a.repeatCount = .infinity }
        if options.contains(.autoreverse) { a.autoreverses = true }
        if delay > 0 {
            a.beginTime = layer.currentLocalTime + delay
            a.fillMode = .backwards
        }
    }
    private static func finish(_ added: [(CALayer, String)], completion: ((Bool) -> Void)?) {
        let tracker = CATransactionTracker()
        tracker.completionWithFlag = completion
        for (layer, key) in added {
            guard let stored = layer.animation(forKey: key) else { continue }
            stored.engineTrackers.append(tracker)
            tracker.remaining += 1
        }
        tracker.closed = true
        CATransactionTracker.closeCounter += 1
        tracker.closeOrder = CATransactionTracker.closeCounter
        if tracker.isDone { CAAnimationEngine.current.readyTrackers.append(tracker) }
    }

    /// UIView's `animate(withDuration:delay:options:animations:completion:)` on layers: the
    /// animatable properties changed inside `animations` animate from their previous value
    /// to the new model value. `completion(finished)` runs once all of them stopped (false if
    /// one was removed early).
    ///
    /// As UIKit does since iOS 8, a change of a property that is already animating adds to
    /// the motion instead of replacing it: a numeric value (number, point, size, rect,
    /// colour) animates additively from (old model value − new model value) to zero, under
    /// its own key, so the earlier animation runs on and the sum keeps its velocity; both
    /// completions get finished = true. With `.beginFromCurrentState` the value starts where
    /// it is on screen instead and the in-flight animations of the key are replaced.
    /// A transform adds by concatenation: from new⁻¹·old to identity, composed with the
    /// in-flight motion. Values that only switch (booleans, images) replace the in-flight
    /// animation. A block nested in another inherits its duration and curve (and its other
    /// options) unless `.overrideInheritedDuration` (`.overrideInheritedCurve`,
    /// `.overrideInheritedOptions`) says otherwise; `.layoutSubviews` runs `layoutSublayers()`
    /// of every layer the block changed, inside the block, so their sublayers' new frames
    /// animate with them.
    public static func animate(withDuration duration: Double, delay: Double = 0,
                               options: ViewAnimationOptions = [], animations: () -> Void,
                               completion: ((Bool) -> Void)? = nil) {
        let cap = ViewAnimationCapture()
        let (d, o) = cap.inherit(duration: duration, options: options)
        cap.capture(animations)
        var added: [(CALayer, String)] = []
        for r in cap.records {
            let a = CABasicAnimation(keyPath: r.key)
            let key = prepare(a, for: r, options: o)
            a.timingFunction = o.timingFunction
            configure(a, on: r.layer, duration: d, delay: delay, options: o)
            r.layer.add(a, forKey: key)
            added.append((r.layer, key))
        }
        finish(added, completion: completion)
    }

    /// UIView's spring animation: `usingSpringWithDamping` is the damping ratio, the velocity
    /// is in distances per second; the spring (mass 1) is tuned to settle in `duration`. In
    /// flight changes add to each other as in `animate(withDuration:…)`.
    public static func animate(withDuration duration: Double, delay: Double = 0,
                               usingSpringWithDamping ratio: Double, initialSpringVelocity velocity: Double,
                               options: ViewAnimationOptions = [], animations: () -> Void,
                               completion: ((Bool) -> Void)? = nil) {
        let cap = ViewAnimationCapture()
        let (d, o) = cap.inherit(duration: duration, options: options)
        cap.capture(animations)
        let p = CASpringAnimation.parameters(duration: d, dampingRatio: ratio, velocity: velocity)
        var added: [(CALayer, String)] = []
        for r in cap.records {
            let a = CASpringAnimation(keyPath: r.key)
            let key = prepare(a, for: r, options: o)
            a.mass = p.mass; a.stiffness = p.stiffness; a.damping = p.damping; a.initialVelocity = velocity
            configure(a, on: r.layer, duration: d, delay: delay, options: o)
            r.layer.add(a, forKey: key)
            added.append((r.layer, key))
        }
        finish(added, completion: completion)
    }

    /// Sets the values of the view animation `a` for the change `r` and returns the key to add
    /// it under: additive on top of an in-flight animation of the key, else from the old value
    /// (the on-screen one with `.beginFromCurrentState`, replacing what is in flight).
    private static func prepare(_ a: CABasicAnimation, for r: ViewAnimationCapture.Record,
                                options: ViewAnimationOptions) -> String {
        let inFlight = r.layer.inFlightViewAnimationKeys(forKeyPath: r.key)
        if options.contains(.beginFromCurrentState) {
            for k in inFlight where k != r.key { r.layer.removeAnimation(forKey: k) }
            a.fromValue = r.shown
            return r.key
        }
        guard let new = r.layer.value(forKeyPath: r.key) else {
            a.fromValue = r.old
            return r.key
        }
        if case .transform(let n) = new, case .transform(let o) = r.old {
            // A transform's additive composition is concatenation: the animation runs from
            // new⁻¹·old to identity and is concatenated after the value below it (an additive
            // transform's value v shows as current·v), so alone it draws exactly old → new
            // (new·new⁻¹·old = old at the start) and on top of an in-flight transform
            // animation the two compose, keeping the motion's velocity.
            guard let inverse = n.inverted else { a.fromValue = r.old; return r.key }
            a.isAdditive = true
            a.fromValue = .transform(inverse.concatenating(o))
            a.toValue = .transform(.identity)
        } else if Interpolation.addsAsVector(new) {
            // Additive from old − new to zero: alone it draws exactly old → new; on top of an
            // in-flight animation of the key the two add, so the motion keeps its velocity.
            a.isAdditive = true
            a.fromValue = Interpolation.subtract(r.old, new)
            a.toValue = Interpolation.zero(like: new)
        } else {
            a.fromValue = r.old
            return r.key
        }
        guard !inFlight.isEmpty else { return r.key }
        var n = 1
        while r.layer.animation(forKey: "\(r.key)+\(n)") != nil { n += 1 }
        return "\(r.key)+\(n)"
    }

    /// UIView's `animateKeyframes`: inside `animations`, `addKeyframe(withRelativeStartTime:
    /// relativeDuration:animations:)` sets values reached at relative times; one
    /// CAKeyframeAnimation per changed key path, with the options' calculation mode.
    public static func animateKeyframes(withDuration duration: Double, delay: Double = 0,
                                        options: ViewAnimationOptions = [], animations: () -> Void,
                                        completion: ((Bool) -> Void)? = nil) {
        let cap = ViewAnimationCapture()
        let (duration, options) = cap.inherit(duration: duration, options: options)
        cap.capture(animations)
        // Changes outside any keyframe span the whole duration.
        if !cap.records.isEmpty {
            cap.keyframes.append((0, 1, cap.records))
            cap.keyframeValues.append([:])
        }
        struct Track { let layer: CALayer; let key: String; var initial: AnimatableValue; var frames: [(Double, Double, AnimatableValue)] }
        var tracks: [Track] = []
        for (ki, kf) in cap.keyframes.enumerated() {
            for r in kf.records {
                // The value this keyframe ends on: the model value after the keyframe closure,
                // which a later keyframe may overwrite; keep the value recorded at that time.
                let v = cap.keyframeValues[ki][ObjectIdentifier(r.layer), default: [:]][r.key] ?? r.layer.value(forKeyPath: r.key) ?? r.old
                if let i = tracks.firstIndex(where: { $0.layer === r.layer && $0.key == r.key }) {
                    tracks[i].frames.append((kf.start, kf.duration, v))
                } else {
                    tracks.append(Track(layer: r.layer, key: r.key, initial: r.old, frames: [(kf.start, kf.duration, v)]))
                }
            }
        }
        var added: [(CALayer, String)] = []
        for tr in tracks {
            var times = [0.0], values = [tr.initial]
            var cur = tr.initial
            for (s, d, v) in tr.frames.sorted(by: { $0.0 < $1.0 }) {
                if s > times[times.count - 1] { times.append(s); values.append(cur) }
                times.append(min(1, s + d)); values.append(v); cur = v
            }
            if times[times.count - 1] < 1 { times.append(1); values.append(cur) }
            let a = CAKeyframeAnimation(keyPath: tr.key)
            a.values = values
            a.keyTimes = times
            a.calculationMode = options.calculationMode
            configure(a, on: tr.layer, duration: duration, delay: delay, options: options)
            tr.layer.add(a, forKey: tr.key)
            added.append((tr.layer, tr.key))
        }
        finish(added, completion: completion)
    }

    /// UIView's `addKeyframe(withRelativeStartTime:relativeDuration:animations:)`: only inside
    /// `animateKeyframes`' block (elsewhere the changes are applied without animation).
    public static func addKeyframe(withRelativeStartTime start: Double, relativeDuration: Double,
                                   animations: () -> Void) {
        guard let outer = ViewAnimationCapture.current else { animations(); return }
        let inner = ViewAnimationCapture()
        inner.capture(animations)
        var values: [ObjectIdentifier: [String: AnimatableValue]] = [:]
        for r in inner.records {
            // A key changed earlier in this block keeps its first "old" value.
            if let v = r.layer.value(forKeyPath: r.key) { values[ObjectIdentifier(r.layer), default: [:]][r.key] = v }
        }
        let oldest = inner.records.map { r in
            outer.firstOld(r.layer, r.key).map { ViewAnimationCapture.Record(layer: r.layer, key: r.key, old: $0, shown: $0) } ?? r
        }
        for r in inner.records where outer.firstOld(r.layer, r.key) == nil { outer.initials.append(r) }
        outer.keyframes.append((start, relativeDuration, oldest))
        outer.keyframeValues.append(values)
    }
}

extension ViewAnimationCapture {
    func firstOld(_ layer: CALayer, _ key: String) -> AnimatableValue? {
        initials.first { $0.layer === layer && $0.key == key }?.old
    }

    /// The duration and options of a block, given the enclosing block (the one in flight
    /// while this one is submitted): its duration, curve and other options are inherited
    /// unless the override options say otherwise. Stores the result on this capture.
    func inherit(duration d: Double, options o: ViewAnimationOptions) -> (Double, ViewAnimationOptions) {
        var duration = d, options = o
        if let outer = Self.current {
            if !o.contains(.overrideInheritedDuration) { duration = outer.duration }
            let curveBits: UInt = 0xF << 16
            if !o.contains(.overrideInheritedCurve) {
                options = ViewAnimationOptions(rawValue: (options.rawValue & ~curveBits) | (outer.options.rawValue & curveBits))
            }
            if !o.contains(.overrideInheritedOptions) {
                options.formUnion(outer.options.intersection([.repeat, .autoreverse, .allowUserInteraction, .layoutSubviews]))
            }
        }
        self.duration = duration
        self.options = options
        return (duration, options)
    }

    /// Runs `block` with this capture active; with `.layoutSubviews`, then lays out every
    /// layer the block changed (still captured, so the layout's changes animate too).
    func capture(_ block: () -> Void) {
        let previous = Self.current
        Self.current = self
        block()
        if options.contains(.layoutSubviews) {
            var laidOut: Set<ObjectIdentifier> = []
            for r in records where laidOut.insert(ObjectIdentifier(r.layer)).inserted { r.layer.layoutSublayers() }
        }
        Self.current = previous
    }
}

extension CALayer {
    /// The keys of this layer's view-style animations of `keyPath` still running now (not
    /// stopped, and not past their active duration at the context's presentation time).
    func inFlightViewAnimationKeys(forKeyPath keyPath: String) -> [String] {
        guard !animationStore.isEmpty else { return [] }
        let local = convertTime(CAAnimationContext.current.presentationTime, from: nil)
        return animationStore.compactMap { entry in
            guard let p = entry.animation as? CAPropertyAnimation, p.viewAnimationOptions != nil,
                  p.keyPath == keyPath, !p.engineDidStop else { return nil }
            let ended = p.engineCommitted && p.elapsedActiveTime(atParentTime: local) >= p.activeDuration
            return ended ? nil : entry.key
        }
    }
}
