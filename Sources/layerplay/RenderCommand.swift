// OWNER: layers helper.
import ArgumentParser
import LayerKit
import Media
import Player

/// `layerplay render DOC.json --time T --out F.png [--scale S]`: one frame at document time T,
/// no window, deterministic (a manual media clock).
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "render",
        abstract: "Render the document at one instant into a PNG (no window).")
    @Argument(help: "The document (JSON).") var document: String
    @Option(help: "Document time in seconds.") var time: Double = 0
    @Option(help: "The PNG to write.") var out: String
    @Option(help: "Device pixels per point.") var scale: Double = 1

    func run() throws {
        try requireValid(scale.isFinite && scale > 0 && scale <= 16, "--scale must be within (0, 16]")
        try requireValid(time.isFinite, "--time must be a finite number of seconds")
        let doc = try loadDocument(document)
        try writePNG(doc.renderFrame(at: time, scale: scale), to: out)
    }
}
