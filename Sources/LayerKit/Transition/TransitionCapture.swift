// The old state of a transition: which model changes the current transaction made (so the
// state before them can be rebuilt when a transition is added after them, as the seed's image
// browser does: set the image, then add the CATransition), and the snapshot tree taken then.
// The old state is the tree as last committed: property values and sublayer lists (sublayers
// added, removed or reordered) are both journaled, so every model change of the transaction
// made before the transition was added belongs to the new state.

/// The first previous value of every model property, and the first previous sublayer list of
/// every layer, changed in the current (outermost) transaction, kept per animation context as
/// transactions are.
enum CATransitionJournal {
    struct Key: Hashable { let layer: ObjectIdentifier; let keyPath: String }
    /// (The layers are named weakly through their tokens: `WeakLayerReference`.)
    struct Entry {
        private let reference: WeakLayerReference
        var layer: CALayer? { reference.layer }
        let keyPath: String
        let old: AnimatableValue
        init(layer: CALayer, keyPath: String, old: AnimatableValue) {
            reference = WeakLayerReference(layer); self.keyPath = keyPath; self.old = old
        }
    }
    /// A layer's sublayers as they were before the transaction first changed them.
    struct SublayersEntry {
        private let reference: WeakLayerReference
        var layer: CALayer? { reference.layer }
        let old: [CALayer]?
        init(layer: CALayer, old: [CALayer]?) { reference = WeakLayerReference(layer); self.old = old }
    }
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

    /// The current context's sublayer-list entries.
    static var sublayerEntries: [ObjectIdentifier: SublayersEntry] {
        get { CAAnimationContext.current.transitionJournalSublayers }
        _modify { yield &CAAnimationContext.current.transitionJournalSublayers }
    }

    /// The journal of the open outermost transaction, started afresh when that transaction is
    /// not the one the entries belong to. Opens the implicit transaction if none is open, as
    /// any change does in Core Animation. False when no transaction could be opened.
    private static func beginRecording() -> Bool {
        _ = CATransaction.current
        guard let outer = CATransaction.stack.first else { return false }
        if outer !== level {
            entries.removeAll(keepingCapacity: true)
            sublayerEntries.removeAll(keepingCapacity: true)
            level = outer
        }
        return true
    }

    /// Called for every model property change (from `CALayer.propertyDidChange`).
    static func record(_ layer: CALayer, key: String, old: AnimatableValue) {
        guard beginRecording() else { return }
        let k = Key(layer: ObjectIdentifier(layer), keyPath: key)
        if let e = entries[k], e.layer === layer { return }
        entries[k] = Entry(layer: layer, keyPath: key, old: old)
    }

    /// Called before every change of `layer`'s sublayer list (the tree operations).
    static func recordSublayers(of layer: CALayer) {
        guard CAAnimationContext.current.applyingDepth == 0, beginRecording() else { return }
        let k = ObjectIdentifier(layer)
        if let e = sublayerEntries[k], e.layer === layer { return }
        sublayerEntries[k] = SublayersEntry(layer: layer, old: layer.sublayers)
    }

    /// `root`'s subtree as it was when the open transaction began (its sublayer lists and
    /// property values before the transaction's changes), as a presentation copy. Each model
    /// layer is put back as it was for the copy and restored right after.
    static func oldState<L: CALayer>(of root: L, at time: Double) -> L {
        guard let outer = CATransaction.stack.first, outer === level,
              !entries.isEmpty || !sublayerEntries.isEmpty else { return root.presentation(at: time) }
        CAAnimationEngine.applyingDepth += 1 // model writes below start no animations
        defer { CAAnimationEngine.applyingDepth -= 1 }
        // The old tree, top down: each layer's old sublayer list decides what is below it.
        var restored: [(CALayer, [CALayer]?)] = []
        var inOldTree: Set<ObjectIdentifier> = []
        var pending: [CALayer] = [root]
        while let l = pending.popLast() {
            guard inOldTree.insert(ObjectIdentifier(l)).inserted else { continue }
            if let e = sublayerEntries[ObjectIdentifier(l)], e.layer === l {
                restored.append((l, l.sublayers))
                l.sublayers = e.old
            }
            pending.append(contentsOf: l.sublayers ?? [])
        }
        var undo: [(CALayer, String, AnimatableValue)] = []
        for e in entries.values {
            guard let l = e.layer, inOldTree.contains(ObjectIdentifier(l)), let now = l.value(forKeyPath: e.keyPath)
            else { continue }
            undo.append((l, e.keyPath, now))
            l.setValue(e.old, forKeyPath: e.keyPath)
        }
        let tree = root.presentation(at: time)
        for (l, key, now) in undo.reversed() { l.setValue(now, forKeyPath: key) }
        for (l, now) in restored.reversed() { l.sublayers = now }
        return tree
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
            let now = CAAnimationContext.current.presentationTime
            before = TransitionSnapshot(tree: toValues.isEmpty ? CATransitionJournal.oldState(of: layer, at: now)
                                                               : layer.presentation(at: now))
        }
        guard !toValues.isEmpty else { return }
        CAAnimationEngine.applyingDepth += 1
        for (k, v) in toValues { layer.setValue(v, forKeyPath: k) }
        CAAnimationEngine.applyingDepth -= 1
    }

    /// The old state of `layer` taken now, for transitions whose change is not a property
    /// change (sublayers added, removed or swapped): set it before changing the tree, then add.
    public func captureCurrentState(of layer: CALayer) {
        before = TransitionSnapshot(tree: layer.presentation(at: CAAnimationContext.current.presentationTime))
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
