/// How a layer or an animation maps its parent's time to its own (Core Animation's
/// CAMediaTiming protocol): t = (parent time − beginTime) × speed + timeOffset, then repeats,
/// autoreverses and fillMode.
public protocol CAMediaTiming: AnyObject {
    var beginTime: Double { get set }
    var duration: Double { get set }
    var speed: Double { get set }
    var timeOffset: Double { get set }
    var repeatCount: Double { get set }
    var repeatDuration: Double { get set }
    var autoreverses: Bool { get set }
    var fillMode: CAMediaTimingFillMode { get set }
}

/// What an animation shows outside its active interval (kCAFillMode…).
public enum CAMediaTimingFillMode: String, Sendable, CaseIterable {
    case removed, forwards, backwards, both
}
