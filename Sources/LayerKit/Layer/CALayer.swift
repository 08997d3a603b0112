// OWNER: layers helper (add the properties, geometry and tree operations in this class body).
// The anim helper relies on: the CAMediaTiming fields, `actions`, `animationStore`,
// `value(forKeyPath:)` / `setValue(_:forKeyPath:)`, `init(layer:)`, and `superlayer`.

/// Core Animation's layer (CALayer): a node of the layer tree with geometry, appearance,
/// its own timing, and the animations attached to it.
open class CALayer: CAMediaTiming {
    // MARK: Tree
    public internal(set) weak var superlayer: CALayer?
    public internal(set) var sublayers: [CALayer]? = nil

    // MARK: Timing (CAMediaTiming)
    public var beginTime = 0.0
    public var duration = 0.0
    public var speed = 1.0
    public var timeOffset = 0.0
    public var repeatCount = 0.0
    public var repeatDuration = 0.0
    public var autoreverses = false
    public var fillMode = CAMediaTimingFillMode.removed

    // MARK: Actions and animations
    /// Per-key actions; a key present with a nil value switches that property's implicit
    /// animation off (NSNull in Core Animation).
    public var actions: [String: CAAction?] = [:]
    /// The attached animations in the order added (later ones are applied later).
    public var animationStore: [(key: String, animation: CAAnimation)] = []

    public init() {}
    /// Core Animation's `initWithLayer:`: a copy of `layer`'s model state (used for the
    /// presentation copy). Subclasses override, call super, and copy their own properties.
    public required init(layer: CALayer) {
        beginTime = layer.beginTime; duration = layer.duration; speed = layer.speed
        timeOffset = layer.timeOffset; repeatCount = layer.repeatCount
        repeatDuration = layer.repeatDuration; autoreverses = layer.autoreverses
        fillMode = layer.fillMode; actions = layer.actions
    }

    /// Reads an animatable property by key path (`position.x`, `transform.scale`, …); nil
    /// when the key path is unknown for this layer.
    open func value(forKeyPath keyPath: String) -> AnimatableValue? { nil }
    /// Writes an animatable property by key path; false when unknown or of the wrong type.
    @discardableResult
    open func setValue(_ value: AnimatableValue, forKeyPath keyPath: String) -> Bool { false }

    /// Adds a copy of `anim` under `key` (replacing one with the same key): add(_:forKey:).
    open func add(_ anim: CAAnimation, forKey key: String?) {
        let k = key ?? "__anim\(animationStore.count)_\(ObjectIdentifier(anim).hashValue)"
        let replaced = animationStore.filter { $0.key == k }.map(\.animation)
        animationStore.removeAll { $0.key == k }
        animationStore.append((k, anim.copy()))
        animationWasAdded(animationStore[animationStore.count - 1].animation, forKey: k, replacing: replaced)
    }
}
