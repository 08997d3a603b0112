// The frosted-glass demo: coloured discs drift behind a rounded panel whose
// `backgroundFilters` blur and desaturate what shows through it (Core Animation's frosted
// glass), with a translucent white fill over it. A click on the panel animates its blur by
// key path (`backgroundFilters.blur.inputRadius`, 2 ↔ 14); a click elsewhere toggles a
// `filters` chain on the discs' layer (CIColorControls desaturating it, then CISepiaTone);
// the panel follows a drag.
import LayerKit
import Player

/// A frosted panel over drifting discs.
public final class FrostedGlassDemo: Demo {
    public static let name = "frosted-glass"
    public static let title = "Frosted glass"

    /// The discs' layer (its `filters` toggle) and the frosted panel.
    public private(set) var scene = CALayer()
    public private(set) var panel = CALayer()
    /// The panel's blur radius now (the model value the last click set).
    public private(set) var blurRadius = 8.0
    private var grabOffset: Point?

    public init() {}

    public func build(root: CALayer, size: Size) {
        root.backgroundColor = Color(0.97, 0.96, 0.93)
        scene.frame = Rect(0, 0, size.width, size.height)
        let colours = [Color(0.95, 0.3, 0.25), Color(0.2, 0.5, 0.95), Color(0.98, 0.75, 0.15),
                       Color(0.25, 0.8, 0.5), Color(0.7, 0.35, 0.9)]
        let d = min(size.width, size.height) * 0.32
        for (i, c) in colours.enumerated() {
            let disc = CALayer()
            disc.bounds = Rect(0, 0, d, d)
            disc.cornerRadius = d / 2
            disc.backgroundColor = c
            let y = size.height * (0.25 + 0.5 * Double(i % 2))
            disc.position = Point(size.width * (0.1 + 0.2 * Double(i)), y)
            // Each disc drifts left and right, out of step with the others.
            let drift = CABasicAnimation(keyPath: "position.x")
            drift.fromValue = .number(disc.position.x - size.width * 0.12)
            drift.toValue = .number(disc.position.x + size.width * 0.12)
            drift.duration = 3 + Double(i) * 0.7
            drift.autoreverses = true
            drift.repeatCount = .infinity
            drift.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            disc.add(drift, forKey: "drift")
            scene.addSublayer(disc)
        }
        root.addSublayer(scene)
        panel.bounds = Rect(0, 0, size.width * 0.6, size.height * 0.45)
        panel.position = Point(size.width / 2, size.height / 2)
        panel.cornerRadius = min(size.width, size.height) * 0.08
        panel.cornerCurve = .continuous
        panel.backgroundColor = Color(1, 1, 1, 0.35)
        panel.borderColor = Color(1, 1, 1, 0.7)
        panel.borderWidth = 1
        panel.backgroundFilters = [.gaussianBlur(radius: blurRadius, name: "blur"),
                                   .colorControls(saturation: 1.6, name: "vibrancy")]
        root.addSublayer(panel)
    }

    public func startForTile() {}

    public func click(at point: Point) -> Bool {
        if panel.frame.contains(point) {
            toggleBlur()
            grabOffset = Point(panel.position.x - point.x, panel.position.y - point.y)
        } else {
            toggleSceneFilters()
            grabOffset = nil
        }
        return true
    }

    public func drag(to point: Point) -> Bool {
        guard let g = grabOffset else { return false }
        CATransaction.begin(); CATransaction.setDisableActions(true)
        panel.position = Point(point.x + g.x, point.y + g.y)
        CATransaction.commit()
        return true
    }

    public func release(at point: Point) -> Bool { grabOffset = nil; return true }

    /// Animates the panel's blur by key path between 2 and 14.
    public func toggleBlur() {
        let from = blurRadius
        blurRadius = from > 8 ? 2 : 14
        let a = CABasicAnimation(keyPath: "backgroundFilters.blur.inputRadius")
        a.fromValue = .number(from)
        a.toValue = .number(blurRadius)
        a.duration = 0.6
        a.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        CATransaction.begin(); CATransaction.setDisableActions(true)
        panel.setValue(.number(blurRadius), forKeyPath: "backgroundFilters.blur.inputRadius")
        CATransaction.commit()
        panel.add(a, forKey: "blur")
    }

    /// Desaturates and tones the discs, or gives them their colours back.
    public func toggleSceneFilters() {
        scene.filters = scene.filters == nil ? [.colorControls(saturation: 0.2), .sepiaTone(intensity: 0.6)] : nil
    }
}
