// `.lottie` archives (dotLottie): a ZIP holding `manifest.json`, whose `animations` list names
// the animations by `id`, and the animations and images in the folders of the manifest's
// version (`DotLottieManifest`: `animations/` and `images/` in version 1, `a/` and `i/` in 2).
// The animation asked for, else the manifest's initial one, else its first, is imported; its
// image assets that point into the archive are read from it and handed to the importer
// embedded, as data URLs.
// Every entry is checked against the file size limit before it is inflated.
import Foundation
import LayerKit
import ZIPFoundation

enum LottieArchive {
    /// Whether `bytes` start as a ZIP archive does (a local file header, "PK\u{3}\u{4}").
    static func isArchive(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 4 && bytes[0] == 0x50 && bytes[1] == 0x4b && bytes[2] == 0x03 && bytes[3] == 0x04
    }

    /// The archive's entry at `path`, inflated, or nil when it has none. `bytes` is the whole
    /// archive: a compressed entry is inflated from its own stored bytes alone
    /// (`LottieArchiveInflation`), so a damaged stream cannot keep reading.
    static func entry(_ path: String, in archive: Archive, bytes: [UInt8]) throws(DocumentError) -> [UInt8]? {
        guard let entry = archive[path] else { return nil }
        guard entry.uncompressedSize <= LottieLimits.maximumFileBytes else {
            throw DocumentError(path, "entry of \(entry.uncompressedSize) bytes exceeds the limit \(LottieLimits.maximumFileBytes) bytes")
        }
        if entry.isCompressed {
            return try LottieArchiveInflation.inflate(path, entry: entry, archiveBytes: bytes, limit: UInt64(LottieLimits.maximumFileBytes))
        }
        var out: [UInt8] = []
        do {
            _ = try archive.extract(entry, skipCRC32: false) { (chunk: Data) in
                guard out.count + chunk.count <= LottieLimits.maximumFileBytes else {
                    throw CocoaError(.fileReadTooLarge)
                }
                out.append(contentsOf: chunk)
            }
        } catch {
            throw DocumentError(path, "cannot be read from the archive (\(error.localizedDescription))")
        }
        return out
    }

    /// A temporary file's name for `open`.
    static func temporaryFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("layerkit-\(UUID().uuidString).lottie")
    }

    /// The archive `bytes` written to `file` (the caller removes it) and opened, with its manifest.
    static func open(_ bytes: [UInt8], at file: URL) throws(DocumentError) -> (Archive, DotLottieManifest) {
        // Read from a file, not from memory: ZIPFoundation's in-memory archive traps when an
        // entry's offset lies past the end of the data (its read callback computes a negative
        // length), where reading a file past its end reads short and the archive throws.
        let archive: Archive
        do {
            try Data(bytes).write(to: file)
            archive = try Archive(url: file, accessMode: .read)
        } catch {
            throw DocumentError("", "not a readable .lottie archive (\(error.localizedDescription))")
        }
        guard let manifestBytes = try entry("manifest.json", in: archive, bytes: bytes) else {
            throw DocumentError("", ".lottie archive without manifest.json")
        }
        let manifest: JSONValue
        do { manifest = try JSONReader.parse(manifestBytes) } catch { throw DocumentError("manifest.json", error.description) }
        return (archive, try DotLottieManifest.decode(manifest))
    }

    /// The JSON of the animation `requested` (nil: the manifest's initial or first) with its
    /// archived images embedded and the theme `theme` (`t/ID.json`) applied to its slots
    /// (`LottieSlots`), the manifest, the id of the animation read, and the theme's warnings.
    static func animation(_ bytes: [UInt8], requested: String? = nil, theme: String? = nil) throws(DocumentError)
        -> (json: JSONValue, manifest: DotLottieManifest, id: String, warnings: [String]) {
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let (archive, contents) = try open(bytes, at: file)
        let id = try contents.animationID(requested: requested)
        let paths = contents.animationPaths(id)
        var found: (path: String, bytes: [UInt8])?
        for p in paths where found == nil {
            if let json = try entry(p, in: archive, bytes: bytes) { found = (p, json) }
        }
        guard let (path, json) = found else { throw DocumentError(paths[0], "missing from the archive") }
        var animation: JSONValue
        var warnings: [String] = []
        do { animation = try JSONReader.parse(json) } catch { throw DocumentError(path, error.description) }
        if let theme {
            let themePath = try contents.themePath(theme)
            guard let themeBytes = try entry(themePath, in: archive, bytes: bytes) else { throw DocumentError(themePath, "missing from the archive") }
            let rules: JSONValue
            do { rules = try JSONReader.parse(themeBytes) } catch { throw DocumentError(themePath, error.description) }
            animation = try LottieSlots.resolve(animation, theme: rules, themePath: themePath, animationID: id, warnings: &warnings)
        }
        guard case .object(var top) = animation, let at = top.firstIndex(where: { $0.0 == "assets" }),
              case .array(var assets) = top[at].1 else { return (animation, contents, id, warnings) }
        func setting(_ key: String, _ value: JSONValue, in object: [(String, JSONValue)]) -> [(String, JSONValue)] {
            object.filter { $0.0 != key } + [(key, value)]
        }
        for i in assets.indices {
            guard case .object(let asset) = assets[i], case .string(let p)? = assets[i]["p"], !p.hasPrefix("data:") else { continue }
            let dir: String
            if case .string(let u)? = assets[i]["u"] { dir = u } else { dir = "" }
            let candidates = ([dir + p] + contents.imageFolders.map { $0 + p }).map { $0.hasPrefix("/") ? String($0.dropFirst()) : $0 }
            for c in candidates {
                guard let image = try entry(c, in: archive, bytes: bytes) else { continue }
                let embedded = setting("p", .string("data:image;base64," + Data(image).base64EncodedString()), in: asset)
                assets[i] = .object(setting("e", .number(1), in: embedded))
                break
            }
        }
        top[at].1 = .array(assets)
        return (.object(top), contents, id, warnings)
    }
}
