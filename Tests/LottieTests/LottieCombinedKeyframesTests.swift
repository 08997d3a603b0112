// Tests of combined keyframes (`LottieProperty.combined`): several animated inputs of one
// value whose keyframes line up become one keyframe animation, exact at every instant where
// the value is linear in them; inputs keyframed apart are sampled on every frame as before.

import Foundation
import Testing
@testable import LayerKit
@testable import Lottie
import Raster
import TestSupport

@Suite(.freshAnimationContext) struct LottieCombinedKeyframesTests {
    static func property(_ json: String) throws -> LottieProperty<[Double]> {
        try LottieProperty.decode(LottieJSON(try JSONReader.parse(json), path: "p"))
    }

    /// The first shape layer under `root` (depth first).
    static func shapeLayer(_ root: CALayer) -> CAShapeLayer? {
        var stack = [root]
        while let l = stack.popLast() {
            if let s = l as? CAShapeLayer { return s }
            stack += l.sublayers ?? []
        }
        return nil
    }

    /// Whether `a` is the importer's frame-by-frame sampling (values at every frame, linear
    /// steps: no timing functions) rather than keyframes.
    static func isSampled(_ a: CAKeyframeAnimation) -> Bool { a.timingFunctions == nil }

    @Test func keyframesThatLineUpCombineAndMixLikeTheirParts() throws {
        let a = try Self.property(#"{"a": 1, "k": [{"t": 0, "s": [10, 20], "o": {"x": [0.4], "y": [0]}, "i": {"x": [0.6], "y": [1]}}, {"t": 30, "s": [50, 60]}]}"#)
        let b = try Self.property(#"{"a": 1, "k": [{"t": 0, "s": [1], "o": {"x": [0.4], "y": [0]}, "i": {"x": [0.6], "y": [1]}}, {"t": 30, "s": [3]}]}"#)
        let still = try Self.property(#"{"a": 0, "k": [7]}"#)
        let c = try #require(LottieProperty.combined([a, b, still]))
        #expect(c.keyframes.count == 2)
        for f in stride(from: 0.0, through: 30, by: 2.5) {
            #expect(c.value(at: f).parts == [a.value(at: f), b.value(at: f), [7]], "frame \(f)")
        }
    }

    @Test func keyframesAtOtherFramesOrWithOtherEasingDoNotCombine() throws {
        let a = try Self.property(#"{"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": [1]}]}"#)
        let later = try Self.property(#"{"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 31, "s": [1]}]}"#)
        let eased = try Self.property(#"{"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0.4], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": [1]}]}"#)
        let held = try Self.property(#"{"a": 1, "k": [{"t": 0, "s": [0], "h": 1}, {"t": 30, "s": [1]}]}"#)
        #expect(LottieProperty.combined([a, later]) == nil)
        #expect(LottieProperty.combined([a, eased]) == nil)
        #expect(LottieProperty.combined([a, held]) == nil)
        #expect(LottieProperty.combined([a, a]) != nil)
    }

    /// An ellipse whose position and size are keyframed alike is one path animation with the
    /// keyframes' own key times, exact at every frame; keyframed apart it is sampled.
    @Test func anEllipseMovingAndGrowingAlikeIsKeyframedNotSampled() throws {
        func file(_ sizeFrame: Double) -> String {
            let p = LottieFeatureFile.keyframes([(0, "[30, 30]", false), (30, "[70, 60]", false)])
            let s = LottieFeatureFile.keyframes([(0, "[10, 10]", false), (sizeFrame, "[40, 20]", false)])
            return LottieFeatureFile.shapeLayer([LottieFeatureFile.group([#"{"ty": "el", "p": \#(p), "s": \#(s)}"#, LottieFeatureFile.fill()])])
        }
        for reading in LottieReading.allCases {
            let alike = try LottieFeatureFile.scene([file(30)], reading: reading)
            let shape = try #require(Self.shapeLayer(alike.root))
            let a = try #require(shape.animation(forKey: "path") as? CAKeyframeAnimation)
            #expect(!Self.isSampled(a) && a.keyTimes == [0, 1], "\(reading)")
            for f in stride(from: 0.0, through: 30, by: 3) {
                let shown = shape.presentation(at: f / 30).path?.boundingBox ?? .zero
                let w = 10 + 30 * f / 30, h = 10 + 10 * f / 30, x = 30 + 40 * f / 30, y = 30 + 30 * f / 30
                #expect(abs(shown.origin.x - (x - w / 2)) < 1e-6 && abs(shown.size.width - w) < 1e-6
                        && abs(shown.origin.y - (y - h / 2)) < 1e-6 && abs(shown.size.height - h) < 1e-6, "\(reading) frame \(f): \(shown)")
            }
            let apart = try LottieFeatureFile.scene([file(20)], reading: reading)
            let sampled = try #require(Self.shapeLayer(apart.root)?.animation(forKey: "path") as? CAKeyframeAnimation)
            #expect(Self.isSampled(sampled), "\(reading)")
        }
    }

    /// A drop shadow whose angle turns is keyframed in lottie-ios's reading (its combined
    /// keyframes) and sampled in After Effects' (the offset is not linear in the angle); one
    /// whose angle holds is keyframed in both.
    @Test func aShadowOffsetIsKeyframedWhereItIsExactOrLottieIOSReadsItSo() throws {
        func file(angle: String) -> String {
            let d = LottieFeatureFile.keyframes([(0, "[0]", false), (30, "[10]", false)])
            let style = #"{"ty": 1, "c": {"k": [0, 0, 0, 1]}, "o": {"k": 50}, "a": \#(angle), "d": \#(d), "s": {"k": 4}}"#
            return LottieFeatureFile.solidLayer(extra: #""sy": [\#(style)]"#)
        }
        func offsetAnimation(_ angle: String, _ reading: LottieReading) throws -> CAKeyframeAnimation? {
            let scene = try LottieFeatureFile.scene([file(angle: angle)], reading: reading)
            var stack = [scene.root]
            while let l = stack.popLast() {
                if let a = l.animation(forKey: "shadowOffset") as? CAKeyframeAnimation { return a }
                stack += l.sublayers ?? []
            }
            return nil
        }
        let turning = LottieFeatureFile.keyframes([(0, "[0]", false), (30, "[90]", false)])
        let iOS = try #require(try offsetAnimation(turning, .iOS))
        let ae = try #require(try offsetAnimation(turning, .afterEffects))
        #expect(!Self.isSampled(iOS) && Self.isSampled(ae))
        let holding = try #require(try offsetAnimation(#"{"a": 0, "k": 135}"#, .afterEffects))
        #expect(!Self.isSampled(holding))
    }
}
