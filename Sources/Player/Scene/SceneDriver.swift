// The frame steps shared by the window and the headless runner: input to the scene, then
// timers and display links, then the scene's update, so every run takes the same path.

import Raster

/// The part of a frame that the window and the headless runner share: routing input to the
/// scene (with the verbose log), then the main loop's timers and display links, then the
/// scene's update. Keeping it in one place means scripted and real input, windowed and
/// headless runs, all take the same path.
final class SceneDriver {
    let scene: PlayerScene
    let runLoop: PlayerRunLoop
    /// Media time of t = 0 for the log.
    let origin: Double
    var verbose: Bool
    var log: (String) -> Void

    init(scene: PlayerScene, runLoop: PlayerRunLoop, origin: Double, verbose: Bool, log: @escaping (String) -> Void) {
        self.scene = scene
        self.runLoop = runLoop
        self.origin = origin
        self.verbose = verbose
        self.log = log
    }

    /// Logs (when verbose) and hands one event to the scene; returns whether it consumed it.
    func dispatch(_ event: InputEvent, at time: Double) -> Bool {
        if verbose { log("event t=\(formatFixed(time - origin, 3)) \(event)") }
        return scene.handle(event)
    }

    /// Timers and display links due in `tick`, then the scene's update.
    func update(_ tick: DisplayTick) {
        runLoop.run(tick)
        scene.update(timestamp: tick.timestamp, targetTimestamp: tick.targetTimestamp, duration: tick.duration)
    }
}
