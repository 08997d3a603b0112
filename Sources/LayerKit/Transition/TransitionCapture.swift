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

/// A transition's old state: a detached presentation copy of the layer subtree, and the
/// display lists (with their pixels, once drawn) of the old and the new state at the last
/// device size asked for.
final class TransitionSnapshot {
    let tree: CALayer
    private var old: (w: Int, h: Int, a: AffineTransform, snapshot: DisplaySnapshot)?
    private var new: (w: Int, h: Int, a: AffineTransform, snapshot: DisplaySnapshot)?
    init(tree: CALayer) { self.tree = tree }

    /// The old subtree as a w × h snapshot with the layer plane mapped by `a`; `list` builds
    /// it when the size or the map changed.
    func oldState(width w: Int, height h: Int, transform a: AffineTransform,
                  list: () -> DisplayList) -> DisplaySnapshot {
        if let c = old, c.w == w, c.h == h, c.a == a { return c.snapshot }
        let s = DisplaySnapshot(list: list())
        old = (w, h, a, s)
        return s
    }

    /// The transitioning layer's current subtree as a snapshot: the last one (whose pixels are
    /// already drawn) while `list` draws the same as its list, so a still new state — an
    /// image swapped in, as image browsers do — is drawn once, not every frame. A subtree
    /// with its own transition (whose progress no list of this one shows) is drawn every frame.
    func newState(of l: CALayer, width w: Int, height h: Int, transform a: AffineTransform,
                  list: DisplayList) -> DisplaySnapshot {
        let still = !(l.sublayers ?? []).contains(where: Self.hasOwnTransition)
        if still, let c = new, c.w == w, c.h == h, c.a == a, c.snapshot.list.drawsSame(as: list) { return c.snapshot }
        let s = DisplaySnapshot(list: list)
        new = still ? (w, h, a, s) : nil
        return s
    }

    /// Whether `l` or a descendant has a transition (or another non-property animation).
    private static func hasOwnTransition(_ l: CALayer) -> Bool {
        l.hasVolatileAnimation || (l.sublayers ?? []).contains(where: hasOwnTransition)
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
