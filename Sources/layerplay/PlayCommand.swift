// `layerplay play`: a document played in the window on the real media clock.

import ArgumentParser
import LayerKit
import Media
import Player

/// `layerplay play DOC.json [player options]`: the document in the window, its animations
/// running on the real media clock from the moment it opens.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "play",
        abstract: "Play an animation document in a window (clicks, keys, screenshots and timings as in the player).")
    @Argument(help: "The document (JSON).") var document: String
    @OptionGroup var player: PlayerOptions
    // Lottie files loop by default.
    @Option(help: "Lottie: playback speed (1 is real time).") var speed: Double = 1
    @Flag(help: "Lottie: play once and hold the last frame (default: loop).") var once = false
    @Flag(help: "Lottie: loop (the default).") var loop = false
    @Option(help: "Lottie: start at this progress, 0…1.") var progress: Double = 0
    @OptionGroup var lottieReading: LottieReadingOptions
    @Flag(name: .long, help: "Reload the document whenever its file changes (a refused version leaves the last good one playing).")
    var watch = false
    @Flag(name: .customLong("restart-on-change"), help: "With --watch: start again from document time 0 on each reload (default: keep the document time).")
    var restartOnChange = false

    func run() throws {
        if isLottieFile(document) {
            guard !watch else { throw ValidationError("--watch reloads animation documents, not Lottie files") }
            return try playLottie(document, player: player, speed: speed, once: once && !loop, progress: progress, reading: lottieReading.reading)
        }
        let doc = try loadDocument(document)
        var config = try player.configuration(title: "LayerKit — \(document)")
        // The window takes the document's size unless one was asked for.
        if player.size == "800x600" { config.size = Size(doc.width, doc.height) }
        try reportingPlayerErrors {
            // Document time 0 is now: the clock reads 0 as the animations are added.
            let context = CAAnimationContext.current
            context.clock.manualTime = nil
            context.clock.resetOrigin()
            let scene: LayerScene
            if watch {
                scene = WatchedDocumentScene(document: doc, path: document, restartOnChange: restartOnChange,
                                             size: config.size, context: context)
            } else {
                DocumentPlayback.attachAnimations(doc)
                scene = LayerScene(size: Size(doc.width, doc.height), root: doc.root,
                                   background: doc.background, context: context)
            }
            try WindowHost(configuration: config).run(scene)
        }
    }
}
