import ArgumentParser
import Player
// OWNER: player helper (window), gallery helper (demos).

/// `layerplay` / `layerplay gallery`: the gallery window (the test pattern until the gallery
/// scene lands).
struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "gallery", abstract: "Open the demo gallery window.")

    @OptionGroup var player: PlayerOptions

    func run() throws {
        let config = try player.configuration(title: "LayerKit Gallery")
        try reportingPlayerErrors {
            try WindowHost(configuration: config).run(TestPatternScene())
        }
    }
}
