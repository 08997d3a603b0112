// The `layerplay` command line's entry point and its list of subcommands.

import ArgumentParser

/// The `layerplay` command line: the gallery by default, and the document commands.
@main
struct LayerPlay: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layerplay",
        abstract: "LayerKit: Core Animation's model on the Linux desktop.",
        subcommands: [GalleryCommand.self, TimingsCommand.self, PlayCommand.self, RenderCommand.self,
                      InspectCommand.self, RecordCommand.self, ExportCommand.self, ThumbnailCommand.self, BenchCommand.self,
                      TransitionBenchCommand.self, DemosCommand.self],
        defaultSubcommand: GalleryCommand.self
    )
}
