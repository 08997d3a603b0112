// The worm demo: the "diligent worm" loading HUD, three stroked worms.
import LayerKit
import Player

/// The worm loading HUD: three stroked worms (red, yellow, green) crawl to the left
/// forever inside a rounded, dark, translucent square. A click shows the HUD (`start`), the
/// next click hides it (`end`); a click while either runs starts from the presentation value.
public final class WormHUDDemo: Demo {
    public static let name = "worm"
    public static let title = "Worm HUD"

    // MARK: The article's numbers

    /// The worm area (CCWormHUDViewWith × its height): W = H = 80.
    static let W = 80.0, H = 80.0
    /// lineWidth of every worm (CCWormHUDLineWidth).
    static let lineWidth = 6.0
    /// One half of the crawl cycle (WormRunTime); the group lasts 2 × 1.2 = 2.4.
    static let wormRunTime = 1.2
    /// The HUD square. The article leaves its size out: the worm is visible over x ∈ [9, 95]
    /// of the 80-point worm area (arches at c.x − r … c.x + r, translated by 0 … −W, plus
    /// the round caps), so a 104-point square with the area at (0, 12) centres it.
    static let hudSide = 104.0
    static let wormAreaOrigin = Point(0, 12)
    /// The animation keys of the article (WORM_ANIMATION_KEY_FIRST …).
    static let keys = ["WORM_ANIMATION_KEY_FIRST", "WORM_ANIMATION_KEY_SECOND", "WORM_ANIMATION_KEY_THIRD"]

    // MARK: Layers

    /// The HUD (the article's CCWormView): added on `start`, removed at the end of `end`.
    public let hud = CALayer()
    /// Red (bottom), yellow, green (top).
    public private(set) var worms: [CAShapeLayer] = []
    /// The layer the HUD is presented in (the article's presentingView).
    private weak var presentingLayer: CALayer?
    /// The HUD is shown or being shown (the article's isShowing).
    public private(set) var isShowing = false

    /// "click anywhere …" under the HUD (windows of 300 points or more).
    private let hint = CATextLayer()

    public init() {}

    public func build(root: CALayer, size: Size) {
        root.backgroundColor = Color(0.93, 0.93, 0.95)
        presentingLayer = root
        if size.height >= 300 {
            let hint = self.hint
            hint.frame = Rect(0, size.height - 40, size.width, 20)
            hint.string = "click anywhere: show / hide the HUD"
            hint.fontSize = 14
            hint.alignmentMode = .center
            hint.foregroundColor = Color(0.35, 0.35, 0.4)
            root.addSublayer(hint)
        }
        hud.bounds = Rect(0, 0, Self.hudSide, Self.hudSide)
        hud.position = Point(size.width / 2, size.height / 2)
        hud.backgroundColor = Color(0, 0, 0, 0.75)
        hud.cornerRadius = 10
        let area = CALayer()
        area.frame = Rect(Self.wormAreaOrigin.x, Self.wormAreaOrigin.y, Self.W, Self.H)
        hud.addSublayer(area)
        for color in [Color.red, Color.yellow, Color.green] {
            let worm = CAShapeLayer()
            worm.frame = Rect(0, 0, Self.W, Self.H)
            worm.path = Self.wormRunLongPath()
            worm.lineWidth = Self.lineWidth
            worm.lineCap = .round
            worm.lineJoin = .round
            worm.strokeColor = color
            worm.fillColor = nil
            // The article's [NSNull null] actions: no implicit strokeStart / strokeEnd.
            worm.actions = ["strokeStart": nil, "strokeEnd": nil]
            area.addSublayer(worm)
            worms.append(worm)
        }
    }

    /// Two arches side by side: an arc of radius r around c from π to 2π clockwise (the
    /// upper half circle with y down), then the same around (c.x + 2r, c.y).
    public static func wormRunLongPath() -> Path {
        let center = Point(W * 9 / 10, H / 2)
        let radius = (W / 2) / 2
        var path = Path.arc(center: center, radius: radius, startAngle: .pi, endAngle: 2 * .pi, clockwise: true)
        path.addArc(center: Point(center.x + radius * 2, center.y), radius: radius,
                    startAngle: .pi, endAngle: 2 * .pi, clockwise: true)
        return path
    }

    // MARK: The worm animation (baseWormAnimationWith…)

    /// One worm's parameters: (from, to, duration, begin) of strokeEnd 1, strokeStart 1,
    /// strokeEnd 2 and strokeStart 2 (the worm's keyframe table).
    struct WormParameters {
        var end1: (Double, Double, Double, Double)
        var start1: (Double, Double, Double, Double)
        var end2: (Double, Double, Double, Double)
        var start2: (Double, Double, Double, Double)
    }

    static let parameters: [WormParameters] = [
        // red: firstWormAnimation
        WormParameters(end1: (0, 0.5, 0.75, 0), start1: (0, 0.5, 0.45, 0.75),
                       end2: (0.5, 1, 0.75, 1.2), start2: (0.5, 1, 0.45, 0.75 + wormRunTime)),
        // yellow: secondWormAnimation
        WormParameters(end1: (0.010, 0.5, 0.75, 0), start1: (0, 0.490, 0.70, 0.50),
                       end2: (0.5, 1, 0.75, wormRunTime + 0.15), start2: (0.5, 1, 0.30, 0.15 + 0.75 + wormRunTime)),
        // green: thirdWormAnimation
        WormParameters(end1: (0.010, 0.5, 0.75, 0), start1: (0, 0.490, 0.90, 0.25),
                       end2: (0.5, 1, 0.75, wormRunTime + 0.15 + 0.20), start2: (0.5, 1, 0.30, 0.15 + 0.75 + wormRunTime)),
    ]

    /// The article's baseWormAnimation: four stroke animations and two toValue-only
    /// translations in one group of 2.4 s repeating forever.
    static func baseWormAnimation(_ p: WormParameters) -> CAAnimationGroup {
        let strokeEndTiming = CAMediaTimingFunction(controlPoints: 0.42, 0.0, 1.0, 0.55)
        let strokeStartTiming = CAMediaTimingFunction(name: .easeInEaseOut)

        func stroke(_ keyPath: String, _ v: (Double, Double, Double, Double),
                    _ timing: CAMediaTimingFunction, forwards: Bool) -> CABasicAnimation {
            let a = CABasicAnimation(keyPath: keyPath)
            a.fromValue = .number(v.0)
            a.toValue = .number(v.1)
            a.duration = v.2
            a.beginTime = v.3
            a.timingFunction = timing
            if forwards { a.fillMode = .forwards }
            return a
        }
        let strokeEndAm = stroke("strokeEnd", p.end1, strokeEndTiming, forwards: true)
        let strokeStartAm = stroke("strokeStart", p.start1, strokeStartTiming, forwards: true)
        let strokeEndAm2 = stroke("strokeEnd", p.end2, strokeEndTiming, forwards: true)
        // The article gives strokeStartAm2 no fillMode: the cycle ends on the model value.
        let strokeStartAm2 = stroke("strokeStart", p.start2, strokeStartTiming, forwards: false)

        // toValue only: each starts from what the render tree has at that moment.
        let xTranslationAm = CABasicAnimation(keyPath: "transform.translation.x")
        xTranslationAm.toValue = .number((W / 2) / -1.0)
        xTranslationAm.timingFunction = CAMediaTimingFunction(name: .easeOut)
        xTranslationAm.duration = 1.18
        xTranslationAm.fillMode = .forwards

        let xTranslationAm2 = CABasicAnimation(keyPath: "transform.translation.x")
        xTranslationAm2.toValue = .number(((W / 2) / -1.0) * 2)
        xTranslationAm2.timingFunction = CAMediaTimingFunction(name: .easeOut)
        xTranslationAm2.duration = 1.18
        xTranslationAm2.beginTime = 1.20
        xTranslationAm2.fillMode = .forwards

        let animationGroup = CAAnimationGroup()
        animationGroup.animations = [strokeStartAm, strokeEndAm, xTranslationAm, strokeEndAm2, strokeStartAm2, xTranslationAm2]
        animationGroup.repeatCount = .infinity
        animationGroup.duration = wormRunTime * 2
        return animationGroup
    }

    /// Adds the three groups (first, second, third WormAnimation).
    func startWormAnimations() {
        for (i, worm) in worms.enumerated() {
            worm.add(Self.baseWormAnimation(Self.parameters[i]), forKey: Self.keys[i])
        }
    }

    // MARK: HUD show / hide (startLodingWormHUD / endLodingWormHUD)

    /// The HUD's scale as it is on screen now (presentation value), for clicks mid-animation.
    private var presentedScale: Double {
        (hud.presentation() ?? hud).transform.m11
    }

    /// Shows the HUD: add it, start the worms, scale 0.1 → 1.3 → 1.0 over 0.6 s.
    public func start() {
        guard let presentingLayer else { return }
        let from = hud.superlayer == nil ? 0.1 : presentedScale
        isShowing = true
        if hud.superlayer == nil {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            presentingLayer.addSublayer(hud)
            CATransaction.commit()
            startWormAnimations()
        } else if worms.first?.animation(forKey: Self.keys[0]) == nil {
            startWormAnimations()
        }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        hud.transform = .identity
        CATransaction.commit()
        let show = CAKeyframeAnimation(keyPath: "transform")
        show.values = [.transform(.scale(from, from)), .transform(.scale(1.3, 1.3)), .transform(.identity)]
        show.keyTimes = [0, 0.5, 1]
        show.duration = 0.6
        hud.add(show, forKey: "HUDScale")
    }

    /// Hides the HUD: scale 1.0 → 1.2 → 0.1 over 0.6 s, then remove the worm animations and
    /// the HUD.
    public func end() {
        let from = presentedScale
        isShowing = false
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        hud.transform = .scale(0.1, 0.1)
        CATransaction.commit()
        let hide = CAKeyframeAnimation(keyPath: "transform")
        hide.values = [.transform(.scale(from, from)), .transform(.scale(1.2, 1.2)), .transform(.scale(0.1, 0.1))]
        hide.keyTimes = [0, 0.5, 1]
        hide.duration = 0.6
        hide.delegate = HideCompletion(owner: self)
        hud.add(hide, forKey: "HUDScale")
    }

    /// The completion of `end`: only when the hide finished (not when a click replaced it).
    final class HideCompletion: CAAnimationDelegate {
        weak var owner: WormHUDDemo?
        init(owner: WormHUDDemo) { self.owner = owner }
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
            guard flag, let owner, !owner.isShowing else { return }
            for (i, worm) in owner.worms.enumerated() { worm.removeAnimation(forKey: WormHUDDemo.keys[i]) }
            owner.hud.removeFromSuperlayer()
        }
    }

    // MARK: Demo

    public func click(at point: Point) -> Bool {
        if isShowing { end() } else { start() }
        return true
    }

    /// The tile: the HUD always shown and crawling.
    public func startForTile() {
        guard let presentingLayer, hud.superlayer == nil else { return }
        hint.isHidden = true
        presentingLayer.addSublayer(hud)
        isShowing = true
        startWormAnimations()
    }
}
