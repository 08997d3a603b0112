// `swift run make-assets [DIR]`: draws every demo image with Raster
// (AssetArt) and writes DIR/<name>.png (default DIR: Assets). Same pixels every run.
import Foundation
import Gallery
import Media

let dir = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "Assets"
do {
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    for entry in AssetArt.catalog {
        guard let bitmap = AssetArt.draw(entry.name) else { continue }
        let path = dir + "/" + entry.name + ".png"
        try bitmap.writePNG(path)
        print("wrote \(path) (\(bitmap.width)×\(bitmap.height))")
    }
} catch {
    FileHandle.standardError.write("make-assets: \(error)\n".data(using: .utf8)!)
    exit(1)
}
