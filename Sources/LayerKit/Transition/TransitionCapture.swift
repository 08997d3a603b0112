// The old state of a transition: which model changes the current transaction made (so the
// state before them can be rebuilt when a transition is added after them, as the seed's image
// browser does: set the image, then add the CATransition), and the snapshot tree taken then.

/// The first previous value of every model property changed in the current (outermost)
/// transaction, kept per animation context as transactions are.
enum CATransitionJournal {
    struct Key: Hashable { let layer: ObjectIdentifier; let keyPath: String }
    struct Entry { weak var layer: CALayer?; let keyPath: String; let old: AnimatableValue }
    /// The outermost transaction level the entries belong to (kept alive so its identity is
    /// not reused), in the current context.
    static var level: AnyObject? {
        get { CAAnimationContext.current.transitionJournalLevel }
        set { CAAnimationContext.current.transitionJournalLevel = newValue }
    }
    /// The current context's entries.
    static var entries: [Key: Entry] {
        get { CAAnimationContext.current.transitionJournalEntries }
        _modify { yield &CAAnimationContext.current.transitionJournalEntries }
    }

    /// Called for every model property change (from `CALayer.propertyDidChange`). Opens the
    /// implicit transaction if none is open, as any change does in Core Animation.
    static func record(_ layer: CALayer, key: String, old: AnimatableValue) {
        _ = CATransaction.current
        guard let outer = CATransaction.stack.first else { return }
        if outer !== level { entries.removeAll(keepingCapacity: true); level = outer }
        let k = Key(layer: ObjectIdentifier(layer), keyPath: key)
        if let e = entries[k], e.layer === layer { return }
        entries[k] = Entry(layer: layer, keyPath: key, old: old)
    }

    /// The recorded changes of `root` and its descendants in the open transaction.
    static func changes(inSubtreeOf root: CALayer) -> [(CALayer, String, AnimatableValue)] {
        guard let outer = CATransaction.stack.first, outer === level, !entries.isEmpty else { return [] }
        var out: [(CALayer, String, AnimatableValue)] = []
        for e in entries.values {
            guard let l = e.layer else { continue }
            var p: CALayer? = l
            while let q = p, q !== root { p = q.superlayer }
            if p != nil { out.append((l, e.keyPath, e.old)) }
        }
        return out
    }
}

/// A transition's old state: a detached presentation copy of the layer subtree, and its
/// rendering at the last device size asked for.
final class TransitionSnapshot {
    let tree: CALayer
    private var cached: (w: Int, h: Int, a: AffineTransform, bitmap: Bitmap)?
    /// The last new-state drawing and the draw states it was made from.
    private var newState: (w: Int, h: Int, a: AffineTransform, states: [ObjectIdentifier: LayerDrawRecord], bitmap: Bitmap)?
    init(tree: CALayer) { self.tree = tree }

    /// The transitioning layer's current subtree drawn into a w × h bitmap with its plane
    /// mapped by `a`: redrawn only when the subtree's draw states (everything the damage
    /// tracker compares: geometry, colours, contents, paths, text…) differ from the last
    /// frame's, so a still new state — an image swapped in, as image browsers do — is drawn once,
    /// not every frame. A subtree with its own transition (whose progress no state shows) is
    /// drawn every frame.
    func newStateBitmap(of l: CALayer, width w: Int, height h: Int, transform a: AffineTransform,
                        renderer: LayerRenderer) -> Bitmap {
        var states: [ObjectIdentifier: LayerDrawRecord] = [:]
        var order = 0
        renderer.collect(l, parent: .identity, opacity: 1, clip: nil, order: &order, into: &states)
        if var own = states[ObjectIdentifier(l.model())] { own.state.volatileFrame = 0; states[ObjectIdentifier(l.model())] = own }
        let still = !(l.sublayers ?? []).contains(where: Self.hasOwnTransition)
        if still, let c = newState, c.w == w, c.h == h, c.a == a, c.states == states { return c.bitmap }
        let b = Bitmap(width: w, height: h)
        renderer.drawTransitionState(l, a, canvas: Canvas(b))
        newState = still ? (w, h, a, states, b) : nil
        return b
    }

    /// Whether `l` or a descendant has a transition (or another non-property animation).
    private static func hasOwnTransition(_ l: CALayer) -> Bool {
        l.hasVolatileAnimation || (l.sublayers ?? []).contains(where: hasOwnTransition)
    }

    /// The old subtree drawn into a w × h bitmap with the layer plane mapped by `a`.
    func bitmap(width w: Int, height h: Int, transform a: AffineTransform, renderer: LayerRenderer) -> Bitmap {
        if let c = cached, c.w == w, c.h == h, c.a == a { return c.bitmap }
        let b = Bitmap(width: w, height: h)
        let c = Canvas(b)
        renderer.drawTransitionState(tree, a, canvas: c)
        cached = (w, h, a, b)
        return b
    }
}

extension CATransition {
    /// Takes the old state of `layer` for this (stored, added) transition: its subtree's
    /// presentation with the current transaction's earlier model changes undone. Then applies
    /// `toValues` (a document's new state) to the model.
    func captureBefore(on layer: CALayer) {
        if before == nil {
            // A document's transition carries its change in `toValues`: the state now is old.
            let changes = toValues.isEmpty ? CATransitionJournal.changes(inSubtreeOf: layer) : []
            CAAnimationEngine.applyingDepth += 1 // model writes below start no animations
            var undo: [(CALayer, String, AnimatableValue)] = []
            for (l, key, old) in changes {
                if let now = l.value(forKeyPath: key) { undo.append((l, key, now)); l.setValue(old, forKeyPath: key) }
            }
            let tree = layer.presentation()
            for (l, key, now) in undo.reversed() { l.setValue(now, forKeyPath: key) }
            CAAnimationEngine.applyingDepth -= 1
            before = TransitionSnapshot(tree: tree)
        }
        guard !toValues.isEmpty else { return }
        CAAnimationEngine.applyingDepth += 1
        for (k, v) in toValues { layer.setValue(v, forKeyPath: k) }
        CAAnimationEngine.applyingDepth -= 1
    }

    /// The old state of `layer` taken now, for transitions whose change is not a property
    /// change (sublayers added, removed or swapped): set it before changing the tree, then add.
    public func captureCurrentState(of layer: CALayer) {
        before = TransitionSnapshot(tree: layer.presentation())
    }
}

/// The active transition of a layer for drawing: the last CATransition attached to its model.
extension CALayer {
    var activeTransition: CATransition? {
        let model = modelLayer ?? self
        guard !model.animationStore.isEmpty else { return nil }
        for (_, a) in model.animationStore.reversed() {
            if let t = a as? CATransition, t.before != nil { return t }
        }
        return nil
    }
}
