// The browser demo: an image browser that changes image through CATransition.
import LayerKit
import Player

/// Seed 001's endless image browser: five images fill the window; a click on the right half
/// (or Right) shows the next, on the left half (or Left) the previous, wrapping, with a
/// transition of 1 s (fromRight for next, fromLeft for previous). T cycles the transition
/// types; the article's cube is the default.
public final class ImageBrowserDemo: Demo {
    public static let name = "browser"
    public static let title = "Image browser"
    static let imageCount = 5

    /// One choice of the T key: a CATransition type, or a view-style transition.
    public enum Kind {
        case layer(TransitionType)
        case view(ViewAnimationOptions, String)
        var title: String {
            switch self {
            case .layer(let t): return t.rawValue
            case .view(_, let name): return name
            }
        }
    }

    /// Cube first (the article's choice), then the public, private and view-style types.
    public static var kinds: [Kind] { [
        .layer(.cube), .layer(.fade), .layer(.moveIn), .layer(.push), .layer(.reveal),
        .layer(.oglFlip), .layer(.suckEffect), .layer(.rippleEffect), .layer(.pageCurl),
        .layer(.pageUnCurl), .layer(.cameraIrisHollowOpen), .layer(.cameraIrisHollowClose),
        .view(.transitionFlipFromLeft, "flipFromLeft"), .view(.transitionFlipFromRight, "flipFromRight"),
        .view(.transitionFlipFromTop, "flipFromTop"), .view(.transitionFlipFromBottom, "flipFromBottom"),
        .view(.transitionCurlUp, "curlUp"), .view(.transitionCurlDown, "curlDown"),
        .view(.transitionCrossDissolve, "crossDissolve"),
    ] }

    public private(set) var kindIndex = 0
    public private(set) var currentIndex = 0
    /// The image view (_imageView): fills the window, aspect fit.
    public let imageView = CALayer()
    private let label = CATextLayer()
    private var images: [ImageRef?] = []
    private var size = Size(800, 600)

    public init() {}

    public func build(root: CALayer, size: Size) {
        self.size = size
        root.backgroundColor = .black
        images = (0..<Self.imageCount).map { GalleryAssets.image("photo\($0)") }
        imageView.frame = Rect(0, 0, size.width, size.height)
        imageView.contentsGravity = .resizeAspect
        imageView.contents = images[0]
        root.addSublayer(imageView)
        label.frame = Rect(10, size.height - 26, size.width - 20, 20)
        label.fontSize = 14
        label.foregroundColor = .white
        root.addSublayer(label)
        updateLabel()
    }

    private func updateLabel() {
        label.string = "\(currentIndex + 1)/\(Self.imageCount)  transition: \(Self.kinds[kindIndex].title)   (T changes, ← →)"
    }

    /// getImage: the next or previous index, wrapping.
    func getImage(_ isNext: Bool) -> ImageRef? {
        currentIndex = isNext ? (currentIndex + 1) % Self.imageCount
                              : (currentIndex - 1 + Self.imageCount) % Self.imageCount
        return images[currentIndex]
    }

    /// transitionAnimation: the new image and the transition in one transaction (the old
    /// image is what the layer showed before this transaction's change).
    public func transitionAnimation(_ isNext: Bool) {
        switch Self.kinds[kindIndex] {
        case .layer(let type):
            let transition = CATransition()
            transition.type = type
            transition.subtype = isNext ? .fromRight : .fromLeft
            transition.duration = 1.0
            CATransaction.begin()
            CATransaction.setDisableActions(true)   // no implicit contents fade on top
            imageView.contents = getImage(isNext)
            imageView.add(transition, forKey: "KCTransitionAnimation")
            CATransaction.commit()
        case .view(let option, _):
            let layer = imageView
            CALayer.transition(with: layer, duration: 1.0, options: [.curveLinear, option], animations: {
                layer.contents = self.getImage(isNext)
            }, completion: nil)
        }
        updateLabel()
    }

    // MARK: Demo

    public func click(at point: Point) -> Bool {
        transitionAnimation(point.x >= size.width / 2)
        return true
    }

    public func key(_ name: String) -> Bool {
        switch name {
        case "Right": transitionAnimation(true)
        case "Left": transitionAnimation(false)
        case "T", "t":
            kindIndex = (kindIndex + 1) % Self.kinds.count
            updateLabel()
        default: return false
        }
        return true
    }

    /// The tile pages forward every 2.5 s.
    private var tileTimer: RunLoopTimer?
    public func startForTile() {
        label.isHidden = true   // too small to read on a tile
        tileTimer = RunLoopTimer.scheduled(interval: 2.5, repeats: true) { [weak self] _ in self?.transitionAnimation(true) }
    }
    public func tearDown() { tileTimer?.invalidate() }
}
