// Tests that the importer's keyframe animations match Lottie's own easing curve at every
// instant, with holds and spatial tangents.

import Foundation
import Testing
@testable import LayerKit
@testable import Lottie
import Raster
import TestSupport

/// The CAKeyframeAnimations the importer makes show, at every instant, what Lottie's own
/// curve gives: the easing bezier solved directly (`LottieEasingCurve`), per segment, with
/// holds and spatial tangents.
@Suite(.freshAnimationContext) struct LottieKeyframeEasingTests {
    /// lottie-ios's reading (lone holds, motion paths at the bezier's parameter); After
    /// Effects' where a test says so.
    static let timeline = LottieTimeline(rootIn: 0, rootOut: 120, frameRate: 30, reading: .iOS)
    static let afterEffects = LottieTimeline(rootIn: 0, rootOut: 120, frameRate: 30)

    static func property(_ json: String) throws -> LottieProperty<[Double]> {
        try LottieProperty.decode(LottieJSON(try JSONReader.parse(json), path: "p"))
    }

    /// The presented value of `key` at root frame `f` with the animation on a layer.
    static func presented<T>(_ p: LottieProperty<[Double]>, _ key: LayerKeyPath<T>, spatial: Bool = false, frames: [Double],
                             timeline: LottieTimeline = timeline, convert: ([Double]) -> T) -> [AnimatableValue] {
        let layer = CALayer()
        LottieKeyframeAnimation.apply(p, to: layer, key, timeline: timeline, spatial: spatial, convert: convert)
        return frames.map { layer.presentation(at: timeline.seconds(ofRoot: $0)).value(forKeyPath: key.keyPath)! }
    }

    static let frames = stride(from: 0.0, through: 120, by: 0.37).map { $0 }

    @Test func scalarEasingMatchesTheLottieCurveAtManyTimes() throws {
        let p = try Self.property("""
        {"a": 1, "k": [{"t": 5, "s": [0], "o": {"x": [0.42], "y": [0]}, "i": {"x": [0.58], "y": [1]}},
                        {"t": 40, "s": [100], "o": {"x": [0.1], "y": [0.9]}, "i": {"x": [0.2], "y": [1.4]}},
                        {"t": 90, "s": [-30], "o": {"x": [0.167], "y": [0.167]}, "i": {"x": [0.833], "y": [0.833]}},
                        {"t": 110, "s": [10]}]}
        """)
        let shown = Self.presented(p, .opacity, frames: Self.frames) { $0[0] }
        for (f, v) in zip(Self.frames, shown) {
            let expected = p.value(at: f)[0]
            #expect(abs(v.kpNumber! - expected) < 1e-3, "frame \(f): \(v.kpNumber!) vs \(expected)")
        }
    }

    @Test func holdKeyframesJumpAtTheNextKeyframe() throws {
        let p = try Self.property("""
        {"a": 1, "k": [{"t": 10, "s": [1], "h": 1}, {"t": 20, "s": [5], "h": 1}, {"t": 30, "s": [9]}]}
        """)
        let frames: [Double] = [0, 10, 19.99, 20, 29.9, 30, 60]
        let shown = Self.presented(p, .opacity, frames: frames) { $0[0] }.map { $0.kpNumber! }
        #expect(shown.map { ($0 * 100).rounded() / 100 } == [1, 1, 1, 5, 5, 9, 9])
    }

    /// A hold keyframe alone between eased ones (or first, at or before the animation's start) shows the
    /// layer's own value until the next keyframe, as Apple's renders of lottie-ios's one-value
    /// discrete segments show it; a hold that starts after the animation's start holds its value.
    @Test func aLoneHoldShowsTheLayersOwnValue() throws {
        let lone = try Self.property("""
        {"a": 1, "k": [{"t": -5, "s": [0.2], "h": 1}, {"t": 40, "s": [0.6]}, {"t": 60, "s": [0.3], "h": 1},
                        {"t": 80, "s": [0.5]}, {"t": 100, "s": [0.9]}]}
        """)
        let frames: [Double] = [0, 20, 39.9, 40.01, 60.01, 70, 79.9, 80.01, 100, 110]
        let shown = Self.presented(lone, .opacity, frames: frames) { $0[0] }.map { $0.kpNumber! }
        #expect(shown.map { ($0 * 100).rounded() / 100 } == [1, 1, 1, 0.6, 1, 1, 1, 0.5, 0.9, 0.9])
        let later = try Self.property("""
        {"a": 1, "k": [{"t": 10, "s": [0.2], "h": 1}, {"t": 30, "s": [0.6]}]}
        """)
        let held = Self.presented(later, .opacity, frames: [0, 10, 29.9, 30]) { $0[0] }.map { $0.kpNumber! }
        #expect(held.map { ($0 * 100).rounded() / 100 } == [0.2, 0.2, 0.2, 0.6])
    }

    @Test func spatialTangentsFollowTheMotionPath() throws {
        let p = try Self.property("""
        {"a": 1, "k": [{"t": 12, "s": [10, 10], "to": [40, 0], "ti": [0, -40], "o": {"x": 0.3, "y": 0}, "i": {"x": 0.7, "y": 1}},
                        {"t": 72, "s": [100, 100]}]}
        """)
        let shown = Self.presented(p, .position, spatial: true, frames: Self.frames) { Point($0[0], $0[1]) }
        for (f, v) in zip(Self.frames, shown) {
            let e = p.value(at: f, reading: .parameter)
            #expect(abs(v.kpPoint!.x - e[0]) < 1e-3 && abs(v.kpPoint!.y - e[1]) < 1e-3, "frame \(f)")
        }
    }

    /// After Effects' reading: at every frame the layer is the eased share of the motion
    /// path's length along it (`LottieMotionPath`), and a hold between eased keyframes keeps
    /// its value.
    @Test func afterEffectsReadingFollowsTheMotionPathByDistanceAndHoldsAnywhere() throws {
        let p = try Self.property("""
        {"a": 1, "k": [{"t": 12, "s": [10, 10], "to": [40, 0], "ti": [0, -40], "o": {"x": 0.3, "y": 0}, "i": {"x": 0.7, "y": 1}},
                        {"t": 72, "s": [100, 100]}]}
        """)
        let frames = (12...72).map(Double.init)
        let shown = Self.presented(p, .position, spatial: true, frames: frames, timeline: Self.afterEffects) { Point($0[0], $0[1]) }
        for (f, v) in zip(frames, shown) {
            let e = p.value(at: f, reading: .length)
            #expect(abs(v.kpPoint!.x - e[0]) < 0.05 && abs(v.kpPoint!.y - e[1]) < 0.05, "frame \(f)")
        }
        let lone = try Self.property("""
        {"a": 1, "k": [{"t": 2, "s": [0.2], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 40, "s": [0.6], "h": 1},
                        {"t": 60, "s": [1]}, {"t": 80, "s": [0.5]}]}
        """)
        let held = Self.presented(lone, .opacity, frames: [40.01, 50, 59.9], timeline: Self.afterEffects) { $0[0] }
        #expect(held.map { ($0.kpNumber! * 100).rounded() / 100 } == [0.6, 0.6, 0.6])
    }

    /// A segment shorter than 8 frames, and one that starts between frames (pumped_up, a 29.97
    /// fps export: its body's key at 24 eased (0.96, 0) → (0.36, 1) over 5 frames, its face's
    /// at 20.668): the pieces of the motion path end on whole frames, so every frame is the
    /// eased length share exactly (before, 8 equal pieces over 5 frames put frame 27 six points
    /// off, where the ease is steepest).
    @Test func shortAndOffFrameMotionSegmentsAreExactAtEveryFrame() throws {
        let p = try Self.property("""
        {"a": 1, "k": [{"t": 20.668, "s": [-5.4, 87.9], "to": [10, -40], "ti": [-30, 0], "o": {"x": 0.3, "y": 0}, "i": {"x": 0.6, "y": 1}},
                        {"t": 24, "s": [-109.625, 533.375], "to": [-77.375, -3.375], "ti": [0, 0.5], "o": {"x": 0.96, "y": 0}, "i": {"x": 0.36, "y": 1}},
                        {"t": 29, "s": [-169.625, 422.375]}]}
        """)
        let frames = (21...29).map(Double.init)
        let shown = Self.presented(p, .position, spatial: true, frames: frames, timeline: Self.afterEffects) { Point($0[0], $0[1]) }
        for (f, v) in zip(frames, shown) {
            let e = p.value(at: f, reading: .length)
            // Within 0.1 point: the pieces come from a 128-step length table of a 450-point curve.
            #expect(abs(v.kpPoint!.x - e[0]) < 0.1 && abs(v.kpPoint!.y - e[1]) < 0.1, "frame \(f): \(v.kpPoint!) vs \(e)")
        }
        // 5 frames: each frame's span in 2 pieces, the frames at 0.2, 0.4, 0.6, 0.8.
        let five = LottieMotionPath.timeShares(from: 24, to: 29)
        #expect(five.count == 11 && zip(five, (0...10).map { Double($0) / 10 }).allSatisfy { abs($0 - $1) < 1e-12 }, "\(five)")
        let shares = LottieMotionPath.timeShares(from: 20.668, to: 24)
        #expect(shares.first == 0 && shares.last == 1 && shares.count >= LottieMotionPath.minimumPieces + 1)
        for f in [21.0, 22, 23] { #expect(shares.contains { abs($0 * (24 - 20.668) + 20.668 - f) < 1e-9 }, "frame \(f)") }
    }

    /// lottie-ios reads a shape's position between keyframes by length along the spatial
    /// bezier, and straight from one keyframe to the next when the bezier is a line.
    @Test func spatialPositionsAdvanceByLength() throws {
        // A straight bezier whose control points bunch the parameter towards the middle.
        let line = try Self.property("""
        {"a": 1, "k": [{"t": 0, "s": [0, 0], "to": [0, 50], "ti": [0, -50], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}},
                        {"t": 100, "s": [0, 300]}]}
        """)
        for f in stride(from: 0.0, through: 100, by: 5) {
            #expect(abs(line.value(at: f)[1] - 3 * f) < 1e-9, "frame \(f)")
        }
        #expect(abs(line.value(at: 25, reading: .parameter)[1] - 60.9375) < 1e-9)
        // A quarter circle's bezier: equal steps of time cover equal arcs.
        let k = 0.5523 * 100
        let arc = try Self.property("""
        {"a": 1, "k": [{"t": 0, "s": [100, 0], "to": [0, \(k)], "ti": [\(k), 0], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}},
                        {"t": 90, "s": [0, 100]}]}
        """)
        for f in stride(from: 0.0, through: 90, by: 10) {
            let v = arc.value(at: f), angle = atan2(v[1], v[0]) * 180 / .pi
            #expect(abs(angle - f) < 0.1, "frame \(f): \(angle)°")
        }
    }

    @Test func keyframesOutsideTheInAndOutPointsKeepTheirTiming() throws {
        let p = try Self.property("""
        {"a": 1, "k": [{"t": -30, "s": [0], "o": {"x": [0.5], "y": [0]}, "i": {"x": [0.5], "y": [1]}}, {"t": 150, "s": [90]}]}
        """)
        let shown = Self.presented(p, .opacity, frames: Self.frames) { $0[0] }
        for (f, v) in zip(Self.frames, shown) { #expect(abs(v.kpNumber! - p.value(at: f)[0]) < 1e-3) }
    }

    @Test func easingCurveEndsAndLinearCase() {
        #expect(LottieEasingCurve.evaluate(0, 0.4, 0, 0.6, 1) == 0)
        #expect(LottieEasingCurve.evaluate(1, 0.4, 0, 0.6, 1) == 1)
        for x in stride(from: 0.0, through: 1, by: 0.1) {
            #expect(abs(LottieEasingCurve.evaluate(x, 0.25, 0.25, 0.75, 0.75) - x) < 1e-9)
        }
    }
}
