// A checked document animation (AnimationSpec, parsed and validated by
// the loader) → the CAAnimation that `layer.add(_:forKey:)` gets.

extension AnimationSpec.TimingFunctionSpec {
    /// The timing function this names.
    public var timingFunction: CAMediaTimingFunction {
        switch self {
        case .named(let n): return CAMediaTimingFunction(name: CAMediaTimingFunctionName(rawValue: n) ?? .default)
        case .controlPoints(let a, let b, let c, let d): return CAMediaTimingFunction(controlPoints: a, b, c, d)
        }
    }
}

extension AnimationSpec {
    /// The animation this spec describes, every field applied (a transition is a
    /// `CATransition(spec:)`).
    public func makeAnimation() -> CAAnimation {
        let a: CAAnimation
        switch kind {
        case .basic, .spring:
            let b = kind == .spring ? CASpringAnimation(keyPath: keyPath) : CABasicAnimation(keyPath: keyPath)
            b.fromValue = fromValue; b.toValue = toValue; b.byValue = byValue
            b.isAdditive = additive; b.isCumulative = cumulative
            if let s = b as? CASpringAnimation {
                s.mass = mass; s.stiffness = stiffness; s.damping = damping; s.initialVelocity = initialVelocity
                s.allowsOverdamping = allowsOverdamping
            }
            a = b
        case .keyframe:
            let k = CAKeyframeAnimation(keyPath: keyPath ?? "position")
            k.values = values; k.keyTimes = keyTimes; k.path = path
            k.timingFunctions = timingFunctions?.map(\.timingFunction)
            k.calculationMode = calculationMode.flatMap(CAAnimationCalculationMode.init(rawValue:)) ?? .linear
            k.tensionValues = tensionValues; k.continuityValues = continuityValues; k.biasValues = biasValues
            k.rotationMode = rotationMode.flatMap(CAAnimationRotationMode.init(rawValue:))
            k.isAdditive = additive; k.isCumulative = cumulative
            a = k
        case .group:
            let g = CAAnimationGroup()
            g.animations = animations.map { $0.makeAnimation() }
            a = g
        case .transition:
            a = CATransition(spec: self)
        }
        if let f = valueFunction, let pa = a as? CAPropertyAnimation { pa.valueFunction = CAValueFunction(name: f) }
        // The document rule: a spring whose duration is 0 runs for its settling duration.
        let spring = a as? CASpringAnimation
        a.beginTime = beginTime; a.duration = duration == 0 ? spring?.settlingDuration ?? 0 : duration
        a.speed = speed; a.timeOffset = timeOffset
        a.repeatCount = repeatCount; a.repeatDuration = repeatDuration; a.autoreverses = autoreverses
        a.fillMode = fillMode; a.isRemovedOnCompletion = removedOnCompletion
        a.timingFunction = timingFunction?.timingFunction
        return a
    }
}

extension LayerDocument {
    /// Adds every document animation to its layer, in document order, as
    /// `layer.add(animation, forKey: key)` at document time 0: the clock is set to
    /// `documentTime` (0) for the commit, so an animation's beginTime 0 becomes its layer's
    /// local time at document time 0. Leaves the current clock's manual time as it found it.
    public func attachAnimations(atDocumentTime documentTime: Double = 0) {
        let clock = CAAnimationContext.current.clock
        let saved = clock.manualTime
        clock.manualTime = documentTime
        defer { clock.manualTime = saved }
        for (layer, spec, _) in animationSpecs {
            layer.add(spec.makeAnimation(), forKey: spec.key)
        }
        CATransaction.flush()
    }
}
