// LayerRenderer.draw keeps the display list of the render tree it drew last: while no update
// has changed the tree (its generation), the next draw of it clears and rasterizes that list
// without building it again. Every frame must still be the drawable presentation tree's, pixel
// for pixel; an update that moves something, a change of the model, another root or another
// target size builds the list again.
import Testing
@testable import LayerKit

@Suite(.freshAnimationContext) struct WholeDrawListReuseTests {
    static let width = 60, height = 40

    /// A still box and one that moves from x 10 to 30 over the first second, then holds.
    func scene() -> (root: CALayer, still: CALayer) {
        let root = PixelScene.box(Rect(0, 0, 60, 40), Color(0.1, 0.1, 0.1, 1))
        let still = PixelScene.box(Rect(5.5, 4.25, 20, 12), Color(0.2, 0.7, 0.3, 0.6))
        let moving = PixelScene.box(Rect(10, 20, 12, 8), Color(0.9, 0.2, 0.4, 0.8))
        PixelScene.move(moving, from: 16, to: 36)
        root.addSublayer(still)
        root.addSublayer(moving)
        CAAnimationContext.current.clock.manualTime = 0
        CATransaction.flush()   // the move begins at 0
        return (root, still)
    }

    /// The frame `renderer` draws of `tree` updated at `t`, which must be the drawable
    /// presentation tree's; returns whether the list was built for it.
    @discardableResult
    func frame(_ renderer: LayerRenderer, _ tree: RenderTree, _ root: CALayer, at t: Double,
               width: Int = Self.width, height: Int = Self.height) throws -> Bool {
        CAAnimationContext.current.clock.manualTime = t
        let before = renderer.builder.buildNumber
        let a = Bitmap(width: width, height: height), b = Bitmap(width: width, height: height)
        for i in 0..<(width * height) { a.pixels[i] = 0xff00_ff00 }   // every pixel drawn again
        renderer.draw(tree.update(root, at: t), into: Canvas(a))
        LayerRenderer(background: .white).draw(root.drawablePresentation(at: t), into: Canvas(b))
        #expect(try #require(a.difference(from: b)).maxAbsolute == 0, "t = \(t)")
        return renderer.builder.buildNumber != before
    }

    @Test func anUnchangedTreeKeepsItsListAndItsPixels() throws {
        let (root, still) = scene()
        let renderer = LayerRenderer(background: .white), tree = RenderTree()
        #expect(try frame(renderer, tree, root, at: 0.25))
        #expect(try frame(renderer, tree, root, at: 0.5))      // the box moved
        #expect(try frame(renderer, tree, root, at: 1.5))      // it holds from here on
        #expect(try !frame(renderer, tree, root, at: 2))
        #expect(try !frame(renderer, tree, root, at: 3))
        CATransaction.begin()                                  // a change of the model
        CATransaction.setDisableActions(true)
        still.backgroundColor = Color(0.2, 0.3, 0.9, 1)
        CATransaction.commit()
        #expect(try frame(renderer, tree, root, at: 3))
        #expect(try !frame(renderer, tree, root, at: 3.5))
        #expect(try frame(renderer, tree, root, at: 3.5, width: 50, height: 30))   // another target
        #expect(try frame(renderer, tree, root, at: 0.75))     // back into the move
    }

    @Test func anotherTreeOrAPresentationCopyIsBuilt() throws {
        let (root, _) = scene()
        let renderer = LayerRenderer(background: .white)
        #expect(try frame(renderer, RenderTree(), root, at: 2))
        #expect(try frame(renderer, RenderTree(), root, at: 2))
        // A copy that is not a render tree's is drawn from a list built for it every time.
        let copy = root.drawablePresentation(at: 2)
        let b = Bitmap(width: Self.width, height: Self.height)
        let n = renderer.builder.buildNumber
        renderer.draw(copy, into: Canvas(b))
        renderer.draw(copy, into: Canvas(b))
        #expect(renderer.builder.buildNumber == n + 2)
    }
}
