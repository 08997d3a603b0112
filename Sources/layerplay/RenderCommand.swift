// `layerplay render`: one frame of a document or demo at a given time to a PNG, headless and
// deterministic.

import ArgumentParser
import LayerKit
import Media
import Player

/// `layerplay render DOC.json --time T --out F.png [--scale S]`: one frame at document time T,
/// no window, deterministic (a manual media clock).
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "render",
        abstract: "Render the document at one instant into a PNG (no window).")
    @Argument(help: "The document (JSON); not with --demo.") var document: String?
    @Option(help: "Document time in seconds.") var time: Double = 0
    @Option(help: "The PNG to write.") var out: String
    @Option(help: "Device pixels per point.") var scale: Double = 1
    @Option(help: "Threads a document frame is split over in bands (at most the cores).") var threads: Int = 1
    // `--demo NAME [--click T:X,Y]…` draws a demo instead of a document.
    @OptionGroup var demoFrame: DemoFrameOptions
    // Lottie files: `--progress P` or `--frame F` instead of --time; `--size WxH` the canvas.
    @Option(help: "Lottie: the canvas WxH in points, the animation aspect-fit (default its own size).") var size: String?
    @Option(help: "Lottie: progress 0…1 from the in point to the out point.") var progress: Double?
    @Option(help: "Lottie: a frame number.") var frame: Double?
    @OptionGroup var lottieReading: LottieReadingOptions
    // Core Animation's debugging aids drawn over the frame.
    @OptionGroup var debug: DebugAidOptions
    @Option(help: ArgumentHelp("Where the pointer is for --layer-outlines (points).", valueName: "X,Y")) var pointer: String?

    func run() throws {
        try requireValid(scale.isFinite && scale > 0 && scale <= 16, "--scale must be within (0, 16]")
        try requireValid(time.isFinite, "--time must be a finite number of seconds")
        try requireValid(threads >= 1 && threads <= 256, "--threads must be within 1…256")
        let aids = try debug.aids()
        let pointer = try parsePointer(pointer)
        // Slow Animations: the frame shows media time running at the factor since time 0.
        let mediaTime = aids.slowAnimations ? time * aids.slowAnimationFactor : time
        if demoFrame.demo != nil {
            return try demoFrame.render(time: mediaTime, out: out, scale: scale, aids: aids, pointer: pointer)
        }
        guard let document else { throw ValidationError("missing DOC.json (or --demo NAME)") }
        if isLottieFile(document) { return try renderLottie(document) }
        let doc = try loadDocument(document)
        guard aids.drawsOverlay else { return try writePNG(try doc.renderFrame(at: mediaTime, scale: scale, threads: threads), to: out) }
        try writePNG(try doc.renderFrame(at: mediaTime, scale: scale, aids: aids, pointer: pointer), to: out)
    }

    func renderLottie(_ path: String) throws {
        let lottie = try loadLottie(path, quiet: true, reading: lottieReading.reading)
        let (w, h) = try size.map(parseCanvasSize) ?? (lottie.width, lottie.height)
        try checkLottieCanvas(path, width: w, height: h, scale: scale)
        printLottieWarnings(lottie, path: path)
        let t = try lottie.time(progress: progress, frame: frame, time: time == 0 ? nil : time)
        try writePNG(try lottie.render(at: t, width: w, height: h, scale: scale), to: out)
    }
}
