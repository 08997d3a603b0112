// `layerplay bench`: timed frames of a document through the layer renderer, reported as one
// JSON line of statistics.

import ArgumentParser
import Foundation
import LayerKit
import Media
import Player

/// `layerplay bench DOC.json --frames N [--time T] [--all]`: N timed frames of clear + draw
/// through the layer renderer after two warm-up frames, paths parsed once (the presentation
/// tree at T is built once, outside the timing), one JSON line of statistics. A Lottie file's
/// frames are spread over the animation and drawn as `play` draws them, over the previous
/// frame with only the damage redrawn (`--full-redraw`: cleared and drawn whole).
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "bench",
        abstract: "Time the frames of a document (clear + draw) or of a Lottie file (as played: only the damage redrawn); prints one JSON line.")
    @Argument(help: "The document (JSON).") var document: String
    @Option(help: "Timed frames.") var frames: Int = 100
    @Option(help: "Document time in seconds.") var time: Double = 0
    @Option(help: "Device pixels per point.") var scale: Double = 1
    @Flag(help: "Also print every timed frame in nanoseconds (frames_ns).") var all = false
    @Option(help: "Lottie: the canvas WxH in points (frames spread over the whole animation).") var size: String?
    @Option(help: "Threads a frame is split over in bands (at most the cores).") var threads: Int = 1
    @Flag(help: ArgumentHelp("Lottie: clear and redraw the whole canvas every frame.",
        discussion: "Without it a Lottie frame is what `play` draws: the frame drawn over the previous one, only the pixels whose display items changed cleared and redrawn."))
    var fullRedraw = false
    @OptionGroup var lottieReading: LottieReadingOptions

    func run() throws {
        try requireValid(frames > 0 && frames <= 1_000_000, "--frames must be within 1…1000000")
        try requireValid(time.isFinite, "--time must be a finite number of seconds")
        try requireValid(scale.isFinite && scale > 0 && scale <= 16, "--scale must be within (0, 16]")
        try requireValid(threads >= 1 && threads <= 256, "--threads must be within 1…256")
        if isLottieFile(document) {
            let (ns, w, h) = try benchLottie(document, frames: frames, scale: scale, size: size, fullRedraw: fullRedraw, reading: lottieReading.reading)
            return print(benchLine(ns, width: w, height: h))
        }
        let doc = try loadDocument(document)
        let tree = doc.presentationTree(at: time)
        let (w, h) = try doc.pixelSize(scale: scale)
        let canvas = Canvas(Bitmap(width: w, height: h))
        let renderer = doc.makeRenderer(scale: scale)
        renderer.rasterizer.threads = threads
        for _ in 0..<2 { renderer.draw(tree, into: canvas) }
        var ns = [UInt64](repeating: 0, count: frames)
        for i in 0..<frames {
            let t0 = MonotonicTime.nanoseconds()
            renderer.draw(tree, into: canvas)
            ns[i] = MonotonicTime.nanoseconds() - t0
        }
        let sorted = ns.sorted()
        func pct(_ p: Double) -> Double {
            // Linear interpolation between closest ranks.
            let x = p * Double(sorted.count - 1)
            let lo = Int(x.rounded(.down)), hi = min(sorted.count - 1, lo + 1)
            return (Double(sorted[lo]) + (Double(sorted[hi]) - Double(sorted[lo])) * (x - Double(lo))) / 1000
        }
        func num(_ v: Double) -> String { String(format: "%.3f", v) }
        let docName = String(data: try JSONSerialization.data(withJSONObject: [document], options: [.withoutEscapingSlashes]), encoding: .utf8)!
        var line = "{\"document\": \(docName.dropFirst().dropLast()), \"frames\": \(frames), \"median_us\": \(num(pct(0.5))), "
            + "\"p10_us\": \(num(pct(0.1))), \"p90_us\": \(num(pct(0.9))), \"width\": \(w), \"height\": \(h), \"threads\": \(threads)"
        if all { line += ", \"frames_ns\": [" + ns.map(String.init).joined(separator: ", ") + "]" }
        print(line + "}")
    }
}
