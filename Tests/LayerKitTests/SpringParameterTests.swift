// Tests of CASpringAnimation's allowsOverdamping and its iOS 17 perceptual parameters, in the
// Swift API and in documents.

import Foundation
import Testing
@testable import LayerKit
import TestSupport

/// CASpringAnimation's allowsOverdamping and the iOS 17 perceptual parameters, in the Swift
/// API and in documents.
@Suite(.freshAnimationContext) struct SpringParameterTests {
    static func spring(damping: Double, overdamping: Bool) -> CASpringAnimation {
        let s = CASpringAnimation(keyPath: "position.x")
        s.mass = 1; s.stiffness = 100; s.damping = damping; s.allowsOverdamping = overdamping
        return s
    }

    // allowsOverdamping (iOS 17, default false): a damping ratio above 1 moves as critically
    // damped unless it is true, then as the overdamped solution.
    @Test func dampingRatioAboveOneIsCriticalUnlessAllowsOverdamping() {
        let plain = Self.spring(damping: 40, overdamping: false)     // ζ = 2
        #expect(plain.allowsOverdamping == false && CASpringAnimation(keyPath: nil).allowsOverdamping == false)
        let over = Self.spring(damping: 40, overdamping: true)
        for t in stride(from: 0.0, through: 2, by: 0.05) {
            let critical = (1 + 10 * t) * exp(-10 * t)                // ω = 10, v = 0
            #expect(abs(plain.displacement(at: t) - critical) < 1e-12)
            let exact = CASpringAnimation.displacement(t, mass: 1, stiffness: 100, damping: 40, velocity: 0)
            #expect(abs(over.displacement(at: t) - exact) < 1e-12)
        }
        #expect(over.displacement(at: 0.5) > plain.displacement(at: 0.5) + 0.1)
        // Below critical damping the flag changes nothing.
        let under = Self.spring(damping: 5, overdamping: true)
        #expect(under.displacement(at: 0.3) == Self.spring(damping: 5, overdamping: false).displacement(at: 0.3))
        // Copies keep the flag.
        #expect((over.copy() as! CASpringAnimation).allowsOverdamping)
    }

    @Test func settlingDurationFollowsTheMotionShown() {
        let plain = Self.spring(damping: 40, overdamping: false)
        #expect(plain.settlingDuration == CASpringAnimation.settlingTime(mass: 1, stiffness: 100, damping: 40, velocity: 0, epsilon: 0.001))
        let over = Self.spring(damping: 40, overdamping: true)
        let d = over.settlingDuration
        #expect(d > plain.settlingDuration)
        #expect(abs(over.displacement(at: d)) <= 0.001)
        #expect(abs(over.displacement(at: d - 0.1)) > 0.001)
        #expect(abs(d * 10 - (d * 10).rounded()) < 1e-9)   // a multiple of 0.1 s, as for critical
    }

    // CASpringAnimation(perceptualDuration:bounce:) as SwiftUI's Spring(duration:bounce:):
    // "A value of 0 indicates no bounces (a critically damped spring), positive values indicate
    // increasing amounts of bounciness up to a maximum of 1.0 (corresponding to undamped
    // oscillation), and negative values indicate overdamped springs with a minimum value of -1.0."
    @Test func perceptualDurationAndBounceSetStiffnessAndDamping() {
        let s = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.25)
        #expect(s.mass == 1)
        #expect(abs(s.stiffness - pow(2 * .pi / 0.5, 2)) < 1e-9)
        #expect(abs(s.damping - 4 * .pi * (1 - 0.25) / 0.5) < 1e-9)
        #expect(abs(s.perceptualDuration - 0.5) < 1e-12 && abs(s.bounce - 0.25) < 1e-12)
        #expect(!s.allowsOverdamping)
        let critical = CASpringAnimation(perceptualDuration: 1, bounce: 0)
        #expect(abs(critical.damping - 2 * critical.stiffness.squareRoot()) < 1e-9)
        let over = CASpringAnimation(perceptualDuration: 1, bounce: -0.5)
        #expect(over.allowsOverdamping)
        #expect(abs(over.damping - 4 * .pi * 1.5 / 1) < 1e-9)          // ratio 1 − (−0.5)
        #expect(abs(over.bounce + 0.5) < 1e-12)
        #expect(over.displacement(at: 0.5) > critical.displacement(at: 0.5))
        // Out-of-range input is kept in range, never NaN.
        let wild = CASpringAnimation(perceptualDuration: -1, bounce: -7)
        #expect(wild.displacement(at: 0.1).isFinite && wild.settlingDuration.isFinite)
    }

    @Test func documentsAcceptAllowsOverdampingPerceptualDurationAndBounce() throws {
        let doc = try LayerDocument.parse("""
        {"width": 10, "height": 10, "layers": [{"animations": [
          {"type": "spring", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "damping": 40, "allowsOverdamping": true},
          {"type": "spring", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "perceptualDuration": 0.4, "bounce": 0.3},
          {"type": "spring", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "bounce": -0.2}]}]}
        """)
        let specs = doc.animationSpecs.map(\.spec)
        let a = try #require(specs[0].makeAnimation() as? CASpringAnimation)
        #expect(a.allowsOverdamping && a.damping == 40)
        let b = try #require(specs[1].makeAnimation() as? CASpringAnimation)
        #expect(abs(b.perceptualDuration - 0.4) < 1e-12 && abs(b.bounce - 0.3) < 1e-12 && !b.allowsOverdamping)
        let c = try #require(specs[2].makeAnimation() as? CASpringAnimation)
        #expect(abs(c.perceptualDuration - 0.5) < 1e-12 && abs(c.bounce + 0.2) < 1e-12 && c.allowsOverdamping)
        for (text, expected) in [
            (#"{"type": "spring", "keyPath": "opacity", "bounce": 0.2, "stiffness": 50}"#, "layers[0].animations[0].stiffness: not allowed"),
            (#"{"type": "spring", "keyPath": "opacity", "bounce": -1}"#, "layers[0].animations[0].bounce: must be above -1"),
            (#"{"type": "spring", "keyPath": "opacity", "perceptualDuration": 0}"#, "layers[0].animations[0].perceptualDuration: must be positive"),
            (#"{"type": "basic", "keyPath": "opacity", "bounce": 0.2}"#, #"layers[0].animations[0].bounce: unknown key "bounce""#),
        ] {
            do {
                _ = try LayerDocument.parse(#"{"width": 10, "height": 10, "layers": [{"animations": ["# + text + "]}]}")
                Issue.record("accepted: \(text)")
            } catch {
                #expect(error.description.hasPrefix(expected), "got: \(error.description)")
            }
        }
    }
}
