// The frozen copies a dotLottie ghost drag shows (`LottieStateMachine.ghosts`): a copy of the
// dragged layer's subtree as it is seen when the drag starts — its presentation values, no
// animations, no names (so hit tests and layer look-ups never find it) — added on top of the
// scene's root and moved by the drag's offset, taken away when the drag ends. The original
// stays where it is, drawn as before. As dotlottie-rs makes it (the renderer's ghost_begin /
// ghost_offset / ghost_end; docs/explainers/thorvg-paint-apis-for-dnd.md §5.2, "Layer clones —
// the drag ghost": a duplicate of the layer's paint with the transform of the picture and its
// parents baked in, above everything, frozen, moved in the canvas's space). Here the copy sits
// in a container carrying the transforms of the layer's ancestors (a 2D affine transform; a
// layer under a perspective cannot be copied and is dragged itself), its position the offset.
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
            ghostLayers[name]?.position = ghosts[name] ?? Point(0, 0)
        }
    }

    /// The container holding a frozen copy of the first layer named `name`, placed where the
    /// layer is drawn; nil when there is none, or its ancestors are not a 2D affine transform.
    private func makeGhost(_ name: String) -> CALayer? {
        guard let (layer, chain) = find(name) else { return nil }
        // From the layer's superlayer up to the root (the copy keeps the layer's own transform).
        var up = ProjectiveTransform.identity
        for t in chain.dropFirst() { up = up.concatenating(t) }
        guard up.m31 == 0, up.m32 == 0, up.m33 == 1 else { return nil }
        let container = CALayer()
        container.anchorPoint = Point(0, 0)
        container.bounds = Rect(0, 0, width, height)
        container.position = Point(0, 0)
        container.transform = CATransform3D(AffineTransform(a: up.m11, b: up.m21, c: up.m12, d: up.m22, tx: up.m13, ty: up.m23))
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
