// The work of one frame follows what is drawn, not what is declared (issue 34): a file the
// mutation fuzzer made (6,002 layers on a 5100 × 3300 canvas, 6,001 of them full-canvas
// solids, 27 s of CPU for one `render` frame) is made here alike, and its display list holds
// a few items, the solids under the top one left out; the same solids translucent draw past
// `DocumentLimits.maximumDrawnPixels`, and a renderer held to that limit refuses the frame
// before drawing a pixel.
import Testing
@testable import LayerKit
@testable import Lottie
import TestSupport

@Suite(.freshAnimationContext) struct LottieDrawnWorkTests {
    /// One shape layer of stroked, filled ellipses over `solids` solids covering the
    /// `w` × `h` canvas at `opacity` percent.
    static func solidsFile(solids: Int, w: Int, h: Int, opacity: Int) -> String {
        var ellipses: [String] = []
        for i in 0..<6 {
            let d = 600 + i * 130
            ellipses.append(#"{"ty": "gr", "it": [{"ty": "el", "s": {"a": 0, "k": [\#(d), \#(d)]}, "p": {"a": 0, "k": [\#(i * 90 - 200), \#(i * 40 - 100)]}}, {"ty": "st", "c": {"a": 0, "k": [1, 1, 1, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 2}}, {"ty": "fl", "c": {"a": 0, "k": [1, 0.2, 0.2, 1]}, "o": {"a": 0, "k": 100}}, {"ty": "tr", "p": {"a": 0, "k": [0, 0]}}]}"#)
        }
        var layers = [#"{"ty": 4, "ind": 1, "nm": "rings", "ip": 0, "op": 48, "st": 0, "ks": {"p": {"a": 0, "k": [\#(w / 2), \#(h / 2)]}}, "shapes": [\#(ellipses.joined(separator: ","))]}"#]
        for i in 0..<solids {
            layers.append(##"{"ty": 1, "ind": \##(i + 2), "nm": "solid", "ip": 0, "op": 48, "st": 0, "ks": {"o": {"a": 0, "k": \##(opacity)}}, "sw": \##(w), "sh": \##(h), "sc": "#2ccadb"}"##)
        }
        return #"{"v": "5.5.8", "fr": 24, "ip": 0, "op": 48, "w": \#(w), "h": \#(h), "assets": [], "layers": [\#(layers.joined(separator: ","))]}"#
    }

    /// The display list of `json`'s frame at `t` on its own canvas.
    static func displayList(_ json: String, w: Int, h: Int, at t: Double) throws -> DisplayList {
        let scene = try LottieScene.parse(Array(json.utf8))
        CAAnimationContext.current.clock.manualTime = t
        let tree = scene.fitted(width: Double(w), height: Double(h)).presentation(at: t)
        return DisplayListBuilder().build(tree, width: w, height: h)
    }

    @Test func solidsUnderAnOpaqueSolidAreNotDrawn() throws {
        let list = try Self.displayList(Self.solidsFile(solids: 6_001, w: 5_100, h: 3_300, opacity: 100), w: 5_100, h: 3_300, at: 1)
        // The top solid and the rings' fills and strokes: before, every solid was an item.
        #expect(list.items.count < 20, "\(list.items.count) items")
        #expect(list.drawnPixels < 3 * 5_100 * 3_300, "\(list.drawnPixels) pixels")
        #expect(list.drawnPixels < DocumentLimits.maximumDrawnPixels)
    }

    @Test func translucentSolidsPastTheBudgetAreRefusedBeforeDrawing() throws {
        let json = Self.solidsFile(solids: 6_001, w: 5_100, h: 3_300, opacity: 50)
        let list = try Self.displayList(json, w: 5_100, h: 3_300, at: 1)
        #expect(list.items.count > 6_000)
        #expect(list.drawnPixels > DocumentLimits.maximumDrawnPixels)
        // A renderer held to a budget refuses the frame and leaves the canvas as it was (a
        // small canvas, with a budget its size scaled alike).
        let small = Self.solidsFile(solids: 200, w: 100, h: 60, opacity: 50)
        let scene = try LottieScene.parse(Array(small.utf8))
        CAAnimationContext.current.clock.manualTime = 1
        let tree = scene.fitted(width: 100, height: 60).presentation(at: 1)
        let renderer = LayerRenderer()
        renderer.drawnPixelLimit = 100 * 60 * 50
        let bitmap = Bitmap(width: 100, height: 60)
        renderer.draw(tree, into: Canvas(bitmap))
        let refused = try #require(renderer.refusedDrawnPixels)
        #expect(refused > 100 * 60 * 200)
        #expect(bitmap.pixelsAreAllClear)
        // Within the budget, drawn.
        renderer.drawnPixelLimit = 100 * 60 * 250
        renderer.draw(tree, into: Canvas(bitmap))
        #expect(renderer.refusedDrawnPixels == nil)
        #expect(!bitmap.pixelsAreAllClear)
    }
}

extension Bitmap {
    /// Whether every pixel is transparent black.
    fileprivate var pixelsAreAllClear: Bool {
        for y in 0..<height { for x in 0..<width where self[x, y] != 0 { return false } }
        return true
    }
}
