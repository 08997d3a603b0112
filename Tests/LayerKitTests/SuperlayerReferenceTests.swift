// A layer's `superlayer` and a render-tree node's copy are unretained references (not weak
// ones): these tests hold the rule that keeps them valid — a layer names only a superlayer
// that holds it, and the name is cleared when the superlayer lets go of it or goes away —
// on model trees, on render trees kept across frames, and on a replicator's instances.
import Testing
@testable import LayerKit

@Suite(.freshAnimationContext) struct SuperlayerReferenceTests {
    func box(_ frame: Rect) -> CALayer {
        let l = CALayer()
        l.frame = frame
        l.backgroundColor = .blue
        return l
    }

    @Test func aSublayerOutlivingItsSuperlayerHasNone() {
        let child = box(Rect(0, 0, 10, 10))
        do {
            let parent = box(Rect(0, 0, 40, 40))
            parent.addSublayer(child)
            #expect(child.superlayer === parent)
        }
        #expect(child.superlayer == nil)
        // Moved, then its first superlayer gone: it names the second.
        let second = box(Rect(0, 0, 40, 40))
        do {
            let first = box(Rect(0, 0, 40, 40))
            first.addSublayer(child)
            second.addSublayer(child)
        }
        #expect(child.superlayer === second)
        child.removeFromSuperlayer()
        #expect(child.superlayer == nil)
    }

    @Test func presentationCopiesKeptAfterTheirTreeHaveNoSuperlayer() {
        let root = box(Rect(0, 0, 40, 40))
        root.addSublayer(box(Rect(5, 5, 10, 10)))
        var kept: CALayer? = nil
        do {
            let copy = root.presentation(at: 0)
            kept = copy.sublayers?.first
            #expect(kept?.superlayer === copy)
        }
        #expect(kept != nil && kept?.superlayer == nil)
    }

    @Test func renderTreeCopiesLetGoOfHaveNoSuperlayer() {
        let root = box(Rect(0, 0, 60, 60))
        let panel = box(Rect(0, 0, 40, 40))
        panel.addSublayer(box(Rect(5, 5, 10, 10)))
        root.addSublayer(panel)
        let tree = RenderTree()
        let first = tree.update(root, at: 0)
        let panelCopy = first.sublayers![0]
        let inner = panelCopy.sublayers![0]
        #expect(inner.superlayer === panelCopy && panelCopy.superlayer === first)
        // Hidden: the panel's copy drops its sublayers' copies.
        panel.isHidden = true
        let second = tree.update(root, at: 0.1)
        #expect(second === first && second.sublayers![0] === panelCopy)
        #expect(panelCopy.sublayers == nil && inner.superlayer == nil)
        // Shown again with the sublayer gone from the model: nothing names the old copies.
        panel.isHidden = false
        panel.sublayers![0].removeFromSuperlayer()
        let third = tree.update(root, at: 0.2)
        #expect(third.sublayers![0] === panelCopy && panelCopy.sublayers == nil)
    }

    @Test func aDroppedRenderTreeLeavesNoNameBehind() {
        let root = box(Rect(0, 0, 60, 60))
        let child = box(Rect(5, 5, 10, 10))
        root.addSublayer(child)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = .number(0.2); fade.toValue = .number(1); fade.duration = 1
        child.add(fade, forKey: "fade")
        weak var firstRoot: CALayer?
        var keptChild: CALayer? = nil
        do {
            let tree = RenderTree()
            let r = tree.update(root, at: 0.25)
            firstRoot = r
            keptChild = r.sublayers![0]
            #expect(keptChild?.superlayer === r)
        }
        // The tree and its root copy are gone; the kept copy names no superlayer.
        #expect(firstRoot == nil)
        #expect(keptChild?.superlayer == nil)
        keptChild = nil
        // A new tree makes new copies (the nodes no longer name the freed ones) and shows
        // the same values as a fresh presentation copy.
        let tree = RenderTree()
        let r = tree.update(root, at: 0.5)
        let fresh = root.drawablePresentation(at: 0.5)
        #expect(r.sublayers![0].opacity == fresh.sublayers![0].opacity)
        #expect(r.sublayers![0].superlayer === r)
        #expect(tree.update(root, at: 0.75).sublayers![0] === r.sublayers![0])
    }

    @Test func replicatorInstancesOutlivingTheReplicatorHaveNoSuperlayer() {
        let replicator = CAReplicatorLayer()
        replicator.frame = Rect(0, 0, 100, 40)
        replicator.instanceCount = 3
        replicator.instanceDelay = 0.1
        replicator.addSublayer(box(Rect(0, 0, 10, 10)))
        var instance: CALayer? = nil
        do {
            let copy = replicator.presentation(at: 1)
            instance = copy.sublayers(ofInstance: 2).first
            #expect(instance != nil && instance?.superlayer === copy)
        }
        #expect(instance != nil && instance?.superlayer == nil)
    }
}
