// The gradient-ring demo: a progress ring drawn as a conic CAGradientLayer masked by a
// stroked CAShapeLayer whose strokeEnd is the progress, over a faint track, with the
// percentage in the middle; a click jumps the progress to a new value with an ease.
import LayerKit
import Player

/// A circular progress indicator: the gradient sweeps around the ring (conic, from the top
/// clockwise) and only the stroked part of the mask lets it through, so the colour runs
/// along the arc as it grows. Clicks set the progress (25 %, 60 %, 100 %, 10 % …); the tile
/// loops it.
public final class GradientRingDemo: Demo {
    public static let name = "gradient-ring"
    public static let title = "Gradient progress ring"

    /// The gradient that fills the ring.
    public let ring = CAGradientLayer()
    /// The ring's mask: a stroked circle trimmed to the progress.
    public let arc = CAShapeLayer()
    private let track = CAShapeLayer()
    private let label = CATextLayer()
    private var link: CADisplayLink?
    private var step = 0
    /// The progress values clicks step through.
    static let steps = [0.25, 0.6, 1.0, 0.1]

    public init() {}

    public func build(root: CALayer, size: Size) {
        root.backgroundColor = Color(0.07, 0.08, 0.12)
        let d = min(size.width, size.height) * 0.6, line = d * 0.11
        let center = Point(size.width / 2, size.height / 2)
        let circle = Path.ellipse(in: Rect(line / 2, line / 2, d - line, d - line))
        // Start at the top: rotate the circle's parametrisation by a quarter turn back.
        let path = circle.applying(.translation(-d / 2, -d / 2).concatenating(.rotation(-Double.pi / 2))
            .concatenating(.translation(d / 2, d / 2)))

        track.bounds = Rect(0, 0, d, d)
        track.position = center
        track.path = path
        track.fillColor = nil
        track.strokeColor = Color(1, 1, 1, 0.08)
        track.lineWidth = line
        root.addSublayer(track)

        ring.bounds = Rect(0, 0, d, d)
        ring.position = center
        ring.type = .conic
        ring.startPoint = Point(0.5, 0.5)
        // The gradient's 0° a little before the top, so the round cap at the arc's start (which
        // reaches back past the top) shows the first colour, not the last.
        let seam = AffineTransform.rotation(-Double.pi / 2 - 0.25).applyVector(Point(0.5, 0))
        ring.endPoint = Point(0.5 + seam.x, 0.5 + seam.y)
        ring.colors = [Color(0.2, 0.85, 1), Color(0.35, 0.4, 1), Color(0.85, 0.3, 0.95), Color(1, 0.45, 0.55)]
        arc.frame = ring.bounds
        arc.path = path
        arc.fillColor = nil
        arc.strokeColor = .white
        arc.lineWidth = line
        arc.lineCap = .round
        arc.strokeEnd = 0
        ring.mask = arc
        ring.shadowColor = Color(0.4, 0.45, 1)
        ring.shadowOpacity = 0.6
        ring.shadowRadius = line * 0.45
        ring.shadowOffset = Size(0, 0)
        root.addSublayer(ring)

        label.bounds = Rect(0, 0, d * 0.6, 40)
        label.position = Point(center.x, center.y - 8)
        label.fontSize = d * 0.13
        label.alignmentMode = .center
        label.foregroundColor = .white
        root.addSublayer(label)
        updateLabel()
        link = CADisplayLink { [weak self] _ in self?.updateLabel() }
        link?.add(to: .main)
    }

    /// The percentage the ring shows now (its presentation strokeEnd).
    private func updateLabel() {
        let shown = (arc.presentation() ?? arc).strokeEnd
        let text = "\(Int((shown * 100).rounded())) %"
        if label.string != text {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            label.string = text
            CATransaction.commit()
        }
    }

    /// Animates the progress to `value` (0…1) with an ease, from what is on screen.
    public func setProgress(_ value: Double, duration: Double = 0.9) {
        let anim = CABasicAnimation(keyPath: "strokeEnd")
        anim.fromValue = .number((arc.presentation() ?? arc).strokeEnd)
        anim.toValue = .number(value)
        anim.duration = duration
        anim.timingFunction = .easeInEaseOut
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        arc.strokeEnd = value
        CATransaction.commit()
        arc.add(anim, forKey: "progress")
    }

    public func click(at point: Point) -> Bool {
        setProgress(Self.steps[step % Self.steps.count])
        step += 1
        return true
    }

    private var tileTimer: RunLoopTimer?
    public func startForTile() {
        _ = click(at: .zero)
        tileTimer = RunLoopTimer.scheduled(interval: 1.6, repeats: true) { [weak self] _ in _ = self?.click(at: .zero) }
    }

    public func tearDown() {
        link?.invalidate()
        tileTimer?.invalidate()
    }
}
