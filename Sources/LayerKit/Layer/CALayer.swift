/// Core Animation's layer (CALayer): a node of the layer tree with geometry, appearance,
/// its own timing, and the animations attached to it.
open class CALayer: CAMediaTiming {
    // MARK: Tree
    /// The layer's superlayer (CALayer.superlayer): "The superlayer object manages the
    /// layout of its sublayers." It does not retain it, and does not name it weakly either:
    /// an object named by a weak reference keeps its reference counts in a side table from
    /// then on, and every retain and release of it takes the runtime's slow path — for a
    /// layer with sublayers, every frame's walks. The reference stays valid instead by the
    /// tree's own rule (see `superlayerStorage`).
    public internal(set) var superlayer: CALayer? {
        @inline(__always) get { superlayerStorage }
        @inline(__always) set { superlayerStorage = newValue }
    }
    /// `superlayer`, unretained. Valid by this rule: a layer names as its superlayer only a
    /// layer that holds it (in `sublayers`, or a replicator in its instances' sublayers);
    /// a layer that lets go of such a sublayer clears the sublayer's `superlayer` (see
    /// `detachFromSuperlayer`, `replaceSublayersOfCopy`), and a layer that goes away clears
    /// it on every sublayer it holds (`deinit`). So it never names a freed layer.
    /// (Read by every frame's geometry, only ever assigned: no exclusivity check.)
    final var superlayerStorage: CALayer? {
        @inline(__always) get { superlayerReference?.takeUnretainedValue() }
        @inline(__always) set { superlayerReference = newValue.map { Unmanaged.passUnretained($0) } }
    }
    /// `superlayerStorage` as an unmanaged reference: comparing it with a layer (`hasSuperlayer`)
    /// then takes no retain and release of either, as reading an `unowned(unsafe)` reference
    /// does (twice a sublayer in every frame's render-tree walk).
    @exclusivity(unchecked) final var superlayerReference: Unmanaged<CALayer>?
    /// Whether `superlayer` is `layer` (`superlayer === layer`), without a retain.
    @inline(__always) final func hasSuperlayer(_ layer: CALayer) -> Bool {
        superlayerReference?.toOpaque() == Unmanaged.passUnretained(layer).toOpaque()
    }
    // Read for every layer of every frame (the render tree's walk, the display pass, the
    // display list), so without the runtime's exclusivity check: it is replaced whole, or
    // changed in place by `insert` and `removeAll` whose closures never touch a layer's
    // sublayers, so no access can overlap a modification.
    @exclusivity(unchecked) public internal(set) var sublayers: [CALayer]? = nil { didSet { modelDidChange() } }

    // MARK: Timing (CAMediaTiming)
    // Plain values without the runtime's exclusivity check (see Geometry below): every
    // animation's time conversion reads them up the superlayer chain, every frame.
    @exclusivity(unchecked) public var beginTime: Double = CALayer.beginTime.defaultValue { didSet { modelDidChange() } }
    @exclusivity(unchecked) public var duration: Double = CALayer.duration.defaultValue { didSet { modelDidChange() } }
    @exclusivity(unchecked) public var speed: Double = CALayer.speed.defaultValue { didSet { modelDidChange() } }
    @exclusivity(unchecked) public var timeOffset: Double = CALayer.timeOffset.defaultValue { didSet { modelDidChange() } }
    @exclusivity(unchecked) public var repeatCount: Double = CALayer.repeatCount.defaultValue { didSet { modelDidChange() } }
    @exclusivity(unchecked) public var repeatDuration: Double = CALayer.repeatDuration.defaultValue { didSet { modelDidChange() } }
    @exclusivity(unchecked) public var autoreverses: Bool = CALayer.autoreverses.defaultValue { didSet { modelDidChange() } }
    @exclusivity(unchecked) public var fillMode: CAMediaTimingFillMode = CALayer.fillMode.defaultValue { didSet { modelDidChange() } }

    // MARK: Actions and animations
    /// Per-key actions; a key present with a nil value switches that property's implicit
    /// animation off (NSNull in Core Animation).
    public var actions: [String: CAAction?] = [:] { didSet { modelDidChange() } }
    /// Asked first for the layer's actions (CALayer.delegate; not retained).
    public weak var delegate: CALayerDelegate?
    /// Values the layer does not declare, searched for actions: its "actions" entry (a
    /// dictionary of actions by key) and its "style" entry (the next style up) (CALayer.style).
    public var style: [String: Any]?
    /// The attached animations in the order added (later ones are applied later).
    /// (Read for every animated layer of every frame: no exclusivity check, as `sublayers`.)
    @exclusivity(unchecked) public var animationStore: [(key: String, animation: CAAnimation)] = [] { didSet { modelDidChange() } }
    /// The keys in `animationStore` (each key is there at most once): `add(_:forKey:)` looks
    /// a key up here instead of searching the store, so adding n animations is linear.
    var animationStoreKeys: Set<String> = []

    // MARK: Identity
    /// The layer's name (CALayer.name); documents and `inspect` refer to layers by it.
    public var name: String? { didSet { modelDidChange() } }
    /// For a presentation copy: the model layer it was made from (nil on model layers).
    /// Setters of a presentation copy do not start implicit animations. (Read by every
    /// property write and by each frame's walks, and only ever assigned: no exclusivity check.)
    @exclusivity(unchecked) public internal(set) var modelLayer: CALayer?
    /// True while `init(layer:)` fills the layer: those writes start no implicit animations.
    /// (A plain flag read by every property write: no exclusivity check.)
    @exclusivity(unchecked) final var isCopyingProperties = false
    /// For a presentation copy: the media time it shows (nil on model layers).
    @exclusivity(unchecked) public internal(set) var presentationTime: Double?
    /// Counts the changes of the layer's model state: every property write, the sublayers,
    /// the mask and the attached animations (see `modelDidChange()`).
    @exclusivity(unchecked) public internal(set) final var modelRevision: UInt = 0
    /// What a `RenderTree` keeps for this (model) layer between frames; nil until one draws it.
    /// (Only ever assigned: no exclusivity check.)
    @exclusivity(unchecked) final var renderNode: RenderTreeNode?
    /// For a render-tree copy: the node (of its model layer) that names it, so that the
    /// copy, going away, clears that name (`RenderTreeNode.copy` does not retain it).
    @exclusivity(unchecked) final var renderTreeNodeOfCopy: RenderTreeNode?
    /// For a render-tree copy hidden at its last update: the copies of the sublayers and mask
    /// it let go of, kept so that they are updated in place when it shows again rather than
    /// copied anew (`ParkedRenderSubtree`, RenderTree.swift). (Only ever assigned: no exclusivity check.)
    @exclusivity(unchecked) final var parkedSubtreeOfCopy: ParkedRenderSubtree?
    /// What weak references to this layer name instead of it (`WeakLayerReference`).
    final lazy var lifetimeToken = LayerLifetimeToken(self)

    // MARK: Geometry (animatable)
    // The plain-value properties below (geometry, appearance) skip the runtime's exclusivity
    // check: the renderer and the presentation copy read them for every layer of every frame,
    // each checked access is a runtime call, and as they hold no references an overlapping
    // access could only ever see a stale value, never touch freed memory.
    /// The layer's own coordinate space: origin and size (CALayer.bounds).
    @exclusivity(unchecked) public var bounds: Rect = CALayer.bounds.defaultValue {
        didSet {
            changed(CALayer.bounds, oldValue)
            // "The system typically calls this method automatically when the layer's bounds
            // change" (setNeedsLayout; CALayer+Layout.swift).
            if oldValue.size != bounds.size, !isCopyingProperties, modelLayer == nil { setNeedsLayout() }
        }
    }
    /// Where the anchor point sits in the superlayer's coordinates.
    @exclusivity(unchecked) public var position: Point = CALayer.position.defaultValue {
        didSet { changed(CALayer.position, oldValue) }
    }
    /// The point of the bounds (unit coordinates) that `position` places and transforms pivot on.
    @exclusivity(unchecked) public var anchorPoint: Point = CALayer.anchorPoint.defaultValue {
        didSet { changed(CALayer.anchorPoint, oldValue) }
    }
    /// Position on the z axis: orders siblings (higher on top) and translates in 3D.
    @exclusivity(unchecked) public var zPosition: Double = CALayer.zPosition.defaultValue {
        didSet { changed(CALayer.zPosition, oldValue) }
    }
    /// The layer's transform about its anchor point.
    @exclusivity(unchecked) public var transform: CATransform3D = CALayer.transform.defaultValue {
        didSet { changed(CALayer.transform, oldValue) }
    }
    /// Applied to the sublayers, about the centre of the bounds (perspective for 3D sublayers).
    @exclusivity(unchecked) public var sublayerTransform: CATransform3D = CALayer.sublayerTransform.defaultValue {
        didSet { changed(CALayer.sublayerTransform, oldValue) }
    }

    // MARK: Appearance (animatable)
    /// Opacity of the layer and its sublayers as a group, 0…1.
    @exclusivity(unchecked) public var opacity: Double = CALayer.opacity.defaultValue {
        didSet { changed(CALayer.opacity, oldValue) }
    }
    /// Hidden layers and their sublayers are neither drawn nor hit.
    @exclusivity(unchecked) public var isHidden: Bool = CALayer.isHidden.defaultValue {
        didSet { changed(CALayer.isHidden, oldValue) }
    }
    /// Fills the bounds (rounded by cornerRadius); nil draws nothing.
    @exclusivity(unchecked) public var backgroundColor: Color? = CALayer.backgroundColor.defaultValue {
        didSet { changed(CALayer.backgroundColor, oldValue) }
    }
    /// Rounds the background, the border and (with masksToBounds) the clip.
    @exclusivity(unchecked) public var cornerRadius: Double = CALayer.cornerRadius.defaultValue {
        didSet { changed(CALayer.cornerRadius, oldValue) }
    }
    /// Width of the border drawn inside the bounds, above contents and sublayers.
    @exclusivity(unchecked) public var borderWidth: Double = CALayer.borderWidth.defaultValue {
        didSet { changed(CALayer.borderWidth, oldValue) }
    }
    /// Colour of the border (CA's default: opaque black).
    @exclusivity(unchecked) public var borderColor: Color? = CALayer.borderColor.defaultValue {
        didSet { changed(CALayer.borderColor, oldValue) }
    }
    /// Clips contents and sublayers to the (rounded) bounds.
    @exclusivity(unchecked) public var masksToBounds: Bool = CALayer.masksToBounds.defaultValue {
        didSet { changed(CALayer.masksToBounds, oldValue) }
    }
    /// An image drawn in the bounds according to `contentsGravity`.
    /// (Read for every layer of every frame's display list, only ever assigned: no
    /// exclusivity check.)
    @exclusivity(unchecked) public var contents: ImageRef? = CALayer.contents.defaultValue {
        didSet { changed(CALayer.contents, oldValue) }
    }
    /// For a presentation copy whose `contents` is being animated between two images: the
    /// image it comes from and how far the crossfade is (the copy's `contents` is the image it
    /// goes to). nil on model layers.
    @exclusivity(unchecked) var contentsCrossfade: ContentsCrossfade?
    /// How `contents` is fitted into the bounds.
    public var contentsGravity: CALayerContentsGravity = CALayer.contentsGravity.defaultValue { didSet { modelDidChange() } }

    // MARK: Styling (declared in CALayer+StyleProperties.swift)
    /// The shadow's colour (default opaque black); nil casts none.
    @exclusivity(unchecked) public var shadowColor: Color? = CALayer.shadowColor.defaultValue {
        didSet { changed(CALayer.shadowColor, oldValue) }
    }
    /// The shadow's opacity, 0…1 (default 0: no shadow).
    @exclusivity(unchecked) public var shadowOpacity: Double = CALayer.shadowOpacity.defaultValue {
        didSet { changed(CALayer.shadowOpacity, oldValue) }
    }
    /// The shadow's offset in the layer's coordinates (default (0, −3): up on a y-down screen).
    @exclusivity(unchecked) public var shadowOffset: Size = CALayer.shadowOffset.defaultValue {
        didSet { changed(CALayer.shadowOffset, oldValue) }
    }
    /// The shadow's blur radius (default 3); the Gaussian's standard deviation, see `shadowSigma`.
    @exclusivity(unchecked) public var shadowRadius: Double = CALayer.shadowRadius.defaultValue {
        didSet { changed(CALayer.shadowRadius, oldValue) }
    }
    /// The outline of the shadow instead of the layer's composited alpha (non-zero rule).
    /// (Only ever assigned: no exclusivity check.)
    @exclusivity(unchecked) public var shadowPath: Path? = CALayer.shadowPath.defaultValue {
        didSet { changed(CALayer.shadowPath, oldValue) }
    }
    /// A layer whose alpha masks this layer, its contents and its sublayers; it lives in this
    /// layer's coordinates and has no superlayer.
    /// (Only ever assigned: no exclusivity check.)
    @exclusivity(unchecked) public var mask: CALayer? {
        didSet {
            modelDidChange()
            if let m = mask, m.modelLayer == nil { m.removeFromSuperlayer() }
        }
    }
    /// The part of `contents` drawn, in unit coordinates of the image (default the whole).
    @exclusivity(unchecked) public var contentsRect: Rect = CALayer.contentsRect.defaultValue {
        didSet { changed(CALayer.contentsRect, oldValue) }
    }
    /// The stretchable centre of `contents` (nine-part scaling), in unit coordinates.
    @exclusivity(unchecked) public var contentsCenter: Rect = CALayer.contentsCenter.defaultValue {
        didSet { changed(CALayer.contentsCenter, oldValue) }
    }
    /// Image pixels per point of `contents` (its logical size for contentsGravity).
    @exclusivity(unchecked) public var contentsScale: Double = CALayer.contentsScale.defaultValue {
        didSet { changed(CALayer.contentsScale, oldValue) }
    }
    /// Which corners cornerRadius rounds (default all four).
    @exclusivity(unchecked) public var maskedCorners: CACornerMask = CALayer.maskedCorners.defaultValue { didSet { modelDidChange() } }
    /// The curve of the rounded corners (default circular).
    @exclusivity(unchecked) public var cornerCurve: CALayerCornerCurve = CALayer.cornerCurve.defaultValue { didSet { modelDidChange() } }
    /// The filter `contents` is sampled with when drawn larger than its pixels (default linear).
    @exclusivity(unchecked) public var magnificationFilter: CALayerContentsFilter = CALayer.magnificationFilter.defaultValue {
        didSet { modelDidChange() }
    }
    /// The filter `contents` is sampled with when drawn smaller than its pixels (default linear).
    @exclusivity(unchecked) public var minificationFilter: CALayerContentsFilter = CALayer.minificationFilter.defaultValue {
        didSet { modelDidChange() }
    }
    /// Added to the level of detail the minification filter chooses by (default 0).
    @exclusivity(unchecked) public var minificationFilterBias: Double = CALayer.minificationFilterBias.defaultValue {
        didSet { modelDidChange() }
    }
    /// When false the layer is hidden while it faces away from the viewer.
    @exclusivity(unchecked) public var isDoubleSided: Bool = CALayer.isDoubleSided.defaultValue {
        didSet { changed(CALayer.isDoubleSided, oldValue) }
    }
    /// The z component of the anchor point.
    @exclusivity(unchecked) public var anchorPointZ: Double = CALayer.anchorPointZ.defaultValue {
        didSet { changed(CALayer.anchorPointZ, oldValue) }
    }
    /// Whether the sublayers' geometry is flipped vertically (measured from the bottom).
    @exclusivity(unchecked) public var isGeometryFlipped: Bool = CALayer.isGeometryFlipped.defaultValue { didSet { modelDidChange() } }
    /// Whether opacity below 1 composites the layer and its sublayers as one group.
    @exclusivity(unchecked) public var allowsGroupOpacity: Bool = CALayer.allowsGroupOpacity.defaultValue { didSet { modelDidChange() } }
    /// The blend filter the layer (with its sublayers, as one group) is composited with onto
    /// what lies behind it; nil composites source-over.
    @exclusivity(unchecked) public var compositingFilter: CACompositingFilter? = CALayer.compositingFilter.defaultValue { didSet { modelDidChange() } }
    /// The Core Image filters applied to the layer's content and sublayers (CALayer+FilterProperties.swift).
    @exclusivity(unchecked) public var filters: [CIFilter]? = CALayer.filters.defaultValue { didSet { changed(CALayer.filters, oldValue) } }
    /// The Core Image filters applied to what lies behind the layer, inside its shape.
    @exclusivity(unchecked) public var backgroundFilters: [CIFilter]? = CALayer.backgroundFilters.defaultValue { didSet { changed(CALayer.backgroundFilters, oldValue) } }
    /// Whether the layer and its sublayers are drawn once into a bitmap and composited from
    /// it while they do not change (CALayer+RasterizationProperties.swift).
    @exclusivity(unchecked) public var shouldRasterize: Bool = CALayer.shouldRasterize.defaultValue {
        didSet { changed(CALayer.shouldRasterize, oldValue) }
    }
    /// The scale of that bitmap, relative to the layer's coordinate space (default 1).
    @exclusivity(unchecked) public var rasterizationScale: Double = CALayer.rasterizationScale.defaultValue {
        didSet { changed(CALayer.rasterizationScale, oldValue) }
    }
    /// Whether the layer may anti-alias the edges `edgeAntialiasingMask` names; when false
    /// (the default) its bounds edges are drawn aliased (CALayer+EdgeAntialiasing.swift).
    @exclusivity(unchecked) public var allowsEdgeAntialiasing: Bool = CALayer.allowsEdgeAntialiasing.defaultValue { didSet { modelDidChange() } }
    /// Which edges of the bounds are anti-aliased when `allowsEdgeAntialiasing` is true.
    @exclusivity(unchecked) public var edgeAntialiasingMask: CAEdgeAntialiasingMask = CALayer.edgeAntialiasingMask.defaultValue { didSet { modelDidChange() } }

    // MARK: Layout (CALayer+Layout.swift)
    /// The object that lays out the sublayers when the delegate does not (CALayer.layoutManager).
    public var layoutManager: CALayoutManager? { didSet { setNeedsLayout() } }
    /// The layer's constraints, which a `CAConstraintLayoutManager` of its superlayer applies.
    public var constraints: [CAConstraint]? { didSet { superlayer?.setNeedsLayout() } }
    /// Whether `layoutSublayers()` is due (`setNeedsLayout()`); set on model layers only.
    final var needsLayoutFlag = false
    /// Whether the layer is in its context's list of layers the next commit lays out.
    final var isQueuedForLayout = false

    /// "Tells the layer to update its layout. … The default implementation of this method
    /// calls the layoutSublayers(of:) method of the layer's delegate object. If there is no
    /// delegate object, or the delegate does not implement that method, this method calls the
    /// layoutSublayers(of:) method of the object in the layoutManager property."
    /// (CALayer.layoutSublayers()) Subclasses override it to lay out their sublayers.
    /// View-style animations with `.layoutSubviews` call it for the layers their block changed.
    open func layoutSublayers() {
        if let d = delegate, d.layoutSublayers(of: self) { return }
        layoutManager?.layoutSublayers(of: self)
    }

    /// "Returns the preferred size of the layer in the coordinate space of its superlayer. …
    /// the default implementation of this method returns the size of the layer's bounds
    /// rectangle" — asking the layout manager first, when there is one.
    open func preferredFrameSize() -> Size {
        layoutManager?.preferredSize(of: self) ?? bounds.size
    }

    /// The declared properties of this class (its superclasses' included). A subclass that
    /// declares properties overrides this with its own table.
    open class var properties: LayerPropertyTable { CALayer.layerProperties }

    // Two classes the display list treats apart, asked of every layer of every frame: the
    // class's own answer costs a method call, where a cast walks the superclass chain in
    // the runtime.
    /// `self` when the layer is a CAReplicatorLayer (which overrides this), else nil.
    var asReplicatorLayer: CAReplicatorLayer? { nil }
    /// Whether the layer is a CATransformLayer (which overrides this).
    var isTransformLayer: Bool { false }

    /// The context's commit count when the model layer was made (presentation copies: the
    /// lowest, as they are always past a commit).
    @exclusivity(unchecked) final var creationCommit = Int.min

    public init() {
        creationCommit = CAAnimationContext.current.commitCount
        isCountedModelLayer = true
        CALayer.liveModelLayers.created()
    }
    deinit {
        if isCountedModelLayer { CALayer.liveModelLayers.destroyed() }
        // The sublayers this layer held may live on: they no longer have a superlayer.
        if let subs = sublayers { CALayer.clearSuperlayer(self, of: subs) }
        // A render-tree copy: its node no longer names it.
        if let node = renderTreeNodeOfCopy, node.copy === self { node.copy = nil }
    }
    /// Clears `superlayer` on each layer of `layers` that names `parent` (which lets go of it).
    static func clearSuperlayer(_ parent: CALayer, of layers: [CALayer]) {
        for s in layers where s.hasSuperlayer(parent) { s.superlayerReference = nil }
    }
    /// Whether `init()` made the layer (a model layer, counted in `liveModelLayers`); false
    /// for copies made with `init(layer:)`.
    private final let isCountedModelLayer: Bool
    /// The model layers alive in the process (`LiveObjectCounts`).
    static let liveModelLayers = LiveObjectCounter()
    /// Core Animation's `initWithLayer:`: a copy of `layer`'s model state (used for the
    /// presentation copy): its name, actions and every declared property both classes have.
    /// Subclasses inherit it; their properties are copied through their `properties` table.
    public required init(layer: CALayer) {
        isCountedModelLayer = false
        name = layer.name
        actions = layer.actions
        isCopyingProperties = true
        type(of: self).properties.copy(from: layer, to: self)
        isCopyingProperties = false
    }

    /// The action for `event` (action(forKey:)): the first found of the delegate's
    /// `action(for:forKey:)`, the `actions` entry, the `style` hierarchy's actions and the
    /// class's `defaultAction(forKey:)` — a null entry (`CANullAction.null`, or a key of
    /// `actions` present with nil) ends the search with nil — and without any, Core
    /// Animation's implicit animation of an animatable property.
    open func action(forKey event: String) -> CAAction? { standardAction(forKey: event) }
    /// "Returns a suitable action object for the given key or nil of no action object was
    /// associated with that key." (CALayer.defaultAction(forKey:)) — CALayer associates none;
    /// subclasses override to give their class's defaults.
    open class func defaultAction(forKey event: String) -> CAAction? { nil }

    /// Reads an animatable property by key path (`position.x`, `transform.scale`, …); nil
    /// when the key path is unknown for this layer.
    open func value(forKeyPath keyPath: String) -> AnimatableValue? {
        type(of: self).properties.value(of: self, forKeyPath: keyPath)
    }
    /// Writes an animatable property by key path; false when unknown or of the wrong type.
    @discardableResult
    open func setValue(_ value: AnimatableValue, forKeyPath keyPath: String) -> Bool {
        type(of: self).properties.setValue(value, of: self, forKeyPath: keyPath)
    }

    /// Adds a copy of `anim` under `key` (replacing one with the same key): add(_:forKey:).
    /// "The special key 'transition' is automatically used for transition animations."
    /// (CALayer.h, addAnimation:forKey:) — a CATransition is stored under `kCATransition`
    /// whatever key it is given, so a second one replaces the first.
    open func add(_ anim: CAAnimation, forKey key: String?) {
        let k = anim is CATransition ? kCATransition
            : key ?? "__anim\(animationStore.count)_\(ObjectIdentifier(anim).hashValue)"
        var replaced: [CAAnimation] = []
        if animationStoreKeys.contains(k) {
            replaced = animationStore.filter { $0.key == k }.map(\.animation)
            animationStore.removeAll { $0.key == k }
            for r in replaced { r.isInLayerStore = false }
        }
        let stored = anim.copy()
        stored.isInLayerStore = true
        animationStore.append((k, stored))
        animationStoreKeys.insert(k)
        animationWasAdded(stored, forKey: k, replacing: replaced)
    }

    // MARK: Custom drawing (CALayer+Drawing.swift)
    /// The delegate, display marks and backing store; nil until the layer gets a delegate or
    /// is marked for display.
    /// (Read for every layer of every frame by the display pass, only ever assigned: no
    /// exclusivity check.)
    @exclusivity(unchecked) final var drawingState: LayerDrawingState?
    /// Reloads the layer's contents: the delegate's `display(_:)`, else a backing store filled
    /// by `draw(in:)`. Subclasses may override it to set `contents` directly.
    open func display() { displayThroughDelegate() }
    /// Draws the layer's contents into `ctx`; by default the delegate's `draw(_:in:)`.
    open func draw(in ctx: CGContext) { model().delegate?.draw(self, in: ctx) }
    /// Whether a change of `key`, or an animation of it, redisplays the layer: false for
    /// every key unless a subclass says otherwise.
    open class func needsDisplay(forKey key: String) -> Bool { false }
    /// Whether what a layer of the class draws depends on its presentation time beyond its
    /// properties (a replicator delaying its instances): its render-tree copy then changes
    /// with the time alone.
    class var drawsWithPresentationTime: Bool { false }
}

/// How layer contents are placed in the bounds (kCAGravity…).
public enum CALayerContentsGravity: String, Sendable, CaseIterable {
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
    case resize, resizeAspect, resizeAspectFill
}
