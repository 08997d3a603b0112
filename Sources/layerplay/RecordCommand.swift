// `layerplay record`: a document's frames over a time range written as PNGs through one
// damage-tracking renderer.

import ArgumentParser
import Foundation
import LayerKit
import Media
import Player

/// `layerplay record DOC.json --from A --to B --fps F --out DIR`: PNG frames at A, A + 1/F, …
/// up to B, named frame_00000.png …, through one incremental (damage-tracking) renderer; a
/// Lottie file's times are seconds from its in point.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "record",
        abstract: "Render frames of the document between two times into a folder of PNGs.")
    @Argument(help: "The document (JSON).") var document: String
    @Option(help: "First document time (s).") var from: Double = 0
    @Option(help: "Last document time (s), included when it falls on a frame.") var to: Double
    @Option(help: "Frames per second.") var fps: Double = 60
    @Option(help: "Output folder (created).") var out: String
    @Option(help: "Device pixels per point.") var scale: Double = 1
    @Option(help: "The canvas WxH in points, the animation aspect-fit (default its own size).") var size: String?

    @OptionGroup var lottie: LottieOptions

    func run() throws {
        try requireValid(scale.isFinite && scale > 0 && scale <= 16, "--scale must be within (0, 16]")
        try requireValid(from.isFinite && to.isFinite && to >= from, "--from and --to must be finite with --to ≥ --from")
        try requireValid(fps.isFinite && fps > 0 && fps <= 1000, "--fps must be within (0, 1000]")
        let span = ((to - from) * fps + 1e-9).rounded(.down)
        try requireValid(span.isFinite && span < 100_000, "too many frames (more than 100000)")
        let count = Int(span) + 1
        let source = try openAnimationSource(document, quiet: true, lottie: lottie.load)
        let canvas = try source.canvas(size)
        let (w, h) = try source.pixelSize(width: canvas.width, height: canvas.height, scale: scale)
        source.printWarnings()
        do { try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true) } catch {
            printError("cannot create \(out): \(error.localizedDescription)")
            throw ExitCode(1)
        }
        let bmp = Bitmap(width: w, height: h)
        let target = Canvas(bmp)
        let renderer = source.makeRenderer(scale: scale)
        let layer = source.frameLayer(width: canvas.width, height: canvas.height)
        for i in 0..<count {
            let t = from + Double(i) / fps
            _ = renderer.renderFrame(source.presentation(of: layer, at: t), into: target)
            try source.checkDrawnPixels(renderer, at: t)
            let name = String(format: "frame_%05d.png", i)
            try writePNG(bmp, to: (out as NSString).appendingPathComponent(name))
        }
        print("\(count) frames written to \(out)")
    }
}
