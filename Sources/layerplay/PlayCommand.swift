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

    func run() throws {
        if isLottieFile(document) { return try playLottie(document, player: player, speed: speed, once: once && !loop, progress: progress) }
        let doc = try loadDocument(document)
        var config = try player.configuration(title: "LayerKit — \(document)")
        // The window takes the document's size unless one was asked for.
        if player.size == "800x600" { config.size = Size(doc.width, doc.height) }
        try reportingPlayerErrors {
            // Document time 0 is now: the clock reads 0 as the animations are added.
            let context = CAAnimationContext.current
            context.clock.manualTime = nil
            context.clock.resetOrigin()
            DocumentPlayback.attachAnimations(doc)
            let scene = LayerScene(size: Size(doc.width, doc.height), root: doc.root,
                                   background: doc.background, context: context)
            try WindowHost(configuration: config).run(scene)
        }
    }
}
