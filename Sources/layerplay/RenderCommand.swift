// `layerplay render`: one frame of a document or demo at a given time to a PNG, headless and
// deterministic.

import ArgumentParser
import LayerKit
import Media
import Player

/// `layerplay render DOC.json --time T --out F.png [--scale S]`: one frame at document time T
/// (or a Lottie file's frame), no window, deterministic (a manual media clock). `--time 0`
/// (the default) draws a still scene.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "render",
        abstract: "Render the document at one instant into a PNG (no window).")
    @Argument(help: "The document (JSON); not with --demo.") var document: String?
    @Option(help: "Document time in seconds.") var time: Double = 0
    @Option(help: "The PNG to write.") var out: String
    @Option(help: "Device pixels per point.") var scale: Double = 1
    @Option(help: frameThreadsHelp) var threads: String = "auto"
    // `--demo NAME [--click T:X,Y]…` draws a demo instead of a document.
    @OptionGroup var demoFrame: DemoFrameOptions
    // `--progress P` or `--frame F` instead of --time; `--size WxH` the canvas.
    @Option(help: "The canvas WxH in points, the animation aspect-fit (default its own size).") var size: String?
    @Option(help: "Progress 0…1 through the animation (Lottie: from the in point to the out point) instead of --time.") var progress: Double?
    @Option(help: "A frame number (Lottie: its frame rate; documents: 60 a second) instead of --time.") var frame: Double?
    // Core Animation's debugging aids drawn over the frame.
    @OptionGroup var debug: DebugAidOptions
    @Option(help: ArgumentHelp("Where the pointer is for --layer-outlines (points).", valueName: "X,Y")) var pointer: String?

    @OptionGroup var lottie: LottieOptions

    func run() throws {
        // Headless frames draw a tiled layer's tiles at once: each frame is whole (CATiledLayer.TileDrawing).
        CATiledLayer.defaultTileDrawing = .immediate
        try requireValid(scale.isFinite && scale > 0 && scale <= 16, "--scale must be within (0, 16]")
        try requireValid(time.isFinite, "--time must be a finite number of seconds")
        let threads = try parseFrameThreads(self.threads)
        let aids = try debug.aids()
        let pointer = try parsePointer(pointer)
        // Slow Animations: the frame shows media time running at the factor since time 0.
        let mediaTime = aids.slowAnimations ? time * aids.slowAnimationFactor : time
        if demoFrame.demo != nil {
            return try demoFrame.render(time: mediaTime, out: out, scale: scale, aids: aids, pointer: pointer)
        }
        guard let document else { throw ValidationError("missing DOC.json (or --demo NAME)") }
        var options = lottie.load
        // `--click T:X,Y` on a Lottie file drives its state machine (demos take it as a click).
        // `--press`, `--drag`, `--release T:X,Y` take a click apart (a drag).
        let presses = demoFrame.press, drags = demoFrame.drag, releases = demoFrame.release
        if !demoFrame.click.isEmpty || !presses.isEmpty || !drags.isEmpty || !releases.isEmpty {
            guard options.stateMachine != nil else {
                printError("layerplay: --click is for --demo, or for a Lottie file's --state-machine (--press, --drag and --release too)")
                throw ExitCode(2)
            }
            do {
                var steps = try demoFrame.click.map { t throws(PlayerError) in try ScriptedInput.click(t) }
                for t in presses { steps.append(try ScriptedInput.pointer(t, option: "--press") { .press($0) }) }
                for t in drags { steps.append(try ScriptedInput.pointer(t, option: "--drag") { .drag($0) }) }
                for t in releases { steps.append(try ScriptedInput.pointer(t, option: "--release") { .release($0) }) }
                options.pointerSteps = steps
            } catch {
                printError("layerplay: \(error.description)")
                throw ExitCode(2)
            }
        }
        let source = try openAnimationSource(document, quiet: true, lottie: options)
        let canvas = try source.canvas(size)
        let (w, h) = try source.pixelSize(width: canvas.width, height: canvas.height, scale: scale)
        source.printWarnings()
        let t = try source.time(progress: progress, frame: frame, time: time == 0 ? nil : mediaTime)
        guard aids.drawsOverlay else {
            return try writePNG(try source.renderFrame(at: t, canvas: canvas, scale: scale, threads: threads), to: out)
        }
        try writePNG(try source.renderFrame(at: t, canvas: canvas, scale: scale, aids: aids, pointer: pointer, pixels: (w, h)), to: out)
    }
}
