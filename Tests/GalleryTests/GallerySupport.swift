// Shared helpers of the gallery tests: golden comparison within a tolerance, and scripted
// clicks.

import Foundation
import Testing
import LayerKit
import Media
import Player
import TestSupport
@testable import Gallery

/// This target's goldens: Tests/GalleryTests/Goldens, copied into the test bundle.
let galleryGoldens = GoldenFolder(
    sourceDirectory: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens"),
    bundle: Bundle.module, bundleSubdirectory: "Goldens", failurePrefix: "gallery")

/// Compares `bitmap` with Goldens/`name`.png: mean |Δ| ≤ 1/255 per channel and at most
/// 0.5 % of pixels off by more than 16.
func expectGolden(_ bitmap: Bitmap, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    try expectGolden(bitmap, name, in: galleryGoldens,
                     tolerance: GoldenTolerance(maxMeanAbsolute: 1.0, maxShareOverThreshold: 0.005),
                     sourceLocation: sourceLocation)
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
