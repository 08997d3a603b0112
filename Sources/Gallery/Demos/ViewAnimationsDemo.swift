// The view-animations demo: UIView-style block animations on layers, the spring ball.
import LayerKit
import Player

/// UIView-style block animations on layers. Keys: 1 zoom (frame (120,140,80,80) →
/// (80,100,160,160), 1 s after a 2 s delay), 2 basic (a click moves the petal's centre there
/// over 5 s), 3 spring (a click springs the ball there: 5 s, damping ratio 0.1, initial
/// velocity 1.0, linear; the default), 4 the four curves side by side (repeat, autoreverse).
public final class ViewAnimationsDemo: Demo {
    public static let name = "view-animations"
    public static let title = "View animations & spring"

    public enum Part: Int, CaseIterable { case zoom = 1, basic, spring, curves }
    public private(set) var part = Part.spring
    private var root: CALayer?
    private var size = Size(800, 600)
    private let content = CALayer()
    private let label = CATextLayer()
    /// The moving layer of the current part (image view, petal or ball).
    public private(set) var subject = CALayer()
    public private(set) var curveLayers: [CALayer] = []

    public init() {}

    public func build(root: CALayer, size: Size) {
        self.root = root
        self.size = size
        root.backgroundColor = .white
        content.frame = Rect(0, 0, size.width, size.height)
        root.addSublayer(content)
        label.frame = Rect(10, size.height - 28, size.width - 20, 20)
        label.fontSize = 14
        label.foregroundColor = Color(0.2, 0.2, 0.2)
        root.addSublayer(label)
        show(part)
    }

    private func show(_ p: Part) {
        part = p
        content.sublayers?.forEach { $0.removeFromSuperlayer() }
        curveLayers = []
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        content.contents = nil
        switch p {
        case .zoom:
            // The article's first example: open2.png zooms after 2 s.
            let imageView = CALayer()
            imageView.frame = Rect(120, 140, 80, 80)
            imageView.contents = GalleryAssets.image("photo0")
            imageView.contentsGravity = .resizeAspectFill
            imageView.masksToBounds = true
            content.addSublayer(imageView)
            subject = imageView
        case .basic:
            content.contents = GalleryAssets.image("background")
            content.contentsGravity = .resizeAspectFill
            let petal = CALayer()
            petal.bounds = Rect(0, 0, 10, 20)
            petal.position = Point(50, 150)
            petal.contents = GalleryAssets.image("petal")
            content.addSublayer(petal)
            subject = petal
        case .spring:
            let ball = CALayer()
            ball.bounds = Rect(0, 0, 40, 40)
            ball.position = Point(160, 50)
            ball.contents = GalleryAssets.image("ball")
            content.addSublayer(ball)
            subject = ball
        case .curves:
            let names = ["easeInOut", "easeIn", "easeOut", "linear"]
            for (i, name) in names.enumerated() {
                let x = 80 + Double(i) * (size.width - 160) / 3
                let track = CAShapeLayer()
                track.path = Path.rect(Rect(x - 1, 80, 2, size.height - 200))
                track.fillColor = Color(0.85, 0.85, 0.85)
                content.addSublayer(track)
                let text = CATextLayer()
                text.frame = Rect(x - 60, 50, 120, 20)
                text.string = name
                text.fontSize = 14
                text.alignmentMode = .center
                text.foregroundColor = Color(0.2, 0.2, 0.2)
                content.addSublayer(text)
                let square = CALayer()
                square.bounds = Rect(0, 0, 30, 30)
                square.position = Point(x, 80)
                square.cornerRadius = 6
                square.backgroundColor = Color(0.2, 0.45, 0.9)
                content.addSublayer(square)
                curveLayers.append(square)
            }
        }
        CATransaction.commit()
        label.string = ["1 zoom (2 s delay)", "2 basic: click moves the petal, 5 s",
                        "3 spring: click, damping 0.1, velocity 1.0, 5 s",
                        "4 curves: easeInOut, easeIn, easeOut, linear"][p.rawValue - 1] + "   keys 1-4"
        start()
    }

    /// Starts the part's own animation (zoom and curves need no click).
    private func start() {
        switch part {
        case .zoom:
            let imageView = subject
            CALayer.animate(withDuration: 1, delay: 2, options: [.beginFromCurrentState], animations: {
                imageView.frame = Rect(80, 100, 160, 160)
            }, completion: nil)
        case .curves:
            let curves: [ViewAnimationOptions] = [.curveEaseInOut, .curveEaseIn, .curveEaseOut, .curveLinear]
            let bottom = size.height - 120
            for (layer, curve) in zip(curveLayers, curves) {
                CALayer.animate(withDuration: 2, delay: 0, options: [curve, .repeat, .autoreverse], animations: {
                    layer.position = Point(layer.position.x, bottom)
                }, completion: nil)
            }
        default: break
        }
    }

    public func click(at point: Point) -> Bool {
        let layer = subject
        switch part {
        case .basic:
            // beginAnimations / setAnimationDuration:5.0 / commitAnimations: the default curve.
            CALayer.animate(withDuration: 5.0, delay: 0, options: [.curveEaseInOut], animations: {
                layer.position = point
            }, completion: nil)
        case .spring:
            CALayer.animate(withDuration: 5.0, delay: 0, usingSpringWithDamping: 0.1, initialSpringVelocity: 1.0,
                            options: [.curveLinear], animations: {
                layer.position = point
            }, completion: nil)
        case .zoom, .curves:
            show(part)
        }
        return true
    }

    public func key(_ name: String) -> Bool {
        guard let n = Int(name), let p = Part(rawValue: n) else { return false }
        show(p)
        return true
    }

    /// The tile springs the ball between two points every 5.5 s.
    private var tileTimer: RunLoopTimer?
    public func startForTile() {
        label.isHidden = true   // too small to read on a tile
        var flip = false
        _ = click(at: Point(400, 380))
        tileTimer = RunLoopTimer.scheduled(interval: 5.5, repeats: true) { [weak self] _ in
            flip.toggle()
            _ = self?.click(at: flip ? Point(160, 120) : Point(400, 380))
        }
    }

    public func tearDown() { tileTimer?.invalidate() }
}
