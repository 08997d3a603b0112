// An imported Lottie animation played through the render tree kept across frames
// (`RenderTree`, what `play` and `bench` draw) gives the drawable presentation tree's frames,
// pixel for pixel: layers entering and leaving at their in and out points, keyframed
// transforms, opacity and trims, a precomposition on its own stretched timeline.

import Testing
@testable import LayerKit
@testable import Lottie
import Raster

@Suite(.freshAnimationContext) struct LottieRenderTreeTests {
    static let layers = ##"""
    [{"ty": 4, "nm": "Spin", "ip": 0, "op": 60, "st": 0,
      "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [40, 50], "o": {"x": [0.3], "y": [0]}, "i": {"x": [0.7], "y": [1]}}, {"t": 59, "s": [160, 50]}]},
             "r": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 59, "s": [270]}]},
             "o": {"a": 1, "k": [{"t": 0, "s": [100], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 40, "s": [20]}]}},
      "shapes": [
        {"ty": "rc", "p": {"k": [0, 0]}, "s": {"k": [30, 20]}, "r": {"k": 4}},
        {"ty": "tm", "s": {"k": 0}, "e": {"a": 1, "k": [{"t": 0, "s": [10], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 50, "s": [100]}]}, "o": {"k": 0}, "m": 1},
        {"ty": "st", "c": {"k": [0, 0, 1, 1]}, "o": {"k": 100}, "w": {"k": 3}},
        {"ty": "fl", "c": {"k": [1, 0.5, 0, 1]}, "o": {"k": 80}}]},
     {"ty": 1, "nm": "Late", "ip": 20, "op": 45, "st": 0, "sc": "#00a0ff", "sw": 30, "sh": 30,
      "ks": {"p": {"k": [100, 30]}, "s": {"a": 1, "k": [{"t": 20, "s": [50, 50], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 44, "s": [150, 100]}]}}},
     {"ty": 0, "nm": "Pre", "refId": "c", "ip": 0, "op": 60, "st": 10, "sr": 2, "w": 60, "h": 40, "ks": {"p": {"k": [150, 75]}}}]
    """##
    static let inner = ##"[{"ty": 1, "nm": "In", "ip": 0, "op": 25, "st": 0, "sc": "#20c020", "sw": 40, "sh": 30, "ks": {"o": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 20, "s": [100]}]}}}]"##

    @Test func playedFramesAreTheDrawablePresentationTreesFrames() throws {
        let scene = try LottieImporterTests.scene(layers: Self.layers, assets: ##"[{"id": "c", "layers": \##(Self.inner)}]"##)
        let root = scene.fitted(width: 200, height: 100)
        let tree = RenderTree()
        let context = CAAnimationContext.current
        for i in 0...24 {
            let t = scene.duration * Double(i) / 24
            context.clock.manualTime = t
            let a = Bitmap(width: 400, height: 200), b = Bitmap(width: 400, height: 200)
            LayerRenderer(scale: 2).draw(tree.update(root, at: t), into: Canvas(a))
            LayerRenderer(scale: 2).draw(root.drawablePresentation(at: t), into: Canvas(b))
            let diff = try #require(a.difference(from: b))
            #expect(diff.maxAbsolute == 0, "frame \(i) (t \(t)): \(diff)")
        }
    }
}
