import ArgumentParser
// OWNER: player helper (window), gallery helper (demos).
struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "gallery", abstract: "Open the demo gallery window.")
    func run() throws { print("gallery: not yet implemented") }
}
