// Finds and caches the demos' images (UIImage imageNamed:).
import Foundation
import LayerKit
import Media

/// The demos' images by name, as `UIImage(named:)`: `Assets/<name>.png` loaded once and
/// cached. The folder is `$LAYERKIT_ASSETS`, else `Assets` in the current directory or
/// above the executable. A missing file is drawn by `AssetArt` (the same pixels
/// `make-assets` writes), so a demo never runs without its images.
public enum GalleryAssets {
    /// Main-thread-only cache, like UIKit's image cache.
    nonisolated(unsafe) private static var cache: [String: ImageRef] = [:]

    /// The image called `name`, or nil when neither a file nor the art knows it.
    public static func image(_ name: String) -> ImageRef? {
        if let hit = cache[name] { return hit }
        var bitmap: Bitmap?
        if let dir = directory {
            bitmap = try? Bitmap.readPNG(dir + "/" + name + ".png")
        }
        if bitmap == nil { bitmap = AssetArt.draw(name) }
        guard let bitmap else { return nil }
        let ref = ImageRef(bitmap)
        cache[name] = ref
        return ref
    }

    /// The assets folder, or nil when there is none.
    public static var directory: String? {
        let fm = FileManager.default
        var candidates: [String] = []
        if let env = ProcessInfo.processInfo.environment["LAYERKIT_ASSETS"] { candidates.append(env) }
        candidates.append(fm.currentDirectoryPath + "/Assets")
        var dir = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            candidates.append(dir.appendingPathComponent("Assets").path)
            dir = dir.deletingLastPathComponent()
        }
        return candidates.first { fm.fileExists(atPath: $0 + "/background.png") }
    }
}
