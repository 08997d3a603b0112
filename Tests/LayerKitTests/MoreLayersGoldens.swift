// The golden folder and the rendering helpers the replicator, transform-layer and emitter
// suites share: a root layer of a given size, a full render through the display list, and an
// exact-enough golden comparison.
import Foundation
@testable import LayerKit
import TestSupport

enum MoreLayersGoldens {
    static let folder = GoldenFolder(
        sourceDirectory: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Goldens").appendingPathComponent("MoreLayers"),
        bundle: Bundle.module, bundleSubdirectory: "Goldens/MoreLayers", failurePrefix: "more-layers")

    /// Every channel within 2 of the golden, the mean difference below 0.05/255.
    static let tolerance = GoldenTolerance(threshold: 2, maxMeanAbsolute: 0.05.nextDown, maxShareOverThreshold: 0)

    static func root(_ w: Double, _ h: Double) -> CALayer {
        let r = CALayer(); r.bounds = Rect(0, 0, w, h); r.position = Point(w / 2, h / 2); return r
    }

    static func render(_ root: CALayer, _ w: Int, _ h: Int, background: Color = .white) -> Bitmap {
        let b = Bitmap(width: w, height: h)
        LayerRenderer(background: background).draw(root, into: Canvas(b))
        return b
    }

    /// (r, g, b, a) of a pixel, premultiplied.
    static func rgba(_ b: Bitmap, _ x: Int, _ y: Int) -> (Int, Int, Int, Int) {
        let p = b[x, y]
        return (Int(p >> 16 & 0xff), Int(p >> 8 & 0xff), Int(p & 0xff), Int(p >> 24))
    }
}
