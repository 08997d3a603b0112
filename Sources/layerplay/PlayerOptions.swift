// The window options shared by `gallery`, `play` and `gallery --demo`.
import ArgumentParser
import Player
import Raster

/// The options of every command that opens a window: size, scripted input, timings.
/// Use with `@OptionGroup var player: PlayerOptions`, then `try player.configuration()`.
struct PlayerOptions: ParsableArguments {
    @Option(name: .customLong("size"), help: ArgumentHelp("Window size in points (default 800x600; play: the content's, fitted to the screen).", valueName: "WxH"))
    var sizeOption: String?

    /// The window size asked for, or 800x600.
    var size: String { sizeOption ?? "800x600" }
    /// Whether `--size` was given.
    var sizeGiven: Bool { sizeOption != nil }

    @Option(name: .long, help: ArgumentHelp("Quit after S seconds.", valueName: "S"))
    var duration: Double?

    @Option(name: .long, help: ArgumentHelp("Left click at time T (seconds) at point X,Y; repeatable.", valueName: "T:X,Y"))
    var click: [String] = []

    @Option(name: .long, help: ArgumentHelp("Press key NAME (SDL key name: Escape, Right, Space, F …; Shift+NAME with Shift) at time T; repeatable.", valueName: "T:NAME"))
    var key: [String] = []

    @Option(name: .long, help: ArgumentHelp("Save the window's pixels as PNG at time T; repeatable.", valueName: "T:FILE.png"))
    var screenshot: [String] = []

    @Option(name: .long, help: ArgumentHelp("Drop FILE on the window at time T (as a file manager's drop); repeatable.", valueName: "T:FILE"))
    var drop: [String] = []

    @Option(name: .long, help: ArgumentHelp("Read scripted steps from FILE, one a line: `click T:X,Y`, `press`/`drag`/`release T:X,Y` (a drag), `key T:NAME`, `screenshot T:FILE.png`, `drop T:FILE` (# starts a comment).", valueName: "FILE"))
    var script: String?

    @Flag(name: .long, help: "Log every input event, one line each, on stderr.")
    var verbose = false

    @Option(name: .customLong("record-timings"), help: ArgumentHelp("Write one CSV row of frame timings per frame; summary on stderr at exit.", valueName: "FILE.csv"))
    var recordTimings: String?

    @Option(name: .long, help: ArgumentHelp("Write the frame phases as Chrome Trace Event JSON (Perfetto).", valueName: "FILE.json"))
    var trace: String?

    @Flag(name: .customLong("no-vsync"), help: "Do not ask for vsync: the display link paces itself.")
    var noVsync = false

    @Flag(name: .customLong("no-realtime"), help: "Keep the frame loop at normal scheduling priority.")
    var noRealtime = false

    @Flag(name: .customLong("frame-graph"), help: "Show the frame-time graph from the start (key F toggles it).")
    var frameGraph = false

    @Option(name: .long, help: ArgumentHelp("How frames reach the screen: auto (the window surface on software renderers, else a streaming texture), texture or surface.", valueName: "PATH"))
    var present: String = "auto"

    @Flag(name: .long, help: "Start fullscreen at the desktop's resolution (key F11 toggles it).")
    var fullscreen = false

    @Option(help: frameThreadsHelp) var threads: String = "auto"

    @OptionGroup var debug: DebugAidOptions

    /// The options as the player's configuration; throws a one-line error on bad values.
    func configuration(title: String = "LayerKit Gallery") throws -> PlayerConfiguration {
        var c = PlayerConfiguration()
        c.title = title
        let parts = size.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w >= 1, h >= 1, w <= 16384, h <= 16384 else {
            throw ValidationError("--size \(size): expected WxH in points, e.g. 800x600")
        }
        c.size = Size(w, h)
        if let d = duration, !(d.isFinite && d > 0) {
            throw ValidationError("--duration \(d): expected seconds > 0")
        }
        c.duration = duration
        do {
            for text in click { c.script.append(try ScriptedInput.click(text)) }
            for text in key { c.script.append(try ScriptedInput.key(text)) }
            for text in screenshot { c.script.append(try ScriptedInput.screenshot(text)) }
            for text in drop { c.script.append(try ScriptedInput.drop(text)) }
            if let script { c.script += try ScriptFile.load(path: script) }
        } catch {
            throw ValidationError(error.description)
        }
        c.verbose = verbose
        c.recordTimingsPath = recordTimings
        c.tracePath = trace
        c.vsync = !noVsync
        c.showFrameGraph = frameGraph
        c.realtimePriority = !noRealtime
        guard let path = PresentPath(rawValue: present) else {
            throw ValidationError("--present \(present): expected auto, texture or surface")
        }
        c.presentPath = path
        c.fullscreen = fullscreen
        guard let frameThreads = FrameThreads(argument: threads) else {
            throw ValidationError("--threads \(threads): expected auto or a count within 1…256")
        }
        c.frameThreads = frameThreads
        c.debugAids = try debug.aids()
        return c
    }
}

/// Runs `body`, turning a `PlayerError` into one line on stderr and exit status 1.
func reportingPlayerErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let e as PlayerError {
        printError("layerplay: \(e.description)")
        throw ExitCode(1)
    }
}
