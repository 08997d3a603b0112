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

    func run() throws {
        let doc = try loadDocument(document)
        var config = try player.configuration(title: "LayerKit — \(document)")
        // The window takes the document's size unless one was asked for.
        if player.size == "800x600" { config.size = Size(doc.width, doc.height) }
        try reportingPlayerErrors {
            let scene = DocumentScene(doc)
            try WindowHost(configuration: config).run(scene)
        }
    }
}

/// A document as a player scene: each tick drives the animation engine at the frame's
/// target timestamp, then the presentation tree is drawn by the layer renderer, which
/// redraws (and reports for upload) only the damaged region.
final class DocumentScene: PlayerScene {
    let document: LayerDocument
    let renderer: LayerRenderer
    var canvas: Canvas?

    init(_ doc: LayerDocument) {
        document = doc
        renderer = doc.makeRenderer(scale: 1)
        // Document time 0 is now: the animations are added at this instant.
        CAMediaClock.manualTime = nil
        CAMediaClock.resetOrigin()
        DocumentPlayback.attachAnimations(doc)
    }

    func update(timestamp: Double, targetTimestamp: Double, duration: Double) {
        CAAnimationEngine.shared.tick(time: targetTimestamp)
    }

    /// Clicks hit-test the presentation tree (as Core Animation hit-tests the render tree);
    /// documents have no handlers, so nothing is consumed.
    func handle(_ event: InputEvent) -> Bool { false }

    func render(into bitmap: Bitmap, scale: Double) -> SceneFrameStats {
        if canvas?.target !== bitmap || renderer.scale != scale {
            canvas = Canvas(bitmap)
            renderer.scale = scale
            renderer.invalidate()
        }
        let s = renderer.renderFrame(document.root.presentation(), into: canvas!)
        // nil damage means "whole frame" to the host; an unchanged frame uploads an empty rect.
        return SceneFrameStats(damage: s.damage ?? Rect(0, 0, 0, 0),
                               renderSeconds: Double(s.buildNanos + s.damageNanos) * 1e-9, rasterSeconds: Double(s.rasterNanos) * 1e-9)
    }
}
