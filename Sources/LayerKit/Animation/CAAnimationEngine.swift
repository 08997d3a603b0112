/// The per-frame driver of animations (the part of Core Animation's render loop that lives
/// in the app): the host calls `tick(at:)` once per frame with the frame's time. A tick
/// commits the implicit transaction, starts pending animations, delivers
/// animationDidStart / animationDidStop(finished:) in the order they happened, removes
/// finished animations whose isRemovedOnCompletion is set, and runs transaction completion
/// blocks. Each `CAAnimationContext` has one engine; it is used from that context only.
public final class CAAnimationEngine {
    /// The engine of the current context (`CAAnimationContext.current.engine`).
    public static var current: CAAnimationEngine { CAAnimationContext.current.engine }

    /// The context this engine belongs to (it owns the engine).
    public unowned let context: CAAnimationContext
    init(context: CAAnimationContext) { self.context = context }

    /// The time of the last tick: the frame that is on screen (nil before the first tick).
    public private(set) var frameTime: Double?

    /// Added, not yet committed (their beginTime 0 is still to be resolved).
    var pending: [CAAnimation] = []
    /// Committed and not yet stopped, in the order added.
    var running: [CAAnimation] = []
    /// Animations removed early, whose didStop(finished: false) the next tick delivers.
    var removedEarly: [CAAnimation] = []
    /// Transactions whose completion block is due.
    var readyTrackers: [CATransactionTracker] = []

    /// >0 while animation values are being written into a presentation copy (property
    /// hooks ignore those writes); the current context's count.
    static var applyingDepth: Int {
        get { CAAnimationContext.current.applyingDepth }
        set { CAAnimationContext.current.applyingDepth = newValue }
    }

    /// Number of animations the engine still watches (added and neither stopped nor removed).
    public var activeAnimationCount: Int { pending.count + running.count }

    /// The on-screen value each changed key path had before its first change in the current
    /// transaction (per layer), for basic animations with none of from/to/by, which run from
    /// that previous value to the current one. Cleared at every commit.
    var previousValues: [ObjectIdentifier: (layer: CALayer, values: [String: AnimatableValue])] = [:]

    func recordPrevious(_ layer: CALayer, key: String, value old: AnimatableValue) {
        // Only layers in a tree have an on-screen value (a document's layers get their model
        // values before they join the tree).
        guard layer.superlayer != nil else { return }
        let id = ObjectIdentifier(layer)
        if previousValues[id]?.values[key] != nil { return }
        let shown = layer.animationStore.isEmpty ? old
            : (layer.presentationValue(forKeyPath: key, modelValue: old) ?? old)
        if previousValues[id] == nil { previousValues[id] = (layer, [:]) }
        previousValues[id]!.values[key] = shown
    }

    /// Called by `CALayer.add(_:forKey:)` with the stored copy and the animations it replaced.
    func added(_ anim: CAAnimation, to layer: CALayer, key: String, replacing old: [CAAnimation]) {
        if let b = anim as? CABasicAnimation, b.fromValue == nil, b.toValue == nil, b.byValue == nil,
           b.valueFunction == nil, // its values are the function's inputs, not the property's
           let kp = b.keyPath, let prev = previousValues[ObjectIdentifier(layer)]?.values[kp] {
            b.fromValue = prev      // "previous → current" (Core Animation's rule for none set)
        }
        for o in old { removed(o) }
        anim.engineLayer = layer
        anim.engineKey = key
        pending.append(anim)
        CATransaction.track(anim)
    }
    /// An animation taken off its layer before it stopped: didStop(finished: false) next tick.
    func removed(_ anim: CAAnimation) {
        guard !anim.engineDidStop else { return }
        anim.engineDidStop = true
        pending.removeAll { $0 === anim }
        running.removeAll { $0 === anim }
        removedEarly.append(anim)
    }

    /// Resolves beginTime 0 to the layer's local time at `mediaTime` and starts watching.
    func commitPending(at mediaTime: Double) {
        previousValues.removeAll()
        guard !pending.isEmpty else { return }
        let batch = pending
        pending.removeAll()
        for a in batch {
            guard let layer = a.engineLayer else { continue }
            if a.beginTime == 0 { a.beginTime = layer.convertTime(mediaTime, from: nil) }
            a.engineCommitted = true
            running.append(a)
        }
    }

    /// One frame at media time `time` (the frame's target timestamp), run with this engine's
    /// context current (delegates and completion blocks change layers in it). See the type's
    /// comment.
    public func tick(at time: Double) {
        context.run { run(at: time) }
    }

    private func run(at time: Double) {
        frameTime = time
        CATransaction.flush()
        // Early removals happened before this frame.
        let early = removedEarly
        removedEarly.removeAll()
        for a in early {
            a.delegate?.animationDidStop(a, finished: false)
            for t in a.engineTrackers { trackerStopped(t, finished: false) }
        }
        // Starts and natural stops that happened by `time`, ordered by when they happened.
        struct Event { var at: Double; var order: Int; var isStop: Bool; var anim: CAAnimation }
        var events: [Event] = []
        for (i, a) in running.enumerated() {
            guard let layer = a.engineLayer, a.isInLayerStore else {
                continue
            }
            let lt = layer.convertTime(time, from: nil)
            let elapsed = a.elapsedActiveTime(atParentTime: lt)
            if !a.engineDidStart && elapsed >= 0 {
                events.append(Event(at: layer.mediaTime(fromLocal: a.beginTime), order: i, isStop: false, anim: a))
            }
            let active = a.activeDuration
            if active.isFinite && elapsed >= active && a.speed != 0 {
                events.append(Event(at: layer.mediaTime(fromLocal: a.endTime), order: i, isStop: true, anim: a))
            }
        }
        events.sort { ($0.at, $0.isStop ? 1 : 0, $0.order) < ($1.at, $1.isStop ? 1 : 0, $1.order) }
        for e in events {
            let a = e.anim
            if !e.isStop {
                a.engineDidStart = true
                a.delegate?.animationDidStart(a)
            } else {
                a.engineDidStop = true
                running.removeAll { $0 === a }
                if a.isRemovedOnCompletion, let layer = a.engineLayer,
                   let i = layer.animationStore.firstIndex(where: { $0.animation === a }) {
                    layer.animationStoreKeys.remove(layer.animationStore.remove(at: i).key)
                    a.isInLayerStore = false
                }
                a.delegate?.animationDidStop(a, finished: true)
                for t in a.engineTrackers { trackerStopped(t, finished: true) }
            }
        }
        // Drop animations whose layer went away or that left their layer's store.
        running.removeAll { a in
            a.engineLayer == nil || !a.isInLayerStore
        }
        while !readyTrackers.isEmpty {
            let ready = readyTrackers.sorted { $0.closeOrder < $1.closeOrder }
            readyTrackers.removeAll()
            for t in ready { t.fire() }
        }
    }

    /// One animation of `tracker` stopped; the tracker is due when it was the last one.
    private func trackerStopped(_ tracker: CATransactionTracker, finished: Bool) {
        tracker.animationStopped(finished: finished)
        if tracker.isDone { readyTrackers.append(tracker) }
    }

    /// Forgets every animation, open transaction and the last frame's time (reloading a
    /// document, starting a headless run).
    public func reset() {
        pending.removeAll(); running.removeAll(); removedEarly.removeAll(); readyTrackers.removeAll()
        previousValues.removeAll()
        context.transactions.removeAll()
        frameTime = nil
    }
}
