// `layerplay timings`: tools for `--record-timings` files (the report plot and summary).

import ArgumentParser
import Player

/// `layerplay timings …`: tools for `--record-timings` files.
struct TimingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timings", abstract: "Work with frame-timing files written by --record-timings.",
        subcommands: [TimingsReportCommand.self])
}

/// `layerplay timings report FILE.csv --out plot.png`: the summary, and a PNG of the frame
/// intervals over time with their histogram.
struct TimingsReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report", abstract: "Print the summary of a timings CSV and draw its frame-time plot as PNG.")

    @Argument(help: ArgumentHelp("A file written by --record-timings.", valueName: "FILE.csv"))
    var file: String

    @Option(name: .long, help: ArgumentHelp("Where to write the plot.", valueName: "plot.png"))
    var out: String?

    @Option(name: .long, help: ArgumentHelp("Refresh period in ms for the reference line (default: the median interval).", valueName: "MS"))
    var periodMs: Double?

    func run() throws {
        try reportingPlayerErrors {
            let frames = try FrameTimingCSV.parse(try readTextFile(file))
            guard !frames.isEmpty else { throw PlayerError("\(file): no frames") }
            let period = (periodMs.map { $0 / 1000 }) ?? TimingsReport.medianInterval(frames)
            print(FrameTimingSummary(frames: frames, period: period).text)
            if let out {
                try writePNG(TimingsReport.plot(frames, period: period), to: out)
                print("wrote \(out)")
            }
        }
    }
}
