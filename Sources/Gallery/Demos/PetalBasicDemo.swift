// The petal-basic demo: a CABasicAnimation moves a falling petal.
import LayerKit
import Player

/// The falling petal with CABasicAnimation, in three versions:
/// 1 snaps back after the move, 2 fixes that with didStop + a transaction with actions
/// disabled, 3 adds the rotation and pauses / resumes the layer on clicks (the default).
/// Keys 1, 2, 3 choose the version.
public final class PetalBasicDemo: Demo, CAAnimationDelegate {
    public static let name = "petal-basic"
    public static let title = "Petal: basic animation"

    /// The article's three versions.
    public enum Version: Int, CaseIterable { case snapBack = 1, fixed = 2, rotating = 3 }
    public var version = Version.rotating { didSet { rebuildPetal() } }

    /// The petal layer (_layer): bounds 10 × 20 at (50, 150).
    public private(set) var petal = CALayer()
    private var root: CALayer?
    private let label = CATextLayer()
    /// The end point of the running move (the article stores it with setValue:forKey:).
    private var location = Point(50, 150)

    public init() {}

    public func build(root: CALayer, size: Size) {
        self.root = root
        // The background image fills the window (colorWithPatternImage in the article).
        root.contents = GalleryAssets.image("background")
        root.contentsGravity = .resizeAspectFill
        PetalLayers.addCaption(label, to: root, width: size.width)
        rebuildPetal()
    }

    /// A fresh petal for the current version (viewDidLoad of that version).
    private func rebuildPetal() {
        guard let root else { return }
        petal = PetalLayers.petal(replacing: petal, anchorPoint: version == .rotating ? Point(0.5, 0.6) : nil)
        root.addSublayer(petal)
        label.string = "\(version.rawValue): " + ["snaps back", "didStop + disableActions", "rotation, click pauses / resumes"][version.rawValue - 1]
            + "   (keys 1 2 3)"
    }

    // MARK: The article's methods

    /// translatonAnimation: position to the click, 5 s, no fromValue.
    func translationAnimation(_ location: Point) {
        let basicAnimation = CABasicAnimation(keyPath: "position")
        basicAnimation.toValue = .point(location)
        basicAnimation.duration = 5.0
        if version != .snapBack { basicAnimation.delegate = self }
        if version == .rotating { basicAnimation.isRemovedOnCompletion = false }
        self.location = location
        petal.add(basicAnimation, forKey: "KCBasicAnimation_Translation")
    }

    /// rotationAnimation: transform.rotation.z to 3π/2, 6 s, autoreverses, forever.
    func rotationAnimation() {
        let basicAnimation = CABasicAnimation(keyPath: "transform.rotation.z")
        basicAnimation.toValue = .number(Double.pi / 2 * 3)
        basicAnimation.duration = 6.0
        basicAnimation.autoreverses = true
        basicAnimation.repeatCount = .infinity
        basicAnimation.isRemovedOnCompletion = false
        petal.add(basicAnimation, forKey: "KCBasicAnimation_Rotation")
    }

    /// animationPause: the layer's local time becomes its timeOffset, speed 0.
    func animationPause() {
        let interval = petal.convertTime(CACurrentMediaTime(), from: nil)
        petal.timeOffset = interval
        petal.speed = 0
    }

    /// animationResume: beginTime = now − paused time, timeOffset 0, speed 1.
    func animationResume() {
        let beginTime = CACurrentMediaTime() - petal.timeOffset
        petal.timeOffset = 0
        petal.beginTime = beginTime
        petal.speed = 1.0
    }

    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        // Set the model to the end point with actions disabled: no snap back, no implicit move.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        petal.position = location
        CATransaction.commit()
        if version == .rotating { animationPause() }
    }

    // MARK: Demo

    public func click(at point: Point) -> Bool {
        switch version {
        case .snapBack, .fixed:
            translationAnimation(point)
        case .rotating:
            if petal.animation(forKey: "KCBasicAnimation_Translation") != nil {
                if petal.speed == 0 { animationResume() } else { animationPause() }
            } else {
                translationAnimation(point)
                rotationAnimation()
            }
        }
        return true
    }

    public func key(_ name: String) -> Bool {
        guard let n = Int(name), let v = Version(rawValue: n) else { return false }
        version = v
        return true
    }

    /// The tile: the fixed version flies between two points every 5.5 s.
    private var tileTimer: RunLoopTimer?
    public func startForTile() {
        label.isHidden = true   // too small to read on a tile
        version = .fixed
        var flip = false
        translationAnimation(Point(260, 420))
        tileTimer = RunLoopTimer.scheduled(interval: 5.5, repeats: true) { [weak self] _ in
            flip.toggle()
            self?.translationAnimation(flip ? Point(60, 160) : Point(260, 420))
        }
    }

    public func tearDown() { tileTimer?.invalidate() }
}
