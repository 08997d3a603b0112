// OWNER: gallery helper.
import ArgumentParser
import Gallery

/// `layerplay demos`: the demo names, one a line (for `--demo NAME`).
struct DemosCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "demos", abstract: "List the gallery's demos, one name a line.")

    @Flag(name: .long, help: "Also print each demo's title.")
    var titles = false

    func run() throws {
        for type in DemoCatalog.all { print(titles ? "\(type.name)\t\(type.title)" : type.name) }
    }
}
