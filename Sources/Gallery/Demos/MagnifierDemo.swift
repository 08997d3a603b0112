// The magnifier demo: strokeStart / strokeEnd morph a magnifier into a back arrow.
import LayerKit
import Player

/// Seed 004's icon morph: a magnifier (two half circles and a handle) turns into a back
/// arrow (the handle and two strokes) and back. Each toggle is one CATransaction whose
/// completion block (not a count of delegates) reports the end; in loop mode (key L, on in
/// the tile) that completion schedules the next state one animation duration later.
public final class MagnifierDemo: Demo {
    public static let name = "magnifier"
    public static let title = "Magnifier ↔ back"

    /// The article's AnimationState; `animateToState(s)` animates to `s`.
    public enum AnimationState {
        case magnifier, back
        func nextState() -> AnimationState { self == .magnifier ? .back : .magnifier }
    }

    static let magnifierRadius = 40.0
    static let magnifierLineWidth = 8.0
    static let magnifierColor = Color.white
    static let animationDuration = 0.6

    public private(set) var state = AnimationState.magnifier
    public var loop = false
    /// How many transaction completions ran (one per toggle).
    public private(set) var completions = 0

    public let magnifierLayerTop = CAShapeLayer()
    public let magnifierLayerBottom = CAShapeLayer()
    public let magnifierHandle = CAShapeLayer()
    public let backTopLine = CAShapeLayer()
    public let backBottomLine = CAShapeLayer()
    private let label = CATextLayer()
    private var pending: RunLoopTimer?

    public init() {}

    public func build(root: CALayer, size: Size) {
        root.backgroundColor = Color(0.17, 0.2, 0.27)
        let r = Self.magnifierRadius
        let c = Point(size.width / 2 - r * 0.9, size.height / 2 - r * 0.9)
        // Where the handle meets the circle (at π/4): also the arrow's tip.
        let backStartPoint = Point(c.x + r * 0.5.squareRoot(), c.y + r * 0.5.squareRoot())
        setupCircleLayer(magnifierLayerTop, center: c, radius: r, startAngle: 5 * .pi / 4, endAngle: .pi / 4)
        setupCircleLayer(magnifierLayerBottom, center: c, radius: r, startAngle: .pi / 4, endAngle: 5 * .pi / 4)
        setupLineLayer(magnifierHandle, length: r * 2, rotation: .pi / 4, startPoint: backStartPoint, strokeEnd: 1)
        setupLineLayer(backTopLine, length: r, rotation: -.pi / 4, startPoint: backStartPoint, strokeEnd: 0)
        setupLineLayer(backBottomLine, length: r, rotation: .pi / 4, startPoint: backStartPoint, strokeEnd: 0)
        for l in [magnifierLayerTop, magnifierLayerBottom, magnifierHandle, backTopLine, backBottomLine] {
            root.addSublayer(l)
        }
        label.frame = Rect(0, size.height - 40, size.width, 20)
        label.alignmentMode = .center
        label.fontSize = 14
        label.foregroundColor = Color(1, 1, 1, 0.7)
        root.addSublayer(label)
        updateLabel()
    }

    private func updateLabel() {
        label.string = "click toggles, L loop (\(loop ? "on" : "off")); completions: \(completions)"
    }

    func setupCircleLayer(_ layer: CAShapeLayer, center: Point, radius: Double, startAngle: Double, endAngle: Double) {
        layer.path = Path.arc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: true)
        layer.lineWidth = Self.magnifierLineWidth
        layer.lineCap = .round
        layer.strokeColor = Self.magnifierColor
        layer.fillColor = nil
        layer.strokeStart = 0
        layer.strokeEnd = 1
    }

    func setupLineLayer(_ layer: CAShapeLayer, length: Double, rotation: Double, startPoint: Point, strokeEnd: Double) {
        var linePath = Path()
        linePath.move(to: Point(0, 0))
        linePath.addLine(to: Point(length, 0))
        layer.path = linePath
        layer.lineWidth = Self.magnifierLineWidth
        layer.lineCap = .round
        layer.fillColor = nil
        layer.strokeColor = Self.magnifierColor
        layer.transform = .rotation(rotation, 0, 0, 1)
        layer.position = startPoint
        layer.strokeStart = 0
        layer.strokeEnd = strokeEnd
    }

    /// animatePartTo: the model takes the final values first (nothing flashes back), then
    /// one group animates strokeStart and strokeEnd.
    func animatePartTo(_ part: CAShapeLayer, startFrom: Double, startTo: Double, endFrom: Double, endTo: Double) {
        part.strokeStart = startTo
        part.strokeEnd = endTo
        let start = CABasicAnimation(keyPath: "strokeStart")
        start.fromValue = .number(startFrom)
        start.toValue = .number(startTo)
        let end = CABasicAnimation(keyPath: "strokeEnd")
        end.fromValue = .number(endFrom)
        end.toValue = .number(endTo)
        // Children last the whole group (LayerKit's grouped children default to 0.25 s).
        start.duration = Self.animationDuration
        end.duration = Self.animationDuration
        let group = CAAnimationGroup()
        group.animations = [start, end]
        group.duration = Self.animationDuration
        group.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        part.add(group, forKey: nil)
    }

    /// animatePartRotation: transform.rotation.z from → to, the model set to the end.
    func animatePartRotation(_ part: CAShapeLayer, rotationStart: Double, rotationEnd: Double) {
        part.transform = .rotation(rotationEnd, 0, 0, 1)
        let rotation = CABasicAnimation(keyPath: "transform.rotation.z")
        rotation.fromValue = .number(rotationStart)
        rotation.toValue = .number(rotationEnd)
        rotation.duration = Self.animationDuration
        rotation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        part.add(rotation, forKey: nil)
    }

    /// animateToState: every part in one transaction, one completion for all of them.
    public func animateToState(_ target: AnimationState) {
        state = target
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        CATransaction.setCompletionBlock { [weak self] in
            guard let self else { return }
            self.completions += 1
            self.updateLabel()
            guard self.loop else { return }
            self.pending = RunLoopTimer.scheduled(interval: Self.animationDuration, repeats: false) { [weak self] _ in
                guard let self, self.loop else { return }
                self.animateToState(self.state.nextState())
            }
        }
        switch target {
        case .magnifier:
            animatePartTo(magnifierLayerTop, startFrom: 1.0, startTo: 0.0, endFrom: 1.0, endTo: 1.0)
            animatePartTo(magnifierLayerBottom, startFrom: 0.0, startTo: 0.0, endFrom: 0.0, endTo: 1.0)
            animatePartRotation(magnifierHandle, rotationStart: 0, rotationEnd: .pi / 4)
            animatePartTo(backTopLine, startFrom: 0.0, startTo: 0.0, endFrom: 1.0, endTo: 0.0)
            animatePartTo(backBottomLine, startFrom: 0.0, startTo: 0.0, endFrom: 1.0, endTo: 0.0)
        case .back:
            animatePartTo(magnifierLayerTop, startFrom: 0.0, startTo: 1.0, endFrom: 1.0, endTo: 1.0)
            animatePartTo(magnifierLayerBottom, startFrom: 0.0, startTo: 0.0, endFrom: 1.0, endTo: 0.0)
            animatePartRotation(magnifierHandle, rotationStart: .pi / 4, rotationEnd: 0)
            animatePartTo(backTopLine, startFrom: 0.0, startTo: 0.0, endFrom: 0.0, endTo: 1.0)
            animatePartTo(backBottomLine, startFrom: 0.0, startTo: 0.0, endFrom: 0.0, endTo: 1.0)
        }
        CATransaction.commit()
    }

    // MARK: Demo

    public func click(at point: Point) -> Bool {
        animateToState(state.nextState())
        return true
    }

    public func key(_ name: String) -> Bool {
        guard name.uppercased() == "L" else { return false }
        loop.toggle()
        updateLabel()
        if loop { animateToState(state.nextState()) }
        return true
    }

    public func tearDown() { loop = false; pending?.invalidate() }

    public func startForTile() { label.isHidden = true; loop = true; animateToState(.back) }
}
