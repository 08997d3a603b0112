// Shared helpers for the rasterizer tests: hand-built device polygons (until the flattener is
// used), coverage sums, and golden images under Tests/RasterTests/Goldens
// (LAYERKIT_UPDATE_GOLDENS=1 rewrites them in the source tree).
import Foundation
import Testing
@testable import Raster
import Media

/// A regular n-gon approximating a circle (or any polygon) as a FlatPath contour.
func circlePolygon(_ cx: Double, _ cy: Double, _ r: Double, sides: Int = 256, clockwise: Bool = true,
                   into path: inout FlatPath) {
    for i in 0..<sides {
        let a = Double(i) / Double(sides) * 2 * Double.pi * (clockwise ? 1 : -1)
        let p = Point(cx + r * cos(a), cy + r * sin(a))
        if i == 0 { path.move(to: p) } else { path.line(to: p) }
    }
}

func polygon(_ pts: [Point]) -> FlatPath {
    var f = FlatPath()
    for (i, p) in pts.enumerated() { if i == 0 { f.move(to: p) } else { f.line(to: p) } }
    return f
}

/// Shoelace area of one contour.
func polygonArea(_ pts: [Point]) -> Double {
    var s = 0.0
    for i in 0..<pts.count { let a = pts[i], b = pts[(i + 1) % pts.count]; s += a.x * b.y - b.x * a.y }
    return abs(s) / 2
}

/// Σ alpha / 255 over the bitmap: the covered area in pixels for an opaque colour.
func coveredArea(_ b: Bitmap) -> Double {
    var s = 0
    for i in 0..<b.pixelCount { s += Int(b.pixels[i] >> 24) }
    return Double(s) / 255
}

func alpha(_ b: Bitmap, _ x: Int, _ y: Int) -> Int { Int(b[x, y] >> 24) }

/// Where the goldens live in the source tree (for regeneration) and in the test bundle.
let goldenSourceDir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

/// Compares `bitmap` with Goldens/`name`.png (writing it when LAYERKIT_UPDATE_GOLDENS=1).
/// Also writes the render to /tmp/layerkit-raster-<name>.png for a look.
func expectGolden(_ bitmap: Bitmap, _ name: String, maxMean: Double = 0.5, maxShare: Double = 0.002) throws {
    try bitmap.writePNG("/tmp/layerkit-raster-\(name).png")
    let src = goldenSourceDir.appendingPathComponent("\(name).png").path
    if ProcessInfo.processInfo.environment["LAYERKIT_UPDATE_GOLDENS"] == "1" {
        try bitmap.writePNG(src)
        return
    }
    let path = Bundle.module.url(forResource: name, withExtension: "png", subdirectory: "Goldens")?.path ?? src
    let golden = try Bitmap.readPNG(path)
    let diff = try #require(bitmap.difference(from: golden))
    #expect(diff.meanAbsolute <= maxMean, "\(name): \(diff)")
    #expect(diff.shareOverThreshold <= maxShare, "\(name): \(diff)")
}
