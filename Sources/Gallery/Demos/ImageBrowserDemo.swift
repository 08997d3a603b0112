// OWNER: gallery helper. demos.md §4, seed 001 (an image browser with transitions).
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

    /// The transition types the T key cycles through, the article's cube first.
    public static let kinds = ["push", "fade", "moveIn", "reveal"]

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
        label.string = "\(currentIndex + 1)/\(Self.imageCount)  transition: \(Self.kinds[kindIndex])   (T changes, ← →)"
    }

    /// getImage: the next or previous index, wrapping.
    func getImage(_ isNext: Bool) -> ImageRef? {
        currentIndex = isNext ? (currentIndex + 1) % Self.imageCount
                              : (currentIndex - 1 + Self.imageCount) % Self.imageCount
        return images[currentIndex]
    }

    /// transitionAnimation: the new image and a transition in one go.
    public func transitionAnimation(_ isNext: Bool) {
        let old = imageView.contents
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        imageView.contents = getImage(isNext)
        CATransaction.commit()
        BasicTransition.run(Self.kinds[kindIndex], fromRight: isNext, on: imageView, oldContents: old, duration: 1.0)
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
        tileTimer = RunLoopTimer.scheduled(interval: 2.5, repeats: true) { [weak self] _ in self?.transitionAnimation(true) }
    }
    public func tearDown() { tileTimer?.invalidate() }
}
