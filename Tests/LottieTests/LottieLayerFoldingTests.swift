// The pass-through wrappers folded after the import (LottieLayerFolding.swift) leave fewer
// layers and the same frames, pixel for pixel, as the tree built without folding: a shape
// layer shown between its in and out points (its visibility moved onto its transform's
// innermost layer) under a constant parent, its shape group's constant transform taken by
// the group's one fill; played through the render tree and drawn fresh.

import Testing
@testable import LayerKit
@testable import Lottie
import Raster

@Suite(.freshAnimationContext) struct LottieLayerFoldingTests {
    static let json = ##"""
    {"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 200, "h": 100, "assets": [], "layers": [
     {"ty": 3, "nm": "Holder", "ind": 1, "ip": 0, "op": 60, "st": 0,
      "ks": {"p": {"k": [100, 50]}, "s": {"k": [80, 80]}, "r": {"k": 10}}},
     {"ty": 4, "nm": "Spin", "ind": 2, "parent": 1, "ip": 12, "op": 48, "st": 0,
      "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [-40, 0], "o": {"x": [0.3], "y": [0]}, "i": {"x": [0.7], "y": [1]}}, {"t": 59, "s": [40, 0]}]},
             "r": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 59, "s": [200]}]},
             "s": {"a": 1, "k": [{"t": 0, "s": [100, 100], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 59, "s": [60, 140]}]},
             "a": {"k": [5, 3]}},
      "shapes": [
        {"ty": "gr", "nm": "Rectangle 1", "it": [
          {"ty": "rc", "p": {"k": [0, 0]}, "s": {"k": [30, 20]}, "r": {"k": 4}},
          {"ty": "fl", "c": {"k": [1, 0.5, 0, 1]}, "o": {"k": 100}},
          {"ty": "tr", "p": {"k": [-7.25, 3.5]}, "a": {"k": [0, 0]}, "s": {"k": [100, 100]}, "r": {"k": 0}, "o": {"k": 100}}]}]},
     {"ty": 4, "nm": "Still", "ind": 3, "ip": 0, "op": 60, "st": 0, "ks": {"p": {"k": [30, 30]}},
      "shapes": [{"ty": "el", "p": {"k": [0, 0]}, "s": {"k": [20, 20]}}, {"ty": "fl", "c": {"k": [0, 0.4, 1, 1]}, "o": {"k": 100}}]}]}
    """##

    static func scene(folding: Bool) throws -> LottieScene {
        let (json, _, _, _) = try LottieScene.resolvedJSON(Array(json.utf8), animation: nil, theme: nil)
        return try LottieScene(model: LottieAnimationModel.decode(json), baseDirectory: ".", images: nil,
                               reading: .afterEffects, foldsLayers: folding)
    }

    /// Every layer under `root`, masks included.
    static func count(_ root: CALayer) -> Int {
        var n = 0
        var stack = [root]
        while let l = stack.popLast() {
            n += 1
            stack += l.sublayers ?? []
            if let m = l.mask { stack.append(m) }
        }
        return n
    }

    @Test func foldedTreeHasFewerLayersAndDrawsTheSameFrames() throws {
        let folded = try Self.scene(folding: true), built = try Self.scene(folding: false)
        // The group's wrapper and the content layer of "Spin" are gone, and the content layer
        // of "Still", whose constant transform its one fill takes.
        #expect(Self.count(folded.root) == Self.count(built.root) - 3)
        #expect(folded.layerCount == built.layerCount - 3)
        // What a state machine finds by name is where it was.
        #expect(folded.layerPosition(named: "Rectangle 1") == built.layerPosition(named: "Rectangle 1"))
        let a = folded.fitted(width: 200, height: 100), b = built.fitted(width: 200, height: 100)
        let ta = RenderTree(), tb = RenderTree()
        let context = CAAnimationContext.current
        for i in 0...30 {
            let t = folded.duration * Double(i) / 30
            context.clock.manualTime = t
            for fresh in [false, true] {
                let x = Bitmap(width: 400, height: 200), y = Bitmap(width: 400, height: 200)
                LayerRenderer(scale: 2).draw(fresh ? a.drawablePresentation(at: t) : ta.update(a, at: t), into: Canvas(x))
                LayerRenderer(scale: 2).draw(fresh ? b.drawablePresentation(at: t) : tb.update(b, at: t), into: Canvas(y))
                let same = (0..<x.pixelCount).allSatisfy { x.pixels[$0] == y.pixels[$0] }
                #expect(same, "frame \(i) (t \(t), \(fresh ? "fresh" : "render tree"))")
            }
        }
    }

    @Test func namedOrTimedWrappersStay() {
        // A wrapper that fades, or whose sublayer has its own name, keeps its place.
        let x = CALayer(), p = CALayer(), c = CAShapeLayer()
        for l in [p, c] { l.anchorPoint = Point(0, 0); l.bounds = Rect(0, 0, 0, 0); l.position = Point(0, 0) }
        p.transform = .translation(3, 4)
        p.opacity = 0.5
        x.addSublayer(p)
        p.addSublayer(c)
        #expect(LottieLayerFolding.fold(x) == 0)
        p.opacity = 1
        p.name = "Group"
        c.name = "Fill"
        #expect(LottieLayerFolding.fold(x) == 0)
        c.name = nil
        #expect(LottieLayerFolding.fold(x) == 1)
        #expect(x.sublayers?.first === c && c.name == "Group" && c.transform == .translation(3, 4))
    }

    @Test func anIdentityWrapperGivesWayToASublayerAnywhere() {
        // Unnamed and adding nothing to the map: the sublayer, wherever it sits, takes its place.
        let x = CALayer(), p = CALayer(), c = CALayer()
        p.anchorPoint = Point(0, 0)
        p.bounds = Rect(0, 0, 0, 0)
        p.position = Point(0, 0)
        c.position = Point(5, 6)
        c.transform = .scale(2, 3)
        x.addSublayer(p)
        p.addSublayer(c)
        p.name = "Wrapper"
        #expect(LottieLayerFolding.fold(x) == 0)
        p.name = nil
        x.sublayerTransform = .scale(2, 2)
        #expect(LottieLayerFolding.fold(x) == 0)
        x.sublayerTransform = .identity
        #expect(LottieLayerFolding.fold(x) == 1)
        #expect(x.sublayers?.first === c && c.position == Point(5, 6) && c.transform == .scale(2, 3))
    }
}
