// What draws nothing costs nothing in the render tree (issue 34, "a layer outside its in/out
// range or fully masked costs nothing"): a layer hidden whatever the time, the plain layers
// around it (as the transform layers around a Lottie layer), and a layer whose mask draws
// nothing are left as they are, their animations not evaluated (counted by
// `RenderTree.lastWalk`), while every frame stays the drawable presentation tree's frame
// pixel for pixel, through changes that make them draw again.
import Testing
@testable import LayerKit

@Suite(.freshAnimationContext) struct RenderTreeUndrawnTests {
    func box(_ frame: Rect, _ color: Color) -> CALayer { PixelScene.box(frame, color) }

    /// `PixelScene.wrapped`, moving from x = i mod 7 by 30 points.
    func wrapped(_ leaf: CALayer, _ i: Int) -> CALayer {
        PixelScene.wrapped(leaf, from: Double(i % 7), to: Double(i % 7) + 30)
    }

    /// A leaf that draws (a box with a moving child), hidden in the model when `hidden`.
    func leaf(_ i: Int, hidden: Bool) -> CALayer {
        let l = box(Rect(Double(i % 9) * 10, Double(i % 5) * 12, 16, 14), Color(1, 0, 0, 0.5))
        let child = box(Rect(2, 2, 6, 6), .blue)
        PixelScene.move(child, from: 2, to: 8)
        l.addSublayer(child)
        l.isHidden = hidden
        return l
    }

    /// Updates `tree` at `t` on the manual clock, checks its frame against the drawable
    /// presentation tree's, and returns how many layers the update evaluated.
    func update(_ tree: RenderTree, _ root: CALayer, at t: Double, _ note: String) throws -> Int {
        CAAnimationContext.current.clock.manualTime = t
        try RenderTreeTests.expectSameFrame(tree.update(root, at: t), root, at: t, note)
        return tree.lastWalk.evaluatedLayers
    }

    @Test func layersHiddenWhateverTheTimeAndTheirWrappersAreNotEvaluated() throws {
        CAAnimationContext.current.clock.manualTime = 0
        let root = box(Rect(0, 0, 120, 80), .white)
        let visible = leaf(0, hidden: false)
        root.addSublayer(wrapped(visible, 0))
        var leaves: [CALayer] = []
        for i in 1...400 {
            let l = leaf(i, hidden: true)
            leaves.append(l)
            root.addSublayer(wrapped(l, i))
        }
        CATransaction.flush()
        let tree = RenderTree()
        for (n, t) in [0.1, 0.2, 0.35, 0.5].enumerated() {
            let evaluated = try update(tree, root, at: t, "frame \(n)")
            // From the second frame on: the root, the visible leaf, its wrappers and child.
            if n >= 1 { #expect(evaluated <= 6, "frame \(n): \(evaluated) layers evaluated") }
        }
        // A hidden leaf shown again in the model draws again, wrappers and all.
        CATransaction.begin(); CATransaction.setDisableActions(true)
        leaves[10].isHidden = false
        CATransaction.commit()
        for (n, t) in [0.6, 0.7].enumerated() {
            let evaluated = try update(tree, root, at: t, "shown, frame \(n)")
            #expect(evaluated >= 9 && evaluated <= 12, "shown, frame \(n): \(evaluated)")
        }
        // And hidden again, left out again.
        CATransaction.begin(); CATransaction.setDisableActions(true)
        leaves[10].isHidden = true
        CATransaction.commit()
        for (n, t) in [0.8, 0.9, 0.95].enumerated() {
            let evaluated = try update(tree, root, at: t, "hidden again, frame \(n)")
            if n >= 1 { #expect(evaluated <= 6, "hidden again, frame \(n): \(evaluated)") }
        }
    }

    @Test func wrappersOfLayersHiddenByAnimationAreNotEvaluatedWhileTheyAreHidden() throws {
        CAAnimationContext.current.clock.manualTime = 0
        let root = box(Rect(0, 0, 120, 80), .white)
        let count = 200
        for i in 0..<count {
            let l = leaf(i, hidden: true)
            // Lottie's in/out visibility: hidden, shown from 0.5 s to 0.75 s (a discrete keyframe animation).
            let a = CAKeyframeAnimation(keyPath: "hidden")
            a.values = [.bool(true), .bool(false), .bool(true)]
            a.keyTimes = [0, 0.5, 0.75, 1]
            a.calculationMode = .discrete
            a.duration = 1
            a.fillMode = .both
            a.isRemovedOnCompletion = false
            l.add(a, forKey: "hidden")
            root.addSublayer(wrapped(l, i))
        }
        CATransaction.flush()
        let tree = RenderTree()
        for (n, t) in [0.1, 0.2, 0.3, 0.55, 0.6, 0.8, 0.9].enumerated() {
            let evaluated = try update(tree, root, at: t, "frame \(n) at \(t)")
            let shown = t >= 0.5 && t < 0.75
            if shown {
                // Every leaf, its child and its two wrappers.
                #expect(evaluated >= 4 * count, "at \(t): \(evaluated)")
            } else if n != 0 && n != 5 {
                // The leaves (their visibility animation), not their subtrees nor wrappers.
                #expect(evaluated <= count + 1, "at \(t): \(evaluated)")
            }
        }
    }

    @Test func aLayerWhoseMaskDrawsNothingIsNotEvaluated() throws {
        CAAnimationContext.current.clock.manualTime = 0
        let root = box(Rect(0, 0, 120, 80), .white)
        var masks: [CALayer] = []
        for i in 0..<100 {
            let l = leaf(i, hidden: false)
            PixelScene.move(l, from: Double(i % 9) * 10, to: Double(i % 9) * 10 + 5)
            let mask = CALayer()
            let shape = box(Rect(0, 0, 20, 20), .black)
            shape.isHidden = true
            mask.addSublayer(shape)
            l.mask = mask
            masks.append(shape)
            root.addSublayer(l)
        }
        CATransaction.flush()
        let tree = RenderTree()
        for (n, t) in [0.1, 0.2, 0.3].enumerated() {
            let evaluated = try update(tree, root, at: t, "frame \(n)")
            if n >= 1 { #expect(evaluated <= 2, "frame \(n): \(evaluated)") }
        }
        // A mask that draws again shows its layer again.
        CATransaction.begin(); CATransaction.setDisableActions(true)
        masks[3].isHidden = false
        CATransaction.commit()
        let evaluated = try update(tree, root, at: 0.4, "mask shown")
        #expect(evaluated >= 4, "mask shown: \(evaluated)")
    }
}
