// `layerplay play`: documents and Lottie files in the window with a control bar (PlaybackScene):
// play/pause, a scrubber, loop, speed, background, zoom; PageDown/PageUp through several files,
// a dropped file opens; `--watch` reloads the file on screen when it changes.

import ArgumentParser
import LayerKit
import Media
import Player

/// `layerplay play FILE… [player options]`: the first file in a window that fits the screen,
/// playing from its start on the real media clock.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "play",
        abstract: "Play animation documents and Lottie files in a window with playback controls.",
        discussion: """
        Keys: Space play/pause, ←/→ one frame (Shift: ten), Home/End, +/- zoom, 0 fit, 1 actual size, \
        B background, L loop, [/] speed, PageDown/PageUp next/previous file. Moving the pointer shows the \
        control bar. A file dropped on the window opens it.
        """)
    @Argument(help: "The documents (JSON) or Lottie files; PageDown/PageUp go through them.") var files: [String]
    @OptionGroup var player: PlayerOptions
    @Option(help: "Playback speed (1 is real time; the control steps 0.25…4).") var speed: Double = 1
    @Flag(help: "Play once and hold the last frame (default: loop).") var once = false
    @Flag(help: "Loop (the default).") var loop = false
    @Option(help: "Start at this progress, 0…1.") var progress: Double = 0
    @Flag(name: .long, help: "Reload the file on screen whenever it changes (a refused version leaves the last good one playing).")
    var watch = false
    @Flag(name: .customLong("restart-on-change"), help: "With --watch: start again from time 0 on each reload (default: keep the playback time).")
    var restartOnChange = false

    @OptionGroup var lottie: LottieOptions
    @Option(help: ArgumentHelp("Lottie: play from this frame of the file (30 or 30f) or progress (25%).", valueName: "frame")) var from: String?
    @Option(help: ArgumentHelp("Lottie: play up to this frame (60 or 60f) or progress (75%).", valueName: "frame")) var to: String?

    func run() throws {
        guard !files.isEmpty else { throw ValidationError("missing FILE (a document or a Lottie file)") }
        try requireValid(files.count <= PlaybackScene.maximumFiles, "at most \(PlaybackScene.maximumFiles) files")
        try requireValid(speed.isFinite && speed > 0 && speed <= 100, "--speed must be within (0, 100]")
        try requireValid(progress.isFinite && progress >= 0 && progress <= 1, "--progress must be within [0, 1]")
        let first: PlaybackItem
        var options = lottie.load
        options.from = try from.map { try LottieFramePoint.parse($0, option: "--from") }
        options.to = try to.map { try LottieFramePoint.parse($0, option: "--to") }
        let loader = { [options] (path: String) in loadPlaybackItem(path, options: options) }
        switch loader(files[0]) {
        case .success(let item): first = item
        case .failure(let error):
            printError("layerplay: \(error.description)")
            throw ExitCode(1)
        }
        var config = try player.configuration(title: "LayerKit — \(first.name)")
        // The window takes the content's size, fitted to the screen, unless one was asked for.
        if !player.sizeGiven {
            config.size = first.size
            config.fitsScreen = true
        }
        try reportingPlayerErrors {
            // Media time 0 is now; the content keeps its own time (the scene's clock).
            let context = CAAnimationContext.current
            context.clock.manualTime = nil
            context.clock.resetOrigin()
            let scene = PlaybackScene(paths: files, first: first, loader: loader, size: config.size,
                                      watch: watch, restartOnChange: restartOnChange, context: context)
            if player.verbose { scene.log = { printError($0) } }
            config.title = scene.windowTitle ?? config.title
            let (speed, once, progress) = (speed, once && !loop, progress)
            scene.setPlayback {
                $0.speed = speed
                $0.loops = !once
                $0.seek(to: progress * $0.duration)
            }
            try WindowHost(configuration: config).run(scene)
        }
    }
}
