// The render tree (one of the three producers of presentation trees, each for one use: see
// CALayer+Presentation.swift): the drawable presentation tree kept from frame to frame, as Core
// Animation keeps its render tree ("Objects in the render tree perform the actual animations
// and are private to Core Animation", Core Animation Programming Guide, Layer Trees Reflect
// Different Aspects of the Animation State), instead of a fresh copy of every layer each
// frame. Each model layer's copy of the last frame is updated in place: a layer with no
// animation whose model did not change since (its `modelRevision`) is taken as it is; an
// animated one first gets back the model's values of the properties its animations write,
// then the animations at the new time; one whose model changed takes every value again.
// Layers whose animations write more than their key paths (transitions, animations of other
// kinds) and emitters (whose copies own copies of their cells) get a fresh copy each frame,
// as before.
//
// An animated copy is not written again while each of its animations is in the state it was
// in when they last wrote (`RenderAnimationState`: the timing's result, or "nothing" for one
// not active, or "constant" for a keyframe animation of one value or inside a segment
// between two equal values, a hold): a property animation's writes depend on nothing else
// than that state and the model's values under it, which are the same while the model's
// revision is (an animation ended and filling, not yet begun, a layer's in-to-out
// visibility, a hold). An update that wrote no copy, changed no sublayers or mask and met
// no layer drawing its own contents leaves the tree's generation as it was, and
// `LayerRenderer.renderFrame` then knows the last display list to be this tree's without
// building it.
//
// What draws nothing costs nothing: a layer hidden or at opacity 0 whatever the time (its
// model so, and no animation writing `hidden` or `opacity`) is taken as the last frame left
// it, without its subtree; a layer whose mask draws nothing shows nothing ("The layer's alpha
// channel determines how much of the layer's content and background shows through",
// CALayer.mask), so the mask is updated first and nothing else of the layer then; and a
// plain layer that draws nothing of its own (`RenderVisibility.drawsOnlySublayers`, as the
// transform layers around a Lottie layer) has its sublayers updated first and, when none of
// them draws, its own animations are not evaluated. Such a layer's copy is marked hidden
// (`markUndrawn`), so the display list skips it with everything beneath; its recorded
// animation states still describe the values it holds, and the update that draws it again
// takes its `hidden` back from the model and writes every value again. What draws nothing
// whatever the time (hidden so, or plain over such layers) is concluded once per model
// revision (`staticallyUndrawn`), and a superlayer keeps the runs of such sublayers and does
// not visit them (`skippedSublayers`); a change of any of them (`modelDidChange`, which they
// watch) clears what was concluded from it. A Lottie layer outside its in/out range, or
// masked by a mask that draws nothing, thus costs a few checks a frame, or none. Given the
// visible rect, a layer whose mask (or bounds, masking to them) lets nothing through on the
// canvas is left out alike, its place found through its ancestors' maps — a plain wrapper
// then writes its own values before its sublayers are done — and, once found to be so
// whatever the time, not visited (RenderPlacement.swift).
//
// Ownership: the `RenderTree` holds the root copy, each copy its sublayers' and its mask's
// copies (a copy hidden at the last update, those it let go of: `ParkedRenderSubtree`); a model layer's node names its copy without retaining it (the copy refers to its
// model), so dropping the render tree frees every copy, and the model tree never holds its
// own copies. The node's name is not a weak reference (nor is a copy's `superlayer`): an
// object once named weakly keeps its reference counts in a side table, and every retain and
// release of it takes the runtime's slow path. It stays valid because a copy going away
// clears it (`renderTreeNodeOfCopy`, in `CALayer`'s deinit).

/// The drawable presentation tree of one layer tree, kept and updated in place frame by frame.
///
/// `update(_:at:)` returns what `drawablePresentation(at:)` returns (the same values, the same
/// pixels drawn), but the layers of the tree it returns are the ones the previous call
/// returned, updated: draw a frame before asking for the next one. For a copy to keep, use
/// `presentation()` or `presentation(at:)`.
public final class RenderTree {
    /// The root copy of the last update: through sublayers and masks, every copy it holds.
    public private(set) var root: CALayer?
    /// Counts the updates that changed something a frame draws (see `RenderTreeNode.treeGeneration`).
    private var generation: UInt = 0
    /// What the last update did: the work it took, layer by layer.
    public private(set) var lastWalk = RenderWalk()
    /// Where the updates place layers on the canvas, kept for its buffers (RenderPlacement.swift).
    private let placement = RenderPlacement()

    public init() {}

    /// The presentation tree of `model` at media time `time` as far as it can be drawn (see
    /// `drawablePresentation(at:)`): a layer hidden, or at opacity 0, then has neither
    /// sublayers nor mask, and a layer that draws nothing at `time` (a plain layer none of
    /// whose sublayers draws, a layer whose mask draws nothing) is hidden, its own values
    /// those of the last frame that drew it (see the file header). Drawn, it is drawn alike.
    ///
    /// `visibleRect`, in the coordinates of the root's superlayer (the canvas in points, as
    /// `LayerRenderer` draws the root), lets the update leave out a layer whose mask, or
    /// bounds when it masks to them, lets nothing through there (RenderPlacement.swift): drawn
    /// onto a canvas of that size, every frame is the same.
    public func update(_ model: CALayer, at time: Double, visibleRect: Rect? = nil) -> CALayer {
        var walk = RenderWalk()
        if let v = visibleRect, v.isFiniteRect {
            placement.start(visibleRect: v)
            walk.placement = placement
        } else {
            placement.startUnplaced()
        }
        let copy = model.renderCopy(at: time, localTime: model.convertTime(time, from: nil), owner: ObjectIdentifier(self),
                                    context: CAAnimationContext.current, walk: &walk)
        walk.placement = nil
        placement.finish()
        lastWalk = walk
        if copy.superlayer != nil { copy.superlayer = nil }
        if walk.changed || root !== copy { generation &+= 1 }
        copy.renderTreeNodeOfCopy?.treeGeneration = generation
        root = copy
        return copy
    }
}

/// The copies of the sublayers and the mask a render-tree copy let go of when its layer
/// stopped drawing (hidden, or at opacity 0, at an update: the drawable tree then has neither),
/// held by that copy until the layer draws again. Their nodes still name them, so the update
/// that shows the layer again finds each of them kept and updates it in place, as it updates
/// the copies of layers drawn in every frame, instead of making a fresh copy of the whole
/// subtree with `init(layer:)`: a Lottie layer shown for a few frames of many (TypeFace's
/// letters, whose layers' `hidden` animations switch them on and off) took most of a frame's
/// work in those copies. Held by the copy, so that dropping the render tree still frees every
/// copy; not kept for a layer hidden whatever the time.
struct ParkedRenderSubtree {
    var sublayers: [CALayer]?
    var mask: CALayer?
}

/// What one `RenderTree.update` did.
public struct RenderWalk: Sendable {
    /// Whether a copy took values, sublayers or a mask, or draws what it shows at another time.
    public var changed = false
    /// Layers whose copy took the model's values and animations at this update (or was
    /// found to show them already): every layer the update looked at, but those left out
    /// as drawing nothing before their animations were evaluated.
    public var evaluatedLayers = 0
    /// Layers marked as drawing nothing (hidden in the drawable tree) because none of their
    /// sublayers, or their mask, draws anything.
    public var undrawnLayers = 0
    /// Of those, layers left out because what their mask or bounds let through lies outside
    /// the visible rect, or is nothing (RenderPlacement.swift); their subtrees not evaluated.
    public var culledLayers = 0
    /// Layers taken as the last update left them because their own `hidden` animation keeps
    /// them hidden until its next key time (RenderHiddenSpan.swift): not evaluated.
    public var hiddenSpanLayers = 0
    /// The canvas and the ancestors of the layer being updated, when the update was given a
    /// visible rect.
    var placement: RenderPlacement? = nil
    public init() {}
}

/// What a render tree keeps of one model layer between frames.
final class RenderTreeNode {
    // Read for every layer of every frame and only ever assigned: no exclusivity check.
    /// The copy drawn last (held by its superlayer's copy, or by the `RenderTree`).
    /// (Unretained; cleared by the copy's deinit, see the file header.)
    @exclusivity(unchecked) unowned(unsafe) var copy: CALayer?
    /// The `RenderTree` the copy belongs to.
    @exclusivity(unchecked) var owner: ObjectIdentifier
    /// The model's `modelRevision` when the copy last took every model value.
    @exclusivity(unchecked) var revision: UInt
    /// On the root's node: its tree's count of updates that changed a copy, a sublayer or a
    /// mask of the tree (`RenderTree.update`). While it stays the same, the root copy draws
    /// the same display list, and `LayerRenderer.renderFrame` draws nothing again.
    @exclusivity(unchecked) var treeGeneration: UInt = 0
    /// How the copy follows the model's animations (read at `revision`).
    @exclusivity(unchecked) var animations: RenderAnimations
    /// The state of each animation (in `animationStore` order) when the copy last took the
    /// model's values and the animations' writes; empty when not known.
    @exclusivity(unchecked) var animationStates: [RenderAnimationState] = []
    /// What the model draws at `revision`, whatever the time (see `RenderVisibility`).
    @exclusivity(unchecked) var visibility = RenderVisibility.drawsItself
    /// Whether the copy is marked hidden because nothing of it is drawn at the last update
    /// (`CALayer.markUndrawn`): its own values were not written, its `isHidden` is not the model's.
    @exclusivity(unchecked) var undrawn = false
    /// Whether the copy draws nothing at any time while neither this layer's model nor any
    /// of its descendants' changes: a plain layer (`drawsOnlySublayers`) each of whose
    /// sublayers is hidden whatever the time or draws nothing so itself. Valid at `revision`;
    /// cleared by a change of a sublayer it was concluded from (`watchedByUndrawnAncestor`).
    @exclusivity(unchecked) var staticallyUndrawn = false
    /// The span of local times over which the copy is hidden by the layer's own `hidden`
    /// animation, valid at `hiddenSpanRevision` (`UInt.max`: none); `hiddenSpanRefusedRevision`:
    /// the revision at which the layer was found to have no such animation (RenderHiddenSpan.swift).
    @exclusivity(unchecked) var hiddenFrom = 0.0
    @exclusivity(unchecked) var hiddenUntil = -1.0
    @exclusivity(unchecked) var hiddenSpanRevision = UInt.max
    @exclusivity(unchecked) var hiddenSpanRefusedRevision = UInt.max
    /// A plain layer marked undrawn because none of its sublayers draws: the span of its
    /// local times over which that holds, each sublayer hidden by its own `hidden` animation
    /// there or drawing nothing whatever the time (RenderHiddenSpan.swift), valid at
    /// `undrawnSpanRevision` (`UInt.max`: none) and, when concluded from a sublayer's
    /// placement, at `undrawnSpanEpoch` only (0: at any). Cleared by a change of any sublayer
    /// (`watchedByUndrawnAncestor`).
    @exclusivity(unchecked) var undrawnFrom = 0.0
    @exclusivity(unchecked) var undrawnUntil = -1.0
    @exclusivity(unchecked) var undrawnSpanRevision = UInt.max
    @exclusivity(unchecked) var undrawnSpanEpoch: UInt = 0
    /// Whether the superlayer's `staticallyUndrawn`, `skippedSublayers` or undrawn span was concluded from this layer.
    @exclusivity(unchecked) var watchedByUndrawnAncestor = false
    /// Runs of sublayers (indices) that draw nothing whatever the time, their kept copies in
    /// the copy's sublayers at the same indices: not visited by an update while this layer's
    /// model is at `skippedRevision` and its copy is the one they were found for. Cleared by
    /// a change of any of them (`watchedByUndrawnAncestor`).
    @exclusivity(unchecked) var skippedSublayers: [Range<Int>]? = nil
    @exclusivity(unchecked) var skippedRevision: UInt = 0
    @exclusivity(unchecked) var skippedCopy: ObjectIdentifier? = nil
    /// The placement epoch (`RenderPlacement.epoch`) `staticallyUndrawn` and `skippedSublayers`
    /// rely on (through a descendant `placedAway`): valid only at that epoch; 0 when they
    /// rely on no placement.
    @exclusivity(unchecked) var staticEpoch: UInt = 0
    @exclusivity(unchecked) var skippedEpoch: UInt = 0
    /// Whether the copy shows nothing on the canvas at any time, its mask or bounds outside
    /// the visible rect wherever its animations and its ancestors' put it
    /// (`RenderPlacement.concludePlacedAway`): valid at `revision` and at `placedEpoch`.
    @exclusivity(unchecked) var placedAway = false
    @exclusivity(unchecked) var placedEpoch: UInt = 0
    /// The revision and epoch at which `placedAway` was last sought, so that it is sought once.
    @exclusivity(unchecked) var placementSoughtRevision: UInt = 0
    @exclusivity(unchecked) var placementSoughtEpoch: UInt = 0
    /// Whether a descendant's `placedAway` (or the `placedAway` of the layer this one is in
    /// the mask of) was concluded from this layer's values: a change ends every such conclusion.
    @exclusivity(unchecked) var watchedByPlacement = false

    /// The copy kept for the render tree `owner`, when the model layer at revision `r` draws
    /// nothing at any time and the copy already shows that (hidden, or stripped of its
    /// subtree and mask): it can be taken as it is, its animations and local time not worked
    /// out. `epoch`: the update's placement epoch (0 without a visible rect).
    @inline(__always) func keptCopyDrawingNothingEver(owner o: ObjectIdentifier, revision r: UInt, epoch: UInt) -> CALayer? {
        guard owner == o, revision == r else { return nil }
        // The copy is read (a retain) only when one of the three may hold: most layers, most
        // frames, none does.
        if (staticallyUndrawn && (staticEpoch == 0 || staticEpoch == epoch)) || (placedAway && placedEpoch == epoch) {
            guard let kept = copy else { return nil }
            return kept.isHidden ? kept : nil
        }
        if case .hidden = visibility, let kept = copy, kept.sublayers == nil, kept.mask == nil,
           kept.isHidden || !(kept.opacity > 0) { return kept }
        return nil
    }

    /// Whether the model layer at `revision` draws nothing at any time (see `staticallyUndrawn`).
    @inline(__always) func drawsNothingEver(revision r: UInt, epoch: UInt) -> Bool {
        guard revision == r else { return false }
        if staticallyUndrawn && (staticEpoch == 0 || staticEpoch == epoch) { return true }
        if placedAway && placedEpoch == epoch { return true }
        if case .hidden = visibility { return true }
        return false
    }

    /// Whether `drawsNothingEver` holds only at the placement epoch (when it holds).
    @inline(__always) var reliesOnPlacement: Bool { placedAway || (staticallyUndrawn && staticEpoch != 0) }

    init(copy: CALayer, owner: ObjectIdentifier, revision: UInt, animations: RenderAnimations) {
        self.copy = copy; self.owner = owner; self.revision = revision; self.animations = animations
    }
}

extension RenderTreeNode {
    /// Whether every animation of `store` is at `local` in the state it was in when the copy
    /// last took their writes (see `RenderAnimationState`); records the states either way
    /// (`reset`: the recorded ones are not the copy's, and false is returned).
    /// Only called while the node's animations are `.restoring`: property animations and
    /// groups, whose writes depend on nothing but their state and the model's values (the
    /// same while the model's revision is), applied by `CAAnimation.apply(atParentTime:)`.
    @inline(__always)
    func animationStatesUnchanged(_ store: [(key: String, animation: CAAnimation)], localTime local: Double,
                                  reset: Bool = false) -> Bool {
        let n = store.count
        guard !reset, animationStates.count == n else {
            animationStates.removeAll(keepingCapacity: true)
            for (_, a) in store { animationStates.append(RenderAnimationState(a, localTime: local)) }
            return false
        }
        var same = true
        for i in 0..<n {
            let state = RenderAnimationState(store[i].animation, localTime: local)
            if state != animationStates[i] { animationStates[i] = state; same = false }
        }
        return same
    }
}

/// What an animation writes at one time, as far as it tells two times apart: the same state
/// at two times writes the same values over the same model values. Nothing (not active, or
/// finished and removed on completion); one value whatever the progress within a keyframe
/// segment (`segment`: a keyframe animation of a single value, −1; a linear segment between
/// two equal plain values, a Lottie hold; or a discrete animation's value index, "Each value /
/// keyTime pair represents the value from the specified time until the next keyframe"
/// (kCAAnimationDiscrete), as the Lottie importer's in/out visibility animations); or else the
/// progress itself (the timing arithmetic's result, which is all that `apply` reads of time).
enum RenderAnimationState: Equatable {
    case nothing
    case constant(CAAnimationProgress, segment: Int)
    case progress(CAAnimationProgress)

    /// The progress `apply` writes at; nil when the animation writes nothing.
    var progress: CAAnimationProgress? {
        switch self {
        case .nothing: nil
        case .constant(let p, _), .progress(let p): p
        }
    }

    static func == (a: Self, b: Self) -> Bool {
        switch (a, b) {
        case (.nothing, .nothing): true
        case (.constant(_, let i), .constant(_, let j)): i == j
        case (.progress(let p), .progress(let q)): p == q
        default: false
        }
    }

    /// The state of `a` at `local`, its layer's local time, read as `applyAnimations` reads it.
    @inline(__always)
    init(_ a: CAAnimation, localTime local: Double) {
        // Not committed yet with beginTime 0: it will begin "now", so show its start.
        let t = (!a.engineCommitted && a.beginTime == 0) ? 0 : local
        guard let p = a.progress(atParentTime: t) else { self = .nothing; return }
        if a.isRemovedOnCompletion && p.isFilling && a.elapsedActiveTime(atParentTime: t) >= 0 { self = .nothing; return }
        if ObjectIdentifier(type(of: a)) == ObjectIdentifier(CAKeyframeAnimation.self) {
            let k = unsafeDowncast(a, to: CAKeyframeAnimation.self)
            if k.path == nil, let v = k.values {
                if v.count == 1 { self = .constant(p, segment: -1); return }
                if let i = k.constantPlainSegment(at: p.fraction) { self = .constant(p, segment: i); return }
                // Discrete: one value from its key time to the next (a Lottie layer's in/out
                // visibility), the segment being the value's index.
                if k.calculationMode == .discrete && !k.isCumulative {
                    self = .constant(p, segment: k.discreteValueIndex(at: p.fraction, count: v.count)); return
                }
            }
        }
        self = .progress(p)
    }
}

/// What a layer draws whatever the time, read from its model and the properties its
/// animations write (at one model revision), so that the render tree can leave out what
/// draws nothing before it evaluates any animation of it.
enum RenderVisibility {
    /// Hidden or at opacity 0 in the model, and no animation writes `hidden` or `opacity`:
    /// nothing of it is drawn at any time.
    case hidden
    /// A plain layer that draws nothing of its own (no background, contents, border, shadow
    /// path or background filters, nor animations that write them): it draws what its
    /// sublayers draw, through its mask, and nothing when none of them draws.
    case drawsOnlySublayers
    /// Anything else: it may draw on its own.
    case drawsItself
}

/// How a layer's animations reach its kept copy.
enum RenderAnimations {
    /// No animation: the copy keeps the model's values.
    case none
    /// Property animations writing only these properties (through their key paths): they
    /// take the model's value back before the animations apply at the new time.
    case restoring([AnyLayerProperty])
    /// Something the copy cannot undo by restoring properties: a fresh copy each frame.
    case freshEachFrame
}

extension CALayer {
    /// Counts a change of the layer's model state (`modelRevision`). Every property setter
    /// calls it, and every change of the sublayers, the mask and the attached animations.
    @inline(__always) final func modelDidChange() {
        modelRevision &+= 1
        if let node = renderNode, node.watchedByUndrawnAncestor || node.watchedByPlacement {
            if node.watchedByPlacement { node.watchedByPlacement = false; RenderPlacement.endConclusions() }
            if node.watchedByUndrawnAncestor { forgetStaticallyUndrawnAncestors(node) }
        }
    }

    /// A layer an ancestor's `RenderTreeNode.staticallyUndrawn` was concluded from changed:
    /// that conclusion, and those above it, no longer hold.
    @inline(never) final func forgetStaticallyUndrawnAncestors(_ node: RenderTreeNode) {
        node.watchedByUndrawnAncestor = false
        var l = superlayer
        while let a = l, let n = a.renderNode {
            n.skippedSublayers = nil
            // An undrawn span (RenderHiddenSpan.swift) may have been concluded from this one too.
            let hadSpan = n.undrawnSpanRevision != .max
            n.undrawnSpanRevision = .max
            guard n.staticallyUndrawn || hadSpan else { break }
            n.staticallyUndrawn = false
            l = a.superlayer
        }
    }

    /// This layer's copy in the render tree `owner` at media time `time` (`local` being its
    /// local time then), with its subtree's: the walk of `drawablePresentation(at:)`, on the
    /// copies of the last frame. `context` is the current animation context, looked up once
    /// for the walk (a task-local read) instead of once per animated layer. `changed` is set
    /// when a copy of the subtree takes values, sublayers or a mask, or draws what it shows
    /// at another time (a replicator delaying its instances).
    func renderCopy(at time: Double, localTime local: Double, owner: ObjectIdentifier,
                    context: CAAnimationContext, walk: inout RenderWalk) -> CALayer {
        // What draws nothing at `time` is left as the last frame left it, its animations not
        // evaluated (the display list skips a hidden layer, and everything under it).
        if let node = renderNode, node.owner == owner, let kept = node.copy, node.revision == modelRevision {
            // Hidden by its own `hidden` animation until its next key time: as the last update
            // left it, neither its animations nor its mask evaluated (RenderHiddenSpan.swift).
            if node.hidesCopy(at: local, revision: modelRevision), drawingState == nil, kept.isHidden,
               kept.sublayers == nil, kept.mask == nil {
                walk.hiddenSpanLayers += 1
                return kept
            }
            // A plain layer none of whose sublayers draws until one of them shows again: as
            // the last update left it, marked undrawn, its sublayers not visited (RenderHiddenSpan.swift).
            if node.undrawn, node.undrawnSpanRevision == modelRevision, local >= node.undrawnFrom,
               local <= node.undrawnUntil, kept.isHidden, drawingState == nil,
               node.undrawnSpanEpoch == 0 || node.undrawnSpanEpoch == walk.placement?.epoch ?? 0 {
                walk.undrawnLayers += 1
                walk.hiddenSpanLayers += 1
                return kept
            }
            // Drawing nothing whatever the time: hidden (its copy stripped when the node learnt
            // it), or concluded from its sublayers (its copy marked hidden then).
            if drawingState == nil, let same = node.keptCopyDrawingNothingEver(owner: owner, revision: modelRevision,
                                                                                 epoch: walk.placement?.epoch ?? 0) {
                return same
            }
            // A mask that draws nothing shows nothing of the layer ("The layer's alpha channel
            // determines how much of the layer's content and background shows through",
            // CALayer.mask): the mask first, and nothing else of the layer when it draws nothing.
            var maskCopy: CALayer? = nil
            if let m = mask {
                let mc = renderMaskCopy(m, at: time, parentLocal: local, owner: owner, context: context, walk: &walk)
                maskCopy = mc
                if !mc.isDrawnInRenderTree {
                    if kept.mask !== mc { kept.mask = mc; walk.changed = true }
                    markUndrawn(kept, node, walk: &walk)
                    return kept
                }
                // Where the mask lies on the canvas decides whether the sublayers are drawn:
                // the layer's own values come first (RenderPlacement.swift).
                if let p = walk.placement, p.places {
                    return renderOwnValues(at: time, localTime: local, owner: owner, context: context, walk: &walk,
                                           sublayersDone: false, maskCopy: maskCopy)
                }
            }
            // A plain layer draws what its sublayers draw: they come first, and when none
            // draws, its own animations are not evaluated (unless a sublayer needed them to
            // place itself on the canvas: `ownValuesDone`).
            if case .drawsOnlySublayers = node.visibility, drawingState == nil {
                let (drawn, ownValuesDone) = renderSublayers(into: kept, at: time, localTime: local, owner: owner,
                                                             context: context, walk: &walk, ownValuesDone: false)
                if !drawn {
                    markUndrawn(kept, node, walk: &walk)
                    concludeStaticallyUndrawn(node, epoch: walk.placement?.epoch ?? 0)
                    if !node.staticallyUndrawn { learnUndrawnSpan(node, kept, at: local, epoch: walk.placement?.epoch ?? 0) }
                    return kept
                }
                return renderOwnValues(at: time, localTime: local, owner: owner, context: context, walk: &walk,
                                       sublayersDone: true, maskCopy: maskCopy, ownValues: ownValuesDone ? kept : nil)
            }
            return renderOwnValues(at: time, localTime: local, owner: owner, context: context, walk: &walk,
                                   sublayersDone: false, maskCopy: maskCopy)
        }
        return renderOwnValues(at: time, localTime: local, owner: owner, context: context, walk: &walk,
                               sublayersDone: false, maskCopy: nil)
    }

    /// The kept copy of a still leaf, to be taken as it is: a layer with neither sublayers nor
    /// mask, no animation, no own drawing pass, whose model did not change since its copy took
    /// every value, and which draws (not hidden nor marked undrawn, opacity above 0) and does
    /// not mask to its bounds. `renderCopy` would find the same (`renderCopyWithModelValues`:
    /// nothing to write; no subtree, no mask, nothing parked, nothing to place on the canvas),
    /// through five calls and their checks; its caller still sets the copy's presentation time.
    @inline(__always) final func keptStillLeafCopy(owner: ObjectIdentifier) -> CALayer? {
        guard sublayers == nil, mask == nil, drawingState == nil, let node = renderNode, node.owner == owner,
              node.revision == modelRevision, !node.undrawn, case .none = node.animations,
              case .drawsItself = node.visibility, let kept = node.copy,
              kept.sublayers == nil, kept.mask == nil, kept.parkedSubtreeOfCopy == nil, !kept.masksToBounds,
              kept.isDrawnInRenderTree else { return nil }
        return kept
    }

    /// Records that this plain layer, none of whose sublayers draws now, draws nothing at any
    /// time when each of them draws nothing at any time (and watches them for a change).
    /// (`epoch`: the update's placement epoch, which a conclusion drawn from a sublayer's
    /// `placedAway` holds at only.)
    private func concludeStaticallyUndrawn(_ node: RenderTreeNode, epoch: UInt) {
        guard mask == nil, let subs = sublayers else { return }
        var relies = false
        for s in subs {
            guard let n = s.renderNode, n.drawsNothingEver(revision: s.modelRevision, epoch: epoch) else { return }
            if n.reliesOnPlacement { relies = true }
        }
        for s in subs { s.renderNode!.watchedByUndrawnAncestor = true }
        node.staticallyUndrawn = true
        node.staticEpoch = relies ? epoch : 0
    }

    /// Whether a render-tree copy draws anything: not hidden (nor marked undrawn), opacity above 0.
    var isDrawnInRenderTree: Bool { !isHidden && opacity > 0 }

    /// Marks the kept `copy` as drawing nothing at this update: hidden, its own values left as
    /// they were (the node's recorded states still describe them), so the display list skips it.
    private func markUndrawn(_ copy: CALayer, _ node: RenderTreeNode, walk: inout RenderWalk) {
        walk.undrawnLayers += 1
        guard !copy.isHidden else { node.undrawn = node.undrawn || !isHidden; return }
        copy.isCopyingProperties = true
        copy.isHidden = true
        copy.isCopyingProperties = false
        node.undrawn = true
        walk.changed = true
    }

    /// The copy of the mask `m` of this layer (whose local time is `local`): no layer of the
    /// mask's subtree is placed on the canvas (see `RenderPlacement.places`).
    private func renderMaskCopy(_ m: CALayer, at time: Double, parentLocal local: Double, owner: ObjectIdentifier,
                                context: CAAnimationContext, walk: inout RenderWalk) -> CALayer {
        walk.placement?.maskDepth += 1
        defer { walk.placement?.maskDepth -= 1 }
        return m.renderCopy(at: time, localTime: m.localTime(inSubtreeOf: self, at: time, parentLocal: local),
                            owner: owner, context: context, walk: &walk)
    }

    /// The copy with the model's values and the animations' writes at `local` (`ownValues`
    /// when already written at this update), then (unless `sublayersDone`, already updated)
    /// its sublayers' copies, and its mask's (`maskCopy` when already updated). A layer
    /// whose mask or bounds let nothing through on the canvas keeps its sublayers as they
    /// were, marked as drawing nothing (RenderPlacement.swift).
    private func renderOwnValues(at time: Double, localTime local: Double, owner: ObjectIdentifier,
                                 context: CAAnimationContext, walk: inout RenderWalk,
                                 sublayersDone: Bool, maskCopy: CALayer?, ownValues: CALayer? = nil) -> CALayer {
        let copy = ownValues ?? renderOwnValuesOnly(at: time, localTime: local, owner: owner, context: context, walk: &walk)
        let node = renderNode!
        // A layer that draws nothing at `time` keeps neither its subtree nor its mask; the
        // copies it lets go of are parked on it while it may show again (`ParkedRenderSubtree`).
        if copy.isHidden || !(copy.opacity > 0) {
            if copy.isHidden { learnHiddenSpan(node, at: local) }
            // The mask's copy just updated (`maskCopy`, the mask evaluated first) is parked
            // too: left unheld it would go, and the mask be copied fresh at every update that
            // finds the layer so (a masked Lottie layer at opacity 0).
            let parkedMask = maskCopy ?? copy.mask
            if copy.sublayers != nil || parkedMask != nil {
                if case .hidden = node.visibility { copy.parkedSubtreeOfCopy = nil } else if copy.sublayers != nil
                    || copy.mask != nil || copy.parkedSubtreeOfCopy?.mask !== parkedMask {
                    copy.parkedSubtreeOfCopy = ParkedRenderSubtree(
                        sublayers: copy.sublayers ?? copy.parkedSubtreeOfCopy?.sublayers, mask: parkedMask)
                }
            }
            if copy.sublayers != nil { copy.replaceSublayersOfCopy(with: nil); walk.changed = true }
            if copy.mask != nil { copy.mask = nil; walk.changed = true }
            return copy
        }
        var maskCopy = maskCopy
        if !sublayersDone, let p = walk.placement, p.places, mask != nil || copy.masksToBounds {
            if maskCopy == nil, let m = mask {
                maskCopy = renderMaskCopy(m, at: time, parentLocal: local, owner: owner, context: context, walk: &walk)
            }
            if let mc = maskCopy, copy.mask !== mc { copy.mask = mc; walk.changed = true }
            if p.showsNothing(of: self, copy: copy, maskCopy: maskCopy, at: time, owner: owner, context: context, walk: &walk) {
                // Once per revision and epoch: whether it shows nothing whatever the time.
                if node.placementSoughtRevision != modelRevision || node.placementSoughtEpoch != p.epoch {
                    node.placementSoughtRevision = modelRevision
                    node.placementSoughtEpoch = p.epoch
                    if p.concludePlacedAway(of: self, copy: copy, maskCopy: maskCopy) {
                        node.placedAway = true
                        node.placedEpoch = p.epoch
                    }
                }
                walk.culledLayers += 1
                markUndrawn(copy, node, walk: &walk)
                return copy
            }
        }
        if !sublayersDone {
            let drawn = renderSublayers(into: copy, at: time, localTime: local, owner: owner, context: context, walk: &walk,
                                        ownValuesDone: true).drawn
            // A plain layer none of whose sublayers draws draws nothing (its own values, just
            // written, are kept: the node's states describe them).
            if !drawn, case .drawsOnlySublayers = node.visibility, drawingState == nil {
                markUndrawn(copy, node, walk: &walk)
                learnUndrawnSpan(node, copy, at: local, epoch: walk.placement?.epoch ?? 0)
                return copy
            }
        }
        // The mask is drawn as seen at the same instant, its own animations applied.
        if let mc = maskCopy {
            if copy.mask !== mc { copy.mask = mc; walk.changed = true }
        } else if let m = mask {
            let mc = renderMaskCopy(m, at: time, parentLocal: local, owner: owner, context: context, walk: &walk)
            if copy.mask !== mc { copy.mask = mc; walk.changed = true }
        } else if copy.mask != nil {
            copy.mask = nil
            walk.changed = true
        }
        // Shown again: what was parked is back in the tree (or no longer in it).
        if copy.parkedSubtreeOfCopy != nil { copy.parkedSubtreeOfCopy = nil }
        return copy
    }

    /// The copy with the model's values and the animations' writes at `local`, its subtree
    /// and mask as they were.
    func renderOwnValuesOnly(at time: Double, localTime local: Double, owner: ObjectIdentifier,
                             context: CAAnimationContext, walk: inout RenderWalk) -> CALayer {
        // Marked as drawing nothing before: its own `isHidden` back, and every value written again.
        if let node = renderNode, node.undrawn {
            node.undrawn = false
            if node.owner == owner, let kept = node.copy {
                kept.isCopyingProperties = true
                kept.isHidden = isHidden
                kept.isCopyingProperties = false
                node.animationStates.removeAll(keepingCapacity: true)
                walk.changed = true
            }
        }
        let (copy, writes) = renderCopyWithModelValues(owner: owner, localTime: local)
        if copy.presentationTime != time {
            if type(of: copy).drawsWithPresentationTime { walk.changed = true }
            copy.presentationTime = time
        }
        // A layer that draws its own contents may change them in any frame's display pass,
        // whatever the tree: its tree counts as changed.
        if drawingState != nil { walk.changed = true }
        switch writes {
        case .none: break
        case .recordedStates(let node): applyRecordedStates(of: node, to: copy, context: context); walk.changed = true
        case .all: applyAnimations(to: copy, localTime: local, context: context); walk.changed = true
        }
        walk.evaluatedLayers += 1
        return copy
    }

    /// Updates the copies of the sublayers into `copy`'s sublayers; whether any of them draws,
    /// and whether this layer's own values are written at this update (`ownValuesDone`, or
    /// because a sublayer needed them to place itself on the canvas: RenderPlacement.swift).
    private func renderSublayers(into copy: CALayer, at time: Double, localTime local: Double, owner: ObjectIdentifier,
                                 context: CAAnimationContext, walk: inout RenderWalk,
                                 ownValuesDone: Bool) -> (drawn: Bool, ownValuesDone: Bool) {
        guard let subs = sublayers else {
            if copy.sublayers != nil { copy.replaceSublayersOfCopy(with: nil); walk.changed = true }
            return (false, ownValuesDone)
        }
        // The sublayers' ancestors, for placing them on the canvas (the walk's placement, the
        // tree's for the whole update, read where used).
        // (Through an unmanaged reference: the tree holds it for the update, and a retain and
        // release around each push and pop were a good part of this function's own cost.)
        let places = walk.placement?.places ?? false
        if places {
            Unmanaged.passUnretained(walk.placement.unsafelyUnwrapped)._withUnsafeGuaranteedRef {
                $0.push(self, copy: copy, localTime: local, ownValuesDone: ownValuesDone)
            }
        }
        // The last frame's array is kept while every sublayer's copy is the one it holds.
        let old = copy.sublayers
        var replaced: [CALayer]? = nil
        var drawn = false
        // Runs of sublayers known to draw nothing whatever the time are not visited (their
        // copies stay where they are); else such runs are found for the next update.
        // (This layer's node unretained: the layer holds it, and only its own update sets it.)
        let nodeRef = renderNode.map { Unmanaged.passUnretained($0) }
        var skipped: [Range<Int>] = []
        let epoch = walk.placement?.epoch ?? 0
        if let nodeRef, let old, old.count == subs.count {
            nodeRef._withUnsafeGuaranteedRef { node in
                if let runs = node.skippedSublayers, node.skippedRevision == modelRevision,
                   node.skippedEpoch == 0 || node.skippedEpoch == epoch, node.skippedCopy == ObjectIdentifier(copy) {
                    skipped = runs
                }
            }
        }
        let finding = skipped.isEmpty
        var found: [Range<Int>] = []
        var foundRelies = false
        var run = 0
        var i = 0
        // The sublayers are read from the array's storage, unretained: `subs` holds each of
        // them for the call (a change of the model's sublayers would replace its array, not
        // this one), and a retain and release of each sublayer visited was a good part of
        // the walk's own cost.
        subs.withUnsafeBufferPointer { subsBuffer in
            while i < subsBuffer.count {
                if run < skipped.count, skipped[run].lowerBound == i {
                    if replaced != nil { replaced!.append(contentsOf: old![skipped[run]]) }
                    i = skipped[run].upperBound
                    run += 1
                    continue
                }
                let p = Unmanaged.passUnretained(subsBuffer[i])._withUnsafeGuaranteedRef { s -> CALayer in
                    // Drawing nothing whatever the time: its kept copy, without working out its local time.
                    if s.drawingState == nil, let sn = s.renderNode,
                       let kept = sn.keptCopyDrawingNothingEver(owner: owner, revision: s.modelRevision, epoch: epoch) {
                        if sn.reliesOnPlacement { foundRelies = true }
                        if finding, kept.hasSuperlayer(copy), let old, i < old.count, old[i] === kept {
                            if let last = found.last, last.upperBound == i { found[found.count - 1] = last.lowerBound..<(i + 1) } else { found.append(i..<(i + 1)) }
                        }
                        return kept
                    }
                    if let kept = s.keptStillLeafCopy(owner: owner) {
                        // A leaf without animations whose model did not change: its copy as it is.
                        if kept.presentationTime != time {
                            if type(of: kept).drawsWithPresentationTime { walk.changed = true }
                            kept.presentationTime = time
                        }
                        walk.evaluatedLayers += 1
                        return kept
                    }
                    return s.renderCopy(at: time, localTime: s.localTime(inSubtreeOf: self, at: time, parentLocal: local),
                                        owner: owner, context: context, walk: &walk)
                }
                if !drawn && p.isDrawnInRenderTree { drawn = true }
                if !p.hasSuperlayer(copy) { p.superlayer = copy; walk.changed = true }
                defer { i += 1 }
                if replaced == nil {
                    if let old, i < old.count, old[i] === p { continue }
                    var fresh: [CALayer] = []
                    fresh.reserveCapacity(subs.count)
                    if let old, i > 0 { fresh.append(contentsOf: old[0..<i]) }
                    replaced = fresh
                }
                replaced!.append(p)
            }
        }
        if replaced == nil, let old, old.count != subs.count { replaced = Array(old[0..<subs.count]) }
        if let replaced { copy.replaceSublayersOfCopy(with: replaced); walk.changed = true }
        // Worth keeping when it spares a good many visits.
        if finding, let nodeRef { nodeRef._withUnsafeGuaranteedRef { node in
            if replaced == nil, found.reduce(0, { $0 + $1.count }) >= 16 {
                for r in found { for k in r { subs[k].renderNode!.watchedByUndrawnAncestor = true } }
                node.skippedSublayers = found
                node.skippedEpoch = foundRelies ? epoch : 0
                node.skippedRevision = modelRevision
                node.skippedCopy = ObjectIdentifier(copy)
            } else if node.skippedSublayers != nil {
                // (Stored only when set: a store releases the old value, nil or not.)
                node.skippedSublayers = nil
            }
        } }
        let done = places ? Unmanaged.passUnretained(walk.placement.unsafelyUnwrapped)._withUnsafeGuaranteedRef { $0.pop() }
                          : ownValuesDone
        return (drawn, done)
    }

    /// What the animations still have to write into a copy `renderCopyWithModelValues` gives.
    private enum RenderCopyWrites {
        /// Nothing: no animation, or the copy shows them as they are at this time.
        case none
        /// Each animation at the state the node just recorded.
        case recordedStates(RenderTreeNode)
        /// Every animation, evaluated at the layer's local time.
        case all
    }

    /// The kept copy with the model's values where the animations will write (see the file
    /// header), or a fresh copy made with `init(layer:)`, and what the animations have to
    /// write into it: nothing when the kept copy already shows them at `local` (each in the
    /// state it was in when they last wrote), so that neither the model's values nor the
    /// animations are written again.
    private func renderCopyWithModelValues(owner: ObjectIdentifier, localTime local: Double)
        -> (copy: CALayer, writes: RenderCopyWrites) {
        if let node = renderNode, node.owner == owner, let copy = node.copy {
            if node.revision == modelRevision {
                switch node.animations {
                case .none:
                    return (copy, .none)
                case .restoring(let written):
                    // The display pass may draw the copy's own contents, and a crossfade is
                    // made by the animations' writes: those copies are always written again.
                    if node.animationStatesUnchanged(animationStore, localTime: local) && drawingState == nil
                        && copy.contentsCrossfade == nil {
                        return (copy, .none)
                    }
                    copy.isCopyingProperties = true
                    written.copyValues(from: self, to: copy)
                    copy.isCopyingProperties = false
                    copy.contentsCrossfade = nil
                    // The display pass may have drawn the copy's own contents (a key that
                    // redisplays, animated): a fresh copy would start from the model's.
                    if drawingState != nil { copy.contents = contents }
                    return (copy, .recordedStates(node))
                case .freshEachFrame:
                    break
                }
            } else {
                let animations = renderAnimations()
                if case .freshEachFrame = animations {} else {
                    // The model changed: every value again, as `init(layer:)` takes them.
                    copy.name = name
                    copy.actions = actions
                    copy.isCopyingProperties = true
                    type(of: copy).properties.copy(from: self, to: copy)
                    copy.isCopyingProperties = false
                    copy.contentsCrossfade = nil
                    node.revision = modelRevision
                    node.staticallyUndrawn = false
                    node.placedAway = false
                    node.animations = animations
                    node.visibility = renderVisibility(animations)
                    node.undrawn = false
                    return (copy, writesAfterEveryValue(node, localTime: local))
                }
                node.animations = animations
                node.visibility = renderVisibility(animations)
                node.staticallyUndrawn = false
                node.placedAway = false
                node.revision = modelRevision
            }
        }
        let copy = type(of: self).init(layer: self)
        copy.modelLayer = modelLayer ?? self
        if let node = renderNode {
            if node.revision != modelRevision {
                node.animations = renderAnimations()
                node.visibility = renderVisibility(node.animations)
                node.staticallyUndrawn = false
                node.placedAway = false
                node.revision = modelRevision
            }
            node.undrawn = false
            node.copy = copy
            node.owner = owner
            copy.renderTreeNodeOfCopy = node
        } else {
            let node = RenderTreeNode(copy: copy, owner: owner, revision: modelRevision, animations: renderAnimations())
            node.visibility = renderVisibility(node.animations)
            renderNode = node
            copy.renderTreeNodeOfCopy = node
        }
        return (copy, writesAfterEveryValue(renderNode!, localTime: local))
    }

    /// What the animations write into a copy that has just taken every model value: their
    /// states recorded, when they are property animations (the next frame can then tell
    /// whether they changed), else all of them evaluated.
    private func writesAfterEveryValue(_ node: RenderTreeNode, localTime local: Double) -> RenderCopyWrites {
        guard case .restoring = node.animations else {
            node.animationStates.removeAll(keepingCapacity: true)
            return .all
        }
        _ = node.animationStatesUnchanged(animationStore, localTime: local, reset: true)
        return .recordedStates(node)
    }

    /// `applyAnimations(to:localTime:context:)` with each animation's state at that time
    /// already worked out (`RenderTreeNode.animationStates`): the same writes, in the same
    /// order, without evaluating the timing again.
    ///
    /// The store and the states are read from their arrays' storage, each animation unretained
    /// (indexing retained and released each entry's animation): the two local copies, alive for
    /// the whole call, hold them (a change of the layer's animations or of the node's states
    /// during an `apply` would replace the layer's or the node's array, not these).
    private func applyRecordedStates(of node: RenderTreeNode, to copy: CALayer, context: CAAnimationContext) {
        let store = animationStore
        let states = node.animationStates
        context.applyingDepth += 1
        defer { context.applyingDepth -= 1 }
        store.withUnsafeBufferPointer { entries in
            states.withUnsafeBufferPointer { states in
                for i in entries.indices {
                    guard let p = states[i].progress else { continue }
                    Unmanaged.passUnretained(entries[i].animation)._withUnsafeGuaranteedRef { $0.apply(p, to: copy) }
                }
            }
        }
    }

    /// Sets a render-tree copy's sublayers to `new` (each of which already names this copy as
    /// its superlayer): the ones it lets go of that still name it no longer have a superlayer
    /// (see `superlayerStorage`).
    private func replaceSublayersOfCopy(with new: [CALayer]?) {
        if let old = sublayers {
            CALayer.clearSuperlayer(self, of: old)
            for s in new ?? [] { s.superlayerStorage = self }
        }
        sublayers = new
    }

    /// Whether the layer's animations, as the render tree read them at its present model
    /// revision, are all property animations (or groups of them): none is a transition or
    /// writes more than its key path. False when no render tree has read them since the
    /// last change.
    var animatesOnlyProperties: Bool {
        guard let node = renderNode, node.revision == modelRevision, case .restoring = node.animations else { return false }
        return true
    }

    /// What the layer draws whatever the time (see `RenderVisibility`), given how its
    /// animations reach its copy at the present model revision.
    private func renderVisibility(_ animations: RenderAnimations) -> RenderVisibility {
        let written: [AnyLayerProperty]
        switch animations {
        case .none: written = []
        case .restoring(let w): written = w
        case .freshEachFrame: return .drawsItself
        }
        if isHidden || !(opacity > 0), !written.contains(where: { $0.key == "hidden" || $0.key == "opacity" }) {
            return .hidden
        }
        guard type(of: self) == CALayer.self, !(backgroundColor.map { $0.a > 0 } ?? false), contents == nil,
              !(borderWidth > 0 && (borderColor.map { $0.a > 0 } ?? false)), (backgroundFilters ?? []).isEmpty,
              shadowPath == nil || !(shadowOpacity > 0),
              !written.contains(where: { Self.ownDrawingKeys.contains($0.key) }) else { return .drawsItself }
        return .drawsOnlySublayers
    }

    /// The properties through which a plain layer draws something of its own.
    private static let ownDrawingKeys: Set<String> = ["backgroundColor", "contents", "borderWidth", "borderColor",
                                                       "backgroundFilters", "shadowPath", "shadowOpacity"]

    /// How this layer's attached animations reach a kept copy (see `RenderAnimations`).
    private func renderAnimations() -> RenderAnimations {
        guard !animationStore.isEmpty else { return .none }
        // An emitter's copy owns copies of the cells its animations change.
        if self is CAEmitterLayer { return .freshEachFrame }
        let table = type(of: self).properties
        var written: [AnyLayerProperty] = []
        for (_, a) in animationStore {
            guard Self.collectWrittenProperties(of: a, table, into: &written) else { return .freshEachFrame }
        }
        return .restoring(written)
    }

    /// Adds the properties `animation` writes to `written`; false when they are not known:
    /// an animation of another kind than Core Animation's property animations and groups (a
    /// transition, a subclass with an `apply` of its own), or a key path the table lacks.
    private static func collectWrittenProperties(of animation: CAAnimation, _ table: LayerPropertyTable,
                                                 into written: inout [AnyLayerProperty]) -> Bool {
        func add(_ p: AnyLayerProperty) { if !written.contains(where: { $0 === p }) { written.append(p) } }
        let kind = ObjectIdentifier(type(of: animation))
        if kind == ObjectIdentifier(CAAnimationGroup.self) {
            for child in (animation as! CAAnimationGroup).animations ?? [] {
                guard collectWrittenProperties(of: child, table, into: &written) else { return false }
            }
            return true
        }
        guard kind == ObjectIdentifier(CABasicAnimation.self) || kind == ObjectIdentifier(CAKeyframeAnimation.self)
                || kind == ObjectIdentifier(CASpringAnimation.self) else { return false }
        let a = animation as! CAPropertyAnimation
        guard let keyPath = a.keyPath else { return true }  // writes nothing
        guard let (p, _) = table.resolve(keyPath) else { return false }
        add(p)
        // A motion path with a rotation mode turns the layer too.
        if let k = a as? CAKeyframeAnimation, k.path != nil, k.rotationMode != nil {
            guard let t = table.property(forKey: "transform") else { return false }
            add(t)
        }
        return true
    }
}
