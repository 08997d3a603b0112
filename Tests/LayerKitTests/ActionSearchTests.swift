// Tests of CALayer.action(forKey:)'s search order as Apple documents it, and of the events
// that are not property changes.

import Testing
@testable import LayerKit
import TestSupport

/// The action search of CALayer.action(forKey:) and the events that are not property changes.
@Suite(.freshAnimationContext) struct ActionSearchTests {
    typealias M = AnimationModelTests

    /// An action that records the events it ran for.
    final class Recorder: CAAction {
        var runs: [(String, ObjectIdentifier)] = []
        func run(forKey event: String, object: CALayer) { runs.append((event, ObjectIdentifier(object))) }
        var events: [String] { runs.map(\.0) }
    }
    /// A delegate that answers from a dictionary (nil: no answer).
    final class Delegate: CALayerDelegate {
        var answers: [String: CAAction] = [:]
        func action(for layer: CALayer, forKey event: String) -> CAAction? { answers[event] }
    }
    /// A class with a default action of its own for opacity.
    final class DefaultingLayer: CALayer {
        nonisolated(unsafe) static let recorder = Recorder()
        override class func defaultAction(forKey event: String) -> CAAction? {
            event == "opacity" ? recorder : nil
        }
    }

    // "A layer's delegate that implements this method returns an action for a specified key
    // and stops any further searches (i.e. actions for the same key in the layer's actions
    // dictionary or specified by defaultAction(forKey:) are not returned)."
    // (CALayerDelegate.action(for:forKey:))
    @Test func delegateActionComesFirstAndStopsTheSearch() {
        let (_, l) = M.tree(CALayer())
        let fromDelegate = Recorder(), fromActions = Recorder()
        let d = Delegate()
        d.answers["opacity"] = fromDelegate
        l.delegate = d
        l.actions["opacity"] = fromActions
        l.opacity = 0.5
        #expect(fromDelegate.events == ["opacity"])
        #expect(fromActions.runs.isEmpty)
        #expect(l.animation(forKey: "opacity") == nil)
        // A nil answer continues the search: the actions entry runs.
        d.answers["opacity"] = nil
        l.opacity = 0.25
        #expect(fromActions.events == ["opacity"])
    }

    // "If the final result is an instance of NSNull, it is converted to `nil'." (CALayer.h,
    // actionForKey:) — a null found at any step ends the search with no action, so no implicit
    // animation either.
    @Test func nullEntryStopsTheSearch() {
        let (_, l) = M.tree(CALayer())
        let d = Delegate()
        d.answers["opacity"] = CANullAction.null
        l.delegate = d
        l.actions["opacity"] = Recorder()
        l.opacity = 0.5
        #expect(l.action(forKey: "opacity") == nil)
        #expect(l.animation(forKey: "opacity") == nil)
        l.delegate = nil
        l.actions["position"] = CANullAction.null
        l.position = Point(5, 5)
        #expect(l.animation(forKey: "position") == nil)
        l.actions["position"] = .some(nil)      // a key present with nil is the same null
        #expect(l.action(forKey: "position") == nil)
    }

    // "The layer object looks in the style dictionary for an actions dictionary that contains
    // the key." (Core Animation Programming Guide) — after the layer's own `actions`, and up
    // the `style` hierarchy.
    @Test func styleActionsAreSearchedAfterTheActionsDictionary() {
        let (_, l) = M.tree(CALayer())
        let inner = Recorder(), outer = Recorder(), own = Recorder()
        l.style = ["actions": ["opacity": inner] as [String: CAAction],
                   "style": ["actions": ["opacity": outer, "cornerRadius": outer] as [String: CAAction]] as [String: Any]]
        l.opacity = 0.5
        l.cornerRadius = 4
        #expect(inner.events == ["opacity"])
        #expect(outer.events == ["cornerRadius"])
        l.actions["opacity"] = own
        l.opacity = 0.2
        #expect(own.events == ["opacity"] && inner.runs.count == 1)
    }

    // "Classes that want to provide default actions can override this method and use it to
    // return those actions." (CALayer.defaultAction(forKey:)) — searched after actions and
    // style, before Core Animation's implicit animation.
    @Test func classDefaultActionComesBeforeTheImplicitAnimation() {
        let (_, l) = M.tree(DefaultingLayer())
        l.opacity = 0.5
        #expect(DefaultingLayer.recorder.events == ["opacity"])
        #expect(l.animation(forKey: "opacity") == nil)
        l.position = Point(3, 4)                 // no class default: the implicit animation
        #expect(l.animation(forKey: "position") is CABasicAnimation)
    }

    // "The layer performs the implicit action (if any) defined by Core Animation." (Core
    // Animation Programming Guide) — for an animatable property, a basic animation from the
    // value on screen with the transaction's duration; none for other events.
    @Test func implicitActionIsABasicAnimationFromTheValueOnScreen() {
        let (_, l) = M.tree(CALayer())
        CATransaction.begin()
        CATransaction.setAnimationDuration(0.5)
        let found = l.action(forKey: "opacity") as? CABasicAnimation
        l.opacity = 0.4
        CATransaction.commit()
        #expect(found?.keyPath == "opacity" && found?.fromValue == .number(1) && found?.duration == 0.5)
        let added = l.animation(forKey: "opacity") as? CABasicAnimation
        #expect(added?.fromValue == .number(1) && added?.duration == 0.5)
        #expect(l.action(forKey: kCAOnOrderIn) == nil)
        #expect(l.action(forKey: "noSuchKey") == nil)
    }

    // "If fromValue is nil … interpolates between the layer's current value of the property in
    // the render tree and toValue" (CABasicAnimation): a layer not yet committed has no value
    // in the render tree, so the changes that set it up animate nothing; once committed they do.
    @Test func aLayerNotYetCommittedStartsNoImplicitAnimation() {
        let (root, _) = M.tree(CALayer())
        let l = CALayer()
        root.addSublayer(l)
        l.opacity = 0.5
        l.contents = ImageRef(Bitmap(width: 2, height: 2))
        #expect(l.animationKeys() == nil)
        CATransaction.flush()
        l.opacity = 0.25
        #expect(l.animationKeys() == ["opacity"])
    }

    // "A layer is inserted into a visible layer tree, or the hidden property of the layer is
    // set to NO" → kCAOnOrderIn; "A layer is removed from a visible layer tree, or the hidden
    // property is set to YES" → kCAOnOrderOut. (Core Animation Programming Guide)
    @Test func onOrderInAndOnOrderOutRunWhenALayerJoinsOrLeavesAVisibleTree() {
        let (root, _) = M.tree(CALayer())
        let rec = Recorder()
        let l = CALayer()
        l.actions[kCAOnOrderIn] = rec
        l.actions[kCAOnOrderOut] = rec
        root.addSublayer(l)
        #expect(rec.events == ["onOrderIn"])
        root.insertSublayer(l, at: 0)             // a move in the same tree: no event
        #expect(rec.events == ["onOrderIn"])
        l.isHidden = true
        l.isHidden = false
        #expect(rec.events == ["onOrderIn", "onOrderOut", "onOrderIn"])
        l.removeFromSuperlayer()
        #expect(rec.events == ["onOrderIn", "onOrderOut", "onOrderIn", "onOrderOut"])
        // Actions disabled: no events.
        CATransaction.begin(); CATransaction.setDisableActions(true)
        root.addSublayer(l)
        CATransaction.commit()
        #expect(rec.runs.count == 4)
        // Under a hidden superlayer the layer joins no visible tree.
        let hiddenParent = CALayer()
        CATransaction.begin(); CATransaction.setDisableActions(true)
        hiddenParent.isHidden = true
        root.addSublayer(hiddenParent)
        CATransaction.commit()
        hiddenParent.addSublayer(l)
        #expect(rec.events.last == "onOrderOut" && rec.runs.count == 5) // left the visible tree only
    }

    // "A layer replaces an existing layer in a visible layer tree using replaceSublayer:with:"
    // → kCATransition (Core Animation Programming Guide): asked of the layer whose sublayer
    // was replaced.
    @Test func replacingASublayerRunsTheTransitionAction() {
        let (_, parent) = M.tree(CALayer())
        let a = CALayer(), b = CALayer()
        CATransaction.begin(); CATransaction.setDisableActions(true)
        parent.addSublayer(a)
        CATransaction.commit()
        let rec = Recorder()
        parent.actions[kCATransition] = rec
        parent.replaceSublayer(a, with: b)
        #expect(rec.runs.count == 1 && rec.runs[0].0 == "transition" && rec.runs[0].1 == ObjectIdentifier(parent))
    }
}
