// What the commands share for Lottie files (known by content, not by name): loading with
// the one-line refusal and the warnings on stderr, the canvas rule of `--size`, and the time
// of `--progress` / `--frame` / `--time`.
import ArgumentParser
import Foundation
import LayerKit
import Lottie
import Media
import Player

/// Whether the file at `path` is a Lottie animation (read only when it starts like JSON).
func isLottieFile(_ path: String) -> Bool {
    guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber,
          size.intValue <= LottieLimits.maximumFileBytes,
          let data = FileManager.default.contents(atPath: path) else { return false }
    return LottieScene.isLottie(Array(data))
}

/// `--ios`, on every command that takes Lottie files: lottie-ios's Core Animation engine's
/// reading instead of After Effects' (`LottieReading`).
struct LottieReadingOptions: ParsableArguments {
    @Flag(name: .customLong("ios"), help: "Lottie: read the file as lottie-ios's Core Animation engine shows it on iOS (default: as After Effects made it).")
    var iOS = false

    var reading: LottieReading { iOS ? .iOS : .afterEffects }
}

/// Imports a Lottie file in `reading` with the clock at 0 (the animations' begin), printing
/// each warning once as `layerplay: FILE: warning: …`; a refusal exits 1 with one line.
func loadLottie(_ path: String, quiet: Bool = false, reading: LottieReading = .afterEffects) throws -> LottieScene {
    let file = DocumentText.escaped((path as NSString).lastPathComponent, limit: DocumentText.quotedLength)
    // Text layers without glyph outlines are set in a font.
    TTFTextRenderer.installAsDefault()
    let context = CAAnimationContext.current
    context.clock.manualTime = 0
    do {
        let scene = try LottieScene.load(path: path, images: SDLImageLoader(), reading: reading)
        context.engine.tick(at: 0)
        if !quiet { printLottieWarnings(scene, path: path) }
        return scene
    } catch {
        printError("layerplay: \(file): \(error.description)")
        throw ExitCode(1)
    }
}

/// Prints each of the importer's warnings once as `layerplay: FILE: warning: …`.
func printLottieWarnings(_ scene: LottieScene, path: String) {
    let file = DocumentText.escaped((path as NSString).lastPathComponent, limit: DocumentText.quotedLength)
    for w in scene.warnings { printError("layerplay: \(file): warning: \(DocumentText.escaped(w, limit: DocumentText.messageLength))") }
}

/// Refuses a render canvas of `width` × `height` points at `scale` above `DocumentLimits` with
/// one line naming the file, before any warning is printed (a refusal is one line).
func checkLottieCanvas(_ path: String, width: Double, height: Double, scale: Double) throws {
    let pw = (width * scale).rounded(.up), ph = (height * scale).rounded(.up)
    guard case .success = DocumentLimits.canvasPixels(width: pw, height: ph, scale: 1) else {
        let file = DocumentText.escaped((path as NSString).lastPathComponent, limit: DocumentText.quotedLength)
        printError("layerplay: \(file): canvas \(DocumentText.number(pw)) × \(DocumentText.number(ph)) pixels exceeds the limit \(DocumentLimits.maximumSide) pixels a side and \(DocumentLimits.maximumPixels) pixels")
        throw ExitCode(1)
    }
}

/// `WxH` in points (fractions allowed), or exit 2.
func parseCanvasSize(_ s: String) throws -> (Double, Double) {
    let parts = s.lowercased().split(separator: "x")
    guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w.isFinite, h.isFinite, w > 0, h > 0 else {
        printError("--size must be WxH in points, positive numbers (got \(DocumentText.quoted(s)))")
        throw ExitCode(2)
    }
    return (w, h)
}
