// CAReplicatorLayer's property declarations (see LayerProperty), with Core Animation's
// defaults: one instance, no delay, identity transform, opaque white, zero offsets, flattened.

extension CAReplicatorLayer {
    public static let instanceCount: LayerProperty<CAReplicatorLayer, Int> = .init(
        "instanceCount", get: { $0.instanceCount }, set: { $0.instanceCount = $1 },
        default: 1, animatable: true, affects: .geometry,
        document: .count(limit: CAReplicatorLayer.maximumInstanceCount))
    public static let instanceDelay: LayerProperty<CAReplicatorLayer, Double> = .init(
        "instanceDelay", get: { $0.instanceDelay }, set: { $0.instanceDelay = $1 },
        default: 0.0, animatable: true, affects: .geometry, document: .number)
    public static let instanceTransform: LayerProperty<CAReplicatorLayer, CATransform3D> = .init(
        "instanceTransform", get: { $0.instanceTransform }, set: { $0.instanceTransform = $1 },
        default: .identity, animatable: true, affects: .geometry, document: .transform)
    public static let instanceColor: LayerProperty<CAReplicatorLayer, Color?> = .init(
        "instanceColor", get: { $0.instanceColor }, set: { $0.instanceColor = $1 },
        default: .white, animatable: true, affects: .pixels, document: .color)
    public static let instanceRedOffset: LayerProperty<CAReplicatorLayer, Double> = .init(
        "instanceRedOffset", get: { $0.instanceRedOffset }, set: { $0.instanceRedOffset = $1 },
        default: 0.0, animatable: true, affects: .pixels, document: .number)
    public static let instanceGreenOffset: LayerProperty<CAReplicatorLayer, Double> = .init(
        "instanceGreenOffset", get: { $0.instanceGreenOffset }, set: { $0.instanceGreenOffset = $1 },
        default: 0.0, animatable: true, affects: .pixels, document: .number)
    public static let instanceBlueOffset: LayerProperty<CAReplicatorLayer, Double> = .init(
        "instanceBlueOffset", get: { $0.instanceBlueOffset }, set: { $0.instanceBlueOffset = $1 },
        default: 0.0, animatable: true, affects: .pixels, document: .number)
    public static let instanceAlphaOffset: LayerProperty<CAReplicatorLayer, Double> = .init(
        "instanceAlphaOffset", get: { $0.instanceAlphaOffset }, set: { $0.instanceAlphaOffset = $1 },
        default: 0.0, animatable: true, affects: .pixels, document: .number)
    public static let preservesDepth: LayerProperty<CAReplicatorLayer, Bool> = .init(
        "preservesDepth", get: { $0.preservesDepth }, set: { $0.preservesDepth = $1 },
        default: false, animatable: false, affects: .geometry, document: .bool)

    /// CALayer's properties, then these.
    public static let replicatorProperties = LayerPropertyTable(CAReplicatorLayer.self, superclass: CALayer.layerProperties, declared: [
        instanceCount.erased, instanceDelay.erased, instanceTransform.erased, instanceColor.erased,
        instanceRedOffset.erased, instanceGreenOffset.erased, instanceBlueOffset.erased, instanceAlphaOffset.erased,
        preservesDepth.erased,
    ])
}
