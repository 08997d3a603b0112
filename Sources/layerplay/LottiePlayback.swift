// Playing, recording and timing Lottie files. Playback is Core Animation layer timing: the
// imported tree sits in a clock layer whose `duration` is the animation's, `repeatCount`
// infinite to loop (or 1, filling forwards, to play once), `speed` the playback rate and
// `timeOffset` the starting progress, so every generated animation follows that clock.
import ArgumentParser
import Foundation
import LayerKit
import Lottie
import Media
import Player

extension LottieScene {
    /// The tree aspect-fit into `width`×`height` inside a clock layer (see the file header).
    func playbackTree(width: Double, height: Double, speed: Double, loop: Bool, startProgress: Double) -> CALayer {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let clock = CALayer()
        clock.anchorPoint = Point(0, 0)
        clock.bounds = Rect(0, 0, width, height)
        clock.position = Point(0, 0)
        clock.duration = duration
        clock.repeatCount = loop ? .infinity : 1
        clock.fillMode = .both
        clock.speed = speed
        clock.timeOffset = duration * min(max(startProgress, 0), 1)
        clock.addSublayer(fitted(width: width, height: height))
        return clock
    }
}

/// `layerplay play ANIM.json`: the animation in the window, looping unless `--once`.
func playLottie(_ path: String, player: PlayerOptions, speed: Double, once: Bool, progress: Double,
                reading: LottieReading = .afterEffects) throws {
    try requireValid(speed.isFinite && speed > 0 && speed <= 100, "--speed must be within (0, 100]")
    try requireValid(progress.isFinite && progress >= 0 && progress <= 1, "--progress must be within [0, 1]")
    let lottie = try loadLottie(path, quiet: true, reading: reading)
    var config = try player.configuration(title: "LayerKit — \(path)")
    if player.size == "800x600" {
        try checkLottieCanvas(path, width: lottie.width, height: lottie.height, scale: 1)
        config.size = Size(lottie.width, lottie.height)
    }
    printLottieWarnings(lottie, path: path)
    try reportingPlayerErrors {
        let context = CAAnimationContext.current
        context.clock.manualTime = nil
        context.clock.resetOrigin()
        let tree = lottie.playbackTree(width: config.size.width, height: config.size.height, speed: speed, loop: !once,
                                       startProgress: progress)
        let scene = LayerScene(size: config.size, root: tree, background: .clear, context: context)
        try WindowHost(configuration: config).run(scene)
    }
}

/// `layerplay record ANIM.json --from A --to B --fps F --out DIR`: frames at the times
/// A, A + 1/F … (seconds from the in point), aspect-fit into `--size` (default its own).
func recordLottie(_ path: String, from: Double, count: Int, fps: Double, out: String, scale: Double, size: String?,
                  reading: LottieReading = .afterEffects) throws {
    let lottie = try loadLottie(path, quiet: true, reading: reading)
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
                 fullRedraw: Bool = false, reading: LottieReading = .afterEffects) throws -> (ns: [UInt64], width: Int, height: Int) {
    let lottie = try loadLottie(path, quiet: true, reading: reading)
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
