// The ripples demo: timer-driven animations (sonar ripples) and a spring wave.
import LayerKit
import Player

/// Seed 003's two timer animations side by side. Left: a click on the round green button
/// starts a timer that every 0.6 s adds a ripple under the button (scale to 4, opacity
/// 0.75 → 0, 1.8 s, linear, removed at its didStop); a second click stops it. Right: a click
/// springs two hidden helper layers down and a display link rebuilds the wave from their
/// presentation positions every frame.
public final class RipplesWaveDemo: Demo {
    public static let name = "ripples"
    public static let title = "Ripples & spring wave"
    static let twinkleInterval = 0.6
    static let buttonColor = Color(34 / 255.0, 192 / 255.0, 100 / 255.0)

    // MARK: Ripples
    private let rippleView = CALayer()
    public let signInButton = CAShapeLayer()
    private let buttonLabel = CATextLayer()
    /// The repeating timer (nil when stopped) and its next fire time.
    public private(set) var timer: RunLoopTimer?
    /// Ripple layers alive now (they remove themselves at didStop).
    public var liveRipples: Int { rippleView.sublayers?.filter { $0 !== signInButton && $0 !== buttonLabel }.count ?? 0 }

    // MARK: Wave
    private let waveView = CALayer()
    public let waveLayer = CAShapeLayer()
    /// The two assistants: hidden, only their presentation positions are read.
    private let referView = CALayer()
    private let springView = CALayer()
    /// The display link that redraws the wave while the springs move.
    private var displayLink: CADisplayLink?
    private var waveSize = Size(400, 600)

    public init() {}

    public func build(root: CALayer, size: Size) {
        root.backgroundColor = .white
        let half = size.width / 2
        rippleView.frame = Rect(0, 0, half, size.height)
        root.addSublayer(rippleView)
        let side = 80.0
        signInButton.frame = Rect((half - side) / 2, (size.height - side) / 2, side, side)
        signInButton.path = Path.roundedRect(Rect(0, 0, side, side), cornerRadius: side / 2)
        signInButton.fillColor = Self.buttonColor
        rippleView.addSublayer(signInButton)
        buttonLabel.frame = Rect(signInButton.frame.minX, signInButton.frame.midY - 9, side, 20)
        buttonLabel.string = "Tap"
        buttonLabel.fontSize = 16
        buttonLabel.alignmentMode = .center
        buttonLabel.foregroundColor = .white
        rippleView.addSublayer(buttonLabel)

        waveSize = Size(size.width - half, size.height)
        waveView.frame = Rect(half, 0, waveSize.width, waveSize.height)
        waveView.backgroundColor = Color(0.93, 0.96, 1)
        waveView.masksToBounds = true
        root.addSublayer(waveView)
        waveLayer.fillColor = Color(0.25, 0.55, 0.95)
        waveLayer.actions = ["path": nil]
        waveView.addSublayer(waveLayer)
        for v in [referView, springView] {
            v.bounds = Rect(0, 0, 1, 1)
            v.position = .zero
            v.isHidden = true
            waveView.addSublayer(v)
        }
    }

    // MARK: Ripples (signIn, twinkle, roundLayer)

    func signIn() {
        if let t = timer { t.invalidate(); timer = nil; return }
        timer = RunLoopTimer.scheduled(interval: Self.twinkleInterval, repeats: true) { [unowned self] _ in
            let layer = self.roundLayer(with: self.signInButton.frame)
            self.rippleView.insertSublayer(layer, below: self.signInButton)
            self.twinkle(layer: layer)
        }
    }

    /// The ripple's removal at its didStop (the article keeps the layer in the animation).
    final class RemoveOnStop: CAAnimationDelegate {
        let layer: CALayer
        init(_ layer: CALayer) { self.layer = layer }
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { layer.removeFromSuperlayer() }
    }

    func twinkle(layer: CAShapeLayer) {
        let scale = CABasicAnimation(keyPath: "transform")
        scale.toValue = .transform(.scale(4, 4, 1))
        let opacity = CABasicAnimation(keyPath: "opacity")
        opacity.fromValue = .number(0.75)
        opacity.toValue = .number(0)
        // Both children span the group (grouped children otherwise default to 0.25 s).
        scale.duration = Self.twinkleInterval * 3
        opacity.duration = Self.twinkleInterval * 3
        let animation = CAAnimationGroup()
        animation.animations = [scale, opacity]
        animation.duration = Self.twinkleInterval * 3
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        animation.delegate = RemoveOnStop(layer)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.opacity = 0
        CATransaction.commit()
        layer.add(animation, forKey: nil)
    }

    func roundLayer(with frame: Rect) -> CAShapeLayer {
        let layer = CAShapeLayer()
        layer.path = Path.roundedRect(Rect(0, 0, frame.width, frame.height), cornerRadius: frame.height / 2)
        layer.bounds = Rect(0, 0, frame.width, frame.height)
        layer.position = Point(frame.midX, frame.midY)
        layer.fillColor = Self.buttonColor
        return layer
    }

    // MARK: Wave (animate, animateWave)

    func animate() {
        let target = Point(0, waveSize.height / 2 / 2)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        referView.position = target
        springView.position = target
        CATransaction.commit()

        displayLink?.invalidate()
        let start = CACurrentMediaTime()
        let link = CADisplayLink { [weak self] link in
            self?.animateWave()
            // The springs last 2 s: stop redrawing once they have settled.
            if link.targetTimestamp > start + 2.2 { link.invalidate() }
        }
        link.add(to: .main)
        displayLink = link

        let move = CASpringAnimation(keyPath: "position")
        move.fromValue = .point(.zero)
        move.toValue = .point(target)
        move.duration = 2
        let spring = CASpringAnimation(keyPath: "position")
        spring.fromValue = .point(.zero)
        spring.toValue = .point(target)
        spring.duration = 2
        spring.damping = 7
        referView.add(move, forKey: nil)
        springView.add(spring, forKey: nil)
    }

    /// The display link's target: the wave from the two presentation positions.
    func animateWave() {
        let w = waveSize.width
        let controlY = (springView.presentation() ?? springView).position.y
        let referY = (referView.presentation() ?? referView).position.y
        var path = Path()
        path.move(to: .zero)
        path.addLine(to: Point(w, 0))
        path.addLine(to: Point(w, referY))
        path.addQuadCurve(to: Point(0, referY), control: Point(w / 2, controlY))
        path.addLine(to: .zero)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        waveLayer.path = path
        CATransaction.commit()
    }

    // MARK: Demo

    public func click(at point: Point) -> Bool {
        if point.x >= waveView.frame.minX { animate(); return true }
        let b = signInButton.frame
        let d = Point(point.x - b.midX, point.y - b.midY)
        guard d.length <= b.width / 2 else { return false }
        signIn()
        return true
    }

    public func tearDown() { timer?.invalidate(); timer = nil; displayLink?.invalidate() }

    public func startForTile() { signIn(); animate() }
}
