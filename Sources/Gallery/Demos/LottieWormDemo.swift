// The worm HUD played from Lottie: `WormLottieExport` writes the demo's worms as a Lottie
// file, the Lottie importer turns it back into Core Animation layers with keyframe
// animations, and a clock layer (duration one cycle, repeatCount infinity, beginning when the demo
// opens) loops it, so the
// tile shows what the importer makes of a file of our own making.
import LayerKit
import Lottie
import Player

public final class LottieWormDemo: Demo {
    public static let name = "lottie-worm"
    public static let title = "Worm HUD (Lottie)"

    /// The imported animation.
    public private(set) var scene: LottieScene?
    /// The layer whose timing loops the animation.
    public let clock = CALayer()

    public init() {}

    public func build(root: CALayer, size: Size) {
        root.backgroundColor = Color(0.93, 0.93, 0.95)
        // One transaction for the import and the clock: the importer's animations have
        // beginTime 0, which the commit resolves to their layer's local time then, so the
        // clock must already hold them, at its own local time 0.
        CATransaction.begin()
        defer { CATransaction.commit() }
        let scene: LottieScene
        do {
            scene = try LottieScene.parse(WormLottieExport.json())
        } catch {
            // The file is ours: a refusal is a fault of the exporter or the importer, shown
            // on the tile rather than hidden.
            let message = CATextLayer()
            message.frame = Rect(8, size.height / 2 - 10, size.width - 16, 20)
            message.string = "lottie-worm: \(error)"
            message.fontSize = 12
            message.foregroundColor = Color.red
            root.addSublayer(message)
            return
        }
        self.scene = scene
        // The file's square, centred at its own size (as the worm demo's HUD is).
        clock.bounds = Rect(0, 0, scene.width, scene.height)
        clock.position = Point(size.width / 2, size.height / 2)
        clock.beginTime = CACurrentMediaTime()
        clock.duration = scene.duration
        clock.repeatCount = .infinity
        clock.fillMode = .both
        clock.addSublayer(scene.fitted(width: scene.width, height: scene.height))
        root.addSublayer(clock)
    }
}
