// Every filter a layer takes against an independent implementation: the scenes of
// scripts/test/filter-references.py (numpy, from Core Image's documented rules, float64 in
// linear-light sRGB) drawn by LayerKit and compared within a tight tolerance (mean |Δ| ≤
// 0.25/255, at most 0.2 % of pixels off by more than 4). Each test quotes the rule
// it checks. Regenerate the references with `python3 scripts/test/filter-references.py`.
import Foundation
import Testing
@testable import LayerKit
import Raster
import TestSupport

@Suite(.freshAnimationContext) struct FilterReferenceTests {
    static let references = GoldenFolder(
        sourceDirectory: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens/filters"),
        bundle: Bundle.module, bundleSubdirectory: "Goldens/filters", failurePrefix: "filter-reference")
    /// Tighter than the style references': the two implementations differ only by rounding
    /// (measured: mean |Δ| ≤ 0.04, no pixel off by more than 4), while filtering in sRGB
    /// instead of linear light, or blurring unpremultiplied colour, moves many pixels by tens.
    static let tolerance = GoldenTolerance(threshold: 4, maxMeanAbsolute: 0.25, maxShareOverThreshold: 0.002)

    /// The script's RECTS: the filtered layer's sublayers.
    static func contentLayers() -> [CALayer] {
        let rects: [(Rect, (Double, Double, Double), Double)] = [
            (Rect(12, 10, 56, 44), (224, 48, 30), 1), (Rect(60, 26, 50, 40), (30, 96, 224), 1),
            (Rect(100, 8, 44, 30), (240, 192, 32), 1), (Rect(24, 50, 110, 16), (0, 160, 80), 0.5),
        ]
        return rects.map { r, c, a in
            let l = CALayer()
            l.frame = r
            l.backgroundColor = Color(c.0 / 255, c.1 / 255, c.2 / 255, a)
            return l
        }
    }

    /// The scene with its content in one layer carrying `filters`, over white.
    func render(filters: [CIFilter]) -> Bitmap {
        let holder = CALayer()
        holder.frame = Rect(0, 0, 160, 80)
        for l in Self.contentLayers() { holder.addSublayer(l) }
        holder.filters = filters
        return render([holder])
    }

    func render(_ layers: [CALayer]) -> Bitmap { PixelScene.render(PixelScene.root(160, 80, layers), 160, 80) }

    func compare(_ b: Bitmap, _ name: String) throws {
        try expectSimilar(b, toPNGAt: Self.references.readURL(name + ".numpy"), name: name, tolerance: Self.tolerance,
                          writingFailuresTo: Self.references.actualURL(name + ".numpy"))
    }

    /// CIGaussianBlur: "Spreads source pixels by an amount specified by a Gaussian
    /// distribution"; inputRadius: "The radius of the blur, in pixels" (σ).
    @Test func gaussianBlurMatchesNumpy() throws {
        try compare(render(filters: [.gaussianBlur(radius: 3, name: "blur")]), "blur")
    }

    /// CIColorMatrix: "s.r = dot(s, redVector), s.g = dot(s, greenVector), s.b = dot(s,
    /// blueVector), s.a = dot(s, alphaVector), s = s + bias".
    @Test func colorMatrixMatchesNumpy() throws {
        let f = CIFilter.colorMatrix(r: [0, 1, 0, 0], g: [0, 0, 1, 0], b: [1, 0, 0, 0], a: [0, 0, 0, 1], bias: [0.1, 0, 0, 0])
        try compare(render(filters: [f]), "color_matrix")
    }

    /// CIColorControls: "To calculate saturation, this filter linearly interpolates between
    /// a grayscale image (saturation = 0.0) and the original image (saturation = 1.0)"; "(color.rgb
    /// - vec3(0.5)) * contrast + vec3(0.5)"; "brightness by adding a bias value".
    @Test func colorControlsMatchesNumpy() throws {
        try compare(render(filters: [.colorControls(saturation: 0.3, brightness: 0.05, contrast: 1.3)]), "color_controls")
    }

    /// CIColorMonochrome: "Remaps colors so they fall within shades of a single color."
    @Test func colorMonochromeMatchesNumpy() throws {
        try compare(render(filters: [.colorMonochrome(color: Color(0.2, 0.5, 0.9), intensity: 0.8)]), "color_monochrome")
    }

    /// CIColorInvert: "Inverts the colors in an image."
    @Test func colorInvertMatchesNumpy() throws {
        try compare(render(filters: [.colorInvert()]), "color_invert")
    }

    /// CISepiaTone: "Maps the colors of an image to various shades of brown."
    @Test func sepiaToneMatchesNumpy() throws {
        try compare(render(filters: [.sepiaTone(intensity: 0.9)]), "sepia_tone")
    }

    /// "An array of Core Image filters to apply to the contents of the layer and its
    /// sublayers": the filters apply in order, the output of one the input of the next.
    @Test func chainedFiltersMatchNumpy() throws {
        try compare(render(filters: [.gaussianBlur(radius: 2), .sepiaTone(intensity: 1)]), "blur_then_sepia")
    }

    /// backgroundFilters: "Background filters affect the content behind the layer that shows
    /// through into the layer itself … These filters do not affect the content of the layer
    /// itself, including the layer's background color and border."
    @Test func backgroundFiltersMatchNumpy() throws {
        let panel = CALayer()
        panel.frame = Rect(40, 4, 100, 50)
        panel.backgroundColor = Color(1, 1, 1, 0.25)
        panel.backgroundFilters = [.gaussianBlur(radius: 4, name: "blur"), .colorControls(saturation: 0.5)]
        try compare(render(Self.contentLayers() + [panel]), "backdrop")
    }
}
