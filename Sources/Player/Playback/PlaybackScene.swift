// The scene of `layerplay play`: one or several files (documents, Lottie files) with a control
// bar. The content sits in a clock layer frozen at the playback time (speed 0, timeOffset =
// the PlaybackClock's time, the pause idiom of Apple's Technical Q&A QA1673), so playing,
// pausing, seeking, stepping and the speed are all the one number the scene writes each
// frame; nothing the engine ticks can end or remove the content's animations early. Above
// it: the control bar (ControlBar), shown while the pointer moves and hidden after two idle
// seconds, and the banner that carries a refusal (a file dropped or paged to that cannot be
// read, a `--watch` reload refused) while the last good file keeps playing. Behind it: a
// checkerboard, white or black (key B). PageDown/PageUp go through the files given, a file
// dropped on the window (SDL_DROPFILE, or the scripted step `drop`) opens it.

import LayerKit
import Raster

/// `play`'s scene (see the file header).
public final class PlaybackScene: LayerScene {
    /// Seconds without pointer movement after which the bar hides.
    public static let barIdleSeconds = 2.0
    public static let bannerHeight = 26.0
    /// The most files the list holds (given and dropped); a drop past it replaces the file on screen.
    public static let maximumFiles = 10_000
    /// How often `--watch` looks at the file, in seconds of real time.
    public static let watchInterval = 0.2

    /// The files in the order PageDown goes through them (a dropped file joins after the current one).
    public private(set) var paths: [String]
    public private(set) var index: Int
    public private(set) var item: PlaybackItem
    public private(set) var clock: PlaybackClock
    public private(set) var zoom = PlaybackZoom.fit
    public private(set) var backdrop = PlaybackBackground.checkerboard
    /// Whether the control bar is on screen.
    public var isBarShown: Bool { !bar.layer.isHidden }
    /// The refusal on the banner, nil while none is shown.
    public var refusal: String? { banner.isHidden ? nil : banner.string }
    /// Reloads done by `--watch`.
    public private(set) var reloadCount = 0
    public let bar = ControlBar()

    private let loader: PlaybackLoader
    /// Where refusals go (stderr: `layerplay: …`).
    private let report: (String) -> Void
    /// The verbose log (seeks and file changes), nil when quiet.
    public var log: ((String) -> Void)?
    private let checker = CheckerboardLayer()
    private let holder = CALayer()
    private let contentClock = CALayer()
    private let banner = CATextLayer()
    /// The frame's media time (from `update`), and the last pointer activity's.
    private var now: Double?
    private var lastActivity: Double?
    private var dragging = false
    private var watcher: FileChangeWatcher?
    private let restartOnChange: Bool
    private var nextPoll = 0.0

    /// Plays `first` (loaded from `paths[index]`) in a window of `size` points; the other
    /// paths are loaded by `loader` when paged to. With `watch`, the file on screen is loaded
    /// again when it changes, keeping the playback time (or from 0: `restartOnChange`).
    public init(paths: [String], index: Int = 0, first: PlaybackItem, loader: @escaping PlaybackLoader, size: Size,
                watch: Bool = false, restartOnChange: Bool = false, context: CAAnimationContext = .current,
                report: @escaping (String) -> Void = { printError($0) }) {
        self.paths = paths.isEmpty ? [first.path] : paths
        self.index = min(max(index, 0), max(paths.count - 1, 0))
        self.item = first
        self.clock = PlaybackClock(duration: first.duration, frameRate: first.frameRate)
        self.loader = loader
        self.report = report
        self.restartOnChange = restartOnChange
        watcher = watch ? FileChangeWatcher(path: first.path) : nil
        super.init(size: size, background: .black, context: context)
        context.run {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            holder.anchorPoint = .zero
            contentClock.anchorPoint = .zero
            contentClock.position = .zero
            contentClock.speed = 0
            contentClock.masksToBounds = true
            holder.addSublayer(contentClock)
            banner.backgroundColor = Color(0.55, 0.05, 0.05, 0.88)
            banner.foregroundColor = .white
            banner.fontSize = 13
            banner.truncationMode = .end
            banner.isHidden = true
            bar.layer.isHidden = true
            for l in [checker.layer, holder, banner, bar.layer] { root.addSublayer(l) }
            install(first)
            applyBackdrop()
            layOut()
            CATransaction.commit()
        }
    }

    /// Changes the playback state from outside (the command line's --speed, --once, --progress).
    public func setPlayback(_ change: (inout PlaybackClock) -> Void) {
        change(&clock)
        show()
    }

    /// `LayerKit — FILE`, with `(2/3)` when several files were given (made when the file
    /// changes, not each time the host asks, which is every frame).
    public override var windowTitle: String? {
        guard let d = item.driver else { return title }
        // The driver's status changes with its state; the string is made per frame only then.
        let status = d.status
        if status != shownStatus { shownStatus = status; drivenTitle = "\(title) — \(status)" }
        return drivenTitle
    }
    private var shownStatus: String?
    private var drivenTitle = ""
    private var title = ""
    private func retitle() {
        title = "LayerKit — \(item.name)\(paths.count > 1 ? " (\(index + 1)/\(paths.count))" : "")"
    }

    // MARK: The frame

    public override func update(timestamp: Double, targetTimestamp: Double, duration: Double) {
        if let last = now, !dragging {
            clock.advance(by: targetTimestamp - last)
            if let d = item.driver, clock.isPlaying { d.advance(by: (targetTimestamp - last) * clock.speed) }
        }
        now = targetTimestamp
        if let seen = lastActivity, !dragging, targetTimestamp - seen >= Self.barIdleSeconds, isBarShown {
            setBar(shown: false)
        }
        if watcher != nil {
            let real = MonotonicTime.seconds()
            if real >= nextPoll {
                nextPoll = real + Self.watchInterval
                if watcher!.poll() { reload() }
            }
        }
        show()
        super.update(timestamp: timestamp, targetTimestamp: targetTimestamp, duration: duration)
    }

    public override func resize(to size: Size) {
        super.resize(to: size)
        context.run {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layOut()
            CATransaction.commit()
        }
    }

    // MARK: Input

    public override func handle(_ event: InputEvent) -> Bool {
        switch event {
        case .mouseMoved(let p):
            touchBar()
            drive(.move, at: p)
            return true
        case .mouseDown(let p):
            // A click where the bar is (shown or not yet) is the bar's.
            guard let control = bar.control(at: p) else {
                touchBar()
                pressedContent = drive(.down, at: p)
                return pressedContent
            }
            touchBar()
            switch control {
            case .playPause: clock.togglePlaying()
            case .scrubber(let f):
                dragging = true
                seek(to: clock.time(atFraction: f), why: "seek")
            case .loop: clock.loops.toggle()
            case .speed: clock.cycleSpeed()
            case .background: cycleBackdrop()
            }
            show()
            return true
        case .mouseDragged(let p):
            touchBar()
            // A press on the content drags there: the driver follows the pointer.
            if pressedContent { drive(.move, at: p); return true }
            guard dragging else { return false }
            seek(to: clock.time(atFraction: bar.scrubberFraction(atX: p.x)), why: "seek")
            show()
            return true
        case .mouseUp(let p):
            let was = dragging
            dragging = false
            if pressedContent {
                pressedContent = false
                drive(.up, at: p)
                drive(.click, at: p)
                return true
            }
            return was
        case .key(let name):
            guard let command = PlaybackKeys.command(forKey: name) else { return false }
            perform(command)
            return true
        case .fileDropped(let path):
            open(path, insert: true)
            return true
        case .scrollWheel(let dx, let dy, let at):
            return scrollWheel(dx: dx, dy: dy, at: at)
        }
    }

    /// Carries out a key's (or a control's) command.
    public func perform(_ command: PlaybackCommand) {
        switch command {
        case .togglePlaying: clock.togglePlaying()
        case .step(let n):
            clock.step(frames: n)
            logTime("step")
        case .toStart: seek(to: 0, why: "start")
        case .toEnd:
            clock.isPlaying = false
            seek(to: clock.lastFrameTime, why: "end")
        case .toggleLoop: clock.loops.toggle()
        case .faster: clock.stepSpeed(up: true)
        case .slower: clock.stepSpeed(up: false)
        case .zoomIn, .zoomOut:
            zoom = zoom.zoomed(in: command == .zoomIn, content: item.size, window: size)
            transacted { layOut() }
        case .zoomToFit:
            zoom = .fit
            transacted { layOut() }
        case .actualSize:
            zoom = .scale(1)
            transacted { layOut() }
        case .cycleBackground: cycleBackdrop()
        case .nextFile, .previousFile:
            guard paths.count > 1 else { break }
            let n = paths.count
            let to = (index + (command == .nextFile ? 1 : n - 1)) % n
            open(paths[to], at: to)
        }
        show()
    }

    // MARK: Files

    /// Opens `path`: at list position `at`, or (a drop) inserted after the current file. A
    /// file that cannot be loaded leaves the current one playing and its refusal on the banner.
    func open(_ path: String, at position: Int? = nil, insert: Bool = false) {
        switch loader(path) {
        case .failure(let error):
            refuse(error.description, prefix: "")
        case .success(let loaded):
            if insert && paths.count < Self.maximumFiles {
                index = min(index + 1, paths.count)
                paths.insert(path, at: index)
            } else if insert {
                paths[index] = path
            } else if let position {
                index = position
            }
            transacted { install(loaded); banner.isHidden = true }
            let keep = clock
            clock = PlaybackClock(duration: loaded.duration, frameRate: loaded.frameRate)
            clock.loops = keep.loops
            clock.speed = keep.speed
            watcher = watcher.map { _ in FileChangeWatcher(path: path) }
            log?("play: opened \(loaded.name) (\(index + 1)/\(paths.count)), \(formatFixed(loaded.duration, 3)) s at \(formatFixed(loaded.frameRate, 3)) fps")
        }
        show()
    }

    /// `--watch`: the file on screen changed. A version that loads replaces it at the same
    /// playback time (or 0 with restartOnChange); a refused one leaves it and says why.
    func reload() {
        switch loader(item.path) {
        case .failure(let error):
            refuse(error.description, prefix: "reload refused: ")
        case .success(let loaded):
            reloadCount += 1
            transacted { install(loaded); banner.isHidden = true }
            let keep = clock
            clock = PlaybackClock(duration: loaded.duration, frameRate: loaded.frameRate)
            clock.loops = keep.loops
            clock.speed = keep.speed
            clock.isPlaying = keep.isPlaying
            if !restartOnChange { clock.seek(to: keep.time) }
            log?("play: reloaded \(loaded.name)")
        }
        show()
    }

    /// Replaces the content with `loaded` (inside a transaction); the old tree's animations
    /// are removed so the engine stops watching them.
    private func install(_ loaded: PlaybackItem) {
        if loaded !== item {
            Self.removeAllAnimations(in: item.root)
            item.root.removeFromSuperlayer()
        }
        if loaded.root.superlayer !== contentClock { contentClock.addSublayer(loaded.root) }
        item = loaded
        retitle()
        contentClock.bounds = Rect(0, 0, loaded.size.width, loaded.size.height)
        contentClock.backgroundColor = loaded.background.a > 0 ? loaded.background : nil
        contentClock.timeOffset = 0
        layOut()
    }

    private static func removeAllAnimations(in layer: CALayer) {
        layer.removeAllAnimations()
        for s in layer.sublayers ?? [] { removeAllAnimations(in: s) }
    }

    private func refuse(_ line: String, prefix: String) {
        report("layerplay: \(prefix)\(line)")
        transacted {
            banner.string = "  \(prefix)\(line)"
            banner.isHidden = false
        }
    }

    // MARK: Pieces

    private func seek(to t: Double, why: String) {
        clock.seek(to: t)
        logTime(why)
    }

    private func logTime(_ why: String) {
        log?("play: \(why): time \(formatFixed(clock.time, 6)) s, frame \(clock.frame)")
    }

    private func cycleBackdrop() {
        backdrop = backdrop.next
        transacted { applyBackdrop() }
    }

    /// Pointer activity: the bar shows and its idle time starts again.
    private func touchBar() {
        lastActivity = now ?? 0
        if !isBarShown { setBar(shown: true) }
    }

    private func setBar(shown: Bool) {
        transacted { bar.layer.isHidden = !shown }
        log?("play: control bar \(shown ? "shown" : "hidden")")
    }

    private func applyBackdrop() {
        checker.layer.isHidden = backdrop != .checkerboard
        root.backgroundColor = backdrop == .white ? .white : backdrop == .black ? .black : nil
    }

    /// Points one notch of the mouse wheel scrolls a scroll layer.
    public static let wheelStep = 40.0

    /// The wheel over the content scrolls the deepest CAScrollLayer under the pointer (in
    /// the axes its scrollMode allows, kept within its sublayers), without an implicit
    /// animation; false when there is none.
    private func scrollWheel(dx: Double, dy: Double, at p: Point) -> Bool {
        var hit = root.hitTest(p)
        while let l = hit, !(l is CAScrollLayer) { hit = l.superlayer }
        guard let scroller = hit as? CAScrollLayer else { return false }
        transacted { scroller.scroll(by: Point(-dx * Self.wheelStep, -dy * Self.wheelStep)) }
        log?("play: scrolled \(scroller.name ?? "a scroll layer") to \(formatFixed(scroller.bounds.minX, 1)), \(formatFixed(scroller.bounds.minY, 1))")
        return true
    }

    /// Places everything for the window size and zoom (inside a transaction). Content whose
    /// root has a layout manager (a document's `"layoutManager"`) tracks the window instead:
    /// its root takes the window's size at scale 1, and its layout runs on every resize
    /// (the root's bounds change marks it: CALayer+Layout.swift).
    private func layOut() {
        checker.cover(size)
        if item.root.layoutManager != nil {
            contentClock.bounds = Rect(0, 0, size.width, size.height)
            item.root.frame = Rect(0, 0, size.width, size.height)
            holder.position = .zero
            holder.transform = .identity
        } else {
            let frame = zoom.frame(content: item.size, window: size)
            let s = zoom.scale(content: item.size, window: size)
            holder.position = Point(frame.minX, frame.minY)
            holder.transform = .scale(s, s)
        }
        banner.frame = Rect(0, 0, size.width, Self.bannerHeight)
        bar.layout(windowSize: size)
        bar.show(clock, background: backdrop)
    }

    /// Hands a pointer event at window point `p` to the item's driver, in content points;
    /// whether there is one to take it.
    @discardableResult
    private func drive(_ event: PlaybackPointer, at p: Point) -> Bool {
        guard let d = item.driver else { return false }
        let frame = zoom.frame(content: item.size, window: size)
        let s = zoom.scale(content: item.size, window: size)
        guard s > 0 else { return false }
        d.pointer(event, at: Point((p.x - frame.minX) / s, (p.y - frame.minY) / s))
        show()
        return true
    }
    private var pressedContent = false

    /// Writes the clock into the layers: the content's time and the bar.
    private func show() {
        transacted {
            let t = item.driver?.time ?? clock.time
            if contentClock.timeOffset != t { contentClock.timeOffset = t }
            bar.show(clock, background: backdrop)
        }
    }

    private func transacted(_ body: () -> Void) {
        context.run {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            body()
            CATransaction.commit()
        }
    }
}
