// Tests of Lottie drop shadows (layer style and effect) as the content layer's shadow.

import Foundation
import Testing
@testable import LayerKit
@testable import Lottie
import Raster
import TestSupport

/// A drop shadow layer style (`sy` type 1) and a drop shadow effect (`ef` type 25) become the
/// content layer's shadow, offset by angle and distance, and paint below the layer.
@Suite(.freshAnimationContext) struct LottieLayerShadowTests {
    /// A red 20 × 20 solid at (40, 40) in a 100 × 100 composition, with `extra` members.
    static func scene(_ extra: String) throws -> LottieScene {
        try LottieScene.parse(Array("""
        {"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100, "layers": [
         {"ty": 1, "nm": "Box", "ip": 0, "op": 60, "st": 0, "sc": "#ff0000", "sw": 20, "sh": 20,
          "ks": {"p": {"k": [40, 40]}}, \(extra)}]}
        """.utf8))
    }

    static func content(_ s: LottieScene) throws -> CALayer {
        try #require(LottieImporterTests.all(s.root).first { $0.name == "Box" && $0.backgroundColor != nil })
    }

    static func render(_ s: LottieScene) -> Bitmap {
        let b = Bitmap(width: 100, height: 100)
        LayerRenderer(background: .white).draw(s.root.presentation(at: 0), into: Canvas(b))
        return b
    }

    @Test func layerStyleShadowFallsAtItsAngleAndDistance() throws {
        let s = try Self.scene(##""sy": [{"ty": 1, "nm": "Drop Shadow", "c": {"k": [0, 0, 1, 1]}, "o": {"k": 50}, "a": {"k": 90}, "d": {"k": 10}, "s": {"k": 0}}]"##)
        #expect(s.warnings.isEmpty, "\(s.warnings)")
        let c = try Self.content(s)
        #expect(c.shadowColor == Color(0, 0, 1, 1) && c.shadowOpacity == 0.5 && c.shadowRadius == 0)
        #expect(abs(c.shadowOffset.width) < 1e-9 && abs(c.shadowOffset.height - 10) < 1e-9)
        let b = Self.render(s)
        // The box, its shadow peeking out 10 below it (half-opaque blue over white), and
        // nothing beyond.
        #expect(b[50, 50] == Color(1, 0, 0, 1).premultipliedARGB)
        let shadow = Color(premultipliedARGB: b[50, 65])
        #expect(abs(shadow.r - 0.5) < 0.02 && abs(shadow.g - 0.5) < 0.02 && shadow.b > 0.98)
        #expect(b[50, 75] == Color.white.premultipliedARGB && b[50, 35] == Color.white.premultipliedARGB)
    }

    @Test func dropShadowEffectReadsItsValuesByName() throws {
        let s = try Self.scene(##"""
        "ef": [{"ty": 25, "nm": "Drop Shadow", "ef": [
          {"ty": 2, "nm": "Shadow Color", "v": {"k": [0, 0, 0, 1]}}, {"ty": 0, "nm": "Opacity", "v": {"k": 255}},
          {"ty": 0, "nm": "Direction", "v": {"k": 90}}, {"ty": 0, "nm": "Distance", "v": {"k": 8}},
          {"ty": 0, "nm": "Softness", "v": {"k": 20}}]}]
        """##)
        #expect(s.warnings.isEmpty, "\(s.warnings)")
        let c = try Self.content(s)
        // Direction 90 points right (the angle is direction − 90); softness 20 is σ 5 in After
        // Effects' reading (lottie-web: softness / 4), radius 4 in lottie-ios's (softness / 5).
        #expect(c.shadowOpacity == 1 && c.shadowRadius == 5)
        #expect(abs(c.shadowOffset.width - 8) < 1e-9 && abs(c.shadowOffset.height) < 1e-9)
        let b = Self.render(s)
        // Right of the box the blurred black shadow darkens the white; left of it nothing.
        #expect(Color(premultipliedARGB: b[64, 50]).r < 0.6)
        #expect(b[30, 50] == Color.white.premultipliedARGB)
    }

    @Test func animatedDistanceMovesTheShadowOverTime() throws {
        let s = try Self.scene(##"""
        "sy": [{"ty": 1, "c": {"k": [0, 0, 0, 1]}, "o": {"k": 100}, "a": {"k": 0}, "s": {"k": 0},
                "d": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 30, "s": [30]}]}}]
        """##)
        let c = try Self.content(s)
        let mid = c.presentation(at: 0.5)
        #expect(abs(mid.shadowOffset.width - 15) < 1e-6 && abs(mid.shadowOffset.height) < 1e-9)
    }

    @Test func theIOSReadingKeepsLottieIOSsSoftness() throws {
        let json = ##""ef": [{"ty": 25, "nm": "Drop Shadow", "ef": [{"ty": 0, "nm": "Opacity", "v": {"k": 255}}, {"ty": 0, "nm": "Softness", "v": {"k": 20}}]}]"##
        let s = try LottieScene.parse(Array("""
        {"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100, "layers": [
         {"ty": 1, "nm": "Box", "ip": 0, "op": 60, "st": 0, "sc": "#ff0000", "sw": 20, "sh": 20, "ks": {"p": {"k": [40, 40]}}, \(json)}]}
        """.utf8), reading: .iOS)
        #expect(try Self.content(s).shadowRadius == 4)
    }

    @Test func otherEffectsAndStylesAreStillNamed() throws {
        let s = try Self.scene(##""ef": [{"ty": 24, "nm": "Levels"}], "sy": [{"ty": 2, "nm": "Inner Shadow"}]"##)
        #expect(s.warnings == ["unsupported layer styles in layer \"Box\"", "unsupported effect type 24 \"Levels\" in layer \"Box\""])
        #expect(try Self.content(s).shadowOpacity == 0)
    }
}
