// What the document commands share: loading with the one-line refusal,
// the presentation tree at a document time, drawing it, and writing PNGs.
import ArgumentParser
import Foundation
import LayerKit
import Media
import Player


/// Loads a document or exits non-zero with one line naming the place and the problem.
func loadDocument(_ path: String) throws -> LayerDocument {
    TTFTextRenderer.installAsDefault()
    do {
        return try LayerDocument.load(path: path, images: SDLImageLoader())
    } catch {
        let file = DocumentText.escaped((path as NSString).lastPathComponent, limit: DocumentText.quotedLength)
        printError("layerplay: \(file): \(error.description)")
        throw ExitCode(1)
    }
}

/// Checks a command-line number (scale, time, counts) and exits with one line when bad.
func requireValid(_ ok: Bool, _ message: String) throws {
    if !ok { printError(message); throw ExitCode(2) }
}

/// What `--threads` says (`auto` or 1…256), or one line and exit 2.
func parseFrameThreads(_ text: String) throws -> FrameThreads {
    guard let t = FrameThreads(argument: text) else {
        printError("--threads must be auto or within 1…256")
        throw ExitCode(2)
    }
    return t
}

/// The help of `--threads` on the commands that draw frames.
let frameThreadsHelp = ArgumentHelp("Threads a frame's raster is split over in bands: auto (two bands from 2560×1440 pixels drawn, else one thread), or a count (1: one thread; at most the cores).",
                                    valueName: "auto|N")

extension LayerDocument {
    /// The presentation tree at document time `t` (seconds since the document was opened).
    func presentationTree(at t: Double) -> CALayer {
        DocumentPlayback.prepare(self)
        DocumentPlayback.setDocumentTime(t)
        return root.presentation(at: t)
    }

    /// Device size at `scale`, or exit 1 with one line naming the document and the limit
    /// (`doc.json: width: 16384 × scale 2 exceeds the limit 16384 pixels`).
    func pixelSize(scale: Double) throws -> (Int, Int) {
        switch DocumentLimits.canvasPixels(width: width, height: height, scale: scale) {
        case .success(let size): return size
        case .failure(let e):
            let place = url.map { DocumentText.escaped($0.lastPathComponent, limit: DocumentText.quotedLength) + ": " } ?? ""
            printError("layerplay: \(place)\(e.description)")
            throw ExitCode(1)
        }
    }
}

/// Writes a PNG or exits non-zero with one line.
func writePNG(_ bitmap: Bitmap, to path: String) throws {
    do { try bitmap.writePNG(path) } catch {
        printError("layerplay: \(error)")
        throw ExitCode(1)
    }
}
