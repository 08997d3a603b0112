// The presentation tree: the layer tree as it is seen at one media time, the model's values
// with every active animation applied: "The layer object returned by this method provides a
// close approximation of the layer that is currently being displayed onscreen"
// (CALayer.presentation(), Apple's documentation). It is the stage between the animation
// engine and the display list, and the only place animations write values into layers.
//
// Three producers of presentation trees, each for one use:
// - `presentation(at:)` (and Core Animation's `presentation()`): a fresh copy of the whole
//   tree, hidden layers included — for a copy to keep or read: `render` and `inspect`, hit
//   tests, the debugging aids (whose outlines show hidden layers' values).
// - `drawablePresentation(at:)`: the same fresh copy without the subtrees of layers that
//   draw nothing at that time (hidden, or at opacity 0) — the reference the render tree is
//   tested against, and a one-off frame to draw.
// - `RenderTree.update(_:at:)` (RenderTree.swift): the drawable tree kept from frame to frame
//   and updated in place, as Core Animation keeps its render tree — what the window and
//   `play` draw every frame. Its copies change under the caller at the next update.
// All three write the animations' values through `applyAnimations` (the render tree leaves a
// copy as it is while its animations' states have not changed), so they agree value for value.
extension CALayer {
    /// The layer as currently seen: a copy (made with `init(layer:)`) with every attached
    /// animation applied at the current context's presentation time (its manual clock, else
    /// the frame last ticked, else now). Sublayers are the presentation copies of
    /// the model's sublayers. Without animations every value equals the model's.
    ///
    /// "Returns a copy of the layer containing all properties as they were at the start of the
    /// current transaction, with any active animations applied. This gives a close
    /// approximation to the version of the layer that is currently displayed. Returns nil if
    /// the layer has not yet been committed." (CALayer.h, -presentationLayer) — the open
    /// transaction's property and sublayer changes are undone for the copy, and a layer made
    /// since the last commit has none.
    public func presentation() -> Self? {
        let context = CAAnimationContext.current
        guard modelLayer != nil || context.commitCount > creationCommit else { return nil }
        return CATransitionJournal.oldState(of: self, at: context.presentationTime)
    }
    /// The presentation copy of this layer and its subtree at media time `time`: every
    /// animation applied at `time` converted to each layer's local time. The copies remember
    /// `time` (`presentationTime`), so whatever draws them draws that instant.
    public func presentation(at time: Double) -> Self { presentationCopy(at: time, skipsUndrawn: false) }

    /// The presentation tree at media time `time` as far as it can be drawn: as
    /// `presentation(at:)`, except that a layer hidden at `time`, or at opacity 0, is copied
    /// without its sublayers and mask. Such a layer draws nothing, nor does its subtree, so
    /// the display list of this tree is the full tree's; a hidden gallery page or a faded-out
    /// panel then costs one copy a frame instead of one per layer beneath it.
    public func drawablePresentation(at time: Double) -> Self { presentationCopy(at: time, skipsUndrawn: true) }

    private func presentationCopy(at time: Double, skipsUndrawn: Bool) -> Self {
        presentationCopy(at: time, localTime: convertTime(time, from: nil), skipsUndrawn: skipsUndrawn)
    }

    /// The copy of this subtree at media time `time`, `local` being this layer's local time
    /// then. Each sublayer's local time is one step from its superlayer's (the walk down
    /// carries it), not a walk up the whole chain per layer.
    private func presentationCopy(at time: Double, localTime local: Double, skipsUndrawn: Bool) -> Self {
        let copy = type(of: self).init(layer: self)
        copy.modelLayer = modelLayer ?? self  // a copy of a copy still answers the model layer
        copy.presentationTime = time
        applyAnimations(to: copy, localTime: local)
        // (The display list's own test of a layer it skips, on the values seen at `time`.)
        if skipsUndrawn && (copy.isHidden || !(copy.opacity > 0)) { return copy }
        if let subs = sublayers {
            var out: [CALayer] = []
            out.reserveCapacity(subs.count)
            for s in subs {
                let p = s.presentationCopy(at: time, localTime: s.localTime(inSubtreeOf: self, at: time, parentLocal: local),
                                           skipsUndrawn: skipsUndrawn)
                p.superlayer = copy
                out.append(p)
            }
            copy.sublayers = out
        }
        // The mask is drawn as seen at the same instant, its own animations applied.
        if let m = mask {
            copy.mask = m.presentationCopy(at: time, localTime: m.localTime(inSubtreeOf: self, at: time, parentLocal: local),
                                           skipsUndrawn: skipsUndrawn)
        }
        return copy
    }
    /// This layer's local time at media time `time`, given that `parent`'s is `parentLocal`:
    /// one step from it when `parent` is the superlayer; otherwise (a mask has no superlayer)
    /// the whole conversion.
    @inline(__always)
    func localTime(inSubtreeOf parent: CALayer, at time: Double, parentLocal: Double) -> Double {
        hasSuperlayer(parent) ? localTime(fromParentTime: parentLocal) : localTime(fromMediaTime: time)
    }
    /// The model layer behind a presentation copy; the layer itself on a model layer.
    public func model() -> CALayer { modelLayer ?? self }

    /// Writes the values of this layer's animations at media time `time` into `presentation`
    /// (a fresh copy of the model made with `init(layer:)`). Called by `presentation(at:)`.
    /// Animations apply in the order added, each reading the value the ones before it left
    /// ("current"), at `time` converted to this layer's local time.
    func applyAnimations(to presentation: CALayer, at time: Double) {
        guard !animationStore.isEmpty else { return }
        applyAnimations(to: presentation, localTime: convertTime(time, from: nil))
    }
    /// `applyAnimations(to:at:)` with this layer's local time at that instant given.
    func applyAnimations(to presentation: CALayer, localTime local: Double) {
        guard !animationStore.isEmpty else { return }
        applyAnimations(to: presentation, localTime: local, context: CAAnimationContext.current)
    }
    /// `applyAnimations(to:localTime:)` with the current animation context given.
    func applyAnimations(to presentation: CALayer, localTime local: Double, context: CAAnimationContext) {
        guard !animationStore.isEmpty else { return }
        context.applyingDepth += 1
        defer { context.applyingDepth -= 1 }
        for (_, a) in animationStore {
            // Not committed yet with beginTime 0: it will begin "now", so show its start.
            let t = (!a.engineCommitted && a.beginTime == 0) ? 0 : local
            a.apply(atParentTime: t, to: presentation, isTopLevel: true)
        }
    }

    /// The value `keyPath` shows on screen now (at the current context's presentation
    /// time), computed as if the model held `modelValue` (the value before a change) for that
    /// key path.
    func presentationValue(forKeyPath keyPath: String, modelValue: AnimatableValue? = nil) -> AnimatableValue? {
        guard !animationStore.isEmpty else { return modelValue ?? value(forKeyPath: keyPath) }
        let context = CAAnimationContext.current
        context.applyingDepth += 1
        let copy = type(of: self).init(layer: self)
        copy.modelLayer = self
        if let modelValue { copy.setValue(modelValue, forKeyPath: keyPath) }
        context.applyingDepth -= 1
        applyAnimations(to: copy, at: context.presentationTime)
        return copy.value(forKeyPath: keyPath)
    }
}
