import CSDL2
import Foundation
import LayerKit
import Media
import Raster

/// The SDL window every scene runs in: an 800×600-point (by default) resizable, hi-DPI
/// window; a renderer asked for vsync; one streaming ARGB8888 texture the size of the
/// drawable in pixels. Each frame: input events → timers and display links → scene update →
/// scene render into the pixel buffer → `SDL_UpdateTexture` of the damaged rectangle → copy →
/// present, paced by vsync where presents block on it and by the display link's own grid
/// deadlines everywhere else.
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
    private var texture: OpaquePointer?
    private var bitmap = Bitmap(width: 0, height: 0)
    private var scale = 1.0
    /// The texture holds nothing yet (first frame, resized): upload everything.
    private var textureIsFresh = true
    private var showGraph = false

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
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_SHOWN.rawValue
        guard let window = SDL_CreateWindow(config.title, LK_SDL_WINDOWPOS_CENTERED(), LK_SDL_WINDOWPOS_CENTERED(),
                                            Int32(config.size.width.rounded()), Int32(config.size.height.rounded()), flags) else {
            throw PlayerError("cannot create the window: \(sdlError()). Hint: run under `xvfb-run -a`, or set SDL_VIDEODRIVER")
        }
        self.window = window
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
        self.renderer = renderer
        defer { SDL_DestroyRenderer(renderer); self.renderer = nil }
        defer { if let t = texture { SDL_DestroyTexture(t) }; texture = nil }
        try resizeIfNeeded()

        // The display's refresh period: what SDL reports, 60 Hz when it reports 0.
        var mode = SDL_DisplayMode()
        let displayIndex = max(0, SDL_GetWindowDisplayIndex(window))
        let refreshRate = SDL_GetCurrentDisplayMode(displayIndex, &mode) == 0 ? Int(mode.refresh_rate) : 0
        let period = FramePacer.period(forRefreshRate: refreshRate)
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        let rendererName = info.name.map { String(cString: $0) } ?? "unknown"
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "unknown"
        let pacing = VsyncProbe.decide(renderer: renderer, driver: driver, rendererName: rendererName,
                                       vsyncRequested: config.vsync, period: period)
        if pacing.0 == .selfPaced && config.vsync {
            // Presents must not wait on a simulated vsync: the link keeps the time.
            SDL_RenderSetVSync(renderer, 0)
        }
        self.pacing = pacing
        // Show the window once, cleared, before the display link starts: the first present
        // maps the window (13 ms under Xvfb), which belongs to opening it, not to frame 0.
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
        SDL_RenderClear(renderer)
        SDL_RenderPresent(renderer)
        if config.verbose {
            log("player: driver \(driver), renderer \(rendererName), refresh \(refreshRate) Hz (period \(formatFixed(period * 1000, 3)) ms), \(scale)x, \(pacing.0.rawValue): \(pacing.1); thread priority \(priority)")
            if !sdlSaid.isEmpty { log("player: SDL said: \(sdlSaid.split(whereSeparator: \.isNewline).joined(separator: " / "))") }
        }
        try loop(scene, period: period, mode: pacing.0)
    }

    // MARK: The frame loop

    private func loop(_ scene: PlayerScene, period: Double, mode: PacingMode) throws(PlayerError) {
        let config = configuration
        let clock = MonotonicClock()
        let recorder = FrameTimingRecorder(period: period)
        self.recorder = recorder
        showGraph = config.showFrameGraph
        let windowID = SDL_GetWindowID(window)
        var script = config.script.sorted { $0.time < $1.time }
        let start = clock.now()
        var pacer = FramePacer(period: period, origin: start)
        // Ticks are paced on the raw monotonic clock and handed out in the media time of the
        // scene's clock (a document's reads 0 when it was opened): the offset between the two,
        // fixed for the run.
        let mediaClock = (scene as? LayerScene)?.context.clock ?? CAAnimationContext.current.clock
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
            let mediaTimestamp = timestamp + mediaOffset
            mediaClock.manualTime = mediaTimestamp
            let tick = DisplayTick(slot: slot, timestamp: mediaTimestamp, targetTimestamp: mediaTimestamp + period, duration: period)
            var frame = FrameTiming(index: 0, timestamp: mediaTimestamp, targetTimestamp: tick.targetTimestamp,
                                    interval: previousStart.map { frameStart - $0 } ?? 0)
            frame.start = frameStart
            previousStart = frameStart

            // Events: scripted input due now becomes SDL events, then everything is polled.
            var screenshots: [String] = []
            while let next = script.first, next.time <= elapsed + 1e-6 {
                script.removeFirst()
                switch next.action {
                case .click(let p): SDLEvents.pushClick(at: p, windowID: windowID)
                case .key(let name): SDLEvents.pushKey(named: name, windowID: windowID)
                case .screenshot(let path): screenshots.append(path)
                }
            }
            var inputCount = 0
            var resized = false
            var event = SDL_Event()
            while SDL_PollEvent(&event) != 0 {
                let now = mediaTimestamp
                switch SDL_EventType(event.type) {
                case SDL_QUIT:
                    if config.verbose { log("event t=\(formatFixed(elapsed, 3)) quit") }
                    quit = true
                case SDL_WINDOWEVENT:
                    let what = SDL_WindowEventID(UInt32(event.window.event))
                    if what == SDL_WINDOWEVENT_SIZE_CHANGED || what == SDL_WINDOWEVENT_RESIZED { resized = true }
                case SDL_KEYDOWN:
                    inputCount += 1
                    let sym = event.key.keysym.sym
                    let ctrl = (UInt32(event.key.keysym.mod) & KMOD_CTRL.rawValue) != 0
                    if ctrl && sym == Int32(SDLK_q.rawValue) {
                        if config.verbose { log("event t=\(formatFixed(elapsed, 3)) key Ctrl+Q") }
                        quit = true
                        break
                    }
                    let name = SDLEvents.keyName(sym)
                    if !driver.dispatch(.key(name), at: now) {
                        if name == "Escape" { quit = true }
                        if name == "F" { showGraph.toggle() }
                    }
                case SDL_MOUSEBUTTONDOWN:
                    inputCount += 1
                    _ = driver.dispatch(.mouseDown(Point(Double(event.button.x), Double(event.button.y))), at: now)
                case SDL_MOUSEBUTTONUP:
                    inputCount += 1
                    _ = driver.dispatch(.mouseUp(Point(Double(event.button.x), Double(event.button.y))), at: now)
                case SDL_MOUSEMOTION:
                    inputCount += 1
                    _ = driver.dispatch(.mouseMoved(Point(Double(event.motion.x), Double(event.motion.y))), at: now)
                default:
                    break
                }
            }
            if resized { try resizeIfNeeded() }
            frame.inputEvents = inputCount
            let t1 = clock.now()
            frame.events = t1 - frameStart

            // Update: timers, display links, the scene's animations at targetTimestamp.
            driver.update(tick)
            let t2 = clock.now()
            frame.update = t2 - t1

            // Render into the pixel buffer.
            let stats = scene.render(into: bitmap, scale: scale)
            let t3 = clock.now()
            frame.raster = max(0, min(stats.rasterSeconds, t3 - t2))
            frame.render = stats.renderSeconds > 0 ? stats.renderSeconds : max(0, (t3 - t2) - frame.raster)

            // Upload the damaged rectangle.
            upload(damage: textureIsFresh ? nil : stats.damage)
            textureIsFresh = false
            let t4 = clock.now()
            frame.upload = t4 - t3

            // Copy, overlay, screenshots, present.
            SDL_RenderCopy(renderer, texture, nil, nil)
            if showGraph { drawFrameGraph(recorder.last(120), period: period) }
            for path in screenshots { try saveScreenshot(to: path) }
            let beforePresent = clock.now()
            SDL_RenderPresent(renderer)
            let t5 = clock.now()
            frame.present = t5 - t4
            frame.work = mode == .vsync ? beforePresent - frameStart : t5 - frameStart
            recorder.record(frame)

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
        try writeResults(recorder)
    }

    // MARK: Pieces of a frame

    /// Matches the texture and pixel buffer to the drawable's pixel size (hi-DPI), creating
    /// them the first time and after a resize.
    private func resizeIfNeeded() throws(PlayerError) {
        var pw: Int32 = 0, ph: Int32 = 0, w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &pw, &ph)
        SDL_GetWindowSize(window, &w, &h)
        pw = max(pw, 1); ph = max(ph, 1)
        scale = w > 0 ? Double(pw) / Double(w) : 1
        if texture != nil && Int(pw) == bitmap.width && Int(ph) == bitmap.height { return }
        if let t = texture { SDL_DestroyTexture(t) }
        guard let t = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                        Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), pw, ph) else {
            throw PlayerError("cannot create a \(pw)x\(ph) texture: \(sdlError())")
        }
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_NONE)
        texture = t
        bitmap = Bitmap(width: Int(pw), height: Int(ph))
        textureIsFresh = true
    }

    /// `SDL_UpdateTexture` of `damage` (device pixels, rounded out and clipped; nil = all).
    private func upload(damage: Rect?) {
        var rect: SDL_Rect
        if let d = damage {
            let clipped = d.intersection(bitmap.bounds)
            if clipped.isEmpty { return }
            let x0 = Int(clipped.minX.rounded(.down)), y0 = Int(clipped.minY.rounded(.down))
            let x1 = Int(clipped.maxX.rounded(.up)), y1 = Int(clipped.maxY.rounded(.up))
            rect = SDL_Rect(x: Int32(x0), y: Int32(y0), w: Int32(x1 - x0), h: Int32(y1 - y0))
        } else {
            rect = SDL_Rect(x: 0, y: 0, w: Int32(bitmap.width), h: Int32(bitmap.height))
        }
        let first = bitmap.pixels + Int(rect.y) * bitmap.width + Int(rect.x)
        SDL_UpdateTexture(texture, &rect, first, Int32(bitmap.width * 4))
    }

    /// The last frames' intervals as bars (red when dropped; the work part brighter) over a
    /// translucent panel, with a line at one refresh period. Key F toggles it.
    private func drawFrameGraph(_ frames: ArraySlice<FrameTiming>, period: Double) {
        let s = scale
        let barW = 2 * s, height = 90 * s, msFull = 50.0
        let x0 = 10 * s, y1 = Double(bitmap.height) - 10 * s
        let panelW = 120 * barW + 8 * s
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 170)
        var panel = SDL_FRect(x: Float(x0 - 4 * s), y: Float(y1 - height - 4 * s), w: Float(panelW), h: Float(height + 8 * s))
        SDL_RenderFillRectF(renderer, &panel)
        for (i, f) in frames.enumerated() {
            let x = x0 + Double(i) * barW
            let hInterval = min(height, f.interval * 1000 / msFull * height)
            let hWork = min(height, f.work * 1000 / msFull * height)
            if f.dropped { SDL_SetRenderDrawColor(renderer, 235, 80, 70, 255) } else { SDL_SetRenderDrawColor(renderer, 90, 150, 235, 255) }
            var bar = SDL_FRect(x: Float(x), y: Float(y1 - hInterval), w: Float(max(1, barW - s * 0.5)), h: Float(hInterval))
            SDL_RenderFillRectF(renderer, &bar)
            SDL_SetRenderDrawColor(renderer, 120, 230, 140, 255)
            var work = SDL_FRect(x: Float(x), y: Float(y1 - hWork), w: Float(max(1, barW - s * 0.5)), h: Float(hWork))
            SDL_RenderFillRectF(renderer, &work)
        }
        let yPeriod = y1 - period * 1000 / msFull * height
        SDL_SetRenderDrawColor(renderer, 255, 255, 255, 220)
        SDL_RenderDrawLineF(renderer, Float(x0 - 4 * s), Float(yPeriod), Float(x0 - 4 * s + panelW), Float(yPeriod))
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
    }

    /// Saves what the window shows now (after copy and overlay) as PNG; falls back to the
    /// pixel buffer where the renderer cannot read back.
    private func saveScreenshot(to path: String) throws(PlayerError) {
        let shot = Bitmap(width: bitmap.width, height: bitmap.height)
        if SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, shot.pixels, Int32(shot.width * 4)) != 0 {
            shot.blit(bitmap, x: 0, y: 0)
        }
        // The window is opaque: force alpha so the PNG is too.
        for i in 0..<shot.pixelCount { shot.pixels[i] |= 0xFF00_0000 }
        do { try shot.writePNG(path) } catch { throw PlayerError("\(error)") }
        if configuration.verbose { log("player: screenshot \(path)") }
    }

    /// The CSV, the trace and the summary on stderr.
    private func writeResults(_ recorder: FrameTimingRecorder) throws(PlayerError) {
        let config = configuration
        if let path = config.recordTimingsPath {
            try writeTextFile(FrameTimingCSV.format(recorder.frames), to: path)
        }
        if let path = config.tracePath {
            try writeTextFile(TraceEventWriter.format(recorder.frames), to: path)
        }
        if config.recordTimingsPath != nil || config.tracePath != nil || config.verbose {
            log(recorder.summary.text)
        }
    }
}

/// SDL's last error message.
func sdlError() -> String { String(cString: SDL_GetError()) }
