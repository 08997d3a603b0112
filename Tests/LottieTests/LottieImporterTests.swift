// Tests that each Lottie construct becomes the layers and animations the importer documents.

import Foundation
import Testing
@testable import LayerKit
@testable import Lottie
import Raster
import TestSupport

/// Each Lottie construct becomes the layers and animations the importer documents.
@Suite(.freshAnimationContext) struct LottieImporterTests {
    static func scene(layers: String, assets: String = "[]", op: Double = 60, reading: LottieReading = .afterEffects) throws -> LottieScene {
        try LottieScene.parse(Array("""
        {"v": "5.7.0", "fr": 30, "ip": 0, "op": \(op), "w": 200, "h": 100, "assets": \(assets), "layers": \(layers)}
        """.utf8), reading: reading)
    }
    static let transform = #""ks": {"a": {"k": [10, 20]}, "p": {"k": [100, 50]}, "s": {"k": [50, 200]}, "r": {"k": 90}, "o": {"k": 40}}"#

    /// Every layer below `root`, depth first.
    static func all(_ root: CALayer) -> [CALayer] {
        var out: [CALayer] = []
        func walk(_ l: CALayer) { for s in l.sublayers ?? [] { out.append(s); walk(s) } }
        walk(root)
        return out
    }

    @Test func solidLayerBecomesTransformLayersAroundAColouredContentLayer() throws {
        let s = try Self.scene(layers: ##"[{"ty": 1, "nm": "Bg", "ind": 1, "ip": 0, "op": 60, "st": 0, "sc": "#ff8000", "sw": 40, "sh": 30, \##(Self.transform)}]"##)
        let layers = Self.all(s.root)
        let content = try #require(layers.last)
        #expect(content.backgroundColor == Color(1, 128.0 / 255, 0, 1))
        #expect(content.bounds == Rect(0, 0, 40, 30))
        #expect(abs(content.opacity - 0.4) < 1e-12)
        // A content point q lands at position + R · S · (q − anchor).
        let q = Point(10 + 2, 20 + 1)
        let onScreen = content.convert(q, to: s.root)
        // S: (2, 1) → (1, 2); R(90°): (1, 2) → (−2, 1); plus the position.
        #expect(abs(onScreen.x - 98) < 1e-9 && abs(onScreen.y - 51) < 1e-9)
    }

    @Test func shapeGroupFillAndStrokeBecomeShapeLayersBottomFirst() throws {
        let s = try Self.scene(layers: ##"""
        [{"ty": 4, "nm": "S", "ip": 0, "op": 60, "st": 0, "ks": {}, "shapes": [
          {"ty": "gr", "nm": "G", "it": [
            {"ty": "rc", "p": {"k": [0, 0]}, "s": {"k": [20, 10]}, "r": {"k": 0}},
            {"ty": "st", "c": {"k": [1, 0, 0, 1]}, "o": {"k": 100}, "w": {"k": 3}, "lc": 1, "lj": 3},
            {"ty": "fl", "c": {"k": [0, 0, 1, 1]}, "o": {"k": 50}, "r": 2},
            {"ty": "tr", "p": {"k": [50, 50]}, "a": {"k": [0, 0]}, "s": {"k": [100, 100]}, "r": {"k": 0}, "o": {"k": 100}}]}]}]
        """##)
        let shapes = Self.all(s.root).compactMap { $0 as? CAShapeLayer }
        #expect(shapes.count == 2)
        // The fill is listed last, so it is drawn first (beneath the stroke).
        #expect(shapes[0].fillColor == Color(0, 0, 1, 1) && shapes[0].fillRule == .evenOdd && shapes[0].opacity == 0.5)
        #expect(shapes[1].strokeColor == Color(1, 0, 0, 1) && shapes[1].fillColor == nil)
        #expect(shapes[1].lineWidth == 3 && shapes[1].lineCap == .butt && shapes[1].lineJoin == .bevel)
        // The rectangle starts at its top-right corner and runs clockwise.
        guard case .move(let start) = shapes[0].path!.elements[0] else { Issue.record("no move"); return }
        #expect(start == Point(10, -5))
    }

    @Test func trimPathsBecomeStrokeStartAndEnd() throws {
        let s = try Self.scene(layers: ##"""
        [{"ty": 4, "nm": "T", "ip": 0, "op": 60, "st": 0, "ks": {}, "shapes": [
          {"ty": "el", "p": {"k": [0, 0]}, "s": {"k": [20, 20]}},
          {"ty": "tm", "s": {"k": 10}, "e": {"a": 1, "k": [{"t": 0, "s": [20], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": [80]}]}, "o": {"k": 0}, "m": 1},
          {"ty": "st", "c": {"k": [0, 0, 0, 1]}, "o": {"k": 100}, "w": {"k": 2}}]}]
        """##)
        let shape = try #require(Self.all(s.root).compactMap { $0 as? CAShapeLayer }.first)
        #expect(abs(shape.strokeStart - 0.1) < 1e-12)
        let end = try #require(shape.animation(forKey: "strokeEnd") as? CAKeyframeAnimation)
        #expect(end.values == [.number(0.2), .number(0.8)])
        #expect(end.duration == 1 && end.fillMode == .both && !end.isRemovedOnCompletion)
    }

    @Test func trimStartAnimatedToTheWholeLengthRunsTowardsThePathsEnd() throws {
        // s 0 → 100 with e at 100: the visible part shrinks towards the path's end, so
        // strokeStart runs 0 → 1 and strokeEnd stays 1 (not strokeEnd 1 → 0 from the start).
        let s = try Self.scene(layers: ##"""
        [{"ty": 4, "nm": "T", "ip": 0, "op": 60, "st": 0, "ks": {}, "shapes": [
          {"ty": "el", "p": {"k": [0, 0]}, "s": {"k": [20, 20]}},
          {"ty": "tm", "s": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": [100]}]}, "e": {"k": 100}, "o": {"k": 0}, "m": 1},
          {"ty": "st", "c": {"k": [0, 0, 0, 1]}, "o": {"k": 100}, "w": {"k": 2}}]}]
        """##)
        let shape = try #require(Self.all(s.root).compactMap { $0 as? CAShapeLayer }.first)
        let start = try #require(shape.animation(forKey: "strokeStart") as? CAKeyframeAnimation)
        let end = try #require(shape.animation(forKey: "strokeEnd") as? CAKeyframeAnimation)
        #expect(start.values == [.number(0), .number(1)])
        #expect(end.values == [.number(1), .number(1)])
    }

    @Test func animatedRoundedCornersRoundThePathFrameByFrame() throws {
        // A square path under a rounded-corners radius animated 0 → 10: four sides at frame
        // 0 (Lottie segments are cubics), four sides and four corner arcs once it grows.
        let s = try Self.scene(layers: ##"""
        [{"ty": 4, "nm": "R", "ip": 0, "op": 60, "st": 0, "ks": {}, "shapes": [
          {"ty": "sh", "ks": {"k": {"c": true, "v": [[0, 0], [40, 0], [40, 40], [0, 40]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}},
          {"ty": "rd", "r": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": [10]}]}},
          {"ty": "fl", "c": {"k": [0, 0, 0, 1]}, "o": {"k": 100}}]}]
        """##)
        let shape = try #require(Self.all(s.root).compactMap { $0 as? CAShapeLayer }.first)
        CAAnimationContext.current.engine.tick(at: 0)
        func curves(atFrame f: Double) -> Int {
            let layer = s.root.presentation(at: s.time(forFrame: f))
            let drawn = Self.all(layer).compactMap { $0 as? CAShapeLayer }.first
            return drawn?.path?.elements.filter { if case .cubic = $0 { return true }; return false }.count ?? -1
        }
        #expect(shape.animation(forKey: "path") != nil)
        #expect(curves(atFrame: 0) == 4)
        #expect(curves(atFrame: 30) == 8)
    }

    @Test func layerOutsideItsInAndOutPointsIsHidden() throws {
        let s = try Self.scene(layers: ##"[{"ty": 1, "nm": "Late", "ip": 30, "op": 45, "st": 0, "sc": "#000000", "sw": 10, "sh": 10, "ks": {}}]"##)
        let content = try #require(Self.all(s.root).last)
        CAAnimationContext.current.engine.tick(at: 0)
        func hidden(atFrame f: Double) -> Bool {
            var l: CALayer? = s.root.presentation(at: s.time(forFrame: f))
            while let x = l, x.sublayers?.isEmpty == false { l = x.sublayers?.first }
            return l?.isHidden ?? true
        }
        #expect(content.isHidden)
        #expect(hidden(atFrame: 10) && !hidden(atFrame: 30) && !hidden(atFrame: 44) && hidden(atFrame: 45))
    }

    @Test func aFrameExactlyOnAnInOrOutPointFallsWhereCoreAnimationsRoundingPutsIt() throws {
        // A composition of frames 0…30 at 30 fps: lottie-ios's key time of frame 21,
        // 21 / ((31 / 30) · 30), scaled back by the duration 31 / 30 rounds above the time
        // 21 / 30, so in the iOS reading the layer ending there still shows and the one
        // starting there does not yet; at frame 20 the two agree ([ip, op) holds). A layer
        // wholly after the composition's end never shows. After Effects' reading keeps
        // [ip, op) at every boundary (aLayerIsShownOnItsInPointsFrameAndHiddenOnItsOutPoints).
        let layers = ##"""
        [{"ty": 1, "nm": "A", "ip": 10, "op": 21, "st": 0, "sc": "#000000", "sw": 10, "sh": 10, "ks": {}},
         {"ty": 1, "nm": "B", "ip": 10, "op": 20, "st": 0, "sc": "#000000", "sw": 10, "sh": 10, "ks": {}},
         {"ty": 1, "nm": "C", "ip": 21, "op": 25, "st": 0, "sc": "#000000", "sw": 10, "sh": 10, "ks": {}},
         {"ty": 1, "nm": "D", "ip": 40, "op": 50, "st": 0, "sc": "#000000", "sw": 10, "sh": 10, "ks": {}}]
        """##
        let s = try Self.scene(layers: layers, op: 30, reading: .iOS)
        CAAnimationContext.current.engine.tick(at: 0)
        func shown(_ name: String, atFrame f: Double, in s: LottieScene) -> Bool {
            let l = Self.all(s.root.presentation(at: s.time(forFrame: f))).first { $0.name == name }
            return l.map { !$0.isHidden } ?? false
        }
        #expect(shown("A", atFrame: 20, in: s) && shown("A", atFrame: 21, in: s) && !shown("A", atFrame: 21.5, in: s))
        #expect(shown("B", atFrame: 19.5, in: s) && !shown("B", atFrame: 20, in: s))
        #expect(!shown("C", atFrame: 20.5, in: s) && !shown("C", atFrame: 21, in: s) && shown("C", atFrame: 21.5, in: s))
        #expect(![0, 15, 29.5, 30].contains { shown("D", atFrame: $0, in: s) })
        let ae = try Self.scene(layers: layers, op: 30)
        CAAnimationContext.current.engine.tick(at: 0)
        #expect(shown("A", atFrame: 20, in: ae) && !shown("A", atFrame: 21, in: ae))
        #expect(!shown("C", atFrame: 20.5, in: ae) && shown("C", atFrame: 21, in: ae))
    }

    @Test func precompositionRunsOnItsOwnTimelineAndClipsToItsSize() throws {
        let inner = ##"[{"ty": 1, "nm": "In", "ip": 0, "op": 100, "st": 0, "sc": "#00ff00", "sw": 10, "sh": 10, "ks": {"o": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 20, "s": [100]}]}}}]"##
        let s = try Self.scene(layers: ##"[{"ty": 0, "nm": "Pre", "refId": "c", "ip": 0, "op": 60, "st": 10, "sr": 2, "w": 50, "h": 40, "ks": {}}]"##,
                               assets: ##"[{"id": "c", "layers": \##(inner)}]"##)
        let layers = Self.all(s.root)
        let pre = try #require(layers.first { $0.name == "Pre" && $0.masksToBounds })
        #expect(pre.bounds == Rect(0, 0, 50, 40))
        let fade = try #require(layers.compactMap { $0.animation(forKey: "opacity") as? CAKeyframeAnimation }.first)
        // Inner frame f runs at outer frame st + sr · f: frames 0…20 → 10…50, 1/3 s to 5/3 s.
        #expect(abs(fade.beginTime - 10.0 / 30) < 1e-12 && abs(fade.duration - 40.0 / 30) < 1e-12)
    }

    @Test func parentingNestsTheParentsTransformButNotItsOpacity() throws {
        let s = try Self.scene(layers: ##"""
        [{"ty": 3, "nm": "Null", "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {"p": {"k": [30, 0]}, "o": {"k": 0}}},
         {"ty": 1, "nm": "Child", "ind": 2, "parent": 1, "ip": 0, "op": 60, "st": 0, "sc": "#000000", "sw": 10, "sh": 10, "ks": {"p": {"k": [5, 5]}}}]
        """##)
        let content = try #require(Self.all(s.root).last)
        #expect(content.name == "Child" && content.opacity == 1)
        let p = content.convert(Point(0, 0), to: s.root)
        #expect(p == Point(35, 5))
        #expect(s.root.sublayers?.count == 1)
    }

    @Test func unsupportedFeaturesAreNamedOnceEach() throws {
        let s = try Self.scene(layers: ##"""
        [{"ty": 4, "nm": "A", "ip": 0, "op": 60, "st": 0, "ks": {}, "shapes": [
          {"ty": "el", "p": {"k": [0, 0]}, "s": {"k": [20, 20]}}, {"ty": "xx", "nm": "Odd"}, {"ty": "xx", "nm": "Odd"},
          {"ty": "fl", "c": {"k": [0, 0, 0, 1]}, "o": {"k": 100}}]},
         {"ty": 5, "nm": "Words", "ip": 0, "op": 60, "st": 0, "ks": {}}]
        """##)
        #expect(s.warnings == ["unsupported text layer in layer \"Words\"", "unsupported shape item \"xx\" in layer \"A\", item \"Odd\""])
    }

    @Test(arguments: [
        (##"{"fr": 30, "ip": 0, "op": 10, "w": 10, "h": 10, "layers": [{"ty": 4, "ks": {"p": {"k": "x"}}}]}"##, "layers[0].ks.p.k: expected a number or an array of numbers, found a string"),
        (##"{"fr": 30, "ip": 0, "op": 10, "w": 10, "h": 10, "layers": [{"ks": {}}]}"##, "layers[0]: missing \"ty\""),
        (##"{"fr": 0, "ip": 0, "op": 10, "w": 10, "h": 10, "layers": []}"##, "fr: frame rate 0 is not within (0, 1000]"),
        (##"{"fr": 30, "ip": 0, "op": 10, "w": 10, "h": 10, "layers": [{"ty": 0, "refId": "a", "ks": {}}], "assets": [{"id": "a", "layers": [{"ty": 0, "refId": "a", "ks": {}}]}]}"##,
         "assets: precompositions nested deeper than the limit 64"),
        (##"{"fr": 30, "ip": 0, "op": 10, "w": 10, "h": 10, "layers": [{"ty": 1, "ind": 1, "parent": 2, "ks": {}}, {"ty": 3, "ind": 2, "parent": 1, "ks": {}}]}"##,
         "layers[0].parent: layer \"\": the parent chain loops or is deeper than 64"),
    ])
    func malformedFilesAreRefusedWithThePlace(json: String, message: String) {
        #expect(throws: DocumentError.self) { _ = try LottieScene.parse(Array(json.utf8)) }
        do { _ = try LottieScene.parse(Array(json.utf8)) } catch { #expect(error.description == message) }
    }

    @Test func lottieIsKnownByContent() {
        #expect(LottieScene.isLottie(Array(##"{"v": "5", "fr": 30, "ip": 0, "op": 1, "w": 1, "h": 1, "layers": []}"##.utf8)))
        #expect(!LottieScene.isLottie(Array(##"{"width": 10, "height": 10, "layers": []}"##.utf8)))
    }
}
