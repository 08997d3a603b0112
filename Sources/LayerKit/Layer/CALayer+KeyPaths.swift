// Key-value access to the animatable properties, with Core Animation's key paths: a
// property's key, optionally followed by a part of its value (`position.x`,
// `bounds.size.width`, `transform.rotation.z`). The keys come from the property tables;
// sub-paths of `transform` read the decomposed component (DecomposedTransform) and write by
// replacing that component and rebuilding the matrix (scale, rotate x·y·z, translate).

extension CALayer {
    /// The animatable properties of CALayer by key (what `inspect` reports).
    public static var layerPropertyKeys: [String] { CALayer.layerProperties.animatable.map(\.key) }

    /// Every animatable property key of this layer, in a stable order (subclasses' keys last).
    public var animatablePropertyKeys: [String] { type(of: self).properties.animatable.map(\.key) }

    /// Whether `keyPath` names an animatable property (or sub-property) of this layer.
    public func isAnimatableKeyPath(_ keyPath: String) -> Bool { value(forKeyPath: keyPath) != nil }

    /// The names after `transform.` that Core Animation understands.
    public static let transformSubKeys: Set<String> = [
        "scale", "scale.x", "scale.y", "scale.z", "rotation", "rotation.x", "rotation.y", "rotation.z",
        "translation", "translation.x", "translation.y", "translation.z",
    ]

    /// Reads one component of a transform (`scale.x`, `rotation`, `translation`, …).
    /// `scale` reads the mean of the x, y and z scales; `translation` reads a size (x, y).
    /// A singular matrix reads as zeros, as Core Animation's decomposition gives.
    public static func transformComponent(_ t: CATransform3D, _ sub: String) -> AnimatableValue? {
        guard let c = TransformComponent(name: sub[...]) else { return nil }
        return c.value(in: TransformComponent.readableComponents(of: t))
    }

    /// `t` with one component replaced (decompose, set, rebuild); nil for an unknown name or
    /// a value of the wrong type. A singular `t` starts from the identity's components.
    public static func settingTransformComponent(_ t: CATransform3D, _ sub: String, _ v: AnimatableValue) -> CATransform3D? {
        guard let c = TransformComponent(name: sub[...]) else { return nil }
        return c.setting(v, in: t.decomposed ?? DecomposedTransform())
    }
}
