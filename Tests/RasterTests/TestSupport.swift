// Shared helpers for the rasterizer tests: hand-built device polygons (until the flattener is
// used), coverage sums, and this target's golden images under Tests/RasterTests/Goldens
// (compared by TestSupport's `expectGolden`).
import Foundation
import Testing
@testable import Raster
import Media
import TestSupport

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

/// This target's goldens: Tests/RasterTests/Goldens, copied into the test bundle.
let rasterGoldens = GoldenFolder(
    sourceDirectory: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens"),
    bundle: Bundle.module, bundleSubdirectory: "Goldens", failurePrefix: "layerkit-raster")

/// Compares `bitmap` with Goldens/`name`.png: mean |Δ| ≤ `maxMean` per channel and at most
/// `maxShare` of pixels off by more than 16.
func expectGolden(_ bitmap: Bitmap, _ name: String, maxMean: Double = 0.5, maxShare: Double = 0.002,
                  sourceLocation: SourceLocation = #_sourceLocation) throws {
    try expectGolden(bitmap, name, in: rasterGoldens,
                     tolerance: GoldenTolerance(maxMeanAbsolute: maxMean, maxShareOverThreshold: maxShare),
                     sourceLocation: sourceLocation)
}
