// Any moment of any demo drawn without a window.
import LayerKit
import Player

/// Draws a demo (or the gallery) at a time, with scripted clicks and keys, through the
/// player's headless runner (manual clock on the 60 Hz grid, the same input path as the
/// window). Backs `layerplay render --demo` and the gallery tests.
public enum DemoRenderer {
    /// A one-line error naming the place and the problem.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(_ d: String) { description = d }
    }

    /// The latest time a demo is drawn at, in seconds: a demo runs every 60 Hz tick up to the
    /// time asked for (its timers, springs and clicks are simulated, not jumped over), so the
    /// time bounds the work (an hour is 216,000 ticks, a few seconds).
    public static let maximumTime = 3_600.0

    /// The media time a headless run starts at: fixed, so that a frame is the same from run
    /// to run. (Starting at the machine's uptime made demos that compute with absolute times
    /// — an emitter's births, a spring's start — round differently from one run to the next
    /// and move a pixel here and there.) Not 0: a `beginTime` of 0 means "now" to Core
    /// Animation.
    public static let startTime = 1_000.0

    /// The runner for demo `name` ("gallery" for the grid), ready to `run(until:)`. The
    /// scene runs in the current animation context, whose clock the runner then owns: it
    /// reads the run's start while the scene is built and each tick's timestamp after.
    public static func runner(demo name: String, size: Size = Size(800, 600), scale: Double = 1,
                              script: [ScriptedInput] = []) throws -> HeadlessRunner {
        let context = CAAnimationContext.current
        let scene: PlayerScene
        // The demos read CACurrentMediaTime(): stop the media clock where the runner starts,
        // at the same time in every run (`startTime`).
        let start = Self.startTime
        context.clock.manualTime = start
        // A fresh main loop and engine: timers scheduled while the scene is built count from
        // the run's start, and nothing of an earlier run lingers.
        PlayerRunLoop.main.invalidateAll()
        PlayerRunLoop.main.setCurrentTime(start, refreshPeriod: 1.0 / 60)
        context.engine.reset()
        if name == "gallery" {
            scene = GalleryScene(size: size)
        } else if let type = DemoCatalog.named(name) {
            scene = DemoScene(demo: type, size: size)
        } else {
            context.clock.manualTime = nil
            throw Failure("--demo \(name): unknown demo (known: \(DemoCatalog.names.joined(separator: ", ")), gallery)")
        }
        return HeadlessRunner(scene: scene, size: size, scale: scale, startTime: start, script: script)
    }

    /// The frame of demo `name` at `time` seconds after it opened.
    public static func render(demo name: String, time: Double, size: Size = Size(800, 600), scale: Double = 1,
                              script: [ScriptedInput] = []) throws -> Bitmap {
        guard time.isFinite, time >= 0 else { throw Failure("--time \(time): expected seconds ≥ 0") }
        let r = try runner(demo: name, size: size, scale: scale, script: script)
        defer { r.mediaClock?.manualTime = nil }
        return try r.run(until: time)
    }
}
