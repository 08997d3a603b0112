// The petal-keyframe demo: keyframe animations, a group, view keyframes.
import LayerKit
import Player

/// The falling petal with CAKeyframeAnimation, in the article's steps. Keys: 1 values,
/// 2 values + keyTimes (0, 0.5, 0.75, 1), 3 path, 4 group (rotation + path, didStop fix),
/// 5 view-style keyframes; M cycles the calculation mode of 1 and 2 (linear, discrete,
/// paced, cubic, cubicPaced), whose path is drawn. A click replays the current step.
public final class PetalKeyframeDemo: Demo, CAAnimationDelegate {
    public static let name = "petal-keyframe"
    public static let title = "Petal: keyframes"

    /// The steps of the article's keyframe section.
    public enum Step: Int, CaseIterable { case values = 1, keyTimes, path, group, viewKeyframes }
    public static let modes: [CAAnimationCalculationMode] = [.linear, .discrete, .paced, .cubic, .cubicPaced]

    public private(set) var step = Step.values
    public private(set) var modeIndex = 0
    public private(set) var petal = CALayer()
    /// The drawn path of the current step (the curve the petal follows).
    public let pathLayer = CAShapeLayer()
    private let label = CATextLayer()
    private var root: CALayer?

    /// The four keyframes: the start and three points.
    static let keyValues = [Point(50, 150), Point(80, 220), Point(45, 300), Point(55, 400)]
    /// The path keyframe: one cubic from (50, 150) with controls (160, 280), (−30, 300).
    static var fallPath: Path {
        var p = Path()
        p.move(to: Point(50, 150))
        p.addCurve(to: Point(55, 400), control1: Point(160, 280), control2: Point(-30, 300))
        return p
    }

    public init() {}

    public func build(root: CALayer, size: Size) {
        self.root = root
        root.contents = GalleryAssets.image("background")
        root.contentsGravity = .resizeAspectFill
        pathLayer.fillColor = nil
        pathLayer.strokeColor = Color(1, 1, 1, 0.8)
        pathLayer.lineWidth = 1.5
        pathLayer.lineDashPattern = [4, 3]
        root.addSublayer(pathLayer)
        PetalLayers.addCaption(label, to: root, width: size.width)
        run()
    }

    /// A fresh petal at (50, 150) and the current step's animation.
    private func run() {
        guard let root else { return }
        petal = PetalLayers.petal(replacing: petal)
        root.addSublayer(petal)
        let mode = Self.modes[modeIndex]
        switch step {
        case .values, .keyTimes: valuesAnimation(mode: mode, keyTimes: step == .keyTimes)
        case .path: pathAnimation()
        case .group: groupAnimation()
        case .viewKeyframes: viewKeyframes()
        }
        pathLayer.path = drawnPath(mode: mode)
        let what: String
        switch step {
        case .values: what = "1 values, calculationMode \(mode.rawValue) (M)"
        case .keyTimes: what = "2 values + keyTimes 0 0.5 0.75 1, \(mode.rawValue) (M)"
        case .path: what = "3 path keyframe"
        case .group: what = "4 group: rotation + path, didStop"
        case .viewKeyframes: what = "5 view keyframes"
        }
        label.string = what + "   keys 1-5, click replays"
    }

    /// The article's values keyframes: 8 s, starting 2 s from now.
    func valuesAnimation(mode: CAAnimationCalculationMode, keyTimes: Bool) {
        let keyframeAnimation = CAKeyframeAnimation(keyPath: "position")
        keyframeAnimation.values = Self.keyValues.map { .point($0) }
        if keyTimes { keyframeAnimation.keyTimes = [0.0, 0.5, 0.75, 1.0] }
        keyframeAnimation.calculationMode = mode
        keyframeAnimation.duration = 8.0
        keyframeAnimation.beginTime = petal.convertTime(CACurrentMediaTime(), from: nil) + 2
        petal.add(keyframeAnimation, forKey: "KCKeyframeAnimation_Position")
    }

    /// The article's path keyframe: 8 s, starting 5 s from now.
    func pathAnimation() {
        let keyframeAnimation = CAKeyframeAnimation(keyPath: "position")
        keyframeAnimation.path = Self.fallPath
        keyframeAnimation.duration = 8.0
        keyframeAnimation.beginTime = petal.convertTime(CACurrentMediaTime(), from: nil) + 5
        petal.add(keyframeAnimation, forKey: "KCKeyframeAnimation_Position")
    }

    /// The article's group: the rotation of the basic demo and the path, 10 s, from 5 s.
    func groupAnimation() {
        let rotation = CABasicAnimation(keyPath: "transform.rotation.z")
        rotation.toValue = .number(Double.pi / 2 * 3)
        rotation.autoreverses = true
        rotation.repeatCount = .infinity
        rotation.isRemovedOnCompletion = false
        // The rotation keeps demo 2's 6 s; the path spans the group (the article leaves both
        // unset, and its petal falls over the group's 10 s).
        rotation.duration = 6.0
        let move = CAKeyframeAnimation(keyPath: "position")
        move.path = Self.fallPath
        move.duration = 10.0
        let animationGroup = CAAnimationGroup()
        animationGroup.animations = [rotation, move]
        animationGroup.delegate = self
        animationGroup.duration = 10.0
        animationGroup.beginTime = petal.convertTime(CACurrentMediaTime(), from: nil) + 5
        petal.add(animationGroup, forKey: nil)
    }

    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        guard flag, step == .group else { return }
        // Set the final state in a transaction with actions disabled.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        petal.position = Point(55, 400)
        petal.transform = CATransform3D.rotation(Double.pi / 2 * 3, 0, 0, 1)
        CATransaction.commit()
    }

    /// The article's animateKeyframes: 5 s, linear calculation, three keyframes.
    func viewKeyframes() {
        let layer = petal
        CALayer.animateKeyframes(withDuration: 5.0, delay: 0, options: [.calculationModeLinear], animations: {
            CALayer.addKeyframe(withRelativeStartTime: 0.0, relativeDuration: 0.5) { layer.position = Point(80, 220) }
            CALayer.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.25) { layer.position = Point(45, 300) }
            CALayer.addKeyframe(withRelativeStartTime: 0.75, relativeDuration: 0.25) { layer.position = Point(55, 400) }
        }, completion: nil)
    }

    // MARK: The drawn path

    /// The curve of the current step: straight segments for linear and paced, the points
    /// alone for discrete, a Catmull-Rom spline for cubic and cubicPaced, the Bézier for path.
    func drawnPath(mode: CAAnimationCalculationMode) -> Path {
        switch step {
        case .path, .group: return Self.fallPath
        case .viewKeyframes: return Self.polyline(Self.keyValues)
        case .values, .keyTimes:
            switch mode {
            case .discrete:
                var p = Path()
                for v in Self.keyValues { p.addEllipse(in: Rect(v.x - 3, v.y - 3, 6, 6)) }
                return p
            case .cubic, .cubicPaced: return Self.catmullRom(Self.keyValues)
            default: return Self.polyline(Self.keyValues)
            }
        }
    }

    static func polyline(_ pts: [Point]) -> Path {
        var p = Path()
        p.move(to: pts[0])
        for q in pts.dropFirst() { p.addLine(to: q) }
        return p
    }

    /// A Catmull-Rom spline through `pts` as cubic Béziers (end tangents from the one-sided
    /// differences, as Core Animation's cubic mode with tension, continuity and bias 0).
    static func catmullRom(_ pts: [Point]) -> Path {
        var p = Path()
        p.move(to: pts[0])
        for i in 0..<(pts.count - 1) {
            let p0 = pts[max(i - 1, 0)], p1 = pts[i], p2 = pts[i + 1], p3 = pts[min(i + 2, pts.count - 1)]
            let t1 = (p2 - p0) * 0.5, t2 = (p3 - p1) * 0.5
            p.addCurve(to: p2, control1: p1 + t1 / 3, control2: p2 - t2 / 3)
        }
        return p
    }

    // MARK: Demo

    public func click(at point: Point) -> Bool { run(); return true }

    /// The tile replays the values keyframes every 10.5 s (2 s wait + 8 s fall).
    private var tileTimer: RunLoopTimer?
    public func startForTile() {
        label.isHidden = true   // too small to read on a tile
        tileTimer = RunLoopTimer.scheduled(interval: 10.5, repeats: true) { [weak self] _ in self?.run() }
    }

    public func tearDown() { tileTimer?.invalidate() }

    public func key(_ name: String) -> Bool {
        if let n = Int(name), let s = Step(rawValue: n) { step = s; run(); return true }
        if name.uppercased() == "M" { modeIndex = (modeIndex + 1) % Self.modes.count; run(); return true }
        return false
    }
}
