// CAEmitterLayer's property declarations (see LayerProperty), with Core Animation's defaults:
// rates 1, the shape a point at the origin, volume mode, unordered rendering, seed 0.

extension CAEmitterLayer {
    public static let emitterCells: LayerProperty<CAEmitterLayer, [CAEmitterCell]?> = .init(
        "emitterCells", get: { $0.emitterCells }, set: { $0.emitterCells = $1 },
        default: nil, animatable: false, affects: .geometry, document: .emitterCells)
    public static let birthRate: LayerProperty<CAEmitterLayer, Double> = .init(
        "birthRate", get: { $0.birthRate }, set: { $0.birthRate = $1 },
        default: 1.0, animatable: true, affects: .geometry, document: .nonNegative)
    public static let lifetime: LayerProperty<CAEmitterLayer, Double> = .init(
        "lifetime", get: { $0.lifetime }, set: { $0.lifetime = $1 },
        default: 1.0, animatable: true, affects: .geometry, document: .nonNegative)
    public static let emitterPosition: LayerProperty<CAEmitterLayer, Point> = .init(
        "emitterPosition", get: { $0.emitterPosition }, set: { $0.emitterPosition = $1 },
        default: .zero, animatable: true, affects: .geometry, document: .point)
    public static let emitterZPosition: LayerProperty<CAEmitterLayer, Double> = .init(
        "emitterZPosition", get: { $0.emitterZPosition }, set: { $0.emitterZPosition = $1 },
        default: 0.0, animatable: true, affects: .geometry, document: .number)
    public static let emitterSize: LayerProperty<CAEmitterLayer, Size> = .init(
        "emitterSize", get: { $0.emitterSize }, set: { $0.emitterSize = $1 },
        default: .zero, animatable: true, affects: .geometry, document: .size)
    public static let emitterDepth: LayerProperty<CAEmitterLayer, Double> = .init(
        "emitterDepth", get: { $0.emitterDepth }, set: { $0.emitterDepth = $1 },
        default: 0.0, animatable: true, affects: .geometry, document: .number)
    public static let emitterShape: LayerProperty<CAEmitterLayer, CAEmitterLayerEmitterShape> = .init(
        "emitterShape", get: { $0.emitterShape }, set: { $0.emitterShape = $1 },
        default: .point, animatable: false, affects: .geometry, document: .enumeration)
    public static let emitterMode: LayerProperty<CAEmitterLayer, CAEmitterLayerEmitterMode> = .init(
        "emitterMode", get: { $0.emitterMode }, set: { $0.emitterMode = $1 },
        default: .volume, animatable: false, affects: .geometry, document: .enumeration)
    public static let renderMode: LayerProperty<CAEmitterLayer, CAEmitterLayerRenderMode> = .init(
        "renderMode", get: { $0.renderMode }, set: { $0.renderMode = $1 },
        default: .unordered, animatable: false, affects: .pixels, document: .enumeration)
    public static let velocity: LayerProperty<CAEmitterLayer, Double> = .init(
        "velocity", get: { $0.velocity }, set: { $0.velocity = $1 },
        default: 1.0, animatable: true, affects: .geometry, document: .number)
    public static let scale: LayerProperty<CAEmitterLayer, Double> = .init(
        "scale", get: { $0.scale }, set: { $0.scale = $1 },
        default: 1.0, animatable: true, affects: .geometry, document: .number)
    public static let spin: LayerProperty<CAEmitterLayer, Double> = .init(
        "spin", get: { $0.spin }, set: { $0.spin = $1 },
        default: 1.0, animatable: true, affects: .geometry, document: .number)
    public static let seed: LayerProperty<CAEmitterLayer, UInt32> = .init(
        "seed", get: { $0.seed }, set: { $0.seed = $1 },
        default: 0, animatable: false, affects: .geometry, document: .seed)

    /// CALayer's properties, then these.
    public static let emitterProperties = LayerPropertyTable(CAEmitterLayer.self, superclass: CALayer.layerProperties, declared: [
        emitterCells.erased, birthRate.erased, lifetime.erased, emitterPosition.erased, emitterZPosition.erased,
        emitterSize.erased, emitterDepth.erased, emitterShape.erased, emitterMode.erased, renderMode.erased,
        velocity.erased, scale.erased, spin.erased, seed.erased,
    ])
}
