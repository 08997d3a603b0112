// CAReplicatorLayer: a layer that draws its sublayers `instanceCount` times, each copy
// transformed by one more step of `instanceTransform`, tinted by one more step of the colour
// offsets and shown `instanceDelay` seconds later in time than the copy before it. Its
// properties are declared in `CAReplicatorLayer+Properties.swift`; what it draws is in
// `CAReplicatorLayer+Display.swift`.

/// A layer that creates a specified number of copies of its sublayers (CAReplicatorLayer).
open class CAReplicatorLayer: CALayer {
    /// The most instances one replicator draws, whatever `instanceCount` says: a bound on what
    /// a document or an animation can make the renderer repeat.
    public static let maximumInstanceCount = 10_000

    override var asReplicatorLayer: CAReplicatorLayer? { self }

    /// "The number of copies to create, including the source layers. Defaults to one."
    public var instanceCount: Int = CAReplicatorLayer.instanceCount.defaultValue {
        didSet { changed(CAReplicatorLayer.instanceCount, oldValue) }
    }
    /// "Specifies the delay, in seconds, between replicated copies. Animatable."
    public var instanceDelay: Double = CAReplicatorLayer.instanceDelay.defaultValue {
        didSet { changed(CAReplicatorLayer.instanceDelay, oldValue) }
    }
    /// "The matrix applied to instance k-1 to produce instance k. The matrix is applied
    /// relative to the center of the replicator layer, i.e. the superlayer of each replicated
    /// sublayer."
    public var instanceTransform: CATransform3D = CAReplicatorLayer.instanceTransform.defaultValue {
        didSet { changed(CAReplicatorLayer.instanceTransform, oldValue) }
    }
    /// "The color to multiply the first object by. Defaults to opaque white."
    public var instanceColor: Color? = CAReplicatorLayer.instanceColor.defaultValue {
        didSet { changed(CAReplicatorLayer.instanceColor, oldValue) }
    }
    /// "The color components added to the color of instance k-1 to produce the modulation
    /// color of instance k. Defaults to the clear color (no change)."
    public var instanceRedOffset: Double = CAReplicatorLayer.instanceRedOffset.defaultValue {
        didSet { changed(CAReplicatorLayer.instanceRedOffset, oldValue) }
    }
    public var instanceGreenOffset: Double = CAReplicatorLayer.instanceGreenOffset.defaultValue {
        didSet { changed(CAReplicatorLayer.instanceGreenOffset, oldValue) }
    }
    public var instanceBlueOffset: Double = CAReplicatorLayer.instanceBlueOffset.defaultValue {
        didSet { changed(CAReplicatorLayer.instanceBlueOffset, oldValue) }
    }
    public var instanceAlphaOffset: Double = CAReplicatorLayer.instanceAlphaOffset.defaultValue {
        didSet { changed(CAReplicatorLayer.instanceAlphaOffset, oldValue) }
    }
    /// "Defines whether this layer flattens its sublayers into its plane or not (i.e. whether
    /// it's treated similarly to a transform layer or not). Defaults to NO. If YES, the
    /// effect is similar to a transform layer."
    public var preservesDepth: Bool = CAReplicatorLayer.preservesDepth.defaultValue { didSet { modelDidChange() } }

    /// On a presentation copy: the sublayers of each instance after the first, shown at their
    /// own (delayed) times; made on first use, once per copy (a copy shows one instant).
    var instanceSublayers: [[CALayer]]? = nil

    // The instances' sublayers name this layer as their superlayer, unretained (see
    // `CALayer.superlayerStorage`): going away, it clears that name.
    deinit {
        for subs in instanceSublayers ?? [] { CALayer.clearSuperlayer(self, of: subs) }
    }

    open override class var properties: LayerPropertyTable { CAReplicatorLayer.replicatorProperties }
    /// Its instances show earlier times (`instanceDelay`).
    override class var drawsWithPresentationTime: Bool { true }

    /// The colour instance `k` is multiplied by: `instanceColor` plus k offsets, each
    /// component clamped to 0…1 (nil when `instanceColor` is nil: instances are not tinted).
    public func color(ofInstance k: Int) -> Color? {
        guard let c = instanceColor else { return nil }
        let n = Double(k)
        @inline(__always) func clamp(_ x: Double) -> Double { x.isFinite ? min(1, max(0, x)) : 0 }
        return Color(clamp(c.r + n * instanceRedOffset), clamp(c.g + n * instanceGreenOffset),
                     clamp(c.b + n * instanceBlueOffset), clamp(c.a + n * instanceAlphaOffset))
    }

    /// The 4×4 map of one `instanceTransform` step as the sublayers see it: about the centre
    /// of the bounds, as `sublayerTransform` is.
    public var instanceStep: CATransform3D {
        let cx = bounds.midX, cy = bounds.midY
        return CATransform3D.translation(-cx, -cy, 0).concatenating(instanceTransform).concatenating(.translation(cx, cy, 0))
    }

    /// The media time instance `k` shows when the replicator shows media time `time`: its
    /// local time moved back by k × instanceDelay (each copy's animations start that much later).
    public func mediaTime(ofInstance k: Int, at time: Double) -> Double {
        let model = model()
        return model.mediaTime(fromLocal: model.convertTime(time, from: nil) - Double(k) * instanceDelay)
    }

    /// The sublayers instance `k` draws: the layer's own for instance 0 or without a delay,
    /// otherwise presentation copies of the model's sublayers at the instance's time.
    func sublayers(ofInstance k: Int) -> [CALayer] {
        let own = sublayers ?? []
        guard k > 0, instanceDelay != 0, let time = presentationTime, let modelSubs = model().sublayers else { return own }
        if instanceSublayers == nil { instanceSublayers = [] }
        while instanceSublayers!.count < k {
            let i = instanceSublayers!.count + 1
            let t = mediaTime(ofInstance: i, at: time)
            instanceSublayers!.append(modelSubs.map { s in
                let p = s.presentation(at: t)
                p.superlayer = self
                return p
            })
        }
        return instanceSublayers![k - 1]
    }
}
