// `layerplay rasterize`: a static document drawn once to a PNG.

import ArgumentParser
import LayerKit
import Media
import Player

/// `layerplay rasterize SCENE.json --out F.png [--scale S]`: a static document, drawn once.
struct RasterizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rasterize",
        abstract: "Draw a static document (time 0) into a PNG through the layer renderer.")
    @Argument(help: "The document (JSON).") var document: String
    @Option(help: "The PNG to write.") var out: String
    @Option(help: "Device pixels per point.") var scale: Double = 1
    @Option(help: "Threads a document frame is split over in bands (at most the cores).") var threads: Int = 1

    func run() throws {
        try requireValid(scale.isFinite && scale > 0 && scale <= 16, "--scale must be within (0, 16]")
        try requireValid(threads >= 1 && threads <= 256, "--threads must be within 1…256")
        let doc = try loadDocument(document)
        try writePNG(try doc.renderFrame(at: 0, scale: scale, threads: threads), to: out)
    }
}
