// `layerplay thumbnail IN OUT.png --size N`: the frame that stands for an animation (its
// `poster` marker, else the midpoint) fitted into N×N pixels, for file managers through the
// freedesktop thumbnailer entry that scripts/install.sh installs (`Exec=layerplay thumbnail
// %i %o --size %s`: input, output and size as the Thumbnail Managing Standard passes them).
import ArgumentParser
import Foundation
import Lottie
import LayerKit
import Player

struct ThumbnailCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "thumbnail",
        abstract: "Write a PNG thumbnail of a document or Lottie file (its poster marker or midpoint frame).")
    @Argument(help: "The document or Lottie file.") var input: String
    @Argument(help: "The PNG to write.") var output: String
    @Option(help: "The longer side in pixels.") var size: Int = 256

    @OptionGroup var lottie: LottieOptions

    func run() throws {
        // Headless frames draw a tiled layer's tiles at once: each frame is whole (CATiledLayer.TileDrawing).
        CATiledLayer.defaultTileDrawing = .immediate
        try requireValid(size >= 1 && size <= 4096, "--size must be within 1…4096")
        let source = try openAnimationSource(input, quiet: true, lottie: lottie.load)
        let natural = source.naturalSize
        // The longer side `size` pixels, the aspect kept.
        let s = Double(size) / max(natural.width, natural.height)
        let canvas = Size(max(1, (natural.width * s).rounded()), max(1, (natural.height * s).rounded()))
        let bitmap = try source.renderFrame(at: source.posterTime, canvas: canvas, scale: 1)
        // Written beside OUT and renamed, so a file manager never reads half a thumbnail.
        let temporary = (output as NSString).deletingLastPathComponent.appendingSlash + ".\((output as NSString).lastPathComponent).partial-\(getpid()).png"
        try writePNG(bitmap, to: temporary)
        guard rename(temporary, output) == 0 else {
            try? FileManager.default.removeItem(atPath: temporary)
            printError("layerplay: \(DocumentText.escaped(output, limit: DocumentText.quotedLength)): cannot write: \(String(cString: strerror(errno)))")
            throw ExitCode(1)
        }
    }
}

private extension String {
    /// "" stays "", else the path with one trailing slash.
    var appendingSlash: String { isEmpty ? "" : (hasSuffix("/") ? self : self + "/") }
}
