// The download demo: a download progress button.
import LayerKit
import Player

/// The download progress button. A click starts: the arrow indicator (a
/// rectangle over a triangle) squashes, hops along its path and lands at the left end of the
/// track; then a display link fills the progress and slides the indicator. A click while
/// downloading fails it (the progress drains like water); a further click resumes to the
/// start state.
public final class DownloadButtonDemo: Demo {
    public static let name = "download"
    public static let title = "Download button"

    public enum State { case idle, downloading, failed }
    public private(set) var state = State.idle
    /// 0 … 1, advanced by the display link while downloading.
    public private(set) var progress = 0.0

    // MARK: Geometry (the article leaves it out; these are ours)
    /// The track's width (CGRectGetWidth(self.frame)) and the progress line's width.
    static let width = 240.0
    static let kProgressWidth = 6.0
    /// The lean of the indicator while it slides (kHighSpeedAngle).
    static let kHighSpeedAngle = -Double.pi / 12
    /// The ready animations' duration (the article's `duration`).
    static let duration = 0.5
    /// The failure animations' duration (left out by the article).
    static let failDuration = 0.8
    /// Seconds a full download takes.
    static let downloadTime = 4.0

    /// The dark rounded box (containerLayer) and the bar inside it (the progress view).
    public let containerLayer = CAShapeLayer()
    public let bar = CALayer()
    /// The white track drawn at low opacity, and the progress (progressLayer).
    public let trackLayer = CAShapeLayer()
    public let progressLayer = CAShapeLayer()
    /// ZYProgressIndicator: a rectangle over a triangle.
    public let indicator = CALayer()
    public let rectangleLayer = CAShapeLayer()
    public let triangleLayer = CAShapeLayer()
    private var waterLayer: CALayer?
    private let label = CATextLayer()
    /// The indicator's rest position and the track's y in the bar.
    private var startPoint = Point.zero
    private var trackY = 0.0
    /// Drives the progress while downloading (refreshUI on every refresh).
    private var displayLink: CADisplayLink?

    public init() {}

    public func build(root: CALayer, size: Size) {
        root.backgroundColor = Color(0.95, 0.95, 0.97)
        let boxW = Self.width + 60, boxH = 140.0
        containerLayer.frame = Rect((size.width - boxW) / 2, (size.height - boxH) / 2, boxW, boxH)
        containerLayer.path = Path.roundedRect(Rect(0, 0, boxW, boxH), cornerRadius: 16)
        containerLayer.fillColor = Color(0.16, 0.18, 0.22)
        containerLayer.masksToBounds = true
        root.addSublayer(containerLayer)

        bar.frame = Rect(30, 0, Self.width, boxH)
        containerLayer.addSublayer(bar)
        trackY = boxH / 2 + 20
        startPoint = Point(Self.width / 2, trackY - 14)

        trackLayer.path = Self.line(to: Self.width)
        trackLayer.frame = Rect(0, trackY - Self.kProgressWidth / 2, Self.width, Self.kProgressWidth)
        trackLayer.strokeColor = Color(1, 1, 1, 0.25)
        trackLayer.lineWidth = Self.kProgressWidth
        trackLayer.lineCap = .round
        trackLayer.fillColor = nil
        bar.addSublayer(trackLayer)

        progressLayer.frame = trackLayer.frame
        progressLayer.strokeColor = .white
        progressLayer.lineWidth = Self.kProgressWidth
        progressLayer.lineCap = .round
        progressLayer.fillColor = nil
        progressLayer.actions = ["path": nil]
        bar.addSublayer(progressLayer)

        // The indicator: 20 × 30; a 8 × 16 rectangle on top of a 20 × 14 triangle (tip down).
        indicator.bounds = Rect(0, 0, 20, 30)
        indicator.position = startPoint
        rectangleLayer.frame = Rect(6, 0, 8, 16)
        rectangleLayer.path = Path.rect(Rect(0, 0, 8, 16))
        rectangleLayer.fillColor = .white
        triangleLayer.frame = Rect(0, 16, 20, 14)
        var tri = Path()
        tri.move(to: Point(0, 0)); tri.addLine(to: Point(20, 0)); tri.addLine(to: Point(10, 14)); tri.closeSubpath()
        triangleLayer.path = tri
        triangleLayer.fillColor = .white
        indicator.addSublayer(rectangleLayer)
        indicator.addSublayer(triangleLayer)
        bar.addSublayer(indicator)

        label.frame = Rect(0, containerLayer.frame.maxY + 16, size.width, 20)
        label.alignmentMode = .center
        label.fontSize = 14
        label.foregroundColor = Color(0.3, 0.3, 0.3)
        root.addSublayer(label)
        updateLabel()
    }

    static func line(to x: Double) -> Path {
        var p = Path()
        p.move(to: Point(0, kProgressWidth / 2))
        p.addLine(to: Point(max(x, 0.001), kProgressWidth / 2))
        return p
    }

    private func updateLabel() {
        switch state {
        case .idle: label.string = "click to download"
        case .downloading: label.string = "downloading \(Int(progress * 100)) %: click to fail"
        case .failed: label.string = "failed: click to resume"
        }
    }

    // MARK: The article's animations

    /// readyForDownload: the triangle shrinks to 0.3, the rectangle to (1.5, 0.9), and the
    /// indicator hops along its path with a lean.
    func readyForDownload() {
        let triAnimation = CABasicAnimation(keyPath: "transform")
        triAnimation.toValue = .transform(.scale(0.3, 0.3, 1))
        triAnimation.duration = Self.duration
        triAnimation.fillMode = .forwards
        triAnimation.isRemovedOnCompletion = false
        triangleLayer.add(triAnimation, forKey: "kTriangleReadyAnimationKey")

        let recAnimation = CABasicAnimation(keyPath: "transform")
        recAnimation.toValue = .transform(.scale(1.5, 0.9, 1))
        recAnimation.duration = Self.duration
        recAnimation.fillMode = .forwards
        recAnimation.isRemovedOnCompletion = false
        rectangleLayer.add(recAnimation, forKey: "kRectangleReadyAnimationKey")

        indicator.add(indicatorReadyAnimation(), forKey: "indicatorReady")
    }

    /// indicatorMoveToReadyPath: up 40, down to 7.5 above the start, right 20, left to x = 0.
    func indicatorMoveToReadyPath() -> Path {
        var path = Path()
        let startPoint = indicator.position
        let topPoint = Point(startPoint.x, startPoint.y - 40)
        let horizontalPoint = Point(startPoint.x, startPoint.y - 7.5)
        let rightPoint = Point(startPoint.x + 20, horizontalPoint.y)
        let leftPoint = Point(0, horizontalPoint.y)
        path.move(to: startPoint)
        path.addLine(to: topPoint)
        path.addLine(to: horizontalPoint)
        path.addLine(to: rightPoint)
        path.addLine(to: leftPoint)
        return path
    }

    func indicatorReadyAnimation() -> CAAnimationGroup {
        let moveAnim = CAKeyframeAnimation(keyPath: "position")
        moveAnim.path = indicatorMoveToReadyPath()
        let rotationAnim = CAKeyframeAnimation(keyPath: "transform.rotation.z")
        rotationAnim.values = [.number(0), .number(Self.kHighSpeedAngle)]
        rotationAnim.keyTimes = [0.4, 0.7]
        // The children span the group and hold their end like it (the article leaves their
        // timing to the group).
        for a in [moveAnim, rotationAnim] as [CAAnimation] { a.duration = 0.9; a.fillMode = .forwards }
        let group = CAAnimationGroup()
        group.duration = 0.9
        group.timingFunction = CAMediaTimingFunction(name: .easeOut)
        group.animations = [rotationAnim, moveAnim]
        group.fillMode = .forwards
        group.isRemovedOnCompletion = false
        return group
    }

    /// refreshUI: the display link slides the indicator and rebuilds the progress path.
    func refreshUI() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        indicator.transform = .translation(Self.width * progress, 0)
        progressLayer.path = Self.line(to: Self.width * progress)
        CATransaction.commit()
    }

    /// A failure-phase group: every child and the group last `failDuration` and hold their
    /// end (forwards, not removed), as both of the article's failure animations do.
    private func failGroup(_ animations: [CABasicAnimation]) -> CAAnimationGroup {
        for a in animations { a.duration = Self.failDuration; a.fillMode = .forwards }
        let group = CAAnimationGroup()
        group.duration = Self.failDuration
        group.fillMode = .forwards
        group.isRemovedOnCompletion = false
        group.animations = animations
        return group
    }

    /// progressDissmissAnimation: the progress flattens to the track's bottom.
    func progressDismissAnimation() -> CAAnimationGroup {
        let scaleAnim = CABasicAnimation(keyPath: "transform")
        scaleAnim.toValue = .transform(.scale(1, 0, 1))
        let downAnim = CABasicAnimation(keyPath: "position.y")
        downAnim.toValue = .number(progressLayer.position.y + Self.kProgressWidth / 2)
        return failGroup([scaleAnim, downAnim])
    }

    /// progressDownAnimation: the water grows to the progress length and runs down.
    func progressDownAnimation(from water: CALayer) -> CAAnimationGroup {
        let scaleAnim = CABasicAnimation(keyPath: "bounds.size")
        scaleAnim.toValue = .size(Size(1, Self.width * progress))
        let downAnim = CABasicAnimation(keyPath: "position.y")
        downAnim.toValue = .number(water.position.y + (Self.width * progress) / 2 + 3)
        downAnim.timingFunction = CAMediaTimingFunction(name: .easeIn)
        return failGroup([scaleAnim, downAnim])
    }

    func fail() {
        state = .failed
        progressLayer.add(progressDismissAnimation(), forKey: "dismiss")
        let downLayer = CALayer()
        downLayer.frame = Rect(Self.width * progress - 1, trackY, 2, 0)
        downLayer.backgroundColor = .white
        downLayer.cornerRadius = 2.5
        bar.addSublayer(downLayer)
        downLayer.add(progressDownAnimation(from: downLayer), forKey: "down")
        waterLayer = downLayer
    }

    /// Back to the start state.
    func resume() {
        state = .idle
        progress = 0
        waterLayer?.removeFromSuperlayer()
        waterLayer = nil
        for l in [progressLayer, triangleLayer, rectangleLayer, indicator] as [CALayer] { l.removeAllAnimations() }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        indicator.transform = .identity
        progressLayer.path = nil
        CATransaction.commit()
    }

    // MARK: Demo

    public func click(at point: Point) -> Bool {
        switch state {
        case .idle:
            state = .downloading
            progress = 0
            readyForDownload()
            // The progress starts once the indicator has landed (the hop lasts 0.9 s).
            let readyAt = CACurrentMediaTime() + 0.9
            let link = CADisplayLink { [weak self] link in
                guard link.targetTimestamp >= readyAt else { return }
                self?.advance(by: link.duration)
            }
            link.add(to: .main)
            displayLink = link
        case .downloading:
            displayLink?.invalidate()
            fail()
        case .failed: resume()
        }
        updateLabel()
        return true
    }

    /// The display link's work: while downloading (after the hop), progress advances and the
    /// UI is refreshed; at 100 % the download is done and the button returns to rest.
    func advance(by seconds: Double) {
        guard state == .downloading else { return }
        progress = min(1, progress + seconds / Self.downloadTime)
        refreshUI()
        updateLabel()
        if progress >= 1 { displayLink?.invalidate(); resume(); updateLabel() }
    }

    public func tearDown() { displayLink?.invalidate(); tileTimer?.invalidate() }

    /// The tile starts a download whenever the button is back at rest (every 6 s).
    private var tileTimer: RunLoopTimer?
    public func startForTile() {
        label.isHidden = true   // too small to read on a tile
        _ = click(at: .zero)
        tileTimer = RunLoopTimer.scheduled(interval: 6, repeats: true) { [weak self] _ in
            guard let self, self.state == .idle else { return }
            _ = self.click(at: .zero)
        }
    }
}
