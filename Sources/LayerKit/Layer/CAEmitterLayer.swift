// CAEmitterLayer: a layer that emits particles from a shape (point, line, rectangle, circle,
// cuboid, sphere — the 3D shapes seen flattened onto the layer's plane), described by its
// emitter cells. Its layer-wide rates multiply every cell's. The particles at any instant are
// computed from the time alone (`CAEmitterLayer+Particles.swift`), so a frame depends on its
// time and the seed, never on the frames drawn before it. Properties are declared in
// `CAEmitterLayer+Properties.swift`, drawing is in `CAEmitterLayer+Display.swift`.

/// Where on the emitter shape particles are born (kCAEmitterLayer… modes).
public enum CAEmitterLayerEmitterMode: String, Sendable, CaseIterable {
    /// "Particles are emitted from points on the particle emitter" (taken as anywhere in the shape).
    case points
    /// "Particles are emitted from the outline of the particle emitter."
    case outline
    /// "Particles are emitted from the surface of the particle emitter."
    case surface
    /// "Particles are emitted from the a position within the particle emitter."
    case volume
}

/// The shape particles are emitted from (kCAEmitterLayer… shapes).
public enum CAEmitterLayerEmitterShape: String, Sendable, CaseIterable {
    case point, line, rectangle, circle, cuboid, sphere
}

/// The order and blending of the particles (kCAEmitterLayer… render modes).
public enum CAEmitterLayerRenderMode: String, Sendable, CaseIterable {
    /// "Particles are rendered unordered": here, cell by cell, each oldest first.
    case unordered
    /// "Particles are rendered oldest first" (the oldest at the bottom).
    case oldestFirst
    /// "Particles are rendered oldest last" (the oldest on top).
    case oldestLast
    /// "Particles are rendered from back to front" (sorted by their z).
    case backToFront
    /// "Particles are rendered using source-additive compositing."
    case additive
}

/// "A layer that emits, animates, and renders a particle system." (CAEmitterLayer)
open class CAEmitterLayer: CALayer {
    /// The most particles one emitter evaluates in a frame (living or, for sub-cells, the
    /// parents whose offspring still live): what any birth rate and lifetime can cost is
    /// bounded by this, never by memory. Beyond it the oldest are left out.
    public static let maximumParticles = 100_000
    /// The deepest nesting of `emitterCells` an emitter follows.
    public static let maximumCellDepth = 4

    /// "The array of emitter cells attached to the layer."
    public var emitterCells: [CAEmitterCell]? = CAEmitterLayer.emitterCells.defaultValue { didSet { modelDidChange() } }
    /// "The birth rate of each cell is multiplied by this number to give the actual number of
    /// particles created every second. Default value is one. Animatable."
    /// A change once the emitter has shown particles re-times none already born (see
    /// BirthRateHistory).
    public var birthRate: Double = CAEmitterLayer.birthRate.defaultValue {
        didSet {
            changed(CAEmitterLayer.birthRate, oldValue)
            if modelLayer == nil, hasEmitted, !isCopyingProperties, oldValue != birthRate { birthRateHistory.record(oldValue) }
        }
    }
    /// The layer's earlier birth rates, once it has emitted (kept on the model layer).
    var birthRateHistory = BirthRateHistory()
    /// Whether particles of this (model) layer have been evaluated.
    var hasEmitted = false
    /// "The cell lifetime range is multiplied by this value when particles are created."
    public var lifetime: Double = CAEmitterLayer.lifetime.defaultValue {
        didSet { changed(CAEmitterLayer.lifetime, oldValue) }
    }
    /// "The center of the emission shape. Defaults to (0, 0, 0). Animatable."
    public var emitterPosition: Point = CAEmitterLayer.emitterPosition.defaultValue {
        didSet { changed(CAEmitterLayer.emitterPosition, oldValue) }
    }
    public var emitterZPosition: Double = CAEmitterLayer.emitterZPosition.defaultValue {
        didSet { changed(CAEmitterLayer.emitterZPosition, oldValue) }
    }
    /// "The size of the emission shape. Defaults to (0, 0, 0). Animatable. Depending on the
    /// `emitterShape' property some of the values may be ignored."
    public var emitterSize: Size = CAEmitterLayer.emitterSize.defaultValue {
        didSet { changed(CAEmitterLayer.emitterSize, oldValue) }
    }
    public var emitterDepth: Double = CAEmitterLayer.emitterDepth.defaultValue {
        didSet { changed(CAEmitterLayer.emitterDepth, oldValue) }
    }
    /// "A string defining the type of emission shape used. Current options are: `point'
    /// (the default), `line', `rectangle', `circle', `cuboid' and `sphere'."
    public var emitterShape: CAEmitterLayerEmitterShape = CAEmitterLayer.emitterShape.defaultValue { didSet { modelDidChange() } }
    /// "A string defining how particles are created relative to the emission shape. Current
    /// options are `points', `outline', `surface' and `volume' (the default)."
    public var emitterMode: CAEmitterLayerEmitterMode = CAEmitterLayer.emitterMode.defaultValue { didSet { modelDidChange() } }
    /// "A string defining how particles are composited into the layer's image. Current
    /// options are `unordered' (the default), `oldestFirst', `oldestLast', `backToFront'
    /// (i.e. sorted into Z order) and `additive'."
    public var renderMode: CAEmitterLayerRenderMode = CAEmitterLayer.renderMode.defaultValue { didSet { modelDidChange() } }
    /// "Multiplies the cell-defined particle velocity. Defaults to one. Animatable."
    public var velocity: Double = CAEmitterLayer.velocity.defaultValue {
        didSet { changed(CAEmitterLayer.velocity, oldValue) }
    }
    /// "Multiplies the cell-defined particle scale. Defaults to one. Animatable."
    public var scale: Double = CAEmitterLayer.scale.defaultValue {
        didSet { changed(CAEmitterLayer.scale, oldValue) }
    }
    /// "Multiplies the cell-defined particle spin. Defaults to one. Animatable."
    public var spin: Double = CAEmitterLayer.spin.defaultValue {
        didSet { changed(CAEmitterLayer.spin, oldValue) }
    }
    /// "The seed used to initialize the random number generator. Each layer has its own RNG
    /// state. For properties with a mean M and a range R, random values of the properties are
    /// uniformly distributed in the interval [M - R/2, M + R/2]."
    public var seed: UInt32 = CAEmitterLayer.seed.defaultValue { didSet { modelDidChange() } }

    /// The particles computed for one build of a display list (by builder and build number):
    /// each frame computes them once, from its time.
    var shownParticles: (builder: ObjectIdentifier, build: Int, particles: [EmitterParticle])? = nil

    /// Whether this presentation copy has its own copies of the cells (to animate them).
    var ownsCellCopies = false
    /// The integral of the presentation birth rates, kept on the model layer once its birth
    /// rate has been animated (CAEmitterLayer+RateIntegral.swift).
    var keptRateIntegral: EmitterRateIntegral?

    open override class var properties: LayerPropertyTable { CAEmitterLayer.emitterProperties }

    /// CALayer's key paths, and "emitterCells.NAME.KEY" for a cell's animatable properties
    /// (see CAEmitterCell+KeyPaths).
    open override func value(forKeyPath keyPath: String) -> AnimatableValue? {
        keyPath.hasPrefix("emitterCells.") ? cellValue(forKeyPath: keyPath) : super.value(forKeyPath: keyPath)
    }
    @discardableResult
    open override func setValue(_ value: AnimatableValue, forKeyPath keyPath: String) -> Bool {
        keyPath.hasPrefix("emitterCells.") ? setCellValue(value, forKeyPath: keyPath) : super.setValue(value, forKeyPath: keyPath)
    }
}
