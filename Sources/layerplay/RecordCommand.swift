// `layerplay record`: a document's frames over a time range written as PNGs through one
// damage-tracking renderer.

import ArgumentParser
import Foundation
import LayerKit
import Media
import Player

/// `layerplay record DOC.json --from A --to B --fps F --out DIR`: PNG frames at A, A + 1/F, …
/// up to B, named frame_00000.png …, through one incremental (damage-tracking) renderer.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "record",
        abstract: "Render frames of the document between two times into a folder of PNGs.")
    @Argument(help: "The document (JSON).") var document: String
    @Option(help: "First document time (s).") var from: Double = 0
    @Option(help: "Last document time (s), included when it falls on a frame.") var to: Double
    @Option(help: "Frames per second.") var fps: Double = 60
    @Option(help: "Output folder (created).") var out: String
    @Option(help: "Device pixels per point.") var scale: Double = 1
    @Option(help: "Lottie: the canvas WxH in points, the animation aspect-fit.") var size: String?
    @OptionGroup var lottieReading: LottieReadingOptions

    func run() throws {
        try requireValid(scale.isFinite && scale > 0 && scale <= 16, "--scale must be within (0, 16]")
        try requireValid(from.isFinite && to.isFinite && to >= from, "--from and --to must be finite with --to ≥ --from")
        try requireValid(fps.isFinite && fps > 0 && fps <= 1000, "--fps must be within (0, 1000]")
        let span = ((to - from) * fps + 1e-9).rounded(.down)
        try requireValid(span.isFinite && span < 100_000, "too many frames (more than 100000)")
        let count = Int(span) + 1
        if isLottieFile(document) { return try recordLottie(document, from: from, count: count, fps: fps, out: out, scale: scale, size: size, reading: lottieReading.reading) }
        let doc = try loadDocument(document)
        do { try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true) } catch {
            printError("cannot create \(out): \(error.localizedDescription)")
            throw ExitCode(1)
        }
        let (w, h) = try doc.pixelSize(scale: scale)
        let bmp = Bitmap(width: w, height: h)
        let canvas = Canvas(bmp)
        let renderer = doc.makeRenderer(scale: scale)
        for i in 0..<count {
            let t = from + Double(i) / fps
            _ = renderer.renderFrame(doc.presentationTree(at: t), into: canvas)
            let name = String(format: "frame_%05d.png", i)
            try writePNG(bmp, to: (out as NSString).appendingPathComponent(name))
        }
        print("\(count) frames written to \(out)")
    }
}
