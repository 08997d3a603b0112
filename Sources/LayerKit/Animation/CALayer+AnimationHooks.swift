// OWNER: anim helper. The two points where the layer model meets the animation engine.
extension CALayer {
    /// Writes the current values of this layer's animations into `presentation` (a fresh copy
    /// of the model made with `init(layer:)`). Called by `presentation()`.
    func applyAnimations(to presentation: CALayer) {}

    /// Called by every animatable property's setter after the model value changed: the place
    /// where implicit animations (actions) start.
    func propertyDidChange(_ key: String, from oldValue: AnimatableValue) {}
}
