// Recording and timing Lottie files (`record`, `bench`); `play` shows them through
// PlaybackLoading and Player's PlaybackScene.
import ArgumentParser
import Foundation
import LayerKit
import Lottie
import Media
import Player

/// `layerplay record ANIM.json --from A --to B --fps F --out DIR`: frames at the times
/// A, A + 1/F … (seconds from the in point), aspect-fit into `--size` (default its own).
func recordLottie(_ path: String, from: Double, count: Int, fps: Double, out: String, scale: Double, size: String?) throws {
    let lottie = try loadLottie(path, quiet: true)
    let (w, h) = try size.map(parseCanvasSize) ?? (lottie.width, lottie.height)
    try checkLottieCanvas(path, width: w, height: h, scale: scale)
    printLottieWarnings(lottie, path: path)
    do { try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true) } catch {
        printError("cannot create \(out): \(error.localizedDescription)")
        throw ExitCode(1)
    }
    for i in 0..<count {
        let bmp = try lottie.render(at: from + Double(i) / fps, width: w, height: h, scale: scale)
        try writePNG(bmp, to: (out as NSString).appendingPathComponent(String(format: "frame_%05d.png", i)))
    }
    print("\(count) frames written to \(out)")
}

/// `layerplay bench ANIM.json --frames N`: the playback cost of N frames spread evenly over
/// the animation, in sequence, on one thread after two warm-up frames. Each frame is what
/// `play` does: the tree `play` draws (a `RenderTree`, updated in place frame by frame: a layer
/// hidden at that time, such as a Lottie layer outside its in/out range, is there without its
/// subtree) drawn over the previous frame's pixels by `LayerRenderer.renderFrame` (the display
/// list compared with the last one, only the damage redrawn). With `fullRedraw`, each frame
/// instead clears the whole canvas and draws everything (`LayerRenderer.draw`). Returns the
/// per-frame nanoseconds and the pixel size.
func benchLottie(_ path: String, frames: Int, scale: Double, size: String?,
                 fullRedraw: Bool = false) throws -> (ns: [UInt64], width: Int, height: Int) {
    let lottie = try loadLottie(path, quiet: true)
    let (w, h) = try size.map(parseCanvasSize) ?? (lottie.width, lottie.height)
    try checkLottieCanvas(path, width: w, height: h, scale: scale)
    let pw = Int((w * scale).rounded(.up)), ph = Int((h * scale).rounded(.up))
    let tree = lottie.fitted(width: w, height: h)
    let canvas = Canvas(Bitmap(width: pw, height: ph))
    let renderer = LayerRenderer(scale: scale, background: .clear)
    let renderTree = RenderTree()
    // Not inlined, so that a profiler can count one frame's work apart from the loading
    // (callgrind --toggle-collect='*benchLottie*frame*').
    @inline(never) func frame(_ i: Int) {
        let t = lottie.duration * Double(i % frames) / Double(frames)
        CAAnimationContext.current.clock.manualTime = t
        let root = renderTree.update(tree, at: t)
        if fullRedraw { renderer.draw(root, into: canvas) } else { _ = renderer.renderFrame(root, into: canvas) }
    }
    frame(0); frame(frames / 2)
    var ns = [UInt64](repeating: 0, count: frames)
    for i in 0..<frames {
        let t0 = MonotonicTime.nanoseconds()
        frame(i)
        ns[i] = MonotonicTime.nanoseconds() - t0
    }
    return (ns, pw, ph)
}

extension BenchCommand {
    /// The statistics line `bench` prints for documents, for Lottie frames.
    func benchLine(_ ns: [UInt64], width: Int, height: Int) -> String {
        let sorted = ns.sorted()
        func pct(_ p: Double) -> String {
            let x = p * Double(sorted.count - 1)
            let lo = Int(x.rounded(.down)), hi = min(sorted.count - 1, lo + 1)
            return String(format: "%.3f", (Double(sorted[lo]) + (Double(sorted[hi]) - Double(sorted[lo])) * (x - Double(lo))) / 1000)
        }
        var line = "{\"document\": \(jsonString(document)), \"frames\": \(ns.count), \"median_us\": \(pct(0.5)), "
            + "\"p10_us\": \(pct(0.1)), \"p90_us\": \(pct(0.9)), \"width\": \(width), \"height\": \(height)"
        if all { line += ", \"frames_ns\": [" + ns.map(String.init).joined(separator: ", ") + "]" }
        return line + "}"
    }
}
