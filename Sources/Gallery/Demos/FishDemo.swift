// The fish demo: frame-by-frame animation driven by a CADisplayLink.
import LayerKit
import Player

/// The swimming fish: a display link calls `step` on every screen refresh; every 10th
/// tick the layer shows the next of ten fish images (6 images a second at 60 Hz).
public final class FishDemo: Demo {
    public static let name = "fish"
    public static let title = "Fish: frame by frame"
    static let imageCount = 10

    /// The image layer: bounds 87 × 32 at (160, 284).
    public let layer = CALayer()
    /// The ten frames, loaded once (the article caches them rather than load in the loop).
    private var images: [ImageRef?] = []
    /// The tick counter (the article's static int s) and the next image (_index).
    public private(set) var ticks = 0
    public private(set) var index = 0

    /// The clock object (displayLink), added to the main loop in `build`.
    private var displayLink: CADisplayLink?

    public init() {}

    public func build(root: CALayer, size: Size) {
        root.contents = GalleryAssets.image("bg")
        root.contentsGravity = .resizeAspectFill
        layer.bounds = Rect(0, 0, 87, 32)
        layer.position = Point(160, 284)
        root.addSublayer(layer)
        images = (0..<Self.imageCount).map { GalleryAssets.image("fish\($0)") }
        layer.contents = images[0]
        let displayLink = CADisplayLink { [weak self] _ in self?.step() }
        displayLink.add(to: .main)
        self.displayLink = displayLink
    }

    /// The display link's target: every 10th call shows the next image.
    func step() {
        ticks += 1
        if ticks % 10 == 0 {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.contents = images[index]
            CATransaction.commit()
            index = (index + 1) % Self.imageCount
        }
    }

    public func tearDown() { displayLink?.invalidate() }
}
