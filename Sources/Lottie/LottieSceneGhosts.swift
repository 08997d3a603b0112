// The frozen copies a dotLottie ghost drag shows (`LottieStateMachine.ghosts`): a copy of the
// dragged layer's subtree as it is seen when the drag starts — its presentation values, no
// animations, no names (so hit tests and layer look-ups never find it) — added on top of the
// scene's root and moved by the drag's offset, taken away when the drag ends. The original
// stays where it is, drawn as before. As dotlottie-rs makes it (the renderer's ghost_begin /
// ghost_offset / ghost_end; docs/explainers/thorvg-paint-apis-for-dnd.md §5.2, "Layer clones —
// the drag ghost": a duplicate of the layer's paint with the transform of the picture and its
// parents baked in, above everything, frozen, moved in the canvas's space).
// Where we differ: ThorVG's duplicate leaves the picture's tree, so it keeps the layer's own
// paint but not what its ancestors do to it (a precomposition's opacity and clip; masks and
// mattes are sibling paints there, §4 "Mask/matte caveat"). Here the copy is what the user
// sees: it hangs below stand-ins for its ancestors — each a plain layer with the ancestor's
// presentation values (geometry, opacity, clipping by masksToBounds and its mask, filters),
// drawing nothing of its own — so a half-transparent or clipped parent leaves the copy half
// transparent or clipped as the original is. The clips ride with the copy (the copy shows the
// part that was seen when it was picked up). The stand-ins sit in a container whose position
// is the offset, in the root's coordinates.
// Blend modes: the copy is drawn over another backdrop than the original — what lies under it
// where it is now, above everything. A blend mode (compositingFilter) on the layer or on a
// stand-in acts on that backdrop, as ThorVG's duplicate keeps its paint's blend method
// (Paint::Impl::duplicate copies blendMethod) and is composited in the wrapper scene over the
// picture: a multiplied shadow dragged over another colour multiplies that colour, as it would
// lying there. Where an ancestor composites as a group (half opaque with more than one thing
// drawn, masked, filtered, blended), a blend inside acts on the group's own pixels in the
// original; its stand-in, holding only the copy, keeps the group too (a layer below 1 opacity
// keeps its group when a sublayer blends, CALayer+GroupOpacity), so the copy's blend does not
// reach the scene the original's never reached. Over the original at pick-up the copy composes
// twice (a multiply darkens, a half-transparent copy thickens), as ThorVG's clone over its
// source does.
// Lottie builds layer trees and never draws: the next frame shows the copies.
import LayerKit

extension LottieScene {
    /// Shows a copy of each layer named in `ghosts` at its offset (the animation's coordinates)
    /// from the layer, and takes away the copies of layers no longer named. A copy is made the
    /// first time its layer is named, from the layer as it is seen then.
    public func showGhosts(_ ghosts: [String: Point]) {
        guard !ghosts.isEmpty || !ghostLayers.isEmpty else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        for (name, copy) in ghostLayers where ghosts[name] == nil {
            copy.removeFromSuperlayer()
            ghostLayers[name] = nil
        }
        for name in ghosts.keys.sorted() {
            if ghostLayers[name] == nil {
                guard let copy = makeGhost(name) else { continue }
                root.addSublayer(copy)
                ghostLayers[name] = copy
            }
            let at = ghosts[name] ?? Point(0, 0)
            if let g = ghostLayers[name], g.position != at { g.position = at }
        }
    }

    /// The container holding a frozen copy of the first layer named `name` below stand-ins for
    /// its ancestors, placed where the layer is drawn; nil when there is none.
    private func makeGhost(_ name: String) -> CALayer? {
        guard let (layer, _) = find(name) else { return nil }
        let container = CALayer()
        container.anchorPoint = Point(0, 0)
        container.bounds = Rect(0, 0, width, height)
        container.position = Point(0, 0)
        // The ancestors below the root, the outermost first (the depth is the tree's, bounded
        // when the scene was built: maximumTreeDepth).
        var ancestors: [CALayer] = []
        var up = layer.superlayer
        while let a = up, a !== root { ancestors.append(a); up = a.superlayer }
        var holder = container
        for a in ancestors.reversed() {
            let stand = Self.standIn(a.presentation() ?? a)
            holder.addSublayer(stand)
            holder = stand
        }
        holder.addSublayer(Self.frozen(layer.presentation() ?? layer))
        return container
    }

    /// A plain layer with `shown`'s layer values — where it places its sublayers, its opacity,
    /// clipping, mask, filters and blend mode — that draws nothing itself (no contents,
    /// background, border, shadow, nor background filters acting on what lies behind) and has
    /// no name.
    private static func standIn(_ shown: CALayer) -> CALayer {
        // A 3D space stays one (CATransformLayer keeps its sublayers' depth).
        let stand: CALayer = shown is CATransformLayer ? CATransformLayer(layer: shown) : CALayer(layer: shown)
        stand.name = nil
        stand.contents = nil
        stand.backgroundColor = nil
        stand.borderWidth = 0
        stand.shadowOpacity = 0
        stand.backgroundFilters = nil
        stand.mask = shown.mask.map(frozen)
        return stand
    }

    /// A model-layer copy of the presentation subtree `shown` (its values, no animations, no
    /// names). The depth is the tree's, bounded when the scene was built (maximumTreeDepth).
    private static func frozen(_ shown: CALayer) -> CALayer {
        let copy = type(of: shown).init(layer: shown)
        copy.name = nil
        for s in shown.sublayers ?? [] { copy.addSublayer(frozen(s)) }
        copy.mask = shown.mask.map(frozen)
        return copy
    }
}
