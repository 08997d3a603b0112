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

    // MARK: Identity
    /// The layer's name (CALayer.name); documents and `inspect` refer to layers by it.
    public var name: String?
    /// For a presentation copy: the model layer it was made from (nil on model layers).
    /// Setters of a presentation copy do not start implicit animations.
    public internal(set) var modelLayer: CALayer?
    /// For a presentation copy: the media time it shows (nil on model layers).
    public internal(set) var presentationTime: Double?

    // MARK: Geometry (animatable)
    /// The layer's own coordinate space: origin and size (CALayer.bounds).
    public var bounds = Rect.zero { didSet { changed("bounds", .rect(oldValue)) } }
    /// Where the anchor point sits in the superlayer's coordinates.
    public var position = Point.zero { didSet { changed("position", .point(oldValue)) } }
    /// The point of the bounds (unit coordinates) that `position` places and transforms pivot on.
    public var anchorPoint = Point(0.5, 0.5) { didSet { changed("anchorPoint", .point(oldValue)) } }
    /// Position on the z axis: orders siblings (higher on top) and translates in 3D.
    public var zPosition = 0.0 { didSet { changed("zPosition", .number(oldValue)) } }
    /// The layer's transform about its anchor point.
    public var transform = CATransform3D.identity { didSet { changed("transform", .transform(oldValue)) } }
    /// Applied to the sublayers, about the centre of the bounds (perspective for 3D sublayers).
    public var sublayerTransform = CATransform3D.identity { didSet { changed("sublayerTransform", .transform(oldValue)) } }

    // MARK: Appearance (animatable)
    /// Opacity of the layer and its sublayers as a group, 0…1.
    public var opacity = 1.0 { didSet { changed("opacity", .number(oldValue)) } }
    /// Hidden layers and their sublayers are neither drawn nor hit.
    public var isHidden = false { didSet { changed("hidden", .bool(oldValue)) } }
    /// Fills the bounds (rounded by cornerRadius); nil draws nothing.
    public var backgroundColor: Color? = nil { didSet { changed("backgroundColor", .color(oldValue)) } }
    /// Rounds the background, the border and (with masksToBounds) the clip.
    public var cornerRadius = 0.0 { didSet { changed("cornerRadius", .number(oldValue)) } }
    /// Width of the border drawn inside the bounds, above contents and sublayers.
    public var borderWidth = 0.0 { didSet { changed("borderWidth", .number(oldValue)) } }
    /// Colour of the border (CA's default: opaque black).
    public var borderColor: Color? = .black { didSet { changed("borderColor", .color(oldValue)) } }
    /// Clips contents and sublayers to the (rounded) bounds.
    public var masksToBounds = false { didSet { changed("masksToBounds", .bool(oldValue)) } }
    /// An image drawn in the bounds according to `contentsGravity`.
    public var contents: ImageRef? = nil { didSet { changed("contents", .image(oldValue)) } }
    /// How `contents` is fitted into the bounds.
    public var contentsGravity = CALayerContentsGravity.resize

    public init() {}
    /// Core Animation's `initWithLayer:`: a copy of `layer`'s model state (used for the
    /// presentation copy). Subclasses override, call super, and copy their own properties.
    public required init(layer: CALayer) {
        beginTime = layer.beginTime; duration = layer.duration; speed = layer.speed
        timeOffset = layer.timeOffset; repeatCount = layer.repeatCount
        repeatDuration = layer.repeatDuration; autoreverses = layer.autoreverses
        fillMode = layer.fillMode; actions = layer.actions
        name = layer.name
        bounds = layer.bounds; position = layer.position; anchorPoint = layer.anchorPoint
        zPosition = layer.zPosition; transform = layer.transform; sublayerTransform = layer.sublayerTransform
        opacity = layer.opacity; isHidden = layer.isHidden; backgroundColor = layer.backgroundColor
        cornerRadius = layer.cornerRadius; borderWidth = layer.borderWidth; borderColor = layer.borderColor
        masksToBounds = layer.masksToBounds; contents = layer.contents; contentsGravity = layer.contentsGravity
    }

    /// Tells the animation engine about a model change (implicit animations); presentation
    /// copies stay silent.
    @inline(__always) final func changed(_ key: String, _ old: AnimatableValue) {
        if modelLayer == nil { propertyDidChange(key, from: old) }
    }

    /// Reads an animatable property by key path (`position.x`, `transform.scale`, …); nil
    /// when the key path is unknown for this layer.
    open func value(forKeyPath keyPath: String) -> AnimatableValue? { layerValue(forKeyPath: keyPath) }
    /// Writes an animatable property by key path; false when unknown or of the wrong type.
    @discardableResult
    open func setValue(_ value: AnimatableValue, forKeyPath keyPath: String) -> Bool {
        setLayerValue(value, forKeyPath: keyPath)
    }

    /// Adds a copy of `anim` under `key` (replacing one with the same key): add(_:forKey:).
    open func add(_ anim: CAAnimation, forKey key: String?) {
        let k = key ?? "__anim\(animationStore.count)_\(ObjectIdentifier(anim).hashValue)"
        let replaced = animationStore.filter { $0.key == k }.map(\.animation)
        animationStore.removeAll { $0.key == k }
        animationStore.append((k, anim.copy()))
        animationWasAdded(animationStore[animationStore.count - 1].animation, forKey: k, replacing: replaced)
    }

    // MARK: Presentation

    /// The layer as currently seen: a copy (made with `init(layer:)`) with every attached
    /// animation applied at the current context's presentation time (its manual clock, else
    /// the frame last ticked, else now). Sublayers are the presentation copies of
    /// the model's sublayers. Without animations every value equals the model's.
    open func presentation() -> Self {
        presentation(at: CAAnimationContext.current.presentationTime)
    }
    /// The presentation copy of this layer and its subtree at media time `time`: every
    /// animation applied at `time` converted to each layer's local time. The copies remember
    /// `time` (`presentationTime`), so whatever draws them draws that instant.
    public func presentation(at time: Double) -> Self {
        let copy = type(of: self).init(layer: self)
        copy.modelLayer = self
        copy.presentationTime = time
        applyAnimations(to: copy, at: time)
        if let subs = sublayers {
            var out: [CALayer] = []
            out.reserveCapacity(subs.count)
            for s in subs {
                let p = s.presentation(at: time)
                p.superlayer = copy
                out.append(p)
            }
            copy.sublayers = out
        }
        return copy
    }
    /// The model layer behind a presentation copy; the layer itself on a model layer.
    public func model() -> CALayer { modelLayer ?? self }
}

/// How layer contents are placed in the bounds (kCAGravity…).
public enum CALayerContentsGravity: String, Sendable, CaseIterable {
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
    case resize, resizeAspect, resizeAspectFill
}
