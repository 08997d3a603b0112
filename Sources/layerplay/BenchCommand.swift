// `layerplay bench`: timed frames of a document through the layer renderer, reported as one
// JSON line of statistics.

import ArgumentParser
import Foundation
import LayerKit
import Media
import Player

/// `layerplay bench DOC.json --frames N [--time T] [--all]`: N timed frames after two warm-up
/// frames, one JSON line of statistics. With `--time T`, or for a still document (the scenes),
/// each frame is clear + draw of the one presentation tree at T (built once, outside the
/// timing). An animation's frames (a Lottie file, a document with animations) are spread over
/// its duration and drawn as `play` draws them, over the previous frame with only the damage
/// redrawn (`--full-redraw`: cleared and drawn whole).
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "bench",
        abstract: "Time the frames of a still document (clear + draw) or of an animation (as played: only the damage redrawn); prints one JSON line.")
    @Argument(help: "The document (JSON).") var document: String
    @Option(help: "Timed frames.") var frames: Int = 100
    @Option(help: "Draw the one frame at this time whole every frame (default for a still document: 0).") var time: Double?
    @Option(help: "Device pixels per point.") var scale: Double = 1
    @Flag(help: "Also print every timed frame in nanoseconds (frames_ns).") var all = false
    @Option(help: "The canvas WxH in points, the animation aspect-fit (default its own size).") var size: String?
    @Option(help: ArgumentHelp("Threads a frame's raster is split over in bands: a count (at most the cores), or auto as play, render and export draw (two bands from 2560×1440 pixels drawn).", valueName: "N|auto"))
    var threads: String = "1"
    @Flag(help: ArgumentHelp("Animated frames: clear and redraw the whole canvas every frame.",
        discussion: "Without it an animated frame is what `play` draws: the frame drawn over the previous one, only the pixels whose display items changed cleared and redrawn."))
    var fullRedraw = false
    @Flag(help: ArgumentHelp("Time each frame by the process's CPU clock instead of the monotonic clock.",
        discussion: "CLOCK_PROCESS_CPUTIME_ID: the CPU the frame used (all its threads), without the time spent waiting for a core on a busy machine. With --threads above 1 it sums the bands' threads, so it says what a frame costs, not how soon it is done; the calling thread's own CPU (its serial work and its band) is then printed too (thread_cpu_median_us): on an idle machine the frame takes about the larger of it and the rest."))
    var cpuTime = false

    @OptionGroup var lottie: LottieOptions

    func run() throws {
        // Headless frames draw a tiled layer's tiles at once: each frame is whole (CATiledLayer.TileDrawing).
        CATiledLayer.defaultTileDrawing = .immediate
        try requireValid(frames > 0 && frames <= 1_000_000, "--frames must be within 1…1000000")
        try requireValid(time?.isFinite ?? true, "--time must be a finite number of seconds")
        try requireValid(scale.isFinite && scale > 0 && scale <= 16, "--scale must be within (0, 16]")
        let threads = try parseFrameThreads(self.threads)
        let source = try openAnimationSource(document, quiet: true, lottie: lottie.load)
        let canvas = try source.canvas(size)
        let (w, h) = try source.pixelSize(width: canvas.width, height: canvas.height, scale: scale)
        let target = Canvas(Bitmap(width: w, height: h))
        let renderer = LayerRenderer(scale: scale, background: source.background)
        renderer.rasterizer.frameThreads = threads
        let layer = source.frameLayer(width: canvas.width, height: canvas.height)
        // `--time T`, or a still source: the one tree at T drawn whole every frame. Otherwise
        // frames spread over the animation as `play` draws them: a `RenderTree` updated in
        // place (a layer hidden at that time, such as a Lottie layer outside its in/out range,
        // is there without its subtree) drawn over the previous frame's pixels by
        // `LayerRenderer.renderFrame` (only the damage redrawn), or whole with --full-redraw.
        let still = time != nil || source.duration <= 0
        let tree = still ? source.presentation(of: layer, at: time ?? 0) : nil
        let renderTree = RenderTree()
        // The canvas in points: what lies beyond it is left out of the update (RenderTree.update).
        let visible = Rect(0, 0, Double(w) / scale, Double(h) / scale)
        // Not inlined, so that a profiler can count one frame's work apart from the loading
        // (callgrind --toggle-collect='*BenchCommand*frame*').
        @inline(never) func frame(_ i: Int) {
            if let tree { return renderer.draw(tree, into: target) }
            let t = source.duration * Double(i % frames) / Double(frames)
            source.setTime(t)
            let root = renderTree.update(layer, at: t, visibleRect: visible)
            if fullRedraw { renderer.draw(root, into: target) } else { _ = renderer.renderFrame(root, into: target) }
        }
        frame(0); frame(frames / 2)
        var ns = [UInt64](repeating: 0, count: frames)
        var threadSeconds = [Double](repeating: 0, count: frames)
        let clock = cpuTime ? processCPUNanoseconds : MonotonicTime.nanoseconds
        for i in 0..<frames {
            let c0 = threadCPUTime()
            let t0 = clock()
            frame(i)
            ns[i] = clock() &- t0
            threadSeconds[i] = threadCPUTime() - c0
        }
        let sorted = ns.sorted()
        func pct(_ p: Double) -> Double {
            // Linear interpolation between closest ranks.
            let x = p * Double(sorted.count - 1)
            let lo = Int(x.rounded(.down)), hi = min(sorted.count - 1, lo + 1)
            return (Double(sorted[lo]) + (Double(sorted[hi]) - Double(sorted[lo])) * (x - Double(lo))) / 1000
        }
        func num(_ v: Double) -> String { String(format: "%.3f", v) }
        func median(_ v: [Double]) -> Double { let s = v.sorted(); return (s[(s.count - 1) / 2] + s[s.count / 2]) / 2 }
        let docName = String(data: try JSONSerialization.data(withJSONObject: [document], options: [.withoutEscapingSlashes]), encoding: .utf8)!
        var line = "{\"document\": \(docName.dropFirst().dropLast()), \"frames\": \(frames), \"median_us\": \(num(pct(0.5))), "
            + "\"p10_us\": \(num(pct(0.1))), \"p90_us\": \(num(pct(0.9))), \"width\": \(w), \"height\": \(h), \"threads\": \(threads == .automatic ? "\"auto\"" : self.threads)"
            + (cpuTime ? ", \"clock\": \"process-cpu\", \"thread_cpu_median_us\": \(num(median(threadSeconds) * 1e6))" : "")
        if all { line += ", \"frames_ns\": [" + ns.map(String.init).joined(separator: ", ") + "]" }
        print(line + "}")
    }
}

/// Nanoseconds of CPU time used by the process, all threads (CLOCK_PROCESS_CPUTIME_ID).
func processCPUNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}
