// The custom-drawing demo, both ways Core Animation offers. The dial (a radial-gradient disc
// clipped to a circle, dashed ticks turned by the CTM) is drawn once by a layer delegate's
// `draw(_:in:)` and kept as its backing store. Over it a gauge layer subclass draws the
// moving parts in `draw(in:)` (a round-capped track and value arc, a needle, the value as
// text) and declares its own animatable `progress` property, listed in
// `needsDisplay(forKey:)`: animating `progress` with a CABasicAnimation redraws that layer
// every frame with the presentation value, the classic technique for animating what
// `draw(in:)` draws, while the dial is not redrawn.
import LayerKit
import Player

/// A dial whose `progress` (0…1) is drawn by `draw(in:)`.
public final class GaugeLayer: CALayer {
    public static let progress: LayerProperty<GaugeLayer, Double> = .init(
        "progress", get: { $0.progress }, set: { $0.progress = $1 },
        default: 0.0, animatable: true, affects: .pixels, document: nil)
    public static let gaugeProperties = LayerPropertyTable(GaugeLayer.self, superclass: CALayer.layerProperties,
                                                           declared: [progress.erased])
    public override class var properties: LayerPropertyTable { gaugeProperties }

    /// `progress` is drawn, so changing or animating it redisplays the layer.
    public override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    /// How far the dial is filled, 0…1.
    public var progress: Double = GaugeLayer.progress.defaultValue {
        didSet { didChange(GaugeLayer.progress, from: oldValue) }
    }

    /// The arc's colour along the dial: green, yellow, red.
    static let ramp = CGGradient(colors: [Color(0.2, 0.75, 0.35), Color(0.95, 0.8, 0.2), Color(0.9, 0.25, 0.2)])!
    /// The dial's sweep: 270° from the lower left, clockwise on screen.
    static let startAngle = 0.75 * Double.pi, sweep = 1.5 * Double.pi

    public override func draw(in ctx: CGContext) {
        let b = bounds
        let c = Point(b.midX, b.midY), r = min(b.width, b.height) / 2
        let value = max(0, min(1, progress))
        // The track and the value arc: Core Graphics' counterclockwise (clockwise: false) turns
        // clockwise on screen in a layer's y-down space.
        let arcRadius = r * 0.82
        ctx.setLineWidth(r * 0.12)
        ctx.setLineCap(.round)
        ctx.setStrokeColor(Color(1, 1, 1, 0.12))
        ctx.addArc(center: c, radius: arcRadius, startAngle: Self.startAngle,
                   endAngle: Self.startAngle + Self.sweep, clockwise: false)
        ctx.strokePath()
        if value > 0 {
            ctx.setStrokeColor(Self.ramp.color(at: value))
            ctx.addArc(center: c, radius: arcRadius, startAngle: Self.startAngle,
                       endAngle: Self.startAngle + Self.sweep * value, clockwise: false)
            ctx.strokePath()
        }
        // The needle, turned by the CTM.
        ctx.saveGState()
        ctx.translateBy(x: c.x, y: c.y)
        ctx.rotate(by: Self.startAngle + Self.sweep * value)
        ctx.setFillColor(Color(0.95, 0.95, 0.95))
        ctx.move(to: Point(r * 0.66, 0))
        ctx.addLine(to: Point(0, -r * 0.035))
        ctx.addLine(to: Point(0, r * 0.035))
        ctx.closePath()
        ctx.fillPath()
        ctx.fillEllipse(in: Rect(-r * 0.07, -r * 0.07, r * 0.14, r * 0.14))
        ctx.restoreGState()
        // The value, centred below the hub.
        let text = "\(Int((value * 100).rounded())) %"
        ctx.setFontSize(r * 0.2)
        ctx.setFillColor(.white)
        let size = ctx.sizeOfText(text)
        ctx.showText(text, at: Point(c.x - size.width / 2, c.y + r * 0.3 + ctx.textAscent()))
    }
}

/// Draws the gauge's dial into the layer it is the delegate of.
public final class GaugeDialDrawer: CALayerDelegate {
    public init() {}

    public func draw(_ layer: CALayer, in ctx: CGContext) {
        let b = layer.bounds
        let c = Point(b.midX, b.midY), r = min(b.width, b.height) / 2
        // The dial: a radial gradient, lit from the upper left, clipped to the circle.
        ctx.saveGState()
        ctx.addEllipse(in: Rect(c.x - r, c.y - r, 2 * r, 2 * r))
        ctx.clip()
        ctx.drawRadialGradient(CGGradient(colors: [Color(0.32, 0.34, 0.42), Color(0.1, 0.1, 0.14)])!,
                               startCenter: Point(c.x - r * 0.3, c.y - r * 0.35), startRadius: 0,
                               endCenter: c, endRadius: r, options: [.drawsAfterEndLocation])
        ctx.restoreGState()
        // Ticks: one short dashed spoke per tenth, the CTM turned about the centre.
        ctx.saveGState()
        ctx.translateBy(x: c.x, y: c.y)
        ctx.setStrokeColor(Color(1, 1, 1, 0.55))
        ctx.setLineWidth(r * 0.018)
        ctx.setLineDash(phase: 0, lengths: [r * 0.03, r * 0.02])
        for i in 0...10 {
            ctx.saveGState()
            ctx.rotate(by: GaugeLayer.startAngle + GaugeLayer.sweep * Double(i) / 10)
            ctx.move(to: Point(r * 0.62, 0))
            ctx.addLine(to: Point(r * 0.72, 0))
            ctx.strokePath()
            ctx.restoreGState()
        }
        ctx.restoreGState()
    }
}

/// The gauge demo: the dial fills to 72 % on opening; each click animates it to the next
/// value of a fixed sequence.
public final class GaugeDemo: Demo {
    public static let name = "gauge"
    public static let title = "Custom drawing: gauge"
    static let targets = [0.35, 0.95, 0.15, 0.6]

    /// The dial (drawn once by `dialDrawer`) and the gauge drawn over it every frame it moves.
    public let dial = CALayer()
    public let dialDrawer = GaugeDialDrawer()
    public let gauge = GaugeLayer()
    private var next = 0

    public init() {}

    public func build(root: CALayer, size: Size) {
        root.backgroundColor = Color(0.93, 0.93, 0.95)
        let side = min(size.width, size.height) * 0.8
        for l in [dial, gauge] as [CALayer] {
            l.bounds = Rect(0, 0, side, side)
            l.position = Point(size.width / 2, size.height / 2)
        }
        dial.delegate = dialDrawer
        dial.setNeedsDisplay()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.addSublayer(dial)
        root.addSublayer(gauge)
        CATransaction.commit()
        animate(to: 0.72)
    }

    /// Sets the model value and animates the drawing there from what is on screen.
    func animate(to value: Double) {
        let anim = CABasicAnimation(keyPath: "progress")
        anim.fromValue = (gauge.presentation() ?? gauge).value(forKeyPath: "progress")
        anim.toValue = .number(value)
        anim.duration = 1.2
        anim.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        gauge.progress = value
        CATransaction.commit()
        gauge.add(anim, forKey: "progress")
    }

    /// Both layers draw their backing stores at the window's pixel density.
    public func pixelScaleDidChange(to scale: Double) {
        for l in [dial, gauge] as [CALayer] {
            l.contentsScale = scale
            l.setNeedsDisplay()
        }
    }

    public func click(at point: Point) -> Bool {
        animate(to: Self.targets[next % Self.targets.count])
        next += 1
        return true
    }

    public func key(_ name: String) -> Bool {
        guard name == "Space" else { return false }
        return click(at: .zero)
    }
}
