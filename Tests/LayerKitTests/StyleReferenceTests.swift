// Gradients, masks and shadows against independent renderers: the scenes of
// scripts/test/style-references.py drawn by LayerKit and compared with Cairo's renders
// (axial and radial gradients, a mask) and Skia's (a conic gradient as a sweep; a shadow as
// a blur mask filter with the same σ), within the raster corpus's Cairo tolerance (mean
// |Δ| ≤ 2/255, at most 1 % of pixels off by more than 16). Regenerate the references with
// `python3 scripts/test/style-references.py`.
import Foundation
import Testing
@testable import LayerKit
import TestSupport

@Suite(.freshAnimationContext) struct StyleReferenceTests {
    static let references = GoldenFolder(
        sourceDirectory: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens/style"),
        bundle: Bundle.module, bundleSubdirectory: "Goldens/style", failurePrefix: "style-reference")
    static let tolerance = GoldenTolerance(maxMeanAbsolute: 2.0, maxShareOverThreshold: 0.01)
    /// The stops of every gradient scene (the script's STOPS).
    static let colors = [Color(1.0, 0.231, 0.188), Color(0.204, 0.78, 0.349), Color(0.0, 0.478, 1.0)]
    static let locations = [0.0, 0.3, 1.0]

    func render(_ layers: [CALayer]) -> Bitmap { PixelScene.render(PixelScene.root(160, 80, layers), 160, 80) }

    func gradient(_ type: CAGradientLayerType, start: Point, end: Point) -> CAGradientLayer {
        let g = CAGradientLayer()
        g.frame = Rect(0, 0, 160, 80)
        g.type = type
        g.colors = Self.colors
        g.locations = Self.locations
        g.startPoint = start
        g.endPoint = end
        return g
    }

    func compare(_ b: Bitmap, _ name: String) throws {
        try expectSimilar(b, toPNGAt: Self.references.readURL(name), name: name, tolerance: Self.tolerance,
                          writingFailuresTo: Self.references.actualURL(name))
    }

    @Test func axialGradientMatchesCairo() throws {
        try compare(render([gradient(.axial, start: Point(0, 0), end: Point(1, 1))]), "gradient_axial.cairo")
    }

    @Test func radialGradientMatchesCairo() throws {
        try compare(render([gradient(.radial, start: Point(0.5, 0.5), end: Point(1, 0.75))]), "gradient_radial.cairo")
    }

    @Test func conicGradientMatchesSkiaSweep() throws {
        try compare(render([gradient(.conic, start: Point(0.5, 0.5), end: Point(1, 0.5))]), "gradient_conic.skia")
    }

    @Test func maskMatchesCairo() throws {
        let g = gradient(.axial, start: Point(0, 0), end: Point(1, 1))
        let m = CALayer()
        m.frame = Rect(0, 0, 160, 80)
        let ellipse = CAShapeLayer()
        ellipse.frame = Rect(0, 0, 160, 80)
        ellipse.path = .ellipse(in: Rect(10, 10, 100, 60))
        ellipse.fillColor = .black
        let bar = CALayer()
        bar.frame = Rect(110, 10, 40, 60)
        bar.backgroundColor = Color(0, 0, 0, 0.5)
        m.addSublayer(ellipse)
        m.addSublayer(bar)
        g.mask = m
        try compare(render([g]), "mask.cairo")
    }

    @Test func shadowMatchesSkiaBlur() throws {
        let l = CALayer()
        l.frame = Rect(40, 16, 60, 40)
        l.backgroundColor = Color(26.0 / 255, 51.0 / 255, 128.0 / 255)
        l.shadowOpacity = 1
        l.shadowRadius = 5
        l.shadowOffset = Size(6, 8)
        try compare(render([l]), "shadow.skia")
    }
}
