// Runs a scene with no window under a manual clock on the refresh grid: timers, display links
// and scripted input take the window's path, and the last frame is rendered into a bitmap.

import LayerKit
import Media
import Raster

/// Drives a scene with no window: a manual clock on the refresh grid (60 Hz by default), the
/// main loop's timers and display links, scripted clicks and keys delivered through the same
/// path as a window's events, and a final frame rendered into a `Bitmap`. Used by
/// `layerplay render` and by tests; needs no SDL video.
public final class HeadlessRunner {
    public let scene: PlayerScene
    /// The window size in points.
    public let size: Size
    /// Pixels per point.
    public let scale: Double
    public let runLoop: PlayerRunLoop
    /// The clock the run advances; its time is `startTime + t`.
    public let clock: ManualClock
    /// The refresh period (1 / framesPerSecond).
    public let period: Double
    /// Media time of t = 0 (the first tick's timestamp).
    public let startTime: Double
    /// Clicks, keys and screenshots still to come, by time from the start.
    public var script: [ScriptedInput]
    /// Logs every input event (`event t=1.000 click (100.0, 100.0)`) through `log`.
    public var verbose = false
    /// Where the verbose log and notes go (stderr by default).
    public var log: (String) -> Void = { printError($0) }
    /// The media clock the run owns: before each tick its manual time is set to the tick's
    /// timestamp, so `CACurrentMediaTime()` in the scene's context reads the run's time.
    /// By default the clock of the scene's animation context; nil for scenes without one.
    public var mediaClock: CAMediaClock?
    /// Called for each scripted screenshot with its path and the frame's pixels; the default
    /// writes a PNG through Media. Throwing stops the run with that error.
    public var saveScreenshot: (String, Bitmap) throws -> Void = { path, bitmap in
        do { try bitmap.writePNG(path) } catch { throw PlayerError("\(error)") }
    }

    /// The frame buffer, device pixels; kept between frames as in the window.
    public let bitmap: Bitmap
    /// The next tick's slot on the grid.
    public private(set) var slot = 0
    /// Frames rendered so far.
    public private(set) var renderedFrames = 0
    /// Set when the scene did not consume an Escape (a window would have closed).
    public private(set) var quitRequested = false
    private let driver: SceneDriver

    /// A runner for `scene` in a `size`-point window at `scale`, ticking `framesPerSecond`
    /// times a second from `startTime` on `runLoop`.
    public init(scene: PlayerScene, size: Size = Size(800, 600), scale: Double = 1,
                framesPerSecond: Int = 60, startTime: Double = 0, script: [ScriptedInput] = [],
                runLoop: PlayerRunLoop = .main) {
        self.scene = scene
        self.size = size
        self.scale = scale > 0 ? scale : 1
        self.runLoop = runLoop
        self.period = FramePacer.period(forRefreshRate: framesPerSecond)
        self.startTime = startTime
        self.clock = ManualClock(time: startTime)
        self.script = script.sorted { $0.time < $1.time }
        self.bitmap = Bitmap(width: Int((size.width * self.scale).rounded()), height: Int((size.height * self.scale).rounded()))
        self.driver = SceneDriver(scene: scene, runLoop: runLoop, origin: startTime, verbose: false, log: { _ in })
        self.mediaClock = scene.animationContext?.clock
        runLoop.setCurrentTime(startTime, refreshPeriod: period)
    }

    /// The time of the next tick, seconds from the start.
    public var nextTickTime: Double { Double(slot) * period }

    /// Runs every tick whose time is ≤ `t` seconds from the start (the grid 0, 1/60, …),
    /// rendering each when `renderEveryFrame`, then renders the frame of the last tick and
    /// returns the bitmap. Calling again continues from where the last run stopped.
    @discardableResult
    public func run(until t: Double, renderEveryFrame: Bool = false) throws -> Bitmap {
        var ranTick: DisplayTick?
        while nextTickTime <= t + period * 1e-6 {
            let tick = step()
            ranTick = tick
            let shots = takeScreenshots(upTo: tick.timestamp - startTime)
            if renderEveryFrame || !shots.isEmpty {
                render()
                for path in shots { try saveScreenshot(path, bitmap) }
            }
        }
        if !renderEveryFrame, ranTick != nil { render() }
        return bitmap
    }

    /// One tick: scripted input due by its time, timers and display links, update. Does not
    /// render; returns the tick.
    @discardableResult
    public func step() -> DisplayTick {
        let timestamp = startTime + Double(slot) * period
        clock.wait(until: timestamp)
        mediaClock?.manualTime = timestamp
        let tick = DisplayTick(slot: slot, timestamp: timestamp, targetTimestamp: timestamp + period, duration: period)
        driver.verbose = verbose
        driver.log = log
        while let next = script.first, next.time <= timestamp - startTime + period * 1e-6 {
            script.removeFirst()
            switch next.action {
            case .click(let p):
                _ = driver.dispatch(.mouseDown(p), at: timestamp)
                _ = driver.dispatch(.mouseUp(p), at: timestamp)
            case .press(let p): _ = driver.dispatch(.mouseDown(p), at: timestamp)
            case .drag(let p): _ = driver.dispatch(.mouseDragged(p), at: timestamp)
            case .release(let p): _ = driver.dispatch(.mouseUp(p), at: timestamp)
            case .key(let name):
                if !driver.dispatch(.key(name), at: timestamp), name == "Escape" { quitRequested = true }
            case .drop(let path):
                _ = driver.dispatch(.fileDropped(path), at: timestamp)
            case .screenshot:
                script.insert(next, at: 0)  // taken after the frame renders
            }
            if case .screenshot = next.action { break }
        }
        driver.update(tick)
        slot += 1
        return tick
    }

    /// Renders the current frame into `bitmap`.
    public func render() {
        _ = scene.render(into: bitmap, scale: scale)
        renderedFrames += 1
    }

    /// Removes and returns the paths of screenshots due by `t`.
    private func takeScreenshots(upTo t: Double) -> [String] {
        var paths: [String] = []
        script.removeAll { item in
            if case .screenshot(let path) = item.action, item.time <= t + period * 1e-6 { paths.append(path); return true }
            return false
        }
        return paths
    }
}
