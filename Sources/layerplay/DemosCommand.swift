// `layerplay demos`: lists the demos, or draws one moment of a demo to a PNG.

import ArgumentParser
import Gallery

/// `layerplay demos`: the demo names, one a line (for `--demo NAME`). With `--demo NAME
/// --time T --out F.png` it draws that moment of the demo instead (as `render --demo`).
struct DemosCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "demos", abstract: "List the gallery's demos, one name a line (or draw one frame with --demo).")

    @Flag(name: .long, help: "Also print each demo's title.")
    var titles = false

    @OptionGroup var frame: DemoFrameOptions

    @Option(name: .long, help: ArgumentHelp("With --demo: seconds after the demo opened.", valueName: "T"))
    var time: Double = 0

    @Option(name: .long, help: ArgumentHelp("With --demo: the PNG to write.", valueName: "F.png"))
    var out: String?

    @Option(name: .long, help: ArgumentHelp("With --demo: pixels per point.", valueName: "S"))
    var scale: Double = 1

    func run() throws {
        if frame.demo != nil {
            guard let out else { throw ValidationError("--out: required with --demo") }
            try frame.render(time: time, out: out, scale: scale)
            return
        }
        for type in DemoCatalog.all { print(titles ? "\(type.name)\t\(type.title)" : type.name) }
    }
}
