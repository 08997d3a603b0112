// `layerplay gallery` (the default command): opens the gallery window.

import ArgumentParser
import Gallery
import Player

/// `layerplay` / `layerplay gallery`: the gallery window (the test pattern until the gallery
/// scene lands).
struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "gallery", abstract: "Open the demo gallery window.")

    @OptionGroup var player: PlayerOptions

    @Option(name: .long, help: ArgumentHelp("Open straight into demo NAME (see `layerplay demos`).", valueName: "NAME"))
    var demo: String?

    func run() throws {
        let config = try player.configuration(title: "LayerKit Gallery")
        var initial: (any Demo.Type)?
        if let demo {
            guard let type = DemoCatalog.named(demo) else {
                throw ValidationError("--demo \(demo): unknown demo (known: \(DemoCatalog.names.joined(separator: ", ")))")
            }
            initial = type
        }
        try reportingPlayerErrors {
            try WindowHost(configuration: config).run(GalleryScene(size: config.size, initialDemo: initial))
        }
    }
}
