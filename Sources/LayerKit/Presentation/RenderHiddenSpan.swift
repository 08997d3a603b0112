// A layer hidden by its own `hidden` animation stays hidden until that animation's next key
// time: the render tree learns the span of local times over which it is so, and until the
// layer leaves it (or its model changes), an update takes the kept copy as it is — hidden,
// stripped of its subtree and mask — without evaluating the layer's animations nor visiting
// its mask. "A Boolean indicating whether the layer is displayed" (CALayer.hidden): a hidden
// layer and its sublayers are not drawn, whatever the layer's other values, so none of them
// need be known while it stays hidden. A Lottie layer outside its in/out range is such a layer
// (its discrete `hidden` keyframe animation, LottieCompositionBuilder.applyVisibility).
//
// The span. The one animation writing `hidden` (no other, no group that might) is a keyframe
// animation of plain timing — speed above 0, no time offset, repeat, autoreverse or timing
// function, not removed on completion — in a constant state (`RenderAnimationState.constant`:
// one value, or a discrete value between two key times) whose value is `true`. Its fraction
// then rises with the local time, and a discrete value's index with the fraction, so the value
// holds between the local times of the key times around it (beyond the first or last when the
// fill mode shows it there). The span's ends are brought in by a ten-millionth of their time
// (far above the timing arithmetic's rounding, far below a frame), and the state at each end
// is worked out as an update would: when both are the state at the learning time, so is every
// time between (both rise), and an update inside the span would find the layer hidden as the
// kept copy shows it. A layer that shows again is evaluated fresh: its copy takes its values
// and its animations' writes as a copy marked hidden does (the node's recorded animation
// states describe the values the copy still holds), and its subtree comes back from the
// parked copies (`ParkedRenderSubtree`).
//
// A plain layer over such layers (`RenderVisibility.drawsOnlySublayers`, as the transform layer
// around a Lottie layer's content) draws nothing while none of its sublayers does: when each of
// them is hidden by its own span, or draws nothing whatever the time, it is undrawn over the
// intersection of their spans (`learnUndrawnSpan`; a sublayer undrawn over such a span of its
// own counts as hidden over it, as the nested transform layers of a Lottie layer are), read in its own local time — which is theirs
// when their timing is the identity (begin time 0, speed 1, no offset, no duration: local time
// (t − 0) · 1 + 0 = t exactly). An update inside that span takes its copy as the last one left
// it, marked undrawn, its sublayers not visited: they would each be taken as they are, and it
// marked undrawn again. A change of any of them ends the span (`watchedByUndrawnAncestor`),
// as a change of the layer itself does (its revision).

extension RenderTreeNode {
    /// Whether the copy is known to be hidden at `local` by the model at revision `r` (see
    /// the file header).
    @inline(__always) func hidesCopy(at local: Double, revision r: UInt) -> Bool {
        hiddenSpanRevision == r && local >= hiddenFrom && local <= hiddenUntil
    }
}

extension CALayer {
    /// Records on `node` the span of local times around `local` over which this layer's own
    /// `hidden` animation keeps it hidden, when there is one (see the file header); called
    /// when the layer's copy was just found hidden at `local`.
    func learnHiddenSpan(_ node: RenderTreeNode, at local: Double) {
        guard node.hiddenSpanRevision != modelRevision || !(local >= node.hiddenFrom && local <= node.hiddenUntil),
              node.hiddenSpanRefusedRevision != modelRevision else { return }
        node.hiddenSpanRevision = .max
        guard case .restoring = node.animations, let k = hidingAnimation() else {
            // Not a layer hidden by one keyframe animation of plain timing: not sought again at this revision.
            node.hiddenSpanRefusedRevision = modelRevision
            return
        }
        guard let span = hiddenSpan(of: k, at: local) else { return }
        node.hiddenFrom = span.from
        node.hiddenUntil = span.until
        node.hiddenSpanRevision = modelRevision
    }

    /// The layer's one animation writing `hidden`, when it is a keyframe animation of plain
    /// timing whose span can be found (see the file header).
    private func hidingAnimation() -> CAKeyframeAnimation? {
        let table = type(of: self).properties
        var hiding: CAKeyframeAnimation? = nil
        for (_, a) in animationStore {
            // A group might write `hidden` through a child: no span is sought.
            guard let p = a as? CAPropertyAnimation else { return nil }
            guard let keyPath = p.keyPath, let (property, _) = table.resolve(keyPath), property.key == "hidden" else { continue }
            guard hiding == nil, ObjectIdentifier(type(of: p)) == ObjectIdentifier(CAKeyframeAnimation.self) else { return nil }
            hiding = unsafeDowncast(p, to: CAKeyframeAnimation.self)
        }
        guard let k = hiding, !k.isAdditive, !k.isCumulative, k.path == nil, let values = k.values, !values.isEmpty,
              values.count == 1 || k.calculationMode == .discrete,
              k.speed > 0, k.speed.isFinite, k.timeOffset == 0, k.repeatCount == 0, k.repeatDuration == 0, !k.autoreverses,
              k.timingFunction == nil, !k.isRemovedOnCompletion else { return nil }
        return k
    }

    /// The span of local times, `local` inside it, over which `k` writes `true` in the state it
    /// is in at `local`; nil when there is none.
    private func hiddenSpan(of k: CAKeyframeAnimation, at local: Double) -> (from: Double, until: Double)? {
        // Not committed with beginTime 0, it is read at 0 whatever the time (`RenderAnimationState`).
        guard k.engineCommitted || k.beginTime != 0, let values = k.values else { return nil }
        let state = RenderAnimationState(k, localTime: local)
        guard case .constant(_, let segment) = state else { return nil }
        let n = values.count, index = max(segment, 0)
        guard index < n, case .bool(true) = values[index] else { return nil }
        // The fractions over which the value holds (`discreteValueIndex`), then the local times.
        var low = -Double.infinity, high = Double.infinity
        if n > 1 {
            let times = k.effectiveKeyTimes(count: n)
            if index > 0 { low = times[index] }
            if index < n - 1 { high = index + 1 < times.count ? times[index + 1] : .infinity }
        }
        let d = k.basicDuration, b = k.beginTime, s = k.speed
        let end = b + d / s
        let fillsBackwards = k.fillMode == .backwards || k.fillMode == .both
        let fillsForwards = k.fillMode == .forwards || k.fillMode == .both
        var from = low <= 0 ? (fillsBackwards ? -Double.infinity : b) : b + low * d / s
        var until = high > 1 ? (fillsForwards ? Double.infinity : end) : b + high * d / s
        // Brought in by a ten-millionth of their time, then checked as an update reads them.
        if from.isFinite { from += 1e-7 * max(1, abs(from)) }
        if until.isFinite { until -= 1e-7 * max(1, abs(until)) }
        let first = from.isFinite ? from : min(b, until, local) - 1
        let last = until.isFinite ? until : max(end, from, local) + 1
        guard first <= local, local <= last, first.isFinite, last.isFinite,
              RenderAnimationState(k, localTime: first) == state, RenderAnimationState(k, localTime: last) == state else { return nil }
        return (from, until)
    }
}

extension CALayer {
    /// Records on `node` (a plain layer without mask, just marked undrawn because none of its
    /// sublayers draws at `local`) the span of its local times around `local` over which that
    /// holds, when there is one (see the file header). `epoch`: the update's placement epoch.
    func learnUndrawnSpan(_ node: RenderTreeNode, _ kept: CALayer, at local: Double, epoch: UInt) {
        node.undrawnSpanRevision = .max
        guard mask == nil, !node.staticallyUndrawn, let subs = sublayers, !subs.isEmpty, kept.isHidden else { return }
        var from = -Double.infinity, until = Double.infinity, relies = false
        for s in subs {
            guard let n = s.renderNode, s.drawingState == nil else { return }
            let r = s.modelRevision
            if n.drawsNothingEver(revision: r, epoch: epoch) {
                if n.reliesOnPlacement { relies = true }
                continue
            }
            // Hidden by its own span, or undrawn over one itself, read in this layer's time
            // (identity timing only).
            guard s.beginTime == 0, s.speed == 1, s.timeOffset == 0, !(s.duration > 0), let c = n.copy, c.isHidden else { return }
            if n.hidesCopy(at: local, revision: r), c.sublayers == nil, c.mask == nil {
                from = max(from, n.hiddenFrom)
                until = min(until, n.hiddenUntil)
            } else if n.undrawn, n.undrawnSpanRevision == r, local >= n.undrawnFrom, local <= n.undrawnUntil,
                      n.undrawnSpanEpoch == 0 || n.undrawnSpanEpoch == epoch {
                if n.undrawnSpanEpoch != 0 { relies = true }
                from = max(from, n.undrawnFrom)
                until = min(until, n.undrawnUntil)
            } else {
                return
            }
        }
        guard from <= local, local <= until else { return }
        for s in subs { s.renderNode!.watchedByUndrawnAncestor = true }
        node.undrawnFrom = from
        node.undrawnUntil = until
        node.undrawnSpanEpoch = relies ? epoch : 0
        node.undrawnSpanRevision = modelRevision
    }
}
