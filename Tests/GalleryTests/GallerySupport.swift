import Foundation
import Testing
import LayerKit
import Media
import Player
@testable import Gallery

/// The committed goldens (LAYERKIT_UPDATE_GOLDENS=1 rewrites them in the source tree).
let goldenSourceDir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

/// Compares `bitmap` with Goldens/`name`.png: mean |Δ| ≤ 1/255 per channel and at most
/// 0.5 % of pixels off by more than 16.
func expectGolden(_ bitmap: Bitmap, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let src = goldenSourceDir.appendingPathComponent(name + ".png").path
    if ProcessInfo.processInfo.environment["LAYERKIT_UPDATE_GOLDENS"] == "1" {
        try FileManager.default.createDirectory(at: goldenSourceDir, withIntermediateDirectories: true)
        try bitmap.writePNG(src)
        return
    }
    let path = Bundle.module.url(forResource: name, withExtension: "png", subdirectory: "Goldens")?.path ?? src
    let golden = try Bitmap.readPNG(path)
    let d = try #require(bitmap.difference(from: golden), "\(name): size \(bitmap.width)×\(bitmap.height) ≠ golden \(golden.width)×\(golden.height)", sourceLocation: sourceLocation)
    if !(d.meanAbsolute <= 1.0 && d.shareOverThreshold <= 0.005) {
        try? bitmap.writePNG(NSTemporaryDirectory() + "/gallery-\(name)-actual.png")
    }
    #expect(d.meanAbsolute <= 1.0, "\(name): \(d)", sourceLocation: sourceLocation)
    #expect(d.shareOverThreshold <= 0.005, "\(name): \(d)", sourceLocation: sourceLocation)
}

/// Clicks at times (seconds) at the centre of a `size` window.
func clicks(_ times: [Double], at p: Point = Point(100, 100)) -> [ScriptedInput] {
    times.map { ScriptedInput(time: $0, action: .click(p)) }
}

/// Distinct pixel values in a bitmap (a blank frame has one).
func distinctPixels(_ b: Bitmap) -> Int {
    var seen = Set<UInt32>()
    for i in 0..<b.pixelCount { seen.insert(b.pixels[i]); if seen.count > 64 { break } }
    return seen.count
}

/// How many pixels differ between two bitmaps of one size.
func changedPixels(_ a: Bitmap, _ b: Bitmap) -> Int {
    var n = 0
    for i in 0..<min(a.pixelCount, b.pixelCount) where a.pixels[i] != b.pixels[i] { n += 1 }
    return n
}
