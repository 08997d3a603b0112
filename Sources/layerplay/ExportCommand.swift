// `layerplay export IN --out OUT`: an animation source (a document or a Lottie file) to GIF,
// animated WebP, APNG, MP4 (H.264), WebM (VP9) or a folder of PNGs, the format told by OUT's
// extension. Frames are rendered on `--jobs` threads (ExportPipeline) and encoded in order;
// the file is written beside OUT under a temporary name and renamed when complete, so a
// failed or interrupted export leaves nothing behind and says why in one line.
import ArgumentParser
import Export
import Foundation
import Lottie
import LayerKit
import Player
#if canImport(Glibc)
import Glibc
#endif

/// `layerplay export IN --out OUT [--size WxH] [--scale S] [--fps F] [--from A] [--to B]
/// [--background transparent|#RRGGBB] [--quality Q] [--loop-count N] [--jobs J]`.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "export",
        abstract: "Export a document or Lottie file as GIF, WebP, APNG, MP4, WebM or a folder of PNGs.",
        discussion: """
        The format is OUT's extension: .gif, .webp, .apng (or .png), .mp4 (H.264), .webm (VP9); \
        OUT without an extension, or ending in /, is a folder of frame_00000.png …
        Times for --from and --to: seconds (2.5 or 2.5s), a frame number from the start (30f, at \
        the source's own frame rate) or progress through the animation (50%). Frames are taken at --from, \
        --from + 1/fps, … before --to.
        """)
    @Argument(help: "The document or Lottie file.") var input: String
    @Option(help: "The file (or folder) to write; its extension names the format.") var out: String
    @Option(help: "The canvas WxH in points, the animation aspect-fit (default its own size).") var size: String?
    @Option(help: "Device pixels per point.") var scale: Double = 1
    @Option(help: "Frames per second (default a Lottie file's own rate, 60 for documents; GIF at most 50).") var fps: Double?
    @Option(help: ArgumentHelp("Start: seconds (2.5s), frame (30f) or progress (50%).", valueName: "TIME")) var from: String = "0"
    @Option(help: ArgumentHelp("End, not included: seconds, frame or progress (default the end).", valueName: "TIME")) var to: String?
    @Option(help: ArgumentHelp("transparent or #RRGGBB (default: transparent where the format keeps it, else white; a document's own background).", valueName: "COLOR"))
    var background: String?
    @Option(help: "1…100: GIF and WebP lossiness, video rate factor, PNG compression effort (100: lossless WebP, exact GIF deltas).") var quality: Int = 90
    @Option(name: .customLong("loop-count"), help: "Times the animation plays (0: forever).") var loopCount: Int = 0
    @Option(help: "Threads rendering frames (default: the core count).") var jobs: Int?
    @Option(help: ArgumentHelp("Threads each frame's raster is split over in bands: auto (one thread while --jobs keeps every core busy, else as render draws: two bands from 2560×1440 pixels drawn), or a count.", valueName: "auto|N"))
    var threads: String = "auto"

    @OptionGroup var lottie: LottieOptions

    func run() throws {
        // Headless frames draw a tiled layer's tiles at once: each frame is whole (CATiledLayer.TileDrawing).
        CATiledLayer.defaultTileDrawing = .immediate
        guard let format = ExportFormat(path: out) else {
            printError("layerplay: \(DocumentText.escaped(out, limit: DocumentText.quotedLength)): unknown format (use .gif, .webp, .apng, .mp4, .webm or a folder)")
            throw ExitCode(2)
        }
        try requireValid(scale.isFinite && scale > 0 && scale <= 16, "--scale must be within (0, 16]")
        try requireValid(quality >= 1 && quality <= 100, "--quality must be within 1…100")
        try requireValid(loopCount >= 0 && loopCount <= 65535, "--loop-count must be within 0…65535")
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let jobs = self.jobs ?? cores
        try requireValid(jobs >= 1 && jobs <= 256, "--jobs must be within 1…256")
        var threads = try parseFrameThreads(self.threads)
        let source = try openAnimationSource(input, quiet: true, lottie: lottie.load)
        let canvas = try source.canvas(size)
        let (w, h) = try source.pixelSize(width: canvas.width, height: canvas.height, scale: scale)
        source.printWarnings()

        var rate = fps ?? source.frameRate
        try requireValid(rate.isFinite && rate > 0 && rate <= 1000, "--fps must be within (0, 1000]")
        if format == .gif && rate > 50 {
            // GIF delays are hundredths of a second, and browsers play a delay under 2 as 10:
            // every second or third frame is kept instead.
            let step = (rate / 50).rounded(.up)
            if fps != nil { printError("layerplay: GIF plays at most 50 frames a second: \(DocumentText.number(rate)) fps exported at \(DocumentText.number(rate / step))") }
            rate /= step
        }
        let start = try parseTime(from, option: "--from", source: source)
        let end = try to.map { try parseTime($0, option: "--to", source: source) } ?? source.duration
        try requireValid(end >= start, "--to must not be before --from")
        let span = ((end - start) * rate - 1e-6).rounded(.up)
        try requireValid(span < 100_000, "too many frames (more than 100000); lower --fps or shorten --from/--to")
        let count = max(1, Int(span))

        let color = try backgroundColor(format: format, source: source)
        let settings = ExportSettings(width: w, height: h, frameRate: rate, frameCount: count, loopCount: loopCount,
                                      quality: quality, transparent: color.a < 1)
        // Frames rendered side by side on every core already keep the cores busy: bands would
        // only add their cost (BandedRasterizer.swift).
        if threads == .automatic, min(jobs, count) >= cores { threads = .fixed(1) }
        let job = ExportJob(path: input, lottie: lottie.load, canvas: canvas, scale: scale, background: color,
                            times: (0..<count).map { start + Double($0) / rate }, frameThreads: threads)
        let target = ExportTarget(out: out, format: format)
        do {
            try target.prepare()
            let encoder = try makeEncoder(format, path: target.temporaryPath, settings: settings)
            try ExportPipeline(job: job, encoder: encoder, jobs: min(jobs, count)).run()
            try target.commit()
        } catch {
            target.discard()
            let text = (error as? ExportError)?.description ?? "\(error)"
            printError("layerplay: \(DocumentText.escaped((out as NSString).lastPathComponent, limit: DocumentText.quotedLength)): \(text)")
            throw ExitCode(error is ExportInterrupted ? 130 : 1)
        }
        let frames = count == 1 ? "1 frame" : "\(count) frames"
        let shown = format == .pngFolder ? frames : "\(frames), \(w)×\(h), \(DocumentText.number(rate)) fps"
        print("wrote \(out) (\(shown))")
    }

    /// `2.5`, `2.5s` seconds; `30f` frame 30 from the start at the source's frame rate (a
    /// Lottie file's frames counted from its in point); `50%` progress.
    func parseTime(_ text: String, option: String, source: AnimationSource) throws -> Double {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        var value: Double?
        if t.hasSuffix("%"), let p = Double(t.dropLast()) { value = p.isFinite ? source.time(forProgress: p / 100) : nil }
        else if t.hasSuffix("f"), let f = Double(t.dropLast()) { value = f / source.frameRate }
        else if t.hasSuffix("s"), let s = Double(t.dropLast()) { value = s }
        else if let s = Double(t) { value = s }
        guard let value, value.isFinite, value >= 0, value <= 360_000 else {
            printError("\(option) \(DocumentText.quoted(text)): expected seconds (2.5s), a frame (30f) or progress (50%), not negative")
            throw ExitCode(2)
        }
        return value
    }

    /// `--background`, else transparent where the format keeps it (a document's own
    /// background), else the source's background made opaque over white.
    func backgroundColor(format: ExportFormat, source: AnimationSource) throws -> Color {
        if let background {
            if background.lowercased() == "transparent" {
                guard format.keepsTransparency else {
                    printError("--background transparent: \(format.rawValue) frames are opaque; give #RRGGBB")
                    throw ExitCode(2)
                }
                return .clear
            }
            guard background.count == 7, background.hasPrefix("#"), let c = Color(hex: background) else {
                printError("--background \(DocumentText.quoted(background)): expected transparent or #RRGGBB")
                throw ExitCode(2)
            }
            return c
        }
        let own = source.background
        if format.keepsTransparency || own.a >= 1 { return own }
        // Source-over white: premultiplied own + white × (1 − alpha).
        return Color(own.r * own.a + (1 - own.a), own.g * own.a + (1 - own.a), own.b * own.a + (1 - own.a), 1)
    }
}

/// The output beside OUT under a temporary name (`.NAME.partial-PID.EXT`), renamed over OUT
/// when complete, removed on failure.
final class ExportTarget {
    let out: String
    let format: ExportFormat
    let temporaryPath: String

    init(out: String, format: ExportFormat) {
        var path = out
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        self.out = path
        self.format = format
        let dir = (path as NSString).deletingLastPathComponent, name = (path as NSString).lastPathComponent
        let ext = (name as NSString).pathExtension
        temporaryPath = (dir.isEmpty ? "" : dir + "/") + ".\(name).partial-\(getpid())" + (ext.isEmpty ? "" : "." + ext)
    }

    /// Creates the temporary folder (PNG folders), refuses to replace a folder that holds
    /// anything but frames, and arranges for SIGINT to stop the export.
    func prepare() throws {
        ExportInterrupt.install(removing: temporaryPath)
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: out, isDirectory: &isDir) {
            if isDir.boolValue != (format == .pngFolder) {
                throw ExportError(isDir.boolValue ? "is a folder; give a file name with an extension" : "exists and is not a folder")
            }
            if isDir.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []
                guard names.allSatisfy({ $0.hasPrefix("frame_") && $0.hasSuffix(".png") }) else {
                    throw ExportError("the folder holds files other than frame_*.png; not replaced")
                }
            }
        }
        if format == .pngFolder {
            do { try FileManager.default.createDirectory(atPath: temporaryPath, withIntermediateDirectories: false) } catch {
                throw ExportError("cannot create \(temporaryPath): \(error.localizedDescription)")
            }
        }
    }

    /// Renames the finished output over OUT.
    func commit() throws {
        if format == .pngFolder, FileManager.default.fileExists(atPath: out) {
            try? FileManager.default.removeItem(atPath: out)
        }
        guard rename(temporaryPath, out) == 0 else {
            throw ExportError("cannot rename the finished file to \(out): \(String(cString: strerror(errno)))")
        }
        ExportInterrupt.uninstall()
    }

    /// Removes what was written.
    func discard() {
        try? FileManager.default.removeItem(atPath: temporaryPath)
        ExportInterrupt.uninstall()
    }
}

/// The export was stopped by SIGINT.
struct ExportInterrupted: Error, CustomStringConvertible {
    var description: String { "interrupted; nothing written" }
}

/// SIGINT during an export: a flag the pipeline polls (the handler only sets it).
enum ExportInterrupt {
    nonisolated(unsafe) static var flag: sig_atomic_t = 0

    static func install(removing path: String) {
        flag = 0
        signal(SIGINT) { _ in ExportInterrupt.flag = 1 }
        signal(SIGTERM) { _ in ExportInterrupt.flag = 1 }
    }

    static func uninstall() {
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }

    static var raised: Bool { flag != 0 }
}
