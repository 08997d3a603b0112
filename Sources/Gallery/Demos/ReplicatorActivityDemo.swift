// The replicator demo: the classic activity indicator — one dot replicated twelve times round
// a circle, each copy's fading animation a twelfth of a second later than the one before —
// and a bar equaliser whose copies step sideways and shift colour (instanceColor plus
// red and blue offsets), each bar bouncing a tenth of a second after its neighbour.
import LayerKit
import Player

/// CAReplicatorLayer as the activity indicator of the seed articles: one animated sublayer,
/// many delayed copies. A click or Space pauses and resumes both replicators.
public final class ReplicatorActivityDemo: Demo {
    public static let name = "activity"
    public static let title = "Replicator activity"

    public let spinner = CAReplicatorLayer()
    public let equaliser = CAReplicatorLayer()
    public private(set) var paused = false
    static let dots = 12
    static let bars = 8

    public init() {}

    public func build(root: CALayer, size: Size) {
        root.backgroundColor = Color(0.1, 0.11, 0.15)
        let side = min(size.width, size.height) * 0.4
        spinner.bounds = Rect(0, 0, side, side)
        spinner.position = Point(size.width * 0.3, size.height / 2)
        spinner.instanceCount = Self.dots
        spinner.instanceTransform = .rotation(2 * .pi / Double(Self.dots), 0, 0, 1)
        spinner.instanceDelay = 1.0 / Double(Self.dots)
        let dot = CALayer()
        let d = side * 0.12
        dot.bounds = Rect(0, 0, d, d)
        dot.position = Point(side / 2, d)
        dot.cornerRadius = d / 2
        dot.backgroundColor = .white
        spinner.addSublayer(dot)
        root.addSublayer(spinner)

        let barWidth = side * 0.08, step = side * 0.12
        equaliser.bounds = Rect(0, 0, step * Double(Self.bars), side)
        equaliser.position = Point(size.width * 0.72, size.height / 2)
        equaliser.instanceCount = Self.bars
        equaliser.instanceTransform = .translation(step, 0, 0)
        equaliser.instanceDelay = 0.1
        equaliser.instanceColor = Color(0.25, 0.75, 1)
        equaliser.instanceRedOffset = 0.1
        equaliser.instanceBlueOffset = -0.1
        let bar = CALayer()
        bar.bounds = Rect(0, 0, barWidth, side)
        bar.anchorPoint = Point(0.5, 1)
        bar.position = Point(step / 2, side)
        bar.cornerRadius = barWidth / 2
        bar.backgroundColor = .white
        equaliser.addSublayer(bar)
        root.addSublayer(equaliser)

        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = .number(1)
        fade.toValue = .number(0.15)
        fade.duration = 1
        fade.repeatCount = .infinity
        dot.opacity = 0.15
        dot.add(fade, forKey: "fade")

        let bounce = CABasicAnimation(keyPath: "transform.scale.y")
        bounce.fromValue = .number(0.2)
        bounce.toValue = .number(1)
        bounce.duration = 0.4
        bounce.autoreverses = true
        bounce.repeatCount = .infinity
        bounce.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        bar.transform = .scale(1, 0.2, 1)
        bar.add(bounce, forKey: "bounce")
    }

    /// Pauses or resumes both replicators (and so every copy's animation).
    public func togglePause() {
        paused.toggle()
        for r in [spinner, equaliser] {
            if paused { r.pauseAnimations() } else { r.resumeAnimations() }
        }
    }

    public func click(at point: Point) -> Bool { togglePause(); return true }

    public func key(_ name: String) -> Bool {
        guard name == "Space" else { return false }
        togglePause()
        return true
    }
}
