// CASpringAnimation: a damped mass-spring solved in closed form, and the iOS 17
// perceptualDuration / bounce parameters as SwiftUI's Spring(duration:bounce:) maps them.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A damped spring from the start value to the end value (CASpringAnimation): a mass on a
/// spring, solved in closed form (under-, critically and over-damped), evaluated at the
/// animation's local time in seconds (the duration only cuts it off). `initialVelocity` is in
/// units of the whole distance per second, positive towards the end value.
///
/// A damping ratio above 1 moves as a critically damped spring unless `allowsOverdamping` is
/// true (Core Animation's default, false, since the property exists). The iOS 17 parameters
/// `perceptualDuration` and `bounce` follow SwiftUI's `Spring(duration:bounce:)`: mass 1,
/// stiffness (2π / duration)², damping ratio 1 − bounce for bounce ≥ 0 and 1 / (1 + bounce)
/// below 0, where "negative values indicate overdamped springs with a minimum value of -1.0".
///
/// Like every animation, a spring added with duration 0 runs for the transaction's
/// `animationDuration` (else 0.25 s); `settlingDuration` is for the caller to set as its
/// duration (documents do that for a spring whose duration is 0).
open class CASpringAnimation: CABasicAnimation {
    public var mass = 1.0
    public var stiffness = 100.0
    public var damping = 10.0
    public var initialVelocity = 0.0
    /// When false (the default) a damping ratio above 1 is solved as critically damped; when
    /// true the spring moves as the overdamped solution.
    public var allowsOverdamping = false

    /// A spring of mass 1 from the perceptual duration (seconds; "approximately equal to the
    /// settling duration, but for springs with very large bounce values, will be the duration
    /// of the period of oscillation") and bounce ("A value of 0 indicates no bounces (a
    /// critically damped spring), positive values indicate increasing amounts of bounciness up
    /// to a maximum of 1.0 (corresponding to undamped oscillation), and negative values indicate
    /// overdamped springs with a minimum value of -1.0" — SwiftUI `Spring(duration:bounce:)`).
    /// stiffness = (2π / duration)², damping = 4π (1 − bounce) / duration, so the damping
    /// ratio is 1 − bounce (above 1 for a negative bounce). A negative bounce also sets
    /// `allowsOverdamping`, so the spring is overdamped as the bounce asks.
    public convenience init(perceptualDuration: Double, bounce: Double) {
        self.init(keyPath: nil)
        let p = Self.parameters(perceptualDuration: perceptualDuration, bounce: bounce)
        mass = p.mass; stiffness = p.stiffness; damping = p.damping
        allowsOverdamping = bounce < 0
    }

    /// Mass, stiffness and damping for a perceptual duration and bounce (see the initializer).
    /// Durations that are not positive and finite count as 0.001 s; bounce is kept in −1…1.
    public static func parameters(perceptualDuration: Double, bounce: Double) -> (mass: Double, stiffness: Double, damping: Double) {
        let d = perceptualDuration.isFinite && perceptualDuration > 0.001 ? perceptualDuration : 0.001
        let b = bounce.isNaN ? 0 : min(max(bounce, -1), 1)
        let ratio = 1 - b
        return (1, (2 * .pi / d) * (2 * .pi / d), 4 * .pi * ratio / d)
    }

    /// 2π√(mass / stiffness): the period of the undamped spring, which the initializer takes.
    public var perceptualDuration: Double {
        2 * .pi * (max(mass, 1e-9) / max(stiffness, 1e-9)).squareRoot()
    }
    /// 1 − damping ratio (the initializer's inverse).
    public var bounce: Double {
        1 - max(damping, 0) / (2 * (max(mass, 1e-9) * max(stiffness, 1e-9)).squareRoot())
    }

    /// The damping the motion uses: above critical damping it is critical unless
    /// `allowsOverdamping`.
    var effectiveDamping: Double {
        let critical = 2 * (max(mass, 1e-9) * max(stiffness, 1e-9)).squareRoot()
        return allowsOverdamping ? damping : min(damping, critical)
    }

    /// The displacement threshold (fraction of the distance) used for `settlingDuration`.
    public static let settlingEpsilon = 0.001

    open override func copy() -> CAAnimation {
        let c = CASpringAnimation(keyPath: keyPath)
        c.copyBasic(from: self)
        c.mass = mass; c.stiffness = stiffness; c.damping = damping; c.initialVelocity = initialVelocity
        c.allowsOverdamping = allowsOverdamping
        return c
    }

    /// The estimated time for the spring to come to rest, as Core Animation computes it
    /// (`durationForEpsilon:` with 0.001; see `settlingTime`). Cached per parameter set.
    /// With `allowsOverdamping` and a damping ratio above 1 the same 0.1 s walk follows the
    /// overdamped motion, so a spring whose duration is its settling duration is not cut off.
    public var settlingDuration: Double {
        let key = [mass, stiffness, damping, initialVelocity, allowsOverdamping ? 1 : 0]
        if let c = settlingCache, c.0 == key { return c.1 }
        let d = computeSettlingDuration()
        settlingCache = (key, d)
        return d
    }
    private var settlingCache: ([Double], Double)?
    private func computeSettlingDuration() -> Double {
        let critical = 2 * (mass * stiffness).squareRoot()
        if allowsOverdamping, mass > 0, stiffness > 0, damping > critical {
            return Self.overdampedSettlingTime(mass: mass, stiffness: stiffness, damping: damping,
                                               velocity: initialVelocity, epsilon: Self.settlingEpsilon)
        }
        return Self.settlingTime(mass: mass, stiffness: stiffness, damping: damping, velocity: initialVelocity,
                                 epsilon: Self.settlingEpsilon)
    }

    /// The remaining displacement at time t, as a fraction of the distance (1 at t = 0).
    public func displacement(at t: Double) -> Double {
        Self.displacement(t, mass: mass, stiffness: stiffness, damping: effectiveDamping, velocity: initialVelocity)
    }

    /// x(t) for x(0) = 1, x'(0) = −v of m x'' + c x' + k x = 0.
    public static func displacement(_ t: Double, mass m: Double, stiffness k: Double, damping c: Double,
                                    velocity v: Double) -> Double {
        let m = max(m, 1e-9), k = max(k, 1e-9), c = max(c, 0)
        let w0 = (k / m).squareRoot()
        let zeta = c / (2 * (k * m).squareRoot())
        if abs(zeta - 1) < 1e-9 {
            return (1 + (w0 - v) * t) * exp(-w0 * t)
        } else if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (zeta * w0 - v) / wd
            return exp(-zeta * w0 * t) * (cos(wd * t) + b * sin(wd * t))
        } else {
            // r1 = −ω(ζ − s) written as −ω / (ζ + s): no cancellation for large ζ.
            let s = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 / (zeta + s), r2 = -w0 * (zeta + s)
            let c2 = (-v - r1) / (r2 - r1), c1 = 1 - c2
            return c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    /// See `settlingDuration`: Core Animation's `durationForEpsilon:`. ω = √(k/m),
    /// ζ = c / (2√(mk)); ζ = 0 never settles (infinity). Below critical damping the closed form
    /// (−ln ε + ln(1 + |(ωζ − v) / (ω√(1−ζ²))|)) / (ωζ), floored at 0; at or above it the spring
    /// is treated as critically damped and time walks in steps of 0.1 s until the remainder
    /// |1 + (ω − v)t|·e^(−ωt) has fallen to ε and stays there (a multiple of 0.1).
    public static func settlingTime(mass: Double, stiffness: Double, damping: Double, velocity v: Double,
                                    epsilon: Double) -> Double {
        guard mass > 0, stiffness > 0, damping >= 0 else { return .infinity }
        let w = (stiffness / mass).squareRoot()
        let zeta = damping / (2 * (mass * stiffness).squareRoot())
        guard zeta > 0 else { return .infinity }
        if zeta < 1 {
            let d = (-log(epsilon) + log(1 + abs((w * zeta - v) / (w * (1 - zeta * zeta).squareRoot())))) / (w * zeta)
            return max(0, d)
        }
        let a = w - v
        func remainder(_ t: Double) -> Double { abs(1 + a * t) * exp(-w * t) }
        // Past `tail` the bound (1 + |a|t)e^(−ωt) decreases and is below ε: nothing to find there.
        let peak = max(0, (abs(a) - w) / (abs(a) * w))
        var lastAbove = -1
        var k = 0
        while true {
            let t = Double(k) * 0.1
            if remainder(t) > epsilon { lastAbove = k }
            if t > peak && (1 + abs(a) * t) * exp(-w * t) <= epsilon { break }
            k += 1
            if k > 10_000_000 { return .infinity }
        }
        return Double(lastAbove + 1) * 0.1
    }

    /// The settling time of an overdamped spring (ζ > 1), in the steps of `settlingTime`: the
    /// first multiple of 0.1 s after which |x(t)| stays at or below ε. x(t) = c1·e^(r1 t) +
    /// c2·e^(r2 t) with r2 < r1 < 0, bounded by (|c1| + |c2|)·e^(r1 t).
    static func overdampedSettlingTime(mass: Double, stiffness: Double, damping: Double, velocity v: Double,
                                       epsilon: Double) -> Double {
        let w0 = (stiffness / mass).squareRoot(), zeta = damping / (2 * (mass * stiffness).squareRoot())
        let s = (zeta * zeta - 1).squareRoot()
        let r1 = -w0 / (zeta + s), r2 = -w0 * (zeta + s)
        let c2 = (-v - r1) / (r2 - r1), c1 = 1 - c2
        let bound = abs(c1) + abs(c2)
        guard r1 < 0, bound.isFinite else { return .infinity }
        // Past tEnd the bound is below ε: nothing to find there.
        let tEnd = max(0, log(bound / epsilon) / -r1)
        guard tEnd < 1_000_000 else { return .infinity }
        var lastAbove = -1, k = 0
        while Double(k) * 0.1 <= tEnd + 0.1 {
            let t = Double(k) * 0.1
            if abs(c1 * exp(r1 * t) + c2 * exp(r2 * t)) > epsilon { lastAbove = k }
            k += 1
        }
        return Double(lastAbove + 1) * 0.1
    }

    /// UIKit's `usingSpringWithDamping:initialSpringVelocity:` for a duration: mass 1 and the
    /// stiffness for which the spring with damping ratio `ratio` settles (to 0.001 of the
    /// distance) in `duration`; damping = 2 · ratio · √stiffness.
    public static func parameters(duration: Double, dampingRatio ratio: Double, velocity: Double)
        -> (mass: Double, stiffness: Double, damping: Double) {
        let zeta = max(ratio, 1e-4)
        func settle(_ w0: Double) -> Double {
            settlingTime(mass: 1, stiffness: w0 * w0, damping: 2 * zeta * w0, velocity: velocity, epsilon: 0.001)
        }
        var lo = 0.01, hi = 2000.0
        guard duration > 0 else { return (1, hi * hi, 2 * zeta * hi) }
        for _ in 0..<50 {
            let mid = (lo * hi).squareRoot()
            if settle(mid) > duration { lo = mid } else { hi = mid }
        }
        let w0 = (lo * hi).squareRoot()
        return (1, w0 * w0, 2 * zeta * w0)
    }

    open override func apply(_ progress: CAAnimationProgress, to presentation: CALayer) {
        guard let current = presentationValue(of: presentation) else { return }
        let t = progress.duration * progress.fraction
        let f = 1 - displacement(at: t)
        write(value(fraction: f, iteration: progress.iteration, current: interpolationBase(current: current)),
              current: current, to: presentation)
    }
}
