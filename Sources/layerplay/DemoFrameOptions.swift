// `--demo NAME` for `layerplay render`: any moment of any demo as PNG.
import ArgumentParser
import Gallery
import LayerKit
import Player
import Raster

/// The options that draw one demo frame headlessly: `--demo NAME --time T --out F.png
/// [--click T:X,Y]… [--key T:NAME]… [--scale S] [--size WxH]`. `render` uses them when
/// given `--demo` (and `demos --render` as well).
struct DemoFrameOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Draw demo NAME (see `layerplay demos`; `gallery` for the grid) instead of a document.", valueName: "NAME"))
    var demo: String?

    @Option(name: .long, help: ArgumentHelp("Left click at time T at point X,Y (demo mode); repeatable.", valueName: "T:X,Y"))
    var click: [String] = []
    @Option(name: .long, help: ArgumentHelp("Lottie state machine: press the left button at time T at point X,Y (with --drag and --release, a drag); repeatable.", valueName: "T:X,Y"))
    var press: [String] = []
    @Option(name: .long, help: ArgumentHelp("Lottie state machine: move the pointer with the button held to X,Y at time T; repeatable.", valueName: "T:X,Y"))
    var drag: [String] = []
    @Option(name: .long, help: ArgumentHelp("Lottie state machine: release the left button at time T at point X,Y; repeatable.", valueName: "T:X,Y"))
    var release: [String] = []

    @Option(name: .long, help: ArgumentHelp("Press key NAME at time T (demo mode); repeatable.", valueName: "T:NAME"))
    var key: [String] = []

    @Option(name: .customLong("demo-size"), help: ArgumentHelp("Window size in points for --demo.", valueName: "WxH"))
    var demoSize: String = "800x600"

    /// Renders the demo at `time` into `out` (PNG) at `scale`.
    func render(time: Double, out: String, scale: Double, aids: DebugAids = DebugAids(), pointer: Point? = nil) throws {
        guard let demo else { throw ValidationError("--demo: missing demo name") }
        let parts = demoSize.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w >= 1, h >= 1, w <= 8192, h <= 8192 else {
            throw ValidationError("--demo-size \(demoSize): expected WxH in points, e.g. 800x600")
        }
        guard scale.isFinite, scale > 0, scale <= 8 else { throw ValidationError("--scale \(scale): expected 0 < S ≤ 8") }
        var script: [ScriptedInput] = []
        do {
            for text in click { script.append(try ScriptedInput.click(text)) }
            for text in key { script.append(try ScriptedInput.key(text)) }
        } catch {
            throw ValidationError(error.description)
        }
        do {
            guard time.isFinite, time >= 0, time <= DemoRenderer.maximumTime else {
                throw DemoRenderer.Failure("--time \(DocumentText.number(time)): expected seconds within 0…\(DocumentText.number(DemoRenderer.maximumTime)) for --demo")
            }
            let runner = try DemoRenderer.runner(demo: demo, size: Size(w, h), scale: scale, script: script)
            defer { runner.mediaClock?.manualTime = nil }
            if aids.drawsOverlay {
                // The frame before, without aids, so Flash Updated Regions shows this frame's damage.
                if time >= runner.period { try runner.run(until: time - runner.period) }
                runner.scene.setDebugAids(aids)
                runner.scene.pointerDidMove(to: pointer)
            }
            try writePNG(try runner.run(until: time), to: out)
            if aids.stats, let overlay = runner.scene.debugOverlayRenderer { printError("stats: \(overlay.last.text)") }
        } catch let e as DemoRenderer.Failure {
            printError("layerplay: \(e.description)")
            throw ExitCode(1)
        } catch let e as PlayerError {
            printError("layerplay: \(e.description)")
            throw ExitCode(1)
        }
    }
}
