// The frozen copies a dotLottie ghost drag shows (`LottieStateMachine.ghosts`): a copy of the
// dragged layer's subtree as it is seen when the drag starts — its presentation values, no
// animations, no names (so hit tests and layer look-ups never find it) — added on top of the
// scene's root and moved by the drag's offset, taken away when the drag ends. The original
// stays where it is, drawn as before. As dotlottie-rs makes it (the renderer's ghost_begin /
// ghost_offset / ghost_end; docs/explainers/thorvg-paint-apis-for-dnd.md §5.2, "Layer clones —
// the drag ghost": a duplicate of the layer's paint with the transform of the picture and its
// parents baked in, above everything, frozen, moved in the canvas's space). Here the copy sits
// in a container carrying the transforms of the layer's ancestors (their 2D projection, as
// the presentation tree maps points) — not their opacity or clipping: the copy is drawn whole,
// above everything — its position the offset.
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

    /// The container holding a frozen copy of the first layer named `name`, placed where the
    /// layer is drawn; nil when there is none.
    private func makeGhost(_ name: String) -> CALayer? {
        guard let (layer, chain) = find(name) else { return nil }
        // From the layer's superlayer up to the root (the copy keeps the layer's own transform).
        var up = ProjectiveTransform.identity
        for t in chain.dropFirst() { up = up.concatenating(t) }
        let container = CALayer()
        container.anchorPoint = Point(0, 0)
        container.bounds = Rect(0, 0, width, height)
        container.position = Point(0, 0)
        // The 3 × 3 projection in Core Animation's row-vector 4 × 4 (z passed through).
        var t = CATransform3D()
        t.m11 = up.m11; t.m21 = up.m12; t.m41 = up.m13
        t.m12 = up.m21; t.m22 = up.m22; t.m42 = up.m23
        t.m14 = up.m31; t.m24 = up.m32; t.m44 = up.m33
        container.transform = t
        container.addSublayer(Self.frozen(layer.presentation() ?? layer))
        return container
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
