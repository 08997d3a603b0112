// OWNER: layers helper.

/// Puts a loaded document's animations on its layers and drives document time.
/// Document time 0 is the instant the animations are added (media time 0 under the manual
/// clock for `render` / `inspect` / `record`; "now" with `resetOrigin` for `play`).
public enum DocumentPlayback {
    /// For the headless commands: the manual clock reads document time 0, the animations are
    /// added as `layer.add(_:forKey:)` would at that instant, and one engine tick commits them
    /// (resolving beginTime 0 to "now", as Core Animation does at commit). Runs once per document.
    public static func prepare(_ doc: LayerDocument) {
        guard !doc.animationsAttached else { return }
        CAMediaClock.manualTime = 0
        attachAnimations(doc)
        CAAnimationEngine.shared.tick(time: 0)
    }

    /// Sets the manual media clock so that `CACurrentMediaTime()` and presentation reads give
    /// document time `t`.
    public static func setDocumentTime(_ t: Double) { CAMediaClock.manualTime = t }

    /// Adds every animation of the document to its layer, in document order. Transition
    /// animations are not attached here (they belong to the transition renderer).
    public static func attachAnimations(_ doc: LayerDocument) {
        guard !doc.animationsAttached else { return }
        doc.animationsAttached = true
        for (layer, spec, _) in doc.animationSpecs {
            guard let a = makeAnimation(spec) else { continue }
            layer.add(a, forKey: spec.key)
        }
    }

    /// The CAAnimation a document animation describes (nil for a transition).
    public static func makeAnimation(_ s: AnimationSpec) -> CAAnimation? {
        let a: CAAnimation
        switch s.kind {
        case .basic, .spring:
            let b = s.kind == .spring ? CASpringAnimation(keyPath: s.keyPath) : CABasicAnimation(keyPath: s.keyPath)
            b.fromValue = s.fromValue; b.toValue = s.toValue; b.byValue = s.byValue
            b.isAdditive = s.additive; b.isCumulative = s.cumulative
            if let sp = b as? CASpringAnimation {
                sp.mass = s.mass; sp.stiffness = s.stiffness; sp.damping = s.damping; sp.initialVelocity = s.initialVelocity
            }
            a = b
        case .keyframe:
            let k = CAKeyframeAnimation(keyPath: s.keyPath)
            k.values = s.values; k.path = s.path; k.keyTimes = s.keyTimes
            k.timingFunctions = s.timingFunctions?.map(timingFunction)
            if let m = s.calculationMode, let mode = CAAnimationCalculationMode(rawValue: m) { k.calculationMode = mode }
            k.tensionValues = s.tensionValues; k.continuityValues = s.continuityValues; k.biasValues = s.biasValues
            if let r = s.rotationMode { k.rotationMode = CAAnimationRotationMode(rawValue: r) }
            k.isAdditive = s.additive; k.isCumulative = s.cumulative
            a = k
        case .group:
            let g = CAAnimationGroup()
            g.animations = s.animations.compactMap(makeAnimation)
            a = g
        case .transition:
            guard let t = AnimationSpec.transitionFactory?(s) else { return nil }
            a = t
        }
        a.beginTime = s.beginTime; a.duration = s.duration; a.speed = s.speed; a.timeOffset = s.timeOffset
        a.repeatCount = s.repeatCount; a.repeatDuration = s.repeatDuration; a.autoreverses = s.autoreverses
        a.fillMode = s.fillMode; a.isRemovedOnCompletion = s.removedOnCompletion
        if let tf = s.timingFunction { a.timingFunction = timingFunction(tf) }
        return a
    }

    static func timingFunction(_ t: AnimationSpec.TimingFunctionSpec) -> CAMediaTimingFunction {
        switch t {
        case .named(let n): return CAMediaTimingFunction(name: CAMediaTimingFunctionName(rawValue: n) ?? .default)
        case .controlPoints(let a, let b, let c, let d): return CAMediaTimingFunction(controlPoints: a, b, c, d)
        }
    }
}
