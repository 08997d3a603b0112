// CAEmitterCell: the description of one kind of particle an emitter layer emits — how many a
// second, for how long, in which direction and how fast, how each one's scale, spin and colour
// vary from particle to particle (the ranges) and over its life (the speeds), the image it
// draws, and the cells its particles emit in turn. Defaults are Core Animation's. A value
// with a mean M and a range R is spread evenly over [M − R/2, M + R/2] (CAEmitterLayer.seed).

/// "The definition of a particle emitted by a CAEmitterLayer." (CAEmitterCell)
public final class CAEmitterCell: Equatable {
    /// "The name of the cell. Used to construct key paths. Defaults to nil."
    public var name: String?
    /// "A Boolean value indicating whether or not cells from this emitter are rendered."
    public var isEnabled = true
    /// "Number of emitted objects created every second. Default value is zero." A change once
    /// the cell has emitted re-times no particle already born (see BirthRateHistory).
    public var birthRate = 0.0 {
        didSet { if hasEmitted, oldValue != birthRate { birthRateHistory.record(oldValue) } }
    }
    /// The rates this cell had before, once it has emitted.
    var birthRateHistory = BirthRateHistory()
    /// Whether an emitter has evaluated this cell (changes are remembered from then on).
    var hasEmitted = false
    /// When the cell emits (CAEmitterCell adopts CAMediaTiming): from `beginTime` after its
    /// source starts (the emitter layer's local time 0, or a parent particle's birth) for
    /// `duration` seconds; a duration of 0 emits for as long as the source lives.
    public var beginTime = 0.0
    public var duration = 0.0
    /// "The lifetime of each emitted object in seconds, specified as a mean value and a range
    /// about the mean. Both values default to zero."
    public var lifetime = 0.0
    public var lifetimeRange = 0.0
    /// "The orientation of the emission angle in radians, relative to the natural orientation
    /// angle of the emission shape." Longitude turns in the xy plane (toward +y: down on a
    /// y-down screen), latitude out of it toward +z.
    public var emissionLatitude = 0.0
    public var emissionLongitude = 0.0
    /// "An angle (in radians) defining a cone around the emission angle. Emitted objects are
    /// uniformly distributed across this cone." The cone's full angle: longitude ± range/2.
    public var emissionRange = 0.0
    /// "The initial mean velocity of each emitted object, and its range."
    public var velocity = 0.0
    public var velocityRange = 0.0
    /// "The acceleration vector applied to emitted objects."
    public var xAcceleration = 0.0
    public var yAcceleration = 0.0
    public var zAcceleration = 0.0
    /// "The scale factor applied to each emitted object, defined as mean and range about the
    /// mean. Scale defaults to one, range to zero."
    public var scale = 1.0
    public var scaleRange = 0.0
    /// "The speed at which the scale of each emitted object changes over its lifetime."
    public var scaleSpeed = 0.0
    /// "The rotation speed of each emitted object, defined as mean and range about the mean,
    /// in radians per second."
    public var spin = 0.0
    public var spinRange = 0.0
    /// "The mean color of each emitted object, and the range from that mean color. `color'
    /// defaults to opaque white, `colorRange' to (0, 0, 0, 0)."
    public var color: Color? = .white
    public var redRange = 0.0, greenRange = 0.0, blueRange = 0.0, alphaRange = 0.0
    /// "The speed at which color components of emitted objects change over their lifetime,
    /// defined as the rate of change per second."
    public var redSpeed = 0.0, greenSpeed = 0.0, blueSpeed = 0.0, alphaSpeed = 0.0
    /// "The cell contents, typically a CGImageRef. Defaults to nil." A cell without contents
    /// draws nothing (its particles may still emit sub-cells).
    public var contents: ImageRef?
    /// "The sub-rectangle of the contents image that will be drawn." Unit coordinates.
    public var contentsRect = Rect(0, 0, 1, 1)
    /// "An array containing the sub-cells of this cell, or nil (the default value). When
    /// non-nil each particle emitted by the cell will act as an emitter for each of the
    /// cell's sub-cells. The emission point is the current particle position and the emission
    /// angle is relative to the current direction of the particle."
    public var emitterCells: [CAEmitterCell]?

    /// The contents cut to `contentsRect` (made on first use, kept while both stay the same).
    var cutContents: (source: ImageRef, rect: Rect, image: Bitmap)?

    public init() {}

    /// Cells are objects: two are equal only when they are the same cell.
    public static func == (a: CAEmitterCell, b: CAEmitterCell) -> Bool { a === b }

    /// The image a particle of this cell draws: `contents` cut to `contentsRect` (whole
    /// pixels, at least one), nil without contents.
    func particleImage() -> Bitmap? {
        guard let c = contents, c.bitmap.width > 0, c.bitmap.height > 0 else { return nil }
        let r = contentsRect
        if r == Rect(0, 0, 1, 1) { return c.bitmap }
        if let cut = cutContents, cut.source == c, cut.rect == r { return cut.image }
        let w = Double(c.bitmap.width), h = Double(c.bitmap.height)
        guard r.isFiniteRect else { return nil }
        let x0 = Int(max(0, min(w, (r.minX * w).rounded()))), y0 = Int(max(0, min(h, (r.minY * h).rounded())))
        let x1 = Int(max(0, min(w, (r.maxX * w).rounded()))), y1 = Int(max(0, min(h, (r.maxY * h).rounded())))
        guard x1 > x0, y1 > y0 else { return nil }
        let image = c.bitmap.copy(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        cutContents = (c, r, image)
        return image
    }
}
