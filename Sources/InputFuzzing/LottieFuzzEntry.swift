// One fuzzed Lottie file (JSON or a `.lottie` archive) imported as `layerplay render` imports
// it: the clock at 0 while the layers and their keyframe animations are built, then the
// animation aspect-fit into a small canvas and drawn at its start and half-way through. Each
// input runs in an animation context of its own.
import LayerKit
import Lottie
import Raster

enum LottieFuzzEntry {
    /// The progress points drawn (0 is the in point, 1 the out point).
    static let progress = [0.0, 0.5]

    static func run(_ bytes: [UInt8]) -> FuzzOutcome {
        CAAnimationContext(clock: CAMediaClock(manualTime: 0)).run {
            let context = CAAnimationContext.current
            let scene: LottieScene
            do {
                scene = try LottieScene.parse(bytes, baseDirectory: "/fuzz", images: FixedImageLoader())
            } catch {
                return FuzzOutcome.refusal("\(error)")
            }
            context.engine.tick(at: 0)
            // The commands print each warning escaped: that must make it one clean line.
            for w in scene.warnings {
                if let problem = FuzzOutcome.problem(with: DocumentText.escaped(w, limit: DocumentText.messageLength)) {
                    return FuzzOutcome.broken("a warning that is not one clean line once escaped (\(problem)): \(w.debugDescription.prefix(300))")
                }
            }
            let side = Double(SmallCanvas.side)
            let frame = scene.fitted(width: side, height: side)
            let bitmap = Bitmap(width: SmallCanvas.side, height: SmallCanvas.side)
            let renderer = LayerRenderer(scale: 1, background: .clear)
            for p in progress {
                let t = scene.time(forProgress: p)
                context.clock.manualTime = t.isFinite ? t : 0
                renderer.draw(frame.presentation(at: context.clock.manualTime ?? 0), into: Canvas(bitmap))
            }
            return .accepted
        }
    }
}
