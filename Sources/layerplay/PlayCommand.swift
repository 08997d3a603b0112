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
    @Flag(name: .long, help: "Reload the document whenever its file changes (a refused version leaves the last good one playing).")
    var watch = false
    @Flag(name: .customLong("restart-on-change"), help: "With --watch: start again from document time 0 on each reload (default: keep the document time).")
    var restartOnChange = false

    func run() throws {
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
