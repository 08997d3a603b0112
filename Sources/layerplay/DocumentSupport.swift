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
        printError(error.description)
        throw ExitCode(1)
    }
}

/// Checks a command-line number (scale, time, counts) and exits with one line when bad.
func requireValid(_ ok: Bool, _ message: String) throws {
    if !ok { printError(message); throw ExitCode(2) }
}

extension LayerDocument {
    /// The presentation tree at document time `t` (seconds since the document was opened).
    func presentationTree(at t: Double) -> CALayer {
        DocumentPlayback.prepare(self)
        DocumentPlayback.setDocumentTime(t)
        return root.presentation(at: t)
    }

    /// A renderer for this document at `scale`.
    func makeRenderer(scale: Double) -> LayerRenderer { LayerRenderer(scale: scale, background: background) }

    /// Device size at `scale`.
    func pixelSize(scale: Double) -> (Int, Int) {
        (max(1, Int((width * scale).rounded())), max(1, Int((height * scale).rounded())))
    }

    /// The frame at document time `t`, drawn at `scale`.
    func renderFrame(at t: Double, scale: Double) -> Bitmap {
        let (w, h) = pixelSize(scale: scale)
        let bmp = Bitmap(width: w, height: h)
        makeRenderer(scale: scale).draw(presentationTree(at: t), into: Canvas(bmp))
        return bmp
    }
}

/// Writes a PNG or exits non-zero with one line.
func writePNG(_ bitmap: Bitmap, to path: String) throws {
    do { try bitmap.writePNG(path) } catch {
        printError("layerplay: \(error)")
        throw ExitCode(1)
    }
}
