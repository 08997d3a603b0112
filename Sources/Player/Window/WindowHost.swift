// The SDL window every scene runs in: the frame loop from input to presenting the damaged
// rectangle, paced by vsync or the display link's grid.

import CSDL2
import Foundation
import LayerKit
import Media
import Raster

/// The SDL window every scene runs in: an 800×600-point (by default) resizable, hi-DPI
/// window whose root follows its size. Each frame: input events → timers and display links
/// → scene update → scene render into the pixel buffer the size of the drawable → the
/// presenter copies the damaged rectangle out and shows it: a streaming texture on hardware
/// renderers, the window surface with `SDL_UpdateWindowSurfaceRects` on software ones.
/// Frames are paced by vsync where presents block on it and by the display link's own grid
/// deadlines everywhere else; media time runs through a `MediaTimeline` (Slow Animations,
/// pause, single-frame step).
public final class WindowHost {
    public let configuration: PlayerConfiguration
    public let runLoop: PlayerRunLoop
    /// How frames were paced in the last run, and why (for logs and tests).
    public private(set) var pacing: (mode: PacingMode, reason: String)?
    /// The recorder of the last run.
    public private(set) var recorder: FrameTimingRecorder?
    /// Where notes and the verbose log go (stderr by default).
    public var log: (String) -> Void = { printError($0) }

    public init(configuration: PlayerConfiguration = PlayerConfiguration(), runLoop: PlayerRunLoop = .main) {
        self.configuration = configuration
        self.runLoop = runLoop
    }

    // MARK: SDL objects of one run

    private var window: OpaquePointer?
    private var renderer: OpaquePointer?
    private var presenter: FramePresenter?
    private var bitmap = Bitmap(width: 0, height: 0)
    private var scale = 1.0
    /// The window size in points.
    private var points = Size(0, 0)
    /// The screen's store holds nothing valid (first frame, resized, exposed): upload everything.
    private var needsFullUpload = true
    private var showGraph = false
    /// F11's fullscreen state (and the windowed frame to return to).
    private var fullscreen = FullscreenToggle()
    /// The debugging aids now (toggled by keys; a layer scene draws them).
    public private(set) var debugAids = DebugAids()

    /// Opens the window, runs `scene` until closed (close button, Ctrl+Q, an Escape the scene
    /// does not consume) or `duration` passes, then writes the timing files and summary.
    /// Throws one-line errors: no video device, bad script, files that cannot be written.
    public func run(_ scene: PlayerScene) throws(PlayerError) {
        let config = configuration
        guard config.size.width >= 1, config.size.height >= 1, config.size.width <= 16384, config.size.height <= 16384 else {
            throw PlayerError("--size: \(config.size.width)x\(config.size.height) is not a window size (1…16384 points each way)")
        }
        // SDL's own warnings (a missing XDG_RUNTIME_DIR, a Wayland probe) are captured: the
        // refusals below say what matters in one line, and --verbose shows the rest.
        let (initStatus, sdlSaid) = StandardErrorCapture.run { SDL_Init(SDL_INIT_VIDEO) }
        if initStatus != 0 {
            throw PlayerError("cannot open a window: \(sdlError()). Hint: run under `xvfb-run -a`, or set SDL_VIDEODRIVER=offscreen to run without a window")
        }
        defer { SDL_Quit() }
        let chosenDriver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "unknown"
        if let refusal = VideoDriverCheck.refusal(driver: chosenDriver, requested: ProcessInfo.processInfo.environment["SDL_VIDEODRIVER"]) {
            throw PlayerError(refusal)
        }
        _ = IMG_Init(Int32(IMG_INIT_PNG.rawValue))
        defer { IMG_Quit() }
        for item in config.script {
            if case .key(let name) = item.action, !SDLEvents.isKnownKey(name) {
                throw PlayerError("--key \(formatFixed(item.time, 3)):\(name): SDL knows no key named \"\(name)\" (try Escape, Left, Right, Space, Return, F, A)")
            }
        }
        // Made hidden and shown once the renderer exists: SDL's OpenGL renderer recreates a
        // window made without SDL_WINDOW_OPENGL, so a window shown at once would appear, vanish
        // and appear again under a new X id.
        var windowSize = config.size
        var usable = SDL_Rect()
        if config.fitsScreen, SDL_GetDisplayUsableBounds(0, &usable) == 0 {
            windowSize = WindowMetrics.fitted(config.size, into: Size(Double(usable.w), Double(usable.h)))
            if config.verbose { log("player: content \(config.size.width)x\(config.size.height) points, usable screen \(usable.w)x\(usable.h): window \(windowSize.width)x\(windowSize.height)") }
        }
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_HIDDEN.rawValue
        guard let window = SDL_CreateWindow(config.title, LK_SDL_WINDOWPOS_CENTERED(), LK_SDL_WINDOWPOS_CENTERED(),
                                            Int32(windowSize.width.rounded()), Int32(windowSize.height.rounded()), flags) else {
            throw PlayerError("cannot create the window: \(sdlError()). Hint: run under `xvfb-run -a`, or set SDL_VIDEODRIVER")
        }
        self.window = window
        fullscreen = FullscreenToggle()
        defer { SDL_DestroyWindow(window); self.window = nil }
        // The frame loop wakes every period for sub-millisecond deadlines; on a busy machine
        // a normal thread is woken milliseconds late. So it asks for real-time round-robin
        // scheduling, else SDL's high priority; either may be refused quietly. The loop
        // sleeps or blocks in present most of each period, and Linux's real-time throttling
        // bounds the rest. Raised before the renderer exists so the GL driver's worker
        // threads (llvmpipe) inherit it; restored when the window closes.
        let priority = config.realtimePriority ? ThreadPriority.raiseForFrameLoop() : "normal (--no-realtime)"
        defer { ThreadPriority.restore(after: priority) }
        let vsyncFlag = config.vsync ? SDL_RENDERER_PRESENTVSYNC.rawValue : 0
        guard let renderer = SDL_CreateRenderer(window, -1, vsyncFlag)
                ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
            throw PlayerError("cannot create a renderer: \(sdlError())")
        }
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        let rendererName = info.name.map { String(cString: $0) } ?? "unknown"
        let (software, rendererDetail) = SoftwareRendererCheck.isSoftware(renderer)
        let useSurface = config.presentPath == .surface || (config.presentPath == .auto && software)
        // The display's refresh period: what SDL reports, 60 Hz when it reports 0.
        var mode = SDL_DisplayMode()
        let displayIndex = max(0, SDL_GetWindowDisplayIndex(window))
        let refreshRate = SDL_GetCurrentDisplayMode(displayIndex, &mode) == 0 ? Int(mode.refresh_rate) : 0
        let period = FramePacer.period(forRefreshRate: refreshRate)
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "unknown"
        let pacing: (PacingMode, String)
        if useSurface {
            // The window surface and a renderer exclude each other on one window.
            SDL_DestroyRenderer(renderer)
            presenter = WindowSurfacePresenter(window: window)
            pacing = (.selfPaced, "window surface updates do not wait for vsync")
        } else {
            self.renderer = renderer
            presenter = TexturePresenter(renderer: renderer)
            pacing = VsyncProbe.decide(renderer: renderer, driver: driver, rendererName: rendererName,
                                       vsyncRequested: config.vsync, period: period)
            if pacing.0 == .selfPaced && config.vsync {
                // Presents must not wait on a simulated vsync: the link keeps the time.
                SDL_RenderSetVSync(renderer, 0)
            }
        }
        defer {
            presenter = nil
            if let r = self.renderer { SDL_DestroyRenderer(r) }
            self.renderer = nil
        }
        SDL_ShowWindow(window)
        if config.fullscreen { fullscreen.toggle(window) }
        try resizeIfNeeded()
        self.pacing = pacing
        // Show the window once, cleared, before the display link starts: the first present
        // maps the window (13 ms under Xvfb), which belongs to opening it, not to frame 0.
        presenter?.upload(bitmap, damage: nil, region: [])
        presenter?.present()
        needsFullUpload = true
        if config.verbose {
            log("player: driver \(driver), renderer \(rendererName) (\(rendererDetail)), present through the \(presenter?.name ?? "?"), refresh \(refreshRate) Hz (period \(formatFixed(period * 1000, 3)) ms), \(scale)x, \(pacing.0.rawValue): \(pacing.1); thread priority \(priority)")
            if !sdlSaid.isEmpty { log("player: SDL said: \(sdlSaid.split(whereSeparator: \.isNewline).joined(separator: " / "))") }
        }
        try loop(scene, period: period, mode: pacing.0)
    }

    // MARK: The frame loop

    private func loop(_ scene: PlayerScene, period: Double, mode: PacingMode) throws(PlayerError) {
        let config = configuration
        let clock = MonotonicClock()
        let recorder = FrameTimingRecorder(period: period)
        let timingFiles = try FrameTimingFiles(csvPath: config.recordTimingsPath, tracePath: config.tracePath)
        recorder.chunkHandler = { timingFiles.write($0) }
        self.recorder = recorder
        showGraph = config.showFrameGraph
        let windowID = SDL_GetWindowID(window)
        let script = config.script.sorted { $0.time < $1.time }
        var nextStep = script.startIndex  // the first step not yet delivered
        let start = clock.now()
        var pacer = FramePacer(period: period, origin: start)
        // Ticks are paced on the raw monotonic clock and handed out in the media time of the
        // scene's clock (a document's reads 0 when it was opened): the offset between the two,
        // fixed for the run.
        let mediaClock = (scene.animationContext ?? CAAnimationContext.current).clock
        let mediaOffset = mediaClock.now - start
        // During the run the host owns the media clock: it reads each tick's timestamp, as in
        // a headless run, so what handlers, timers and commits see is the frame's time.
        let savedManualTime = mediaClock.manualTime
        defer { mediaClock.manualTime = savedManualTime }
        runLoop.setCurrentTime(start + mediaOffset, refreshPeriod: period)
        let driver = SceneDriver(scene: scene, runLoop: runLoop, origin: start + mediaOffset, verbose: config.verbose, log: log)
        var lastPresent = start
        var previousStart: Double?
        var quit = false
        var timeline = MediaTimeline(real: start, media: start + mediaOffset)
        debugAids = config.debugAids
        scene.setDebugAids(debugAids)
        scene.setFrameThreads(config.frameThreads)
        scene.resize(to: points)
        var translator = SDLEvents.Translator()
        var title = config.title
        var heapTrimmer = HeapTrimmer()
        HeapTrimmer.keepPeak()

        while !quit {
            // Wait for the tick: the grid deadline, or (vsync) the last present's return.
            let timestamp: Double
            let slot: Int
            if mode == .selfPaced {
                clock.wait(until: pacer.deadline)
                timestamp = pacer.deadline
                slot = pacer.slot
            } else {
                timestamp = lastPresent
                slot = Int(((timestamp - start) / period).rounded())
            }
            let elapsed = timestamp - start
            if let d = config.duration, elapsed + period / 2 >= d { break }
            let frameStart = clock.now()
            let mediaTimestamp = timeline.advance(toRealTime: timestamp, rate: debugAids.mediaRate)
            mediaClock.manualTime = mediaTimestamp
            let tick = DisplayTick(slot: slot, timestamp: mediaTimestamp, targetTimestamp: mediaTimestamp + period, duration: period)
            var frame = FrameTiming(index: 0, timestamp: mediaTimestamp, targetTimestamp: tick.targetTimestamp,
                                    interval: previousStart.map { frameStart - $0 } ?? 0)
            frame.start = frameStart
            previousStart = frameStart

            // Events: scripted input due now becomes SDL events, then everything is polled.
            var screenshots: [String] = []
            while nextStep < script.endIndex, script[nextStep].time <= elapsed + 1e-6 {
                let next = script[nextStep]
                nextStep += 1
                switch next.action {
                case .click(let p): SDLEvents.pushClick(at: p, windowID: windowID)
                case .press(let p): SDLEvents.pushButton(down: true, at: p, windowID: windowID)
                case .drag(let p): SDLEvents.pushDrag(to: p, windowID: windowID)
                case .release(let p): SDLEvents.pushButton(down: false, at: p, windowID: windowID)
                case .key(let name): SDLEvents.pushKey(named: name, windowID: windowID)
                case .screenshot(let path): screenshots.append(path)
                case .drop(let path): SDLEvents.pushDrop(path: path, windowID: windowID)
                }
            }
            var inputCount = 0
            var resized = false
            var event = SDL_Event()
            while SDL_PollEvent(&event) != 0 {
                switch translator.translate(&event) {
                case .quit(let how):
                    if config.verbose { log("event t=\(formatFixed(elapsed, 3)) \(how)") }
                    quit = true
                case .resized: resized = true
                case .exposed: needsFullUpload = true
                case .pointerLeft: scene.pointerDidMove(to: nil)
                case .input(let input):
                    inputCount += 1
                    if case .mouseMoved(let p) = input { scene.pointerDidMove(to: p) }
                    if case .mouseDragged(let p) = input { scene.pointerDidMove(to: p) }
                    if !driver.dispatch(input, at: mediaTimestamp), case .key(let name) = input {
                        hostKey(name, period: period, timeline: &timeline, scene: scene, quit: &quit)
                    }
                case .ignored: break
                }
            }
            if resized { try resizeIfNeeded(); scene.resize(to: points) }
            frame.inputEvents = inputCount
            let t1 = clock.now()
            frame.events = t1 - frameStart

            // Update: timers, display links, the scene's animations at targetTimestamp.
            driver.update(tick)
            if let wanted = scene.windowTitle, wanted != title {
                title = wanted
                SDL_SetWindowTitle(window, wanted)
            }
            let t2 = clock.now()
            frame.update = t2 - t1

            // Render into the pixel buffer.
            let stats = scene.render(into: bitmap, scale: scale)
            let t3 = clock.now()
            frame.raster = max(0, min(stats.rasterSeconds, t3 - t2))
            frame.render = stats.renderSeconds > 0 ? stats.renderSeconds : max(0, (t3 - t2) - frame.raster)

            // Upload the damaged rectangle.
            let presenter = self.presenter!
            presenter.upload(bitmap, damage: needsFullUpload ? nil : stats.damage, region: stats.damageRegion)
            needsFullUpload = false
            let t4 = clock.now()
            frame.upload = t4 - t3

            // Overlay, screenshots, present.
            if showGraph { presenter.drawFrameGraph(recorder.last(120), period: period, scale: scale, bitmap: bitmap) }
            for path in screenshots { try saveScreenshot(to: path) }
            let beforePresent = clock.now()
            presenter.present()
            let t5 = clock.now()
            frame.present = t5 - t4
            frame.work = mode == .vsync ? beforePresent - frameStart : t5 - frameStart
            recorder.record(frame)
            if heapTrimmer.isDue(now: t5, drew: stats.damage.map { !$0.isEmpty } ?? true) { HeapTrimmer.trim() }

            if mode == .selfPaced {
                pacer.advance(finishedAt: clock.now())
            } else if t5 - lastPresent < period / 2 {
                // A present that did not block (window hidden, compositor off-screen): keep
                // the period rather than spinning through frames.
                lastPresent += period
                clock.wait(until: lastPresent)
            } else {
                lastPresent = t5
            }
        }
        try writeResults(recorder, to: timingFiles)
        if config.debugAids.stats, let overlay = scene.debugOverlayRenderer {
            log("stats: largest of the run: \(overlay.maxima.text)")
        }
    }

    /// A key the scene did not consume: quit (Escape), the frame graph (F), fullscreen (F11),
    /// a debugging aid (F1–F7) or the single-frame step (F8).
    private func hostKey(_ name: String, period: Double, timeline: inout MediaTimeline, scene: PlayerScene, quit: inout Bool) {
        switch name {
        case "Escape": quit = true
        case "F": showGraph.toggle()
        case "F11":
            if let window { fullscreen.toggle(window) }
        case DebugAids.stepKey:
            timeline.step(by: period * (debugAids.slowAnimations ? debugAids.slowAnimationFactor : 1))
        default:
            guard let (title, on) = debugAids.toggle(key: name) else { return }
            scene.setDebugAids(debugAids)
            if configuration.verbose { log("player: \(title) \(on ? "on" : "off")") }
        }
    }

    // MARK: Pieces of a frame

    /// Matches the pixel buffer and the presenter's store to the drawable's pixel size (hi-DPI:
    /// the pixel scale is the drawable's width over the window's), the first time and after a
    /// resize; a new size damages everything (the scene draws its new bitmap whole).
    private func resizeIfNeeded() throws(PlayerError) {
        guard let presenter else { return }
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        let (pw, ph) = presenter.drawableSize()
        scale = WindowMetrics.pixelScale(windowWidth: Int(w), drawableWidth: pw)
        points = Size(Double(max(w, 1)), Double(max(h, 1)))
        try presenter.resize(width: pw, height: ph)
        needsFullUpload = true
        if pw == bitmap.width && ph == bitmap.height { return }
        guard pw <= 16384, ph <= 16384 else { throw PlayerError("the drawable is \(pw)x\(ph) pixels: more than 16384 each way") }
        bitmap = Bitmap(width: pw, height: ph)
    }

    /// Saves what the window shows now (after upload and overlay) as PNG; falls back to the
    /// pixel buffer where the presenter cannot read back.
    private func saveScreenshot(to path: String) throws(PlayerError) {
        let shot = Bitmap(width: bitmap.width, height: bitmap.height)
        if presenter?.readPixels(into: shot) != true {
            shot.blit(bitmap, x: 0, y: 0)
        }
        // The window is opaque: force alpha so the PNG is too.
        for i in 0..<shot.pixelCount { shot.pixels[i] |= 0xFF00_0000 }
        do { try shot.writePNG(path) } catch { throw PlayerError("\(error)") }
        if configuration.verbose { log("player: screenshot \(path)") }
    }

    /// The rest of the CSV and the trace, and the summary on stderr.
    private func writeResults(_ recorder: FrameTimingRecorder, to files: FrameTimingFiles) throws(PlayerError) {
        let config = configuration
        recorder.flush()
        try files.finish()
        if config.recordTimingsPath != nil || config.tracePath != nil || config.verbose {
            log(recorder.summary.text)
        }
    }
}

/// SDL's last error message.
func sdlError() -> String { String(cString: SDL_GetError()) }
